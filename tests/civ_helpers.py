"""Shared set-up of the Civilization rules tests: the tiny made-up pack of tests/fixtures/civ_board_mini,
a game at its first decision, and a runner that drives a rule generator with fixed answers."""

from __future__ import annotations

from rulewright.engine.games import find
from rulewright.engine.machine import Game
from rulewright.rules.civ_board.bots.bots import GreedyBot
from where import TESTS

MINI = str(TESTS / "fixtures" / "civ_board_mini")


def definition():
    return find("civ_board").definition([MINI], [])


def new(seed: int = 1, **config) -> Game:
    return Game(definition(), {"players": 2, "seed": seed, **config})


def bot_game(seed: int = 1, until=None, limit: int = 20000) -> Game:
    """A greedy-bot game, stopped at the first decision `until(game)` holds for (or at the end)."""
    g = new(seed)
    bots = [GreedyBot(seed), GreedyBot(seed + 1)]
    for _ in range(limit):
        if g.over or (until is not None and until(g)):
            break
        d = g.pending
        g.apply({"player": d.player, "choice": bots[d.player].choose(g, d)})
    return g


def drive(gen, answers=None):
    """Run a rule generator, answering each decision with `answers(decision)` (default: the first option);
    returns (result, decisions asked)."""
    asked = []
    try:
        d = next(gen)
        while True:
            asked.append(d)
            d = gen.send(answers(d) if answers else d.options[0])
    except StopIteration as stop:
        return stop.value, asked
