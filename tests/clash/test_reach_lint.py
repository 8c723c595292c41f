"""Lint of issue 44's constructs beyond types (rules/clash/reach_lint.py): an end of battle in an action (W0340)
and choose_space filters no space passes together (W0341) are warned at the entry; the bundled packs and the
demonstration pack are not warned."""

from __future__ import annotations

from rulewright.dsl.loader import load_content
from where import ROOT

CARD = """kind: action_card
entries:
  - id: {id}
    name: Lint Test
    text: x
    source: authored
    effect: |
      {effect}
    combat:
      title: Lint Test
      tags: [army]
      text: x
      effect: |
        modify combat_value: += 1
"""


def _warnings(tmp_path, effect: str) -> list:
    pack = tmp_path / "lintpack"
    pack.mkdir(parents=True)
    (pack / "pack.yaml").write_text("id: lintpack\nname: lint\nversion: 1.0.0\ngame: clash\ndepends: [base]\n")
    (pack / "cards.yaml").write_text(CARD.format(id="lint_test", effect=effect))
    content = load_content(["base", str(pack)])
    return [d for d in content.diagnostics if d.code.startswith("W034")]


def test_an_end_of_battle_in_an_action_is_warned(tmp_path):
    found = _warnings(tmp_path, 'action "Truce": do end_battle()')
    assert [d.code for d in found] == ["W0340"] and "lint_test" in found[0].message


def test_an_end_of_battle_in_a_round_trigger_is_not(tmp_path):
    assert _warnings(tmp_path, "on combat_round_end when taken >= 2: do end_battle()") == []


def test_filters_no_space_passes_together_are_warned(tmp_path):
    for filters in ("with_city, without_city", "forest, mountain", "sea, my_city", "angry, happy"):
        found = _warnings(tmp_path / filters.replace(", ", "_"), f'action "Look": do choose_space({filters})')
        assert [d.code for d in found] == ["W0341"], filters


def test_filters_that_fit_together_are_not(tmp_path):
    assert _warnings(tmp_path, 'action "Look": do choose_space(land, without_city, next_to_my_city)') == []


def test_the_bundled_and_demonstration_packs_are_not_warned():
    content = load_content(["base", "civilizations", str(ROOT / "examples" / "reach" / "clash")])
    assert [d for d in content.diagnostics if d.code.startswith("W034")] == []
