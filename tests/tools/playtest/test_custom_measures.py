"""Issue 45 item 5: measures of anything. `--measure` takes the count of a hook's firings under a condition
in the card language, per seat and in total, in compare, sweep, balance and simulate; a watched game plays
exactly as an unwatched one."""

from __future__ import annotations

import json

import pytest
from rulewright.api import play_game
from rulewright.engine import games
from rulewright.tools.playtest.custom_measures import compile_watch, measures_with, parse

DEFENDER = "defender_wins=battle_ended when side = defender and won"
SETTLERS = "settlers=units_built when built has settler"


def test_a_measure_is_written_as_a_hook_and_a_condition():
    assert parse(DEFENDER).hook == "battle_ended" and parse(DEFENDER).condition == "side = defender and won"
    assert parse("battle_start").name == "battle_start" and parse("battle_start").condition == ""
    assert parse("units_built when built has settler").name == "units_built_when"
    with pytest.raises(ValueError, match="write HOOK"):
        parse("x=")


def test_the_card_language_refuses_a_misspelt_condition_with_its_hint():
    with pytest.raises(ValueError, match="unknown name 'bilt'.*did you mean 'built'"):
        compile_watch("clash", ["base"], [], ["s=units_built when bilt has settler"])
    with pytest.raises(ValueError, match="battle_endd"):
        compile_watch("clash", ["base"], [], ["b=battle_endd"])


def test_a_watched_game_plays_as_it_would_and_counts_per_seat_and_in_all():
    texts = [DEFENDER, SETTLERS, "starts=battle_start", "food=resource_gained when what = food"]
    watch = compile_watch("clash", ["base"], [], texts)
    for seed in (5, 13):
        watched, plain = play_game(3, seed, ["greedy"], watch=watch), play_game(3, seed, ["greedy"])
        assert watched.state == plain.state and watched.actions == plain.actions
        m = measures_with(games.find("clash").measures, [parse(t) for t in texts]).of(watched)
        assert m["starts_total"] == sum(m["starts"]) == m["battles"]  # the game's own count of battle_start
        assert len(m["settlers"]) == 3 and m["food_total"] > 0
        assert m["settlers_total"] == sum("builds Settler" in str(line) for line in watched.log)
    # seed 13, read in its log: Player 1 beats the barbarians attacking its city at 3,1 (1 hit against 0); their
    # attack on 3,0 ends with no hit on either side, which no one wins
    assert m["defender_wins"] == [1.0, 0.0, 0.0]


def test_compare_simulate_sweep_and_balance_take_custom_measures(cli, tmp_path):
    short = "params.rounds=2"
    r = cli(["compare", short, f"{short}+content.units.settler.cost.food=0", "-g", "2", "-n", "2", "-q",
             "-o", str(tmp_path / "c"), "-m", SETTLERS, "-m", "vp_mean", "--width", "120"])
    assert r.exit_code == 0, r.output
    rows = {x["measure"] for x in json.loads((tmp_path / "c" / "compare.json").read_text())["rows"]}
    assert rows == {"vp_mean", "settlers[0]", "settlers[1]", "settlers_total"}
    r = cli(["simulate", "-g", "2", "-n", "2", "-q", "--no-viewers", "-o", str(tmp_path / "s"), "--variant", short,
             "-m", SETTLERS])
    assert r.exit_code == 0 and "settlers (units_built firings when built has settler):" in r.output, r.output
    assert "settlers_total" in json.loads((tmp_path / "s" / "report.json").read_text())["measures"]
    r = cli(["sweep", "content.units.settler.cost.food=0,2", "--variant", short, "-g", "2", "-n", "2", "-q",
             "-o", str(tmp_path / "w"), "-m", SETTLERS])
    assert r.exit_code == 0, r.output
    swept = json.loads((tmp_path / "w" / "sweep.json").read_text())
    assert {x["measure"] for x in swept["means"]} == {"settlers[0]", "settlers[1]", "settlers_total"}
    r = cli(["balance", "-g", "2", "-n", "2", "--variant", short, "-m", DEFENDER])
    assert r.exit_code == 0 and "defender_wins (battle_ended firings when side = defender and won)" in r.output
    r = cli(["compare", "base", short, "-g", "2", "-q", "-o", str(tmp_path / "x"), "-m", "s=units_built when bilt"])
    assert r.exit_code == 2 and "unknown name 'bilt'" in r.output


def test_a_seven_wonders_measure():
    watch = compile_watch("wonders7", ["base"], [], ["built=card_built"])
    game = play_game(3, 2, ["greedy"], game_id="wonders7", watch=watch)
    m = measures_with(games.find("wonders7").measures, [parse("built=card_built")]).of(game)
    assert m["built_total"] > 0 and len(m["built"]) == 3
