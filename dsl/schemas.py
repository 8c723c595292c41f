"""JSON Schema checks of content files, each failure a Diagnostic at the offending key."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

from ..engine.diagnostics import Diagnostic, did_you_mean
from .content import SCHEMA_ROOT
from .yaml_positions import pos_of


@cache
def schema_for(kind: str) -> dict | None:
    path = SCHEMA_ROOT / f"{kind}.schema.json"
    if not path.exists():
        return None
    return json.loads(path.read_text())


NOT_CONTENT_KINDS = {"pack", "map", "scenario", "save"}


def known_kinds() -> list[str]:
    """Kinds a content file may declare with `kind:` (pack manifests, the map and scenarios are not)."""
    names = (p.name.removesuffix(".schema.json") for p in SCHEMA_ROOT.glob("*.schema.json"))
    return sorted(n for n in names if n not in NOT_CONTENT_KINDS)


_UNEXPECTED = re.compile(r"\('([^']+)' (?:was|were) unexpected\)")


def schema_errors(doc: Any, plain: Any, schema: dict, file: str, diags: list[Diagnostic]) -> bool:
    validator = jsonschema.Draft202012Validator(schema)
    ok = True
    for err in sorted(validator.iter_errors(plain), key=lambda e: list(map(str, e.absolute_path))):
        ok = False
        path = list(err.absolute_path)
        if err.validator == "additionalProperties":
            m = _UNEXPECTED.search(err.message)
            key = m.group(1) if m else None
            line, col = pos_of(doc, path, key)
            allowed = list((err.schema.get("properties") or {}).keys())
            hint = did_you_mean(key or "", allowed) or f"allowed keys: {', '.join(allowed)}"
            diags.append(Diagnostic(file, line, col, "E0011", f"unknown key '{key}'", hint,
                                    end_column=col + len(key or "x")))
        elif err.validator == "required":
            line, col = pos_of(doc, path)
            m = re.match(r"'([^']+)' is a required property", err.message)
            missing = m.group(1) if m else err.message
            where = "/".join(map(str, path)) or "the document"
            diags.append(Diagnostic(file, line, col, "E0012", f"missing required field '{missing}' in {where}",
                                    f"add `{missing}: ...`"))
        else:
            line, col = pos_of(doc, path)
            where = "/".join(map(str, path)) or "document"
            hint = ""
            if err.validator == "enum":
                hint = "one of: " + ", ".join(map(str, err.validator_value))
            elif err.validator == "pattern":
                hint = "ids are lowercase slugs: letters, digits and underscores"
            diags.append(Diagnostic(file, line, col, "E0013", f"{where}: {err.message}", hint))
    return ok



@cache
def _position_validator(schema_path: str) -> jsonschema.Draft202012Validator | None:
    schema = json.loads(Path(schema_path).read_text(encoding="utf-8"))
    position = schema.get("properties", {}).get("position")
    return jsonschema.Draft202012Validator(position) if position else None


def check_position(position: Any, game_schema: Path | None = None) -> None:
    """A set-up's `position` (from a scenario, or a save anyone may have edited) against the position of
    the scenario schema (the game's own `game_schema` when it exists, else the shared one): ValueError
    naming the first problems, so a garbage position is refused before any rule reads it."""
    path = game_schema if game_schema is not None and game_schema.is_file() else SCHEMA_ROOT / "scenario.schema.json"
    validator = _position_validator(str(path))
    if validator is None:
        return
    errors = sorted(validator.iter_errors(position), key=lambda e: [str(x) for x in e.absolute_path])
    if errors:
        shown = "; ".join(f"position/{'/'.join(map(str, e.absolute_path))}: {e.message[:100]}" for e in errors[:3])
        raise ValueError(f"the position does not match the scenario schema: {shown}")
