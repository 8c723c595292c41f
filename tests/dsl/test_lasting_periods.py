"""`grant ... until end of <period>`: the period is any word of the game's enum `period` (Civilization: turn,
battle, play), else turn or round; lint names the periods a game has. In Civilization a lasting grant is in
force for its owner until the rules end its period."""

from __future__ import annotations

from civ_helpers import new
from rulewright.dsl.checker import check_effect
from rulewright.dsl.explain import explain_effect
from rulewright.dsl.parser import parse_effect
from rulewright.dsl.vocabulary import Vocabulary
from rulewright.engine.abilities import Ctx
from rulewright.engine.games import game_dir
from rulewright.rules.civ_board.state.battle_effects import end_period


def _vocab(game: str) -> Vocabulary:
    return Vocabulary.load(game_dir(game) / "vocabulary.yaml")


def test_a_period_the_game_declares_parses_checks_and_reads_back():
    effect, errors = parse_effect('action "A": grant attack_strength(3) until end of the play\n')
    assert errors == [] and effect.abilities[0].body[0].items[0].until == "play"
    assert check_effect(effect, _vocab("civ_board")) == []
    assert "until the end of the play" in explain_effect(effect)[0]


def test_a_period_the_game_lacks_is_a_diagnostic_naming_its_periods():
    effect, _ = parse_effect('action "A": grant attack_strength(3) until end of battle\n')
    civ = [d.code for d in check_effect(effect, _vocab("civ_board"))]
    assert "E0213" not in civ
    effect, _ = parse_effect('action "A": grant free_card_play until end of battle\n')
    diags = check_effect(effect, _vocab("clash"))  # Clash declares no periods: turn and round only
    assert [d.code for d in diags] == ["E0213"] and "turn, round" in diags[0].hint


def test_a_lasting_grant_is_in_force_until_its_period_ends():
    g = new()
    rt = g.rt
    ctx = Ctx(rt, 0, rt.player(0)["civ"])
    speed, stack, other = rt.highest("travel_speed", 0, 2), rt.highest("stack_limit", 0, 2), rt.highest("travel_speed", 1, 2)
    rt.grant_until_end_of(ctx, "battle", "travel_speed", [9])
    rt.grant_until_end_of_turn(ctx, "stack_limit", [9])
    assert rt.highest("travel_speed", 0, 2) == 9 and rt.highest("travel_speed", 1, 2) == other < 9
    end_period(rt, "play")
    assert rt.highest("travel_speed", 0, 2) == 9
    end_period(rt, "battle")
    assert rt.highest("travel_speed", 0, 2) == speed < 9 and rt.highest("stack_limit", 0, 2) == 9
    end_period(rt, "turn")
    assert rt.highest("stack_limit", 0, 2) == stack < 9
