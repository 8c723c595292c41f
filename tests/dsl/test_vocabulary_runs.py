"""A lint-clean pack never fails at run time for a missing name: every procedure the vocabulary offers
to `do` and every deck it offers to `draw` runs in a real game (answering each decision with its first
option). `draw 1 wonder_card` used to lint clean and then fail with an ImportError."""

from __future__ import annotations

from collections.abc import Generator

import pytest
from rulewright.api import new_game
from rulewright.dsl.loader import game_vocabulary
from rulewright.engine.abilities import Ctx

PRIMITIVES = game_vocabulary("clash")["primitives"]
DECKS = game_vocabulary("clash")["decks"]


def drive(gen: Generator, limit: int = 200) -> int:
    """Run an effect generator to its end, taking the first option of every decision; decisions seen."""
    seen = 0
    try:
        d = next(gen)
        while seen < limit:
            seen += 1
            d = gen.send(d.options[0])
    except StopIteration:
        pass
    return seen


def game_after_setup():
    game = new_game(players=2, seed=3)
    for _ in range(8):
        game.apply(game.legal_actions()[0])
    return game


def sample_args(game, types: list[str]) -> list:
    rt = game.rt
    city = next(iter(rt.cities_of(0)))
    space = next(u["space"] for u in rt.state["units"].values() if u["owner"] == 0)
    hand = rt.player(0)["hand"].get("action_card") or [""]
    sample = {"int": 1, "city": city, "space": space, "unit": "settler", "category": "education", "card": hand[0],
              "player": 1, "action": "collect", "city_filter": "coastal", "piece": "temple", "resource": "food",
              "mood": "happy", "hand_deck": "action_card", "space_filter": "land", "advance": "mining"}
    return [sample[t] for t in types]


@pytest.mark.parametrize("name", sorted(PRIMITIVES))
def test_every_procedure_runs(name: str) -> None:
    game = game_after_setup()
    args = sample_args(game, list(PRIMITIVES[name].get("args", [])))
    city = args[0] if PRIMITIVES[name].get("args", [None])[:1] == ["city"] else None
    ctx = Ctx(game.rt, 0, "farming", {"city": city} if city else {}, None)
    drive(game.rt.do(ctx, name, args))


@pytest.mark.parametrize("deck", DECKS)
def test_every_draw_target_runs(deck: str) -> None:
    game = game_after_setup()
    before = sum(len(v) for v in game.state["decks"].values()) + len(game.state["wonders"]["deck"])
    drive(game.rt.draw(Ctx(game.rt, 0, "farming", {}, None), deck, 1))
    after = sum(len(v) for v in game.state["decks"].values()) + len(game.state["wonders"]["deck"])
    assert after < before  # a card left its deck
