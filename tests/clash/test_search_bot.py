"""The search bot: it never sees hidden information, it is deterministic for a seed, and its budget parses."""

from __future__ import annotations

import pytest
import rulewright.rules.clash  # noqa: F401 - registers the game's bots
from clash_secrets import search_decision, swap_hidden
from rulewright.api import new_game
from rulewright.engine.bots import bot_error
from rulewright.engine.search import Budget, SearchBot, sample_world
from rulewright.engine.service import from_json


def test_search_cannot_see_another_players_hand():
    text = search_decision(4)
    real, other = from_json(text), from_json(swap_hidden(text))
    assert real.state_hash() != other.state_hash()  # the two games really differ (in hidden things only)
    assert real.view(1) != other.view(1) and real.view(0) == other.view(0)
    bot_a, bot_b = SearchBot(9, "4"), SearchBot(9, "4")
    support = real.definition.search_support()
    world_a = bot_a._world(real, 0, support, 77)
    world_b = bot_b._world(other, 0, support, 77)
    assert world_a.state_hash() == world_b.state_hash()  # the guessed world depends only on player 0's view
    assert bot_a.choose(real, real.pending) == bot_b.choose(other, other.pending)


def test_a_guessed_world_cannot_be_forked():
    """A guess is played in sealed: a plain one, each candidate's copy, and the sweep's world itself once its
    last candidate is played in it (only the sweep forks it before, for the copies)."""
    real = from_json(search_decision(4))
    support = real.definition.search_support()
    bot = SearchBot(1)
    world = bot._world(real, 0, support, 5)
    assert world.forkable  # kept its own snapshot for the copies
    played = [sample_world(real, 0, support, 5), bot._copy(world, False, real, 0, support, 5),
              bot._copy(world, True, real, 0, support, 5)]
    assert played[2] is world
    for w in played:
        with pytest.raises(RuntimeError):
            w.fork()


def test_search_is_deterministic_for_a_seed():
    text = search_decision(6)
    choices = [SearchBot(3, "6").choose(g, g.pending) for g in (from_json(text), from_json(text))]
    assert choices[0] == choices[1] and choices[0] in from_json(text).pending.options


def test_budget_and_bot_names():
    assert Budget.parse("200") == Budget(playouts=200)
    assert Budget.parse("1s") == Budget(playouts=None, seconds=1.0)
    assert Budget.parse("250ms") == Budget(playouts=None, seconds=0.25)
    with pytest.raises(ValueError):
        Budget.parse("fast")
    assert bot_error("search:200") is None and bot_error("search") is None
    assert "bad setting" in bot_error("search:soon") and "unknown bot" in bot_error("deep")


@pytest.mark.slow
def test_search_simulations_match_on_the_local_pool_and_on_ray(tmp_path):
    from rulewright.tools.playtest.simulation import simulate_run

    settings = {"games": 2, "players": 2, "seed": 3, "bots": ["search:2", "greedy"], "packs": ["base"],
                "variants": []}
    local = simulate_run(settings, tmp_path / "local", workers=2, progress=False)
    remote = simulate_run(settings, tmp_path / "ray", workers=2, backend="ray", progress=False)
    assert remote == local
    assert local["per_bot"]["search:2"]["games"] == 2


def test_a_guess_changes_only_what_the_player_may_not_know():
    import copy
    from collections import Counter

    from rulewright.engine.rng import Rng
    from rulewright.rules.clash.bots.search_support import determinise

    game = new_game(players=3, seed=2, packs=["base", "civilizations"])
    before = copy.deepcopy(game.state)
    after = copy.deepcopy(game.state)
    determinise(game.definition, after, 0, Rng({"rng": 5}))
    assert after["players"][0] == before["players"][0]  # the player's own hand is what it is
    assert game.definition.view(_Fake(after), 0)["cities"] == game.definition.view(_Fake(before), 0)["cities"]
    for kind, deck in before["decks"].items():
        pool = Counter(deck + [c for q in (1, 2) for c in before["players"][q]["hand"].get(kind, [])])
        assert pool == Counter(after["decks"][kind] + [c for q in (1, 2) for c in after["players"][q]["hand"]
                                                       .get(kind, [])])
        assert [len(after["players"][q]["hand"].get(kind, [])) for q in (1, 2)] == \
            [len(before["players"][q]["hand"].get(kind, [])) for q in (1, 2)]
    assert after["rng"] != before["rng"]
    strip = {"rng", "decks", "players", "wonders", "board"}
    assert {k: v for k, v in after.items() if k not in strip} == {k: v for k, v in before.items() if k not in strip}


class _Fake:
    """Just enough of a Game for the view function."""

    def __init__(self, state: dict):
        self.state = state
