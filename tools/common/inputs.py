"""Reading what users hand the command line (saves, JSON payloads) without trusting it.

A save is plain JSON, but a hostile one may be huge, nested a hundred thousand levels deep, not
UTF-8, or not an object at all. `read_json` turns every such case into a `UserError` that names the
file, so the command prints one line instead of a traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...engine.jsonsafe import MAX_JSON_CHARS, BadJSON, loads
from .errors import UserError


def parse_json(text: str, what: str) -> Any:
    """Parse JSON text from an untrusted source; UserError names `what` when it is not usable JSON."""
    try:
        return loads(text)
    except BadJSON as err:
        raise UserError(f"{what}: {err}") from None


def read_json(path: Path, what: str = "") -> Any:
    """Read and parse a JSON file; UserError names the file when it cannot be read or parsed."""
    name = f"{what} {path}".strip()
    try:
        if path.is_dir():
            raise UserError(f"{name}: is a folder, not a file")
        if path.exists() and not path.is_file():  # a FIFO or a device would block or never end
            raise UserError(f"{name}: not a regular file")
        size = path.stat().st_size
        if size > MAX_JSON_CHARS:
            raise UserError(f"{name}: too large ({size} bytes; the limit is {MAX_JSON_CHARS})")
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise UserError(f"{name}: not UTF-8 text") from None
    except OSError as err:
        raise UserError(f"cannot read {name}: {err.strerror or err}") from None
    return parse_json(text, name)


def load_save(file: Path) -> dict:
    """A saved game's JSON (not yet validated: the game's loader does that); UserError when unreadable."""
    return read_json(file, "save")
