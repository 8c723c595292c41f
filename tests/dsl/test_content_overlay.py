"""Issue 45 item 4: a variant over content. A variant's `content:` overlays entries by kind and id with the
operators of the rules data; lint checks it; `variant diff` shows it; a `content.` path is a setting of
compare, sweep and tune; `apply_settings` applies a list of settings; the content is never changed in place."""

from __future__ import annotations

import json

import pytest
from rulewright.dsl.content_overlay import content_tree, overlay_content, plural
from rulewright.dsl.loader import load_content
from rulewright.dsl.rules_data import base_rules
from rulewright.dsl.rules_paths import apply_settings, setting_overlay
from rulewright.engine import games

FREE_SETTLERS = "name: Free settlers\ntext: Settlers cost nothing.\ncontent:\n  units:\n    settler: {cost: {$replace: {}}}\n"


def clash(variants=(), packs=("base",)):
    return games.find("clash").definition(list(packs), list(variants))


def test_a_variant_changes_a_unit_of_the_game_it_plays_and_leaves_the_content_it_came_from(tmp_path):
    (tmp_path / "free.yaml").write_text(FREE_SETTLERS)
    changed = clash([str(tmp_path / "free.yaml")])
    assert changed.units["settler"].data["cost"] == {}
    assert clash().units["settler"].data["cost"] == {"food": 2}  # the base game's content is untouched
    assert changed.units["army"] is clash().units["army"] or changed.units["army"].data == clash().units["army"].data


def test_operators_work_on_entries_as_on_rules_data_and_effects_are_compiled_again():
    content = load_content(["base"], "clash")
    after, changes = overlay_content(content, {
        "advances": {"engineering": {"effect": {"$remove": ['action "Build a wonder" when can_build_wonder(): '
                                                           'do build_wonder()']}}},
        "wonder": {"great_pyramids": {"$delete": ["notes"]}}})
    eng = after.entries["engineering"]
    assert "Build a wonder" not in eng.data["effect"] and len(eng.effect.abilities) == 1
    assert len(content.entries["engineering"].effect.abilities) == 2  # unchanged
    assert "notes" not in after.entries["great_pyramids"].data
    paths = [c.path for c in changes]
    assert paths == ["content.advances.engineering.effect", "content.wonders.great_pyramids.notes"]


@pytest.mark.parametrize("overlay,message", [
    ({"unit": {"setler": {"cost": {"food": 0}}}}, "no unit 'setler'"),
    ({"units": {"engineering": {"cost": {"food": 0}}}}, "'engineering' is a advance"),
    ({"unts": {"settler": {"cost": {"food": 0}}}}, "no content kind 'unts'"),
    ({"units": {"settler": {"cost": {"food": -1}}}}, "less than the minimum of 0"),
    ({"units": {"settler": {"limit": "many"}}}, "is not of type 'integer'"),
    ({"advances": {"engineering": {"effect": "on nonsense_hook: gain 1 food"}}}, "nonsense_hook"),
    ({"advances": {"engineering": {"requires": ["flying"]}}}, "unknown advance 'flying'"),
    ({"units": {"settler": {"$replace": {"id": "settler"}}}}, "field by field"),
])
def test_a_bad_content_overlay_is_refused_saying_what_is_wrong(overlay, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        overlay_content(load_content(["base"], "clash"), overlay)


def test_lint_and_variant_diff_of_a_content_variant(cli, tmp_path):
    (tmp_path / "free.yaml").write_text(FREE_SETTLERS)
    (tmp_path / "bad.yaml").write_text("name: Bad\ntext: x\ncontent:\n  units:\n    setler: {cost: {food: 0}}\n")
    (tmp_path / "same.yaml").write_text("name: Same\ntext: x\ncontent:\n  units:\n    settler: {cost: {food: 2}}\n")
    (tmp_path / "keeps.yaml").write_text("name: Keeps\ntext: x\ncontent:\n  units:\n    army: {cost: {food: 2}}\n")
    r = cli(["lint", str(tmp_path / "bad.yaml")])
    assert r.exit_code == 1 and "E0043" in r.output and "did you mean 'settler'?" in r.output and ":5:5:" in r.output
    r = cli(["lint", str(tmp_path / "same.yaml")])
    assert "W0046" in r.output and "changes nothing" in r.output
    r = cli(["lint", str(tmp_path / "keeps.yaml")])
    assert "W0047" in r.output and "content.units.army.cost keeps ore: 1" in r.output
    r = cli(["variant", "diff", str(tmp_path / "free.yaml"), "--format", "json"])
    rep = json.loads(r.output)
    assert rep["changes"] == [{"path": "content.units.settler.cost.food", "change": "removed", "before": 2,
                               "after": None}]
    assert rep["removes"] == ["content.units.settler.cost.food (was 2)"]


def test_content_paths_are_settings_written_by_kind_or_plural():
    content = load_content(["base"], "clash")
    rules = base_rules(games.game_dir("clash"), content)
    want = {"content": {"units": {"settler": {"cost": {"food": 0}}}}}
    assert setting_overlay(rules, "content.units.settler.cost.food=0", content) == want
    assert setting_overlay(rules, "content.unit.settler.cost.food=0", content) == want
    with pytest.raises(ValueError, match="did you mean content.units.settler"):
        setting_overlay(rules, "content.units.setler.cost.food=0", content)
    with pytest.raises(ValueError, match="field by field"):
        setting_overlay(rules, "content.units.settler={}", content)
    assert plural("category") == "categories" and "city_pieces" in content_tree(content)


def test_apply_settings_applies_rules_and_content_paths_in_order():
    content = load_content(["base"], "clash")
    rules = base_rules(games.game_dir("clash"), content)
    after_rules, after = apply_settings(rules, content, ["params.rounds=4", "content.units.settler.cost.food=1",
                                                         "content.units.settler.cost.food=0"])
    assert after_rules["params"]["rounds"] == 4 and rules["params"]["rounds"] == 6
    assert after.entries["settler"].data["cost"] == {"food": 0} and content.entries["settler"].data["cost"] == {"food": 2}
    with pytest.raises(ValueError, match="not a setting"):
        apply_settings(rules, content, ["four_round"])


def test_a_setting_plays_as_the_same_variant_file_would(tmp_path):
    (tmp_path / "one.yaml").write_text("name: One\ntext: x\ncontent:\n  units:\n    settler: {cost: {food: 1}}\n")
    by_path = clash(["content.units.settler.cost.food=1"]).units["settler"].data
    by_file = clash([str(tmp_path / "one.yaml")]).units["settler"].data
    assert by_path == by_file and by_path["cost"] == {"food": 1}


def test_a_seven_wonders_card_cost_is_changed_by_a_variant():
    defn = games.find("wonders7").definition(["base"], ["content.age_cards.lumber_yard.cost.coin=1"])
    assert defn.content.entries["lumber_yard"].data["cost"] == {"coin": 1}
