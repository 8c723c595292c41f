"""Variants mean what they say (docs/variants.md): the overlay operators, variants by path, `variant diff`,
the lint of variant files, `list variants` and `explain VARIANT`; every example of the guide is run here,
and the guide's two first-try variants give the games their designer meant once written with operators."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rulewright.dsl.overlay import OverlayError, apply, diff
from rulewright.rules.clash.state.definition import definition
from rulewright.tools.scenarios import run_scenario

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "variants.md"
BLOCKS = re.findall(r"```yaml\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
HEAD = re.compile(r"# file: (\S+)\s+lint: ([\w ]+?)\s+changes: (.+)")
EXAMPLES = {HEAD.match(b).group(1): b for b in BLOCKS}


def write(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    path.write_text(EXAMPLES[name], encoding="utf-8")
    return path


def run_json(cli, *args: str) -> dict:
    res = cli([*args, "--format", "json"])
    assert res.exit_code in (0, 1), res.output
    return json.loads(res.stdout)


# ---- the operators ----------------------------------------------------------------------------------

BASE = {"cost": {"food": 1, "ore": 1, "wood": 1}, "units": ["settler"], "effect": "line a\nline b\n",
        "steps": [{"step": "a", "do": "x"}, {"step": "b", "do": "y"}], "n": 3}


def test_maps_merge_key_by_key_and_plain_values_replace():
    out = apply(BASE, {"cost": {"food": 2}, "units": ["army"], "n": 4})
    assert out["cost"] == {"food": 2, "ore": 1, "wood": 1}
    assert out["units"] == ["army"] and out["n"] == 4
    assert BASE["cost"]["food"] == 1  # the base is never changed


def test_replace_delete_append_prepend_remove():
    assert apply(BASE, {"cost": {"$replace": {"food": 1}}})["cost"] == {"food": 1}
    assert apply(BASE, {"cost": {"$delete": ["wood", "gems"]}})["cost"] == {"food": 1, "ore": 1}
    assert apply(BASE, {"units": {"$append": ["army"], "$prepend": "ship"}})["units"] == ["ship", "settler", "army"]
    assert apply(BASE, {"steps": {"$remove": [{"step": "a"}]}})["steps"] == [{"step": "b", "do": "y"}]
    assert apply(BASE, {"effect": {"$append": "line c"}})["effect"] == "line a\nline b\nline c\n"
    assert apply(BASE, {"effect": {"$remove": "  line a", "$append": ["c\nd"]}})["effect"] == "line b\nc\nd\n"
    assert apply(BASE, {"new": {"$append": [1]}})["new"] == [1]


@pytest.mark.parametrize("overlay,needle", [
    ({"cost": {"$replace": {}, "food": 1}}, "$replace stands alone"),
    ({"cost": {"$apend": [1]}}, "did you mean '$append'"),
    ({"cost": {"$append": [1]}}, "needs a list or a text"),
    ({"units": {"$append": [1], "x": 2}}, "cannot stand beside"),
    ({"effect": {"$append": [1]}}, "takes lines of text"),
])
def test_malformed_operators_are_refused_with_the_path(overlay, needle):
    with pytest.raises(OverlayError) as err:
        apply(BASE, overlay)
    assert needle in str(err.value) + err.value.hint
    assert str(err.value).startswith(next(iter(overlay)))


def test_diff_names_every_changed_path():
    after = apply(BASE, {"cost": {"$delete": ["wood"], "food": 2}, "effect": {"$append": "line c"}, "x": 1})
    changes = {c.path: c for c in diff(BASE, after)}
    assert set(changes) == {"cost.food", "cost.wood", "effect", "x"}
    assert changes["cost.wood"].kind == "removed" and changes["cost.wood"].before == 1
    assert changes["effect"].added == ["line c"] and changes["effect"].removed == []
    assert changes["x"].kind == "added"


# ---- the guide: every example, and the two examples' games --------------------------------------------

@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_guide_example_lints_and_diffs_as_it_says(tmp_path, name, cli):
    _, lint_said, changes_said = HEAD.match(EXAMPLES[name]).groups()
    path = write(tmp_path, name)
    codes = [d["code"] for d in run_json(cli, "lint", str(path))["diagnostics"]]
    assert codes == ([] if lint_said == "clean" else lint_said.split()), codes
    paths = [c["path"] for c in run_json(cli, "variant", "diff", str(path))["changes"]]
    assert paths == ([] if changes_said.strip() == "none" else changes_said.split())


def test_the_guide_has_both_examples_and_their_first_tries():
    assert {"cheap_growth_first_try.yaml", "cheap_growth.yaml", "stout_defenders_first_try.yaml",
            "stout_defenders.yaml"} <= set(EXAMPLES)


GROW = {"name": "grow without wood", "players": 2,
        "position": {"players": [{"advances": ["farming", "mining", "tactics"],
                                  "resources": {"food": 1, "ore": 1, "wood": 0}}],
                     "cities": [{"owner": 0, "at": "D2"}, {"owner": 0, "at": "E2"}]},
        "actions": ["grow", "D2:fortress"],
        "expect": [{"path": "cities.D2.pieces.fortress", "equals": 0},
                   {"path": "players.0.res.food", "equals": 0}, {"path": "players.0.res.ore", "equals": 0}]}


def test_cheap_growth_plays_a_game_where_pieces_cost_no_wood(tmp_path):
    cheap = write(tmp_path, "cheap_growth.yaml")
    assert definition(variants=[str(cheap)]).params["grow_cost"] == {"food": 1, "ore": 1}
    assert run_scenario({**GROW, "variants": [str(cheap)]}).passed
    first_try = write(tmp_path, "cheap_growth_first_try.yaml")  # merged key by key: still needs wood
    result = run_scenario({**GROW, "variants": [str(first_try)]})
    assert not result.passed and "'grow' is not a legal choice" in result.messages[0]


BATTLE = {"name": "one defender", "players": 2,
          "position": {"players": [{"advances": ["farming", "mining", "tactics"]},
                                   {"advances": ["farming", "mining", "tactics"]}],
                       "cities": [{"owner": 0, "at": "D2"}, {"owner": 1, "at": "D8"}],
                       "regions": {2: {"tile": "region-13"}},
                       "units": [{"owner": 0, "type": "army", "at": "D4", "count": 2},
                                 {"owner": 1, "type": "army", "at": "D3", "count": 1}],
                       "dice": [1, 2, 1, 4, 1, 1, 1, 1]},
          "actions": ["move", "land:2:0", "D3"]}


def test_stout_defenders_adds_a_die_and_keeps_gold_and_ideas(tmp_path):
    stout = write(tmp_path, "stout_defenders.yaml")
    base, rules = definition().rules["rules_effect"], definition(variants=[str(stout)]).rules["rules_effect"]
    assert rules.splitlines() == base.splitlines() + ["modify combat_dice when side = defender: += 1"]
    plain = {**BATTLE, "expect": [{"log": "Player 1 rolls 3 (0 hits), Player 2 rolls 1 (0 hits)"}]}
    assert run_scenario(plain).passed  # the base game: one die for one army
    extra = {**BATTLE, "variants": [str(stout)],
             "expect": [{"log": "Player 1 rolls 3 (0 hits), Player 2 rolls 5 (1 hit)"}]}
    assert run_scenario(extra).passed, run_scenario(extra).messages
    whole = definition(variants=[str(write(tmp_path, "stout_defenders_first_try.yaml"))]).rules["rules_effect"]
    assert "gold" not in whole  # what the first try did: lint warns of it (W0048)


# ---- lint, list, explain, play ---------------------------------------------------------------------------

def test_unknown_key_is_an_error_with_the_accepted_keys_and_position(tmp_path, cli):
    path = tmp_path / "v.yaml"
    path.write_text("name: V\nparams:\n  grwo_cost: {food: 1}\n")
    diags = run_json(cli, "lint", str(path))["diagnostics"]
    assert [(d["code"], d["line"], d["column"], d["severity"]) for d in diags] == [("E0043", 3, 3, "error")]
    assert "did you mean 'grow_cost'" in diags[0]["hint"] and "accepted here: rounds" in diags[0]["hint"]
    assert diags[0]["file"].endswith("v.yaml")


def test_a_variant_file_with_errors_is_refused_by_play(tmp_path, cli):
    path = tmp_path / "v.yaml"
    path.write_text("name: V\nparms: {rounds: 4}\n")
    res = cli(["play", "--players", "2", "--variant", str(path)])
    assert res.exit_code != 0 and "unknown key 'parms'" in res.output and "Traceback" not in res.output
    unknown = cli(["play", "--players", "2", "--variant", "four_roun"])
    assert unknown.exit_code != 0 and "did you mean 'four_round'" in unknown.output


def test_pack_lint_checks_variants_and_does_not_say_it_skipped_them(tmp_path, monkeypatch, write_pack, cli):
    write_pack({"variants/same.yaml": "name: Same\nparams: {rounds: 6}\n"})
    monkeypatch.chdir(tmp_path)
    out = run_json(cli, "lint", "mypack")
    assert out["skipped"] == []
    assert [(Path(d["file"]).name, d["code"]) for d in out["diagnostics"]] == [("same.yaml", "W0046")]


def test_list_and_explain_show_what_a_variant_changes(tmp_path, cli):
    rows = {r["id"]: r for r in json.loads(cli(["list", "variants", "--format", "json"]).stdout)}
    assert rows["no_events"]["summary"] == "params.event_effects always -> never"
    assert [c["path"] for c in rows["four_round"]["changes"]] == [
        "params.rounds", "params.free_advances_per_status", "params.starting_units", "params.starting_city_mood"]
    stout = write(tmp_path, "stout_defenders.yaml")
    rep = run_json(cli, "explain", str(stout))
    assert rep["name"] == "Stout defenders" and rep["removes"] == []
    assert rep["english"] == ["Combat dice increases by 1 when side is defender."]
    text = cli(["explain", "lead_us"])
    assert text.exit_code == 0 and "params.leader_choice" in text.output


def test_every_bundled_variant_lints_clean_and_changes_something(cli):
    for game in ("clash", "wonders7"):
        rows = json.loads(cli(["list", "variants", "--game", game, "--format", "json"]).stdout)
        assert rows and all(r["changes"] for r in rows), game
        for r in rows:
            assert run_json(cli, "lint", r["file"], "--game", game)["diagnostics"] == [], r["id"]


def test_an_edited_variant_file_gives_new_rules_to_the_next_game(tmp_path):
    path = tmp_path / "v.yaml"
    path.write_text("name: V\nparams: {rounds: 4}\n")
    assert definition(variants=[str(path)]).params["rounds"] == 4
    path.write_text("name: V\nparams: {rounds: 5}   # edited\n")
    assert definition(variants=[str(path)]).params["rounds"] == 5


def test_the_editor_checks_a_variant_file_as_a_variant(tmp_path):
    from rulewright.tools.lsp.session import Session

    path = tmp_path / "v.yaml"
    text = "name: V\nparams:\n  grow_cost: {food: 1, ore: 1}\n"
    path.write_text(text)
    codes = sorted(d.code for d in Session().check(path, text))
    assert codes == ["W0046", "W0047"]
    assert [d.code for d in Session().check(path, "name: V\nparams: {rounds: 4}\n")] == []


SHOWN = re.findall(r"```text\n\$ rulewright (.*?)\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("command,shown", SHOWN, ids=[c for c, _ in SHOWN])
def test_guide_output_is_what_the_command_prints(tmp_path, monkeypatch, command, shown, cli):
    for name in EXAMPLES:
        write(tmp_path, name)
    monkeypatch.chdir(tmp_path)
    res = cli(command.split(), env={"COLUMNS": "200"})
    printed = [" ".join(line.split()) for line in res.output.splitlines()]
    for line in shown.strip().splitlines():
        assert " ".join(line.split()) in printed, (line, res.output)


def test_the_guide_shows_the_commands_of_both_examples():
    assert {c for c, _ in SHOWN} >= {"lint cheap_growth_first_try.yaml", "variant diff cheap_growth.yaml",
                                      "variant diff stout_defenders.yaml"}


def test_a_scenario_names_a_variant_file_next_to_it(tmp_path, monkeypatch):
    (tmp_path / "designs" / "tests").mkdir(parents=True)
    write(tmp_path / "designs", "cheap_growth.yaml")
    monkeypatch.chdir(tmp_path / "designs" / "tests")  # anywhere but the variant's folder
    spec = {**GROW, "variants": ["cheap_growth.yaml"]}
    assert run_scenario(spec, path=str(tmp_path / "designs" / "tests" / "s.yaml")).passed
