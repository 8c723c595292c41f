"""Reading what users hand the command line (saves, JSON payloads) without trusting it.

A save is plain JSON, but a hostile one may be huge, nested a hundred thousand levels deep, not
UTF-8, or not an object at all. `read_json` turns every such case into a `UserError` that names the
file, so the command prints one line instead of a traceback.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import UserError

MAX_JSON_BYTES = 64 * 1024 * 1024  # far above any real save (a 4-player game is about 100 kB)
MAX_JSON_DEPTH = 200  # saves are a few levels deep; the parser recurses per level


def json_depth_ok(text: str, limit: int = MAX_JSON_DEPTH) -> bool:
    """True when brackets never nest deeper than `limit` (strings are skipped)."""
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def parse_json(text: str, what: str) -> Any:
    """Parse JSON text from an untrusted source; UserError names `what` when it is not usable JSON."""
    if len(text) > MAX_JSON_BYTES:
        raise UserError(f"{what}: too large ({len(text)} characters; the limit is {MAX_JSON_BYTES})")
    if not json_depth_ok(text):
        raise UserError(f"{what}: nested deeper than {MAX_JSON_DEPTH} levels, which no save or payload needs")
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise UserError(f"{what}: not valid JSON ({err})") from None
    except (RecursionError, ValueError) as err:
        raise UserError(f"{what}: not usable JSON ({type(err).__name__})") from None


def read_json(path: Path, what: str = "") -> Any:
    """Read and parse a JSON file; UserError names the file when it cannot be read or parsed."""
    name = f"{what} {path}".strip()
    try:
        if path.is_dir():
            raise UserError(f"{name}: is a folder, not a file")
        size = path.stat().st_size
        if size > MAX_JSON_BYTES:
            raise UserError(f"{name}: too large ({size} bytes; the limit is {MAX_JSON_BYTES})")
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise UserError(f"{name}: not UTF-8 text") from None
    except OSError as err:
        raise UserError(f"cannot read {name}: {err.strerror or err}") from None
    return parse_json(text, name)
