"""Timing words: `once per turn|round|game`, `twice per ...`, `at most N times per ...` and `until end of
round` parse, read back in English, and count their uses in the right period; the old spellings still work."""

from __future__ import annotations

import pytest
from rulewright.api import new_game
from rulewright.dsl.explain import explain_effect
from rulewright.dsl.parser import parse_effect
from rulewright.engine.abilities import Trigger


@pytest.mark.parametrize("text,per,times,english", [
    ("on turn_start once per turn: gain 1 gold", "turn", 1, "(once per turn)"),
    ("on turn_start once per round: gain 1 gold", "round", 1, "(once per round)"),
    ("on turn_start once  per\tgame: gain 1 gold", "game", 1, "(once per game)"),
    ("on turn_start twice per round: gain 1 gold", "round", 2, "(twice per round)"),
    ("on turn_start at most 3 times per turn optional: gain 1 gold", "turn", 3, "(at most 3 times per turn)"),
])
def test_limits_parse_and_read_back(text, per, times, english):
    effect, errors = parse_effect(text + "\n")
    assert errors == []
    ab = effect.abilities[0]
    assert (ab.once_per_turn, ab.per, ab.times) == (True, per, times)
    assert english in explain_effect(effect)[0]


def test_limits_on_actions_and_modifiers_and_until_end_of_round():
    effect, errors = parse_effect('action "A" at most 2 times per game: grant free_card_play until end of round\n'
                                  "modify civic_size once per round: += 1\n"
                                  'action "B": grant free_card_play until end of turn\n')
    assert errors == []
    said = explain_effect(effect)
    assert said[0].startswith("As an action, twice per game") and "until the end of the round" in said[0]
    assert said[1].endswith("(once per round).")
    assert "until the end of the turn" in said[2]


@pytest.mark.parametrize("text", ["on turn_start once per week: gain 1 gold",
                                  "on turn_start at most 0 times per turn: gain 1 gold"])
def test_a_wrong_limit_is_a_diagnostic(text):
    effect, errors = parse_effect(text + "\n")
    assert effect is None and errors and errors[0].line == 1
    assert "once per turn" in errors[0].hint  # the hint names the limits there are


def _runtime():
    game = new_game(players=2, seed=1, packs=["base"], position={"cities": [{"owner": 0, "at": "D2"},
                                                                            {"owner": 1, "at": "D8"}]})
    return game.rt


def test_uses_are_counted_per_period():
    rt = _runtime()
    st = rt.state
    twice_a_round = Trigger("x", 0, hook="turn_start", once_per_turn=True, per="round", times=2)
    once_a_game = Trigger("x", 1, hook="city_founded", once_per_turn=True, per="game", times=1)
    once_a_turn = Trigger("x", 2, hook="turn_end", once_per_turn=True)
    for ab in (twice_a_round, once_a_game, once_a_turn):
        assert not rt._spent(0, ab)
        rt._spend(0, ab)
    assert not rt._spent(0, twice_a_round) and rt._spent(0, once_a_game) and rt._spent(0, once_a_turn)
    rt._spend(0, twice_a_round)
    assert rt._spent(0, twice_a_round)
    st["turn_no"] += 1  # a later turn of the round: only the per-turn use is back
    assert rt._spent(0, twice_a_round) and not rt._spent(0, once_a_turn)
    st["round"] += 1   # a new round: the per-round uses are back, the per-game one never
    assert not rt._spent(0, twice_a_round) and rt._spent(0, once_a_game)
    assert not rt._spent(1, once_a_game)  # each player counts his own uses


def test_a_permission_until_end_of_round_lapses_with_the_round():
    rt = _runtime()
    ctx = rt.ctx(0, "rules")
    rt.grant_until_end_of(ctx, "round", "free_card_play", [])
    rt.grant_until_end_of_turn(ctx, "move_armies", [])
    assert rt.grants("free_card_play", 0) == [()] and rt.grants("move_armies", 0) == [()]
    rt.state["round"] += 1
    assert rt.grants("free_card_play", 0) == []  # lapsed, even before the player's next turn clears it
