"""Issue 32 asks for a scenario for every tech, wonder, civilisation ability, culture card and great person.

This cheap check (YAML only, no game played) lists those entries and asserts that some scenario of
content/civ_board/base/tests/ names each in its `covers:` (`id` or `id#n`, one ability of it). Techs,
wonders and culture cards count only when they have an `effect`: entries still without one are being
written (content/civ_board/SOURCES.md lists them) and are played or built without effect until then; the
day one gets an effect, this test asks for its scenario. Every civilisation (its set-up bonus is data, its
leader ability an effect) and every great person (its square's icons are data) is asked for whatever it
holds. The slow mutation test (test_civ_board_scenario_mutation.py) then checks those scenarios need the
effect; this one fails fast, and names what is missing.
"""

from __future__ import annotations

from functools import cache

import pytest
from ruamel.yaml import YAML
from where import ROOT

PACK = ROOT / "content" / "civ_board" / "base"
WITH_EFFECT = {"techs.yaml": "tech", "wonders.yaml": "wonder", "culture_cards.yaml": "culture card"}
EVERY_ENTRY = {"civilizations.yaml": "civilisation", "great_people.yaml": "great person"}


def _load(path) -> dict:
    return YAML(typ="safe").load(path.read_text(encoding="utf-8"))


@cache
def covered_ids() -> frozenset[str]:
    """Ids named by the scenarios' `covers:` (an `id#n` names its entry too)."""
    ids: set[str] = set()
    for f in sorted((PACK / "tests").glob("*.yaml")):
        for c in _load(f).get("covers") or []:
            ids.add(str(c).split("#")[0])
    return frozenset(ids)


@cache
def required() -> tuple[tuple[str, str], ...]:
    out = []
    for name, label in WITH_EFFECT.items():
        out += [(label, e["id"]) for e in _load(PACK / name)["entries"] if str(e.get("effect") or "").strip()]
    for name, label in EVERY_ENTRY.items():
        out += [(label, e["id"]) for e in _load(PACK / name)["entries"]]
    return tuple(out)


def test_every_tech_wonder_civilisation_culture_card_and_great_person_has_a_scenario():
    covered = covered_ids()
    need = required()
    # each kind of the issue is present, so the check cannot pass by reading nothing
    assert {label for label, _ in need} == {*WITH_EFFECT.values(), *EVERY_ENTRY.values()}
    missing = sorted(f"{label} {i}" for label, i in need if i not in covered)
    assert missing == [], f"entries with no scenario naming them in `covers:`: {missing}"


@pytest.mark.parametrize("label", sorted({*WITH_EFFECT.values(), *EVERY_ENTRY.values()}))
def test_the_check_fails_for_an_entry_no_scenario_names(label: str):
    """A mutant of the check's input: drop the scenarios that cover one entry of the kind, and it is missed."""
    need = [i for lab, i in required() if lab == label]
    victim = need[0]
    covered = covered_ids() - {victim}
    assert [i for i in need if i not in covered] == [victim]
