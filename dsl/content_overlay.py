"""A variant over content: the `content:` part of a variant file, which changes content entries by kind and id.

    content:
      units:
        settler: {cost: {$replace: {}}}      # settlers cost nothing
      wonders:
        pyramids: {cost: {culture: 5}}

The keys under `content:` are content kinds, written as the kind (`unit`) or its plural (`units`, the name
of the pack's file); under a kind, the ids of existing entries of that kind; under an id, an overlay of the
entry's data with the operators of dsl/overlay.py (`$replace`, `$delete`, `$append` ...), exactly as rules
data is overlaid. A variant changes entries; it adds none (a new entry belongs in a pack) and may not change
an id. The entry after the overlay is checked as a loaded entry is: its kind's JSON Schema, the fields that
name other entries, and its effect texts parsed and checked by the card language. The content is never
changed in place: the result is a new `Content` sharing every unchanged entry.

Paths of settings and sweeps (`content.units.settler.cost.food=0`, dsl/rules_paths.py) land here too, and
`variant diff` shows what changed under `content.<kinds>.<id>...`.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import jsonschema

from ..engine.diagnostics import Diagnostic, did_you_mean
from .checker import check_effect
from .content import Content, Entry
from .limits import check_limits
from .overlay import Change, OverlayError, apply, diff
from .parser import parse_effect
from .references import content_spec
from .schemas import schema_for

CONTENT_KEY = "content"


def plural(kind: str) -> str:
    """A kind's name in paths and diffs: `unit` -> `units`, `category` -> `categories` (the files' names)."""
    if kind.endswith("y") and not kind.endswith(("ay", "ey", "oy", "uy")):
        return kind[:-1] + "ies"
    return kind if kind.endswith("s") else kind + "s"


def kinds_of(content: Content) -> dict[str, str]:
    """Every way to write each loaded kind (its name and its plural) -> the kind."""
    out: dict[str, str] = {}
    for e in content.entries.values():
        out[e.kind] = e.kind
        out[plural(e.kind)] = e.kind
    return out


def content_tree(content: Content) -> dict[str, dict[str, Any]]:
    """The content as one mapping, `{units: {settler: {...data}}, ...}`: what a `content.` path walks."""
    out: dict[str, dict[str, Any]] = {}
    for e in content.entries.values():
        out.setdefault(plural(e.kind), {})[e.id] = e.data
    return out


def _entry(content: Content, kinds: dict[str, str], kind_key: Any, ident: Any) -> Entry:
    """The entry a variant names (OverlayError with the nearest names when there is none)."""
    kind = kinds.get(str(kind_key))
    if kind is None:
        names = sorted({plural(k) for k in kinds.values()})
        raise OverlayError(f"{CONTENT_KEY}.{kind_key}", f"no content kind '{kind_key}' in the loaded packs",
                           (did_you_mean(str(kind_key), names) + " " if did_you_mean(str(kind_key), names) else "")
                           + f"kinds: {', '.join(names)}")
    entry = content.entries.get(str(ident))
    if entry is None or entry.kind != kind:
        ids = [e.id for e in content.of_kind(kind)]
        where = f"{CONTENT_KEY}.{plural(kind)}.{ident}"
        other = f" ('{ident}' is a {entry.kind.replace('_', ' ')})" if entry is not None else ""
        raise OverlayError(where, f"no {kind.replace('_', ' ')} '{ident}'{other}: a variant changes the entries "
                                  "the packs have (a new entry belongs in a pack)",
                           did_you_mean(str(ident), ids) or f"{len(ids)} entries of this kind")
    return entry


def entry_problems(content: Content, entry: Entry, data: dict, file: str) -> tuple[list[Diagnostic], dict]:
    """What is wrong with an entry's data after an overlay (schema, references, effects), and its effects
    parsed anew (`effect`, `combat_effect`, `parts`) for those whose text changed."""
    out: list[Diagnostic] = []
    where = f"{CONTENT_KEY}.{plural(entry.kind)}.{entry.id}"
    if data.get("id", entry.id) != entry.id:
        out.append(Diagnostic(file, 1, 1, "E0042", f"{where}: a variant may not change an entry's id"))
    schema = schema_for(entry.kind)
    if schema is not None:
        validator = jsonschema.Draft202012Validator(schema)
        for err in sorted(validator.iter_errors({"kind": entry.kind, "entries": [data]}),
                          key=lambda e: [str(x) for x in e.absolute_path]):
            inner = ".".join(str(x) for x in list(err.absolute_path)[2:])
            out.append(Diagnostic(file, 1, 1, "E0042", f"{where}{'.' + inner if inner else ''}: {err.message[:200]}",
                                  "the entry after the variant must still match its kind's schema "
                                  "(`rulewright schema` prints it)"))
    refs: dict[str, str] = (content_spec(content.game).get("references") or {}).get(entry.kind, {})
    for fieldname, target in refs.items():
        value = data.get(fieldname)
        for ref in (value if isinstance(value, list) else [] if value is None else [value]):
            other = content.entries.get(str(ref))
            if other is None or other.kind not in target.split("|"):
                names = [e.id for k in target.split("|") for e in content.of_kind(k)]
                out.append(Diagnostic(file, 1, 1, "E0021", f"{where}.{fieldname}: unknown "
                                      f"{' or '.join(k.replace('_', ' ') for k in target.split('|'))} '{ref}'",
                                      did_you_mean(str(ref), names)))
    effects: dict[str, Any] = {}

    def parsed(text: Any, old_text: Any, old: Any) -> Any:
        if text == old_text:
            return old
        if not text:
            return None
        effect, errs = parse_effect(str(text), file)
        found = errs or (check_effect(effect, content.vocab, file, entry.kind) + check_limits(effect, file))
        out.extend(dataclasses.replace(d, message=f"{where}: {d.message}") for d in found)
        return effect if not any(d.severity == "error" for d in found) else None

    effects["effect"] = parsed(data.get("effect"), entry.data.get("effect"), entry.effect)
    combat, old_combat = data.get("combat"), entry.data.get("combat")
    effects["combat_effect"] = parsed(combat.get("effect") if isinstance(combat, dict) else None,
                                      old_combat.get("effect") if isinstance(old_combat, dict) else None,
                                      entry.combat_effect)
    part_field = (content_spec(content.game).get("part_effects") or {}).get(entry.kind)
    parts: dict[str, Any] = {}
    if part_field:
        new_items, old_items = data.get(part_field) or [], entry.data.get(part_field) or []
        for i, item in enumerate(new_items if isinstance(new_items, list) else []):
            if not isinstance(item, dict):
                continue
            old_item = old_items[i] if i < len(old_items) and isinstance(old_items[i], dict) else {}
            got = parsed(item.get("effect"), old_item.get("effect"), entry.parts.get(f"{part_field}.{i}"))
            if got is not None:
                parts[f"{part_field}.{i}"] = got
    effects["parts"] = parts if part_field else dict(entry.parts)
    return out, effects


def overlay_content(content: Content, overlay: Any, file: str = "<variant>") -> tuple[Content, list[Change]]:
    """`content` with a variant's `content:` overlay applied, and what it changed (paths under `content.`).

    ValueError (an OverlayError where a path is known) when a kind or id is unknown, an operator cannot
    apply, or an entry after the overlay is not valid content (its first problem, with a hint)."""
    if overlay in (None, {}):
        return content, []
    if not isinstance(overlay, dict):
        raise OverlayError(CONTENT_KEY, "is a mapping of content kinds to entries, e.g. "
                                        "content: {units: {settler: {cost: {food: 0}}}}")
    kinds = kinds_of(content)
    entries = dict(content.entries)
    changes: list[Change] = []
    by_entry = {k: list(v) for k, v in content.variant_changes.items()}
    for kind_key, by_id in overlay.items():
        if not isinstance(by_id, dict):
            raise OverlayError(f"{CONTENT_KEY}.{kind_key}", "is a mapping of entry ids to their changes")
        for ident, change in by_id.items():
            entry = _entry(content, kinds, kind_key, ident)
            where = f"{CONTENT_KEY}.{plural(entry.kind)}.{entry.id}"
            current = entries[entry.id]
            if not isinstance(change, dict) or "$replace" in change:
                raise OverlayError(where, "an entry is changed field by field, not replaced whole",
                                   "write the fields that change, e.g. cost: {food: 0}")
            data = apply(current.data, change, where)
            problems, effects = entry_problems(content, current, data, file)
            errors = [d for d in problems if d.severity == "error"]
            if errors:
                raise ValueError(errors[0].message + (f" ({errors[0].hint})" if errors[0].hint else ""))
            found = diff(current.data, data, where)
            changes += found
            by_entry.setdefault(entry.id, []).extend(found)
            entries[entry.id] = dataclasses.replace(current, data=data, **effects)
    if not changes:
        return content, []
    return dataclasses.replace(content, entries=entries, variant_changes=by_entry), changes
