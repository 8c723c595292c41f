"""Hidden information never leaks, and every applied action keeps the state's invariants."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rulewright.api import new_game, play_game
from rulewright.engine.bots import RandomBot
from rulewright.engine.playout import play_out
from rulewright.rules.clash.phases.invariants import check_invariants
from rulewright.rules.clash.state.view import visible_log

VARIANTS = [[], ["four_round"], ["no_events"], ["optional_events"], ["roll_to_end"], ["wonderful_ending"]]


def _hidden_items(game, player: int) -> set[str]:
    """Ids a player must not see: others' hands, deck contents, unrevealed tiles, the wonder deck."""
    st_ = game.state
    items: set[str] = set()
    for i, pl in enumerate(st_["players"]):
        if i != player:
            for cards in pl["hand"].values():
                items.update(cards)
    for cards in st_["decks"].values():
        items.update(cards)
    items.update(t for t, shown in zip(st_["board"]["tiles"], st_["board"]["revealed"], strict=True) if not shown)
    items.update(st_["wonders"]["deck"])
    # an id that is also public somewhere else (a copy in a discard pile, a hand of the viewer) is not secret
    public: set[str] = set()
    for cards in st_["discard"].values():
        public.update(cards)
    for cards in st_["players"][player]["hand"].values():
        public.update(cards)
    for pl in st_["players"]:
        public.update(pl["completed"])
    return items - public


def test_view_hides_hands_decks_tiles_wonders_and_rng():
    game = new_game(players=3, seed=8)
    bots = [RandomBot(i) for i in range(3)]
    play_out(game, bots, limit=150)  # or until the game ends (a random bot may lose its last city early)
    for viewer in range(3):
        v = game.view(viewer)
        blob = json.dumps(v)
        assert "rng" not in v
        for secret in _hidden_items(game, viewer):
            assert f'"{secret}"' not in blob, secret
        for i, pl in enumerate(v["players"]):
            if i != viewer:
                assert all(set(h) == {"count"} for h in pl["hand"].values())
        mine = game.state["players"][viewer]["hand"]
        assert v["players"][viewer]["hand"] == mine


def test_visible_log_names_nothing_hidden():
    game = play_game(4, 3, ["greedy"])
    for viewer in range(4):
        text = "\n".join(visible_log(game, viewer))
        for secret in _hidden_items(game, viewer):
            assert secret not in text, secret


def test_invariants_hold_in_bot_games():
    for seed in range(6):
        game = new_game(players=2 + seed % 3, seed=seed)
        bots = [RandomBot(seed * 7 + i) for i in range(4)]
        def checked(game, step, seed=seed):
            problems = check_invariants(game)  # before each choice is applied, and once at the end below
            assert not problems, (seed, len(game.actions), problems)

        play_out(game, bots, on_step=checked)
        assert not check_invariants(game)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), variant=st.sampled_from(VARIANTS))
def test_invariants_property(seed, players, variant):
    game = new_game(players=players, seed=seed, variants=variant)
    bot = RandomBot(seed)
    def checked(g, _step):  # before each choice is applied, and once at the end below
        assert not check_invariants(g), check_invariants(g)

    play_out(game, lambda _p: bot, on_step=checked)
    assert not check_invariants(game), check_invariants(game)


@pytest.mark.soak
@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), variant=st.sampled_from(VARIANTS))
def test_invariants_property_thousands(seed, players, variant):
    test_invariants_property.hypothesis.inner_test(seed, players, variant)
