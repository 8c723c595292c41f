"""Steady stretches (engine/steady.py) change no game: the menus they answer from memos are the ones a
fresh computation gives, at every decision, in all three games, and forks and saves carry nothing stale."""

from __future__ import annotations

import pytest
from rulewright.api import new_game
from rulewright.engine import steady
from rulewright.engine.bots import RandomBot, make_bot
from rulewright.engine.machine import Game
from rulewright.engine.playout import play_out
from rulewright.engine.steady import StaleAnswer, Steady

# (game, players, seed, bot kind, decision limit): random and greedy games, short enough to stay cheap
GAMES = [("clash", 4, 1001, "random", 400), ("clash", 3, 7, "greedy", 120),
         ("wonders7", 4, 1002, "random", 200), ("wonders7", 3, 8, "greedy", 200),
         ("civ_board", 4, 1003, "random", 300), ("civ_board", 2, 9, "greedy", 150)]


def _play(game_id: str, players: int, seed: int, kind: str, limit: int) -> Game:
    game = new_game(players=players, seed=seed, game_id=game_id)
    if kind == "random":
        bot = RandomBot(seed)
        play_out(game, lambda _p: bot, limit=limit)
    else:
        play_out(game, [make_bot(kind, seed + i, game_id) for i in range(players)], limit=limit)
    return game


@pytest.mark.parametrize("game_id,players,seed,kind,limit", GAMES)
def test_memos_checked_at_every_decision_and_the_game_unchanged(monkeypatch, game_id, players, seed, kind, limit):
    """Shadow mode recomputes every memoised answer and checks each stretch left the state alone; the
    game played so is move for move (actions, state, log) the one played with no memo at all."""
    monkeypatch.setattr(steady, "SHADOW", True)
    shadowed = _play(game_id, players, seed, kind, limit)
    monkeypatch.setattr(steady, "SHADOW", False)
    monkeypatch.setattr(steady, "OFF", True)
    plain = _play(game_id, players, seed, kind, limit)
    assert len(shadowed.actions) > 20
    assert shadowed.actions == plain.actions
    assert shadowed.state_hash() == plain.state_hash()
    assert shadowed.log == plain.log


@pytest.mark.parametrize("game_id", ["clash", "wonders7", "civ_board"])
def test_a_fork_and_a_load_answer_as_a_fresh_game(monkeypatch, game_id):
    """A fork taken mid-game, its parent played on meanwhile, offers the menus a game loaded from the same
    actions offers, and plays on to the same state (no memo of the parent's reaches it)."""
    monkeypatch.setattr(steady, "SHADOW", True)
    game = new_game(players=3, seed=21, game_id=game_id, forkable=True)
    bot = RandomBot(21)
    play_out(game, lambda _p: bot, limit=60)
    fork = game.fork()
    at = list(game.actions)
    play_out(game, lambda _p: bot, limit=30)  # the parent moves on
    loaded = Game.load(game.definition, {**game.save(), "actions": at})
    assert fork.state_hash() == loaded.state_hash()
    assert fork.legal_actions() == loaded.legal_actions()
    play_out(fork, lambda _p: RandomBot(5), limit=40)
    play_out(loaded, lambda _p: RandomBot(5), limit=40)
    assert fork.actions == loaded.actions
    assert fork.state_hash() == loaded.state_hash()


def test_a_stretch_remembers_only_while_it_lasts():
    steady_ = Steady()
    calls: list[int] = []

    def compute() -> int:
        calls.append(1)
        return len(calls)

    with steady_.stretch():
        assert steady_.answer("q", compute) == 1
        assert steady_.answer("q", compute) == 1  # asked again: the memo
        with steady_.stretch():  # nested: the same memo
            assert steady_.answer("q", compute) == 1
        with steady_.suspended():  # a what-if: computed afresh
            assert steady_.answer("q", compute) == 2
    assert steady_.memo is None
    assert steady_.answer("q", compute) == 3  # outside a stretch: computed


def test_shadow_mode_reports_a_stale_answer_and_a_changed_state(monkeypatch):
    monkeypatch.setattr(steady, "SHADOW", True)
    steady_ = Steady()
    box = [1]
    with pytest.raises(StaleAnswer, match="'q'"):
        with steady_.stretch():
            steady_.answer("q", lambda: box[0])
            box[0] = 2  # a change the memo does not know of
            steady_.answer("q", lambda: box[0])
    state = {"n": 1}
    with pytest.raises(StaleAnswer, match="state changed"):
        with steady_.stretch(state):
            state["n"] = 2
