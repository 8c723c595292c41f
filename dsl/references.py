"""Cross-references between entries and fixed-size groups, as the game declares them.

Which fields name other entries, and which groups must have a given size, belong to the game, not to
the loader: they are read from the game's `rules/<game>/content.yaml` (`references:` and `shapes:`).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..engine.diagnostics import Diagnostic, did_you_mean
from ..engine.games import game_dir
from .cache import cached_yaml
from .content import Content, Entry
from .yaml_positions import holder

SPEC_FILE = "content.yaml"


@cache
def content_spec(game: str) -> dict:
    """The game's content declarations (an empty mapping for a game that declares none)."""
    path = game_dir(game) / SPEC_FILE
    return (cached_yaml(path) or {}) if path.exists() else {}


def check_references(content: Content, raw: list[tuple[Entry, Any]], diags: list[Diagnostic]) -> None:
    """Every field that names another entry names one of the right kind."""
    references: dict[str, dict[str, str]] = content_spec(content.game).get("references") or {}
    for entry, item in raw:
        for fieldname, target in references.get(entry.kind, {}).items():
            value = item.get(fieldname)
            if value is None:
                continue
            refs = list(value) if isinstance(value, list) else [value]
            for j, ref in enumerate(refs):
                other = content.entries.get(str(ref))
                if other is not None and other.kind in target.split("|"):
                    continue
                if isinstance(value, list):
                    ln, cl = item[fieldname].lc.item(j)
                else:
                    at = holder(item, fieldname)
                    ln, cl = at.lc.value(fieldname) if at is not None else (item.lc.line, item.lc.col)
                names = [e.id for k in target.split("|") for e in content.of_kind(k)]
                what = " or ".join(k.replace("_", " ") for k in target.split("|"))
                diags.append(Diagnostic(entry.file, ln + 1, cl + 1, "E0021",
                                        f"unknown {what} '{ref}' in {fieldname}",
                                        did_you_mean(str(ref), names), end_column=cl + 1 + len(str(ref))))


def check_shapes(content: Content, diags: list[Diagnostic]) -> None:
    """Warn when a group (e.g. a board of the owner's entries) has not the size the game declares."""
    shapes: list[dict] = content_spec(content.game).get("shapes") or []
    owners = list(dict.fromkeys(s["owner"] for s in shapes))
    for owner_kind in owners:
        for owner in content.of_kind(owner_kind):
            for shape in (s for s in shapes if s["owner"] == owner_kind):
                kind, field, want = shape["kind"], shape["field"], int(shape["count"])
                got = sum(1 for e in content.of_kind(kind) if e.data.get(field) == owner.id)
                if got != want:
                    what = kind.replace("_", " ")
                    word = shape.get("owner_word") or owner_kind.replace("_", " ")
                    diags.append(Diagnostic(owner.file, owner.line, owner.column, "W0031",
                                            f"{word} '{owner.id}' has {got} {what}s, not {want}",
                                            f"give it {want} `{kind}` entries with `{field}: {owner.id}`",
                                            severity="warning"))
