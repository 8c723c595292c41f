"""JSON from untrusted hands: bounded in size and depth before the parser sees it.

Python's json module recurses once per nesting level, so `[[[[...]]]]` a hundred thousand deep
raises RecursionError, and a huge text takes memory before anything is checked. `loads` refuses
both with `BadJSON` (a ValueError) whose message says what was wrong; callers add whose text it was.
"""

from __future__ import annotations

import json
from typing import Any

MAX_JSON_CHARS = 64 * 1024 * 1024  # far above any real save or service blob (a 4-player game: ~100 kB)
MAX_JSON_DEPTH = 200  # saves and blobs are a few levels deep


class BadJSON(ValueError):
    """Text that is not usable JSON: malformed, too large or nested too deeply."""


def depth_ok(text: str, limit: int = MAX_JSON_DEPTH) -> bool:
    """True when brackets never nest deeper than `limit` (brackets inside strings do not count)."""
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


def loads(text: Any) -> Any:
    """Parse untrusted JSON text; BadJSON says why it cannot be used."""
    if isinstance(text, bytes | bytearray):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BadJSON("not UTF-8 text") from None
    if not isinstance(text, str):
        raise BadJSON(f"expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_JSON_CHARS:
        raise BadJSON(f"too large ({len(text)} characters; the limit is {MAX_JSON_CHARS})")
    if not depth_ok(text):
        raise BadJSON(f"nested deeper than {MAX_JSON_DEPTH} levels, which no save or payload needs")
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise BadJSON(f"not valid JSON ({err})") from None
    except (RecursionError, ValueError) as err:
        raise BadJSON(f"not usable JSON ({type(err).__name__})") from None
