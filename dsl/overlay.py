"""The overlay language of rules data: how a pack's `rules:` and a variant change a game's `game.yaml`.

One semantics for every game (docs/variants.md teaches it):
- a mapping merges key by key into the mapping under it (keys it does not name stay as they were);
- any other value written plainly (a number, a word, a list, a text) replaces the value under it whole;
- operators, written as keys that start with `$`, say the rest:
  `{$replace: V}` puts V in place whole (a mapping too: keys it leaves out are gone),
  `{$delete: [k, ...]}` inside a mapping removes those keys,
  `{$append: [...]}`, `{$prepend: [...]}` and `{$remove: [...]}` add to or take from a list; on a text of
  several lines (a block of effect lines such as `rules_effect`) they work on its lines.
Operators are keys, not YAML tags, so an overlay stays plain data: it survives JSON (the content cache, the
API), any YAML tool and editors' schema checks, as Kubernetes' strategic merge patch (`$patch`) does.
"""

from __future__ import annotations

import copy
import json
import textwrap
from dataclasses import dataclass, field
from typing import Any

# what a variant file says about itself; everything else in it is its overlay of the rules data, but for
# `content:`, its overlay of content entries (dsl/content_overlay.py)
VARIANT_KEYS = ("name", "text", "game")
CONTENT_KEY = "content"


def overlay_of(data: dict) -> dict:
    """The part of a variant file that changes the rules data."""
    return {k: v for k, v in data.items() if k not in VARIANT_KEYS and k != CONTENT_KEY}


def content_overlay_of(data: dict) -> dict:
    """The part of a variant file that changes content entries (its `content:`), or {}."""
    got = data.get(CONTENT_KEY)
    return got if got is not None else {}


REPLACE, DELETE, APPEND, PREPEND, REMOVE = "$replace", "$delete", "$append", "$prepend", "$remove"
LIST_OPS = (APPEND, PREPEND, REMOVE)
OPERATORS = (REPLACE, DELETE, *LIST_OPS)


class OverlayError(ValueError):
    """An overlay that cannot be applied: where (a dotted rules-data path) and why."""

    def __init__(self, path: str, message: str, hint: str = ""):
        super().__init__(f"{path or 'the overlay'}: {message}")
        self.path = path
        self.message = message
        self.hint = hint


def join(path: str, key: Any) -> str:
    return f"{path}.{key}" if path else str(key)


def is_operator(key: Any) -> bool:
    return isinstance(key, str) and key.startswith("$")


def lines_of(text: str) -> list[str]:
    """A text's non-empty lines, stripped: what `$remove` and `variant diff` compare of a block of lines."""
    return [line.strip() for line in text.splitlines() if line.strip()]


def _text_lines(text: str) -> list[str]:
    """A text's non-empty lines as written (dedented): what `$append`/`$prepend` add to a block of lines."""
    return [line.rstrip() for line in textwrap.dedent(text).splitlines() if line.strip()]


def _items(value: Any, path: str, op: str, text: bool) -> list:
    """The items an operator names: a list, or one item; on a text, strings whose lines are the items."""
    items = value if isinstance(value, list) else [value]
    if not text:
        return items
    out: list[str] = []
    for item in items:
        if not isinstance(item, str):
            raise OverlayError(path, f"{op} on a text takes lines of text, not {item!r}"[:200])
        out += _text_lines(item)
    return out


def matches(item: Any, pattern: Any) -> bool:
    """A `$remove` pattern matches an equal item; a mapping pattern matches a mapping holding all its pairs
    (`{step: raze}` matches the whole raze step)."""
    if isinstance(pattern, dict) and isinstance(item, dict):
        return all(k in item and item[k] == v for k, v in pattern.items())
    return item == pattern


def _list_ops(base: Any, overlay: dict, path: str) -> Any:
    other = [k for k in overlay if k not in LIST_OPS]
    if other:
        raise OverlayError(path, f"'{other[0]}' cannot stand beside {', '.join(k for k in overlay if k in LIST_OPS)}",
                           "list operators ($append, $prepend, $remove) change a list or a text; write "
                           "other changes elsewhere")
    if base is not None and not isinstance(base, list | str):
        raise OverlayError(path, f"{'/'.join(k for k in overlay)} needs a list or a text of lines here, "
                                 f"not {type(base).__name__}", "use $replace to put a new value in place")
    text = isinstance(base, str)
    items = _text_lines(base) if text else copy.deepcopy(base or [])
    if REMOVE in overlay:
        patterns = _items(overlay[REMOVE], path, REMOVE, text)
        if text:
            gone = {p.strip() for p in patterns}
            items = [x for x in items if x.strip() not in gone]
        else:
            items = [x for x in items if not any(matches(x, p) for p in patterns)]
    front = _items(copy.deepcopy(overlay.get(PREPEND, [])), path, PREPEND, text)
    back = _items(copy.deepcopy(overlay.get(APPEND, [])), path, APPEND, text)
    items = front + items + back
    return "".join(f"{line}\n" for line in items) if text else items


def apply(base: Any, overlay: Any, path: str = "") -> Any:
    """The rules data `base` with `overlay` applied (neither is changed); OverlayError when it cannot be."""
    if not isinstance(overlay, dict):
        return copy.deepcopy(overlay)
    ops = [k for k in overlay if is_operator(k)]
    unknown = [k for k in ops if k not in OPERATORS]
    if unknown:
        from ..engine.diagnostics import did_you_mean

        raise OverlayError(path, f"unknown operator '{unknown[0]}'",
                           did_you_mean(unknown[0], OPERATORS) or f"operators: {', '.join(OPERATORS)}")
    if REPLACE in overlay:
        if len(overlay) > 1:
            raise OverlayError(path, "$replace stands alone in its mapping",
                               "the value of $replace is the whole new value")
        return copy.deepcopy(overlay[REPLACE])
    if any(k in LIST_OPS for k in overlay):
        return _list_ops(base, overlay, path)
    out = dict(base) if isinstance(base, dict) else {}
    if DELETE in overlay:
        keys = overlay[DELETE] if isinstance(overlay[DELETE], list) else [overlay[DELETE]]
        for k in keys:
            if isinstance(k, dict | list):
                raise OverlayError(path, f"$delete names keys, not {k!r}"[:200], "e.g. $delete: [wood]")
            out.pop(k, None)
    for k, v in overlay.items():
        if k != DELETE:
            out[k] = apply(out.get(k), v, join(path, k))
    return out


# ---- what an overlay changed ------------------------------------------------------------------------

@dataclass
class Change:
    """One changed rules-data path: `kind` is added, removed or changed; for a list or a text of lines,
    the items (lines) it gained and lost."""

    path: str
    kind: str
    before: Any = None
    after: Any = None
    added: list = field(default_factory=list)
    removed: list = field(default_factory=list)

    def to_json(self) -> dict:
        out = {"path": self.path, "change": self.kind, "before": self.before, "after": self.after}
        if self.added or self.removed:
            out |= {"added": self.added, "removed": self.removed}
        return out


def _key(x: Any) -> str:
    return json.dumps(x, sort_keys=True, default=str)


def _minus(a: list, b: list) -> list:
    """The items of `a` not matched by one of `b` (as multisets, order kept)."""
    left = [_key(x) for x in b]
    out = []
    for x in a:
        k = _key(x)
        if k in left:
            left.remove(k)
        else:
            out.append(x)
    return out


def is_text_of_lines(value: Any) -> bool:
    return isinstance(value, str) and "\n" in value.strip("\n")


def diff(before: Any, after: Any, path: str = "") -> list[Change]:
    """Every rules-data path whose value differs, in reading order."""
    if isinstance(before, dict) and isinstance(after, dict):
        out: list[Change] = []
        for k in before:
            if k not in after:
                out.append(Change(join(path, k), "removed", before=before[k]))
            else:
                out += diff(before[k], after[k], join(path, k))
        out += [Change(join(path, k), "added", after=after[k]) for k in after if k not in before]
        return out
    if before == after:
        return []
    change = Change(path, "changed", before, after)
    if isinstance(before, list) and isinstance(after, list):
        change.added, change.removed = _minus(after, before), _minus(before, after)
    elif isinstance(before, str) and isinstance(after, str) and (is_text_of_lines(before) or is_text_of_lines(after)):
        old, new = lines_of(before), lines_of(after)
        if old == new:
            return []
        change.added, change.removed = _minus(new, old), _minus(old, new)
    return [change]


def removals(changes: list[Change]) -> list[str]:
    """What of the base rules a set of changes takes away, one phrase each (for lint and `variant diff`)."""
    out = []
    for c in changes:
        if c.kind == "removed":
            out.append(f"{c.path} (was {short(c.before)})")
        elif c.removed:
            out += [f"{c.path}: {short(x)}" for x in c.removed]
        elif isinstance(c.before, dict) and not isinstance(c.after, dict):
            out.append(f"{c.path} (was {short(c.before)})")
    return out


def short(value: Any, width: int = 80) -> str:
    """A value in one line, YAML-like (flow style), cut to `width`."""
    if isinstance(value, str):
        text = value.strip()
        text = " / ".join(lines_of(text)) if "\n" in text else (text or '""')
    elif value is None:
        text = "null"
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, dict):
        text = "{" + ", ".join(f"{k}: {short(v, width)}" for k, v in value.items()) + "}"
    elif isinstance(value, list):
        text = "[" + ", ".join(short(v, width) for v in value) + "]"
    else:
        text = str(value)
    return text if len(text) <= width else text[: width - 1] + "…"
