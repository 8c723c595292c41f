"""Mutation testing of content: remove one entry's effect and its scenarios must notice.

For every entry named in a scenario's `covers`, the scenarios covering it run again against a
definition in which that entry has no effect; at least one must fail, or the entry's effect is
not really tested.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from ..rules.clash.definition import ClashDefinition, definition
from .scenarios import _pack_ref, find_scenarios, load_scenario, run_scenario

MUTATED_KINDS = ("advance", "wonder", "city_piece", "action_card", "event_card", "objective_card")


def without(defn: ClashDefinition, entry_id: str) -> ClashDefinition:
    """A copy of a definition in which one entry's effect is removed."""
    content = dataclasses.replace(defn.content, entries=dict(defn.content.entries))
    content.entries[entry_id] = dataclasses.replace(content.entries[entry_id], effect=None, combat_effect=None)
    return ClashDefinition(content, defn.rules, list(defn.variants))


def _mutated(spec: dict, f: Path, entry: str, cache: dict[tuple, ClashDefinition]) -> ClashDefinition:
    """The definition of the scenario's own packs (e.g. a test pack of event cards), without the entry."""
    key = (tuple(_pack_ref(r, str(f)) for r in spec.get("packs") or ["base"]), tuple(spec.get("variants") or []))
    if key not in cache:
        cache[key] = without(definition(*key), entry)
    return cache[key]


def coverage(paths: list[Path] | None = None) -> dict[str, list[tuple[Path, dict]]]:
    out: dict[str, list[tuple[Path, dict]]] = {}
    for f in find_scenarios(paths):
        spec = load_scenario(f)
        for c in spec.get("covers") or []:
            out.setdefault(c, []).append((f, spec))
    return out


def mutation_report(paths: list[Path] | None = None, only: list[str] | None = None) -> dict[str, list[str]]:
    """{"survived": [...], "killed": [...], "uncovered": [...]} over advances, wonders, pieces and cards."""
    cov = coverage(paths)
    base = definition()
    kinds = MUTATED_KINDS
    targets = [e.id for e in base.content.entries.values() if e.kind in kinds and e.effect is not None]
    if only:
        targets = [t for t in targets if t in only]
    report: dict[str, list[str]] = {"survived": [], "killed": [], "uncovered": []}
    for entry in targets:
        scenarios = cov.get(entry)
        if not scenarios:
            report["uncovered"].append(entry)
            continue
        mutants: dict[tuple, ClashDefinition] = {}
        if any(not run_scenario(spec, _mutated(spec, f, entry, mutants), str(f)).passed for f, spec in scenarios):
            report["killed"].append(entry)
        else:
            report["survived"].append(entry)
    return report
