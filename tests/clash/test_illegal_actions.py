"""Illegal actions of every kind are refused with a reason, and the game is left exactly as it was."""

from __future__ import annotations

import pytest
from rulewright.api import new_game
from rulewright.engine.decision import IllegalAction
from rulewright.engine.machine import Game


def _position(**pos) -> Game:
    return new_game(players=2, seed=1, position=pos)


def _refused(game: Game, action, reason: str) -> None:
    before = game.state_hash()
    log = list(game.log)
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert reason in str(err.value)
    assert game.state_hash() == before
    assert game.log == log


def test_wrong_player():
    game = new_game(players=2, seed=1)
    other = 1 - game.pending.player
    _refused(game, {"player": other, "choice": "end"}, f"not player {other}'s")


@pytest.mark.parametrize("action", [None, "advance", 3, ["x"], {"player": 0}, {"player": 0, "choice": 7},
                                    {"player": "0", "choice": "end"}, {"choice": "end"}])
def test_malformed(action):
    game = new_game(players=2, seed=1)
    with pytest.raises(IllegalAction):
        before = game.state_hash()
        game.apply(action)
    assert game.state_hash() == before


def test_unaffordable_advance_is_not_offered_and_refused():
    game = _position(players=[{"resources": {"food": 1}}], cities=[{"owner": 0, "at": "D2"}])
    assert "advance" not in game.pending.options
    _refused(game, {"player": 0, "choice": "advance"}, "not a legal choice")


def test_influence_out_of_range_is_refused():
    # a size-2 city cannot reach a city 4 spaces away without culture tokens
    game = _position(reveal="all", players=[{}, {}],
                     cities=[{"owner": 0, "at": "D2", "pieces": {"temple": 0}},
                             {"owner": 1, "at": "D6", "pieces": {"temple": 1}}])
    assert "cultural_influence" not in game.pending.options
    _refused(game, {"player": 0, "choice": "cultural_influence"}, "not a legal choice")


def test_over_the_stacking_limit_is_refused():
    game = _position(players=[{"resources": {"food": 2, "ore": 2}}],
                     cities=[{"owner": 0, "at": "D2", "mood": "happy"}],
                     units=[{"owner": 0, "type": "army", "at": "D2", "count": 4}])
    game.apply({"player": 0, "choice": "build"})
    assert "army" not in game.pending.options
    _refused(game, {"player": 0, "choice": "army"}, "not a legal choice")


def test_after_the_game_is_over():
    from rulewright.api import play_game

    game = play_game(2, 1, ["random"])
    _refused(game, {"player": 0, "choice": "end"}, "the game is over")


def test_a_failing_rule_leaves_the_state_unchanged(monkeypatch):
    """Should a rule procedure fail half-way, the game is rebuilt as it was before the action."""
    from rulewright.rules.clash.actions import basic_actions

    def broken(rt, p):
        rt.player(p)["res"]["food"] = 99
        raise RuntimeError("planted failure")
        yield

    original = basic_actions.BASIC["collect"]
    monkeypatch.setitem(basic_actions.BASIC, "collect", basic_actions.BasicAction(original.available, broken))
    game = _position(players=[{"resources": {"food": 2}}], cities=[{"owner": 0, "at": "D2"}])
    before = game.state_hash()
    with pytest.raises(RuntimeError):
        game.apply({"player": 0, "choice": "collect"})
    assert game.state_hash() == before
    assert game.state["players"][0]["res"]["food"] == 2


GATED = """kind: advance
entries:
  - id: tithe
    name: Tithe
    category: spirituality
    requires: []
    border: none
    text: Once per turn, with 2 cities and Myths, get 1 gold.
    source: authored
    effect: |
      action "Tithe" once per turn when cities_count() >= 2 and has(myths): gain 1 gold
      action "Offering" costs 2 culture: gain 1 mood
"""


def _gated_game(write_pack, tmp_path, cities: list[str]) -> Game:
    pack = write_pack({"advances.yaml": GATED}, root=tmp_path / "gated")
    pos = {"players": [{"advances": ["farming", "mining", "myths", "tithe"]}],
           "cities": [{"owner": 0, "at": c} for c in cities]}
    return new_game(players=2, seed=1, packs=["base", str(pack)], position=pos)


def test_a_gated_action_is_refused_with_the_condition_that_failed(write_pack, tmp_path):
    """Issue 44: a `when`-gated action was refused as "not a legal choice" with no reason."""
    game = _gated_game(write_pack, tmp_path, ["D2"])
    assert "special:tithe#0" not in game.pending.options
    _refused(game, {"player": 0, "choice": "special:tithe#0"},
             "Tithe (Tithe) cannot be taken now: its condition is not met: cities count is at least 2")
    _refused(game, {"player": 0, "choice": "special:tithe#1"},
             "Offering (Tithe) cannot be taken now: you cannot pay 2 culture")


def test_a_used_action_is_refused_as_used(write_pack, tmp_path):
    game = _gated_game(write_pack, tmp_path, ["D2", "E2"])
    game.apply({"player": 0, "choice": "special:tithe#0"})
    _refused(game, {"player": 0, "choice": "special:tithe#0"}, "it was already used this turn")
