"""Lint warns on numbers an effect writes that can never mean what they say (issue 44: a negative cap
passed lint): W0330 a quantity set or capped below zero, or a minimum above the maximum; W0331 a constant
amount of zero or less."""

from __future__ import annotations

from rulewright.dsl.impossible import constant
from rulewright.dsl.parser import parse_effect

ADVANCE = """kind: advance
entries:
  - id: odd_numbers
    name: Odd numbers
    category: agriculture
    requires: []
    border: none
    text: Numbers that cannot be.
    source: authored
    effect: |
{effect}
"""


def _lint(write_pack, cli, effect: str) -> str:
    body = "\n".join("      " + line for line in effect.strip().splitlines())
    pack = write_pack({"advances.yaml": ADVANCE.format(effect=body)})
    res = cli(["lint", str(pack)], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output  # warnings only
    return res.output


def test_a_negative_cap_and_an_empty_range_are_warned_where_written(write_pack, cli):
    out = _lint(write_pack, cli, """
modify resource_limit(food): = 1 - 3
modify stack_limit: += 1 max 0 - 1
modify stack_limit: += 1 min 5 max 3
""")
    assert "advances.yaml:11:38: warning[W0330]: odd_numbers: resource_limit is set to -2" in out
    assert "advances.yaml:12:36: warning[W0330]: odd_numbers: stack_limit is capped at -1" in out
    assert "the minimum 5 is above the maximum 3" in out


def test_an_amount_of_nothing_is_warned(write_pack, cli):
    out = _lint(write_pack, cli, """
on turn_start: gain 2 - 2 gold
action "Idle":
  repeat 1 - 1 times: gain 1 food
""")
    assert "warning[W0331]: odd_numbers: gain 0 gold does nothing" in out
    assert "warning[W0331]: odd_numbers: repeat 0 times never runs its block" in out


def test_sound_numbers_are_not_warned(write_pack, cli):
    out = _lint(write_pack, cli, """
modify resource_limit(food): = 0
modify stack_limit: -= 5 min 0
on turn_start: gain 1 gold
""")
    assert "W0330" not in out and "W0331" not in out


def test_only_numbers_known_when_loading_are_judged():
    effect, _ = parse_effect("modify stack_limit: = 2 * 3 - 7\nmodify stack_limit: = cities_count() - 9\n")
    assert constant(effect.abilities[0].value) == -1
    assert constant(effect.abilities[1].value) is None
