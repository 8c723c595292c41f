"""The mutation test: removing any entry's effect (advances, wonders, pieces, every card) must fail a scenario.

Entries listed in DEFERRED have effects that need rules still to come; each names the issue where
its scenarios belong. Everything else must be covered and killed.
"""

from __future__ import annotations

from rulewright.tools.modding.mutation import mutation_report

DEFERRED: dict[str, str] = {}


def test_every_effect_is_tested():
    report = mutation_report()
    assert report["survived"] == [], f"effects removable without a failing scenario: {report['survived']}"
    missing = [e for e in report["uncovered"] if e not in DEFERRED]
    assert missing == [], f"entries without a scenario that covers them: {missing}"
    assert len(report["killed"]) >= 145  # base: 60 advances, wonders and pieces, the ship, 84 distinct cards


def test_every_limit_quantity_of_the_test_pack_is_killed():
    """Issue 44: each limit made a quantity is proved by an advance of tests/packs/limittest that changes it."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    report = mutation_report([root / "scenarios" / "limits"], packs=("base", str(root / "packs" / "limittest")),
                             of_pack="limittest")
    assert report["survived"] == [] and report["uncovered"] == []
    assert len(report["killed"]) == 12
