"""Mutation testing of content: remove one entry's effect and its scenarios must notice.

For every entry named in a scenario's `covers`, the scenarios covering it run again against a
definition in which that entry has no effect; at least one must fail, or the entry's effect is
not really tested.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from ...dsl.loader import bundled_packs, resolve_packs
from ...engine import games
from .scenarios import (
    _pack_ref,
    _variant_ref,
    find_scenarios,
    home_pack,
    load_scenario,
    run_scenario,
    spec_game,
)

MUTATED_KINDS = ("advance", "wonder", "city_piece", "unit", "action_card", "event_card", "objective_card",
                 "special_advance", "leader")
# Kinds whose abilities are mutated one at a time too (`leader#1` removes only the second ability): a
# leader card's two abilities must each be tested.
PER_ABILITY_KINDS = ("leader",)
BUNDLED = ("base", "civilizations")


def without(defn: Any, target: str) -> Any:
    """A copy of a definition in which one entry's effect is removed: for `id#k` only its k-th ability,
    for `id@n` only the effect of its n-th part (a wonder board's stage)."""
    entry_id, _, k = target.partition("#")
    entry_id, _, part = entry_id.partition("@")
    content = dataclasses.replace(defn.content, entries=dict(defn.content.entries))
    entry = content.entries[entry_id]
    if part:
        n = int(part) - 1
        parts = {key: eff for key, eff in entry.parts.items() if int(key.rsplit(".", 1)[1]) != n}
        content.entries[entry_id] = dataclasses.replace(entry, parts=parts)
    elif k and entry.effect is not None:
        kept = [a for i, a in enumerate(entry.effect.abilities) if i != int(k)]
        content.entries[entry_id] = dataclasses.replace(entry, effect=dataclasses.replace(entry.effect, abilities=kept))
    else:
        content.entries[entry_id] = dataclasses.replace(entry, effect=None, combat_effect=None, parts={})
    return type(defn)(content, defn.rules, list(defn.variants))


def _mutated(spec: dict, f: Path, entry: str, cache: dict[tuple, Any]) -> Any:
    """The definition of the scenario's own packs (e.g. a test pack of event cards), without the entry."""
    key = (tuple(_pack_ref(r, str(f)) for r in spec.get("packs") or home_pack(str(f))),
           tuple(_variant_ref(str(v), str(f)) for v in spec.get("variants") or []))
    if key not in cache:
        cache[key] = without(games.find(spec_game(spec)).definition(*key), entry)
    return cache[key]


def coverage(paths: list[Path] | None = None, default: str | None = None) -> dict[str, list[tuple[Path, dict]]]:
    """Entry -> the scenarios (file, mapping) naming it in `covers` (`default`: see packs_under_test)."""
    out: dict[str, list[tuple[Path, dict]]] = {}
    for f in find_scenarios(paths):
        spec = load_scenario(f, default)
        for c in spec.get("covers") or []:
            out.setdefault(c, []).append((f, spec))
    return out


def packs_under_test(paths: list[Path], game: str, default: str | None = None) -> tuple[list[str], list[str]]:
    """(every pack the scenarios of `paths` for `game` load, the ids of those not bundled with the game):
    the packs whose entries `rulewright test PATH --mutation` mutates are a modder's own, those the
    scenarios load from a folder, never the bundled ones they build on (`default`: the game of scenarios
    that name none, as `rulewright test --game` says)."""
    loaded: list[str] = []
    for f in find_scenarios(paths):
        try:
            spec = load_scenario(f, default)
        except Exception:  # an unreadable scenario is reported by the run itself
            continue
        if spec_game(spec) != game:
            continue
        for ref in spec.get("packs") or home_pack(str(f)):
            ref = _pack_ref(str(ref), str(f))
            if ref not in loaded:
                loaded.append(ref)
    bundled = bundled_packs(game)
    own = [p.id for p in resolve_packs([r for r in loaded if r not in bundled], game, [], {}) if p.id not in bundled]
    return loaded, own


def mutation_report(paths: list[Path] | None = None, only: list[str] | None = None, game: str | None = None,
                    packs: tuple[str, ...] | None = None,
                    of_pack: str | tuple[str, ...] | None = None, default: str | None = None) -> dict[str, list[str]]:
    """{"survived": [...], "killed": [...], "uncovered": [...]} over every kind with effects in `packs` (default:
    the game's bundled packs; the default game; a game names its kinds, packs and the kinds mutated one
    ability at a time in its descriptor);
    `of_pack` keeps only the entries of that pack or those packs (e.g. a modder's own); `default` is the
    game of scenarios that name none (`rulewright test --game`)."""
    cov = coverage(paths, default)
    module = games.find(game or games.default_game())
    base = module.definition(tuple(packs or module.mutation_packs or BUNDLED))
    kinds = tuple(module.mutation_kinds or MUTATED_KINDS)
    per_ability = tuple(module.mutation_per_ability or PER_ABILITY_KINDS)
    wanted = (of_pack,) if isinstance(of_pack, str) else of_pack
    entries = [e for e in base.content.entries.values() if wanted is None or e.pack in wanted]
    targets = [e.id for e in entries if e.kind in kinds and e.effect is not None and e.effect.abilities]
    targets += [f"{e.id}#{k}" for e in entries
                if e.kind in per_ability and e.effect is not None and len(e.effect.abilities) > 1
                for k in range(len(e.effect.abilities))]
    targets += [f"{e.id}@{int(key.rsplit('.', 1)[1]) + 1}" for e in entries
                if e.kind in kinds for key in sorted(e.parts)]
    if only:
        targets = [t for t in targets if t.partition("#")[0] in only]
    report: dict[str, list[str]] = {"survived": [], "killed": [], "uncovered": []}
    for entry in targets:
        scenarios = cov.get(entry.partition("#")[0]) or cov.get(entry.partition("@")[0])
        if not scenarios:
            report["uncovered"].append(entry)
            continue
        mutants: dict[tuple, Any] = {}
        if any(not run_scenario(spec, _mutated(spec, f, entry, mutants), str(f)).passed for f, spec in scenarios):
            report["killed"].append(entry)
        else:
            report["survived"].append(entry)
    return report
