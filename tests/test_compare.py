"""compare: games paired by seed, paired t intervals and Holm's correction checked by hand, tables that fit
80 columns and wide ones, CSV/JSON, --until-decided, mixed bots, and the games' own measures."""

from __future__ import annotations

import csv
import json
import math

import pytest
from rulewright.api import play_game
from rulewright.engine import games
from rulewright.engine.measures import GameMeasures, Measure
from rulewright.tools.compare import table_lines
from rulewright.tools.fit_table import fit_table
from rulewright.tools.paired import holm, paired, t_quantile, t_two_sided_p

SHORT = "params.rounds=1"  # one-round games keep these runs to a second or two each


def _compare(cli, tmp_path, *args: str):
    r = cli(["compare", *args, "--players", "2", "-q", "--width", "80", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    return r, json.loads((tmp_path / "compare.json").read_text())


def test_paired_interval_matches_a_hand_computation():
    # differences 1, 0, 2, 1: mean 1, sd sqrt(2/3), se sd/2, t(0.975, 3) = 3.182446
    d = paired([1, 2, 3, 4], [2, 2, 5, 5])
    half = 3.182446 * math.sqrt(2 / 3) / 2
    assert d["n"] == 4 and d["diff"] == 1.0
    assert d["low"] == pytest.approx(1 - half, abs=1e-5) and d["high"] == pytest.approx(1 + half, abs=1e-5)
    assert d["p"] == pytest.approx(0.0917211, abs=1e-6)  # two-sided p of t = 2.449 with 3 degrees of freedom
    assert t_quantile(0.975, 9) == pytest.approx(2.262157, abs=1e-6)
    assert t_two_sided_p(1.959964, 10_000) == pytest.approx(0.05, abs=1e-3)


def test_paired_without_spread_is_exact():
    assert paired([3, 4], [3, 4]) == {"n": 2, "diff": 0.0, "low": 0.0, "high": 0.0, "p": 1.0}
    assert paired([3, 4], [5, 6])["p"] == 0.0


def test_holm_step_down_by_hand():
    # sorted p: 0.005*4 = 0.02, 0.01*3 = 0.03, 0.03*2 = 0.06, 0.04*1 -> kept at 0.06 (monotone)
    decided, adjusted = holm([0.01, 0.04, 0.03, 0.005])
    assert decided == [True, False, False, True]
    assert adjusted == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.04]) == ([True], [0.04])  # one test: no correction


def test_compare_pairs_games_by_seed_and_writes_csv_and_json(tmp_path, cli):
    r, result = _compare(cli, tmp_path, SHORT, f"{SHORT}+params.grow_cost.wood=0", f"{SHORT}+seed:9", "--games", "3")
    seeds = [[json.loads(x)["seed"] for x in p.read_text().splitlines()]
             for p in sorted(tmp_path.glob("*/games.jsonl"))]
    assert seeds[0] == seeds[1] != seeds[2]
    rows_b = [x for x in result["rows"] if x["setup"] == "B"]
    rows_c = [x for x in result["rows"] if x["setup"] == "C"]
    assert all(x["paired_on_seeds"] and x["n"] == 3 for x in rows_b)
    assert all(not x["paired_on_seeds"] for x in rows_c)
    measures = {x["measure"] for x in rows_b}
    assert {"vp[0]", "vp[1]", "win[0]", "rounds", "decisions", "battles", "wonders", "advances", "objectives",
            "eliminations"} <= measures
    with (tmp_path / "compare.csv").open() as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == len(result["rows"]) == 2 * len(measures)
    assert {"diff", "low", "high", "p_holm", "decided"} <= set(rows[0])
    assert (tmp_path / "compare.png").stat().st_size > 1000
    assert "bots: seat 0 greedy, seat 1 greedy" in r.output
    assert all(len(line) <= 80 for line in r.output.splitlines() if not line.startswith("wrote"))


def _result(names: list[str]) -> dict:
    rows = []
    for label in ("B", "C"):
        for m, base, mean in (("vp[0]", 17.25, 19.5), ("decisions", 612.35, 700.12), ("win[0]", 0.25, 0.3125)):
            share = m.startswith("win")
            rows.append({"setup": label, "setup_name": names[ord(label) - 65], "measure": m, "label": m,
                         "share": share, "n": 400, "paired_on_seeds": True, "base_mean": base, "mean": mean,
                         "diff": mean - base, "low": mean - base - 12.5, "high": mean - base + 12.5, "p": 0.001,
                         "p_holm": 0.003, "decided": True})
    return {"setups": [{"label": chr(65 + i), "name": n} for i, n in enumerate(names)], "rows": rows,
            "bots_text": "seat 0 greedy, seat 1 search:50"}


def test_table_fits_80_columns_and_never_cuts_numbers():
    names = ["base", "pack:./mydesign_number_one+cheap_growth", "pack:./mydesign_number_two+cheap_growth"]
    result = _result(names)
    narrow = table_lines(result, 80)
    assert max(len(line) for line in narrow) <= 80
    text = "\n".join(narrow)
    for name in names[1:]:  # two packs with a common beginning are both named in full
        assert name in text
    for number in ("612.35", "700.12", "+87.77", "[+75.27, +100.27]", "25.0%", "31.2%"):
        assert number in text
    wide = table_lines(result, 200)
    assert any("p Holm" in line for line in wide) and max(len(line) for line in wide) <= 200
    tiny = "\n".join(table_lines(result, 40))  # too narrow for any table: one block per measure, numbers whole
    assert "[+75.27, +100.27]" in tiny and "700.12" in tiny


def test_fit_table_drops_optional_columns_first():
    lines, dropped = fit_table(["m", "a", "bbbbbbbbbb"], [["x", "1.00", "2.00"]], width=12, optional=[2])
    assert dropped == ["bbbbbbbbbb"] and all(len(x) <= 12 for x in lines) and "1.00" in lines[-1]


def test_until_decided_stops_when_decided_or_at_the_cap(tmp_path, cli):
    # one round against two: rounds differ by exactly 1 in every pair, decided after the first batch
    _, result = _compare(cli, tmp_path / "a", SHORT, "params.rounds=2", "--games", "2", "--until-decided",
                         "--measure", "rounds", "--max-games", "6")
    assert result["all_decided"] and result["games"] == 2 and {x["measure"] for x in result["rows"]} == {"rounds"}
    # the same set-up twice never differs: batches go on to the cap
    r, result = _compare(cli, tmp_path / "b", SHORT, SHORT, "--games", "2", "--until-decided", "--measure", "vp",
                         "--max-games", "4")
    assert result["games"] == 4 and not result["all_decided"] and "not every measure decided" in r.output
    assert {x["measure"] for x in result["rows"]} == {"vp[0]", "vp[1]"}


def test_compare_takes_search_bots_and_says_which_played(tmp_path, cli):
    r, result = _compare(cli, tmp_path, SHORT, "params.grow_cost.wood=0+" + SHORT, "--games", "2", "--bots",
                         "search:1,greedy")
    assert result["bots"] == ["search:1", "greedy"]
    assert "seat 0 search:1, seat 1 greedy" in r.output


def test_compare_refuses_unknown_set_ups_and_bots(tmp_path, cli):
    r = cli(["compare", "base", "grow_cost.food=0", "--games", "2", "-q", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "params.grow_cost.food" in r.output
    r = cli(["compare", "base", "base", "--bots", "nobody", "-q", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "unknown bot" in r.output


def test_clash_counts_battles_from_the_rules_not_the_log():
    for seed in (3, 300010):  # the second game has a battle without a winner (Player 2 against barbarians)
        game = play_game(2, seed, ["greedy"], variants=["params.rounds=3"])
        m = games.find("clash").measures.of(game)
        assert m["battles"] == sum(1 for line in game.log if line.strip().startswith("battle at"))
        assert m["events"] == sum(1 for line in game.log if "draws the event" in line)
        assert sum(m["win"]) == pytest.approx(1.0) and m["rounds"] == 3


def test_wonders7_supplies_its_own_measures():
    game = play_game(3, 2, ["greedy"], game_id="wonders7")
    m = games.find("wonders7").measures.of(game)
    assert m["vp"] == [float(v) for v in games.find("wonders7").scores(game)["vp"]]
    assert m["cards"] == pytest.approx(sum(m[k] for k in m if k.startswith("cards_")))
    assert m["stages"] == sum(p["stages"] for p in game.state["players"])


def test_a_measure_that_breaks_its_declaration_is_refused():
    game = play_game(2, 1, ["greedy"], variants=["params.rounds=1"])
    bad = GameMeasures((Measure("vp", "VP", per_seat=True),), lambda g: {"vp": 3.0})
    with pytest.raises(ValueError, match="one value per seat"):
        bad.of(game)
