"""Issue 45 items 6 and 7: compare of more than two set-ups corrects over set-ups and measures; one
self-contained HTML report for compare, sweep and balance; sweep intervals stay within what is possible and
mark the base value; nothing printed is cut at 60, 80 or 200 columns."""

from __future__ import annotations

import json
import re

import pytest
from rulewright.engine.measures import GameMeasures, Measure
from rulewright.tools.playtest.setups import differences
from rulewright.tools.playtest.sweeping import level

SHORT = "params.rounds=1"


def _records(values: list[float]) -> list[dict]:
    return [{"game": i, "seed": i, "measures": {"m": v}} for i, v in enumerate(values)]


def test_holm_runs_over_every_set_up_and_measure():
    measures = GameMeasures((Measure("m", "m"),), lambda g: {})
    base = _records([0, 0, 0, 0, 0, 0, 0, 0])
    shifted = _records([0.4, 0.6, 0.5, 0.3, 0.7, 0.5, 0.4, 0.6])  # p about 1e-5 against the baseline
    alone = differences([{"label": x, "name": x} for x in "AB"], [base, shifted], measures)
    many = differences([{"label": x, "name": x} for x in "ABCDEF"], [base, shifted, *[base] * 4], measures)
    assert alone[0]["p_holm"] == pytest.approx(alone[0]["p"])
    assert many[0]["p_holm"] == pytest.approx(5 * many[0]["p"])  # five set-ups against the baseline: a family of 5


def test_sweep_intervals_stay_within_what_is_possible():
    wins = level([1.0, 1.0, 1.0, 0.0], share=True)  # a win rate over 4 games: Wilson's, inside [0, 1]
    assert wins["interval"] == "Wilson" and 0 <= wins["low"] < wins["mean"] < wins["high"] <= 1
    counts = level([0.0, 0.0, 0.0, 3.0], share=False)  # a count: t interval cut at 0
    assert counts["low"] == 0.0 and counts["high"] > counts["mean"]


@pytest.fixture(scope="module")
def studies(tmp_path_factory, cli):
    """One small compare, sweep and balance, each with its HTML report."""
    tmp = tmp_path_factory.mktemp("reports")
    variant = tmp / "stout.yaml"
    variant.write_text("name: Stout defenders\ntext: The defender rolls one more die.\nrules_effect:\n  $append: |\n"
                       "    modify combat_dice when side = defender: += 1\n")
    runs = {
        "compare": ["compare", SHORT, f"{SHORT}+params.grow_cost.wood=0", f"{SHORT}+{variant}", "-g", "3", "-n", "2",
                    "-q", "-o", str(tmp / "c"), "--report", str(tmp / "compare.html")],
        "sweep": ["sweep", "params.rounds=1,2,6", "-g", "3", "-n", "2", "-q", "-o", str(tmp / "s"),
                  "--report", str(tmp / "sweep.html")],
        "balance": ["balance", "-g", "3", "-n", "2", "--variant", SHORT, "-o", str(tmp / "b"),
                    "--report", str(tmp / "balance.html")],
    }
    out = {}
    for name, argv in runs.items():
        for width in (60, 80, 200):
            r = cli([*argv, "--width", str(width)])
            assert r.exit_code == 0, r.output
            out[(name, width)] = r.output
    return tmp, out


@pytest.mark.parametrize("width", [60, 80, 200])
@pytest.mark.parametrize("name", ["compare", "sweep", "balance"])
def test_nothing_is_cut_at_any_width(studies, name, width):
    _, out = studies
    lines = [x for x in out[(name, width)].splitlines() if not x.startswith("wrote ")]
    too_long = [x for x in lines if len(x) > width and " " in x.strip()]  # a single long word may stand alone
    assert not too_long, too_long
    assert "…" not in out[(name, width)]
    if name == "balance":
        assert re.search(r"\d+\.\d%-\d+\.\d%", out[(name, width)])  # intervals whole, never '0.0%-56.…'


@pytest.mark.parametrize("name", ["compare", "sweep", "balance"])
def test_the_html_report_is_self_contained_and_says_how_it_was_made(studies, name):
    tmp, _ = studies
    text = (tmp / f"{name}.html").read_text()
    assert text.startswith("<!doctype html>") and "<script" not in text
    assert not re.search(r"""(src|href)=["']?(https?:|//|/)""", text)  # nothing fetched from elsewhere
    assert f"rulewright {name} " in text and "seed 1*100003+i" in text
    assert re.search(r'<img alt="[^"]+" src="data:image/png;base64,', text)
    assert "greedy" in text


def test_the_compare_report_holds_the_variant_diffs_and_every_row(studies):
    tmp, _ = studies
    text = (tmp / "compare.html").read_text()
    assert "variant &#x27;Stout defenders&#x27;" in text and "modify combat_dice when side = defender: += 1" in text
    assert "params.grow_cost.wood" in text
    rows = json.loads((tmp / "c" / "compare.json").read_text())["rows"]
    for r in rows:  # every difference has its row
        assert re.search(rf"<tr[^>]*><td>{r['setup']}</td><td>{re.escape(r['measure'])}</td>", text), r["measure"]


def test_the_sweep_marks_its_base_value_and_names_its_axes(studies):
    tmp, out = studies
    result = json.loads((tmp / "s" / "sweep.json").read_text())
    assert result["base_value"] == 6 and [v["base"] for v in result["values"]] == [False, False, True]
    assert "6 (base)" in out[("sweep", 80)]
    for r in result["means"]:
        assert r["low"] >= 0 and (not r["share"] or r["high"] <= 1)
