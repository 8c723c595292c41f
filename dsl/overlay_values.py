"""What value a path of a game's rules data may be given: one check for every value a person gives the rules.

A `PATH=VALUE` setting (sweep, compare), a variant file or a pack's `rules:` (through lint,
dsl/overlay_check.py) and a later tuner's knobs all ask `value_problem` / `check_value`. A value keeps the
kind of the rules' own value at that path:
- a number stays a number (never true/false), finite (no inf or nan), whole where the rules' own is whole,
  and within the range the game allows: `ranges:` of its game.yaml names a path and its bounds
  (`params.rounds: [1, 99]`, holding for every number under that path); without one, 0..99, widened to
  hold the rules' own value (a base value of -1 or 150 stays allowed);
- a word stays a word, true/false stays true/false, a list a list (of at most MAX_ITEMS items, each
  like the rules' own items), a mapping a mapping (its values like the rules' own values);
- where the rules hold nothing (`end_roll: null`) any plain data is taken, bounded in size and depth with
  finite numbers.
Names inside a value (advances, decks, procedures) are lint's to check against the content.
"""

from __future__ import annotations

import math
from typing import Any

MAX_PARAM = 99  # a rules number's default bounds: 0..MAX_PARAM (lint's since overlays were linted)
MAX_ITEMS = 500  # items of one list a value may hold (a deck of a few hundred cards at most)
MAX_NODES = 5000  # values inside one value, all levels together
MAX_DEPTH = 16
MAX_TEXT = 20_000  # characters of one text
_MISSING = object()


def declared_ranges(rules: Any) -> dict[str, tuple[float, float]]:
    """The game's `ranges:` as path -> (low, high); malformed entries are ignored (lint of the game's own
    rules is the game author's test suite)."""
    out: dict[str, tuple[float, float]] = {}
    raw = rules.get("ranges") if isinstance(rules, dict) else None
    for path, bounds in (raw or {}).items() if isinstance(raw, dict) else []:
        if (isinstance(bounds, list) and len(bounds) == 2
                and all(isinstance(b, int | float) and not isinstance(b, bool) for b in bounds)):
            out[str(path)] = (bounds[0], bounds[1])
    return out


def range_of(rules: Any, path: str, base: Any = None) -> tuple[float, float]:
    """The bounds of a number at `path` (or at any path under it): the nearest declared range, else 0..99
    widened to hold the rules' own number `base`."""
    ranges = declared_ranges(rules)
    parts = path.split(".")
    for n in range(len(parts), 0, -1):
        found = ranges.get(".".join(parts[:n]))
        if found is not None:
            return found
    lo, hi = 0, MAX_PARAM
    if isinstance(base, int | float) and not isinstance(base, bool) and math.isfinite(base):
        lo, hi = min(lo, base), max(hi, base)
    return lo, hi


def _number(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


def _shown(value: Any, width: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= width else text[: width - 3] + "..."


def _num(x: float) -> str:
    return str(x) if isinstance(x, int) else f"{x:g}"


def bounded_problem(value: Any, path: str) -> str | None:
    """Size, depth and finiteness of any plain value; None when it is within bounds. The message names the
    path of the value at fault (`setup.decks.action_card: a list of 100000 items ...`)."""
    todo, nodes = [(value, 0, path)], 0
    while todo:
        v, depth, where = todo.pop()
        nodes += 1
        if nodes > MAX_NODES or depth > MAX_DEPTH:
            return f"{path}: the value is too large (at most {MAX_NODES} values, {MAX_DEPTH} levels deep)"
        if isinstance(v, float) and not math.isfinite(v):
            return f"{where}: {v} is not a finite number"
        if isinstance(v, str) and len(v) > MAX_TEXT:
            return f"{where}: a text of {len(v)} characters (at most {MAX_TEXT})"
        if isinstance(v, list):
            if len(v) > MAX_ITEMS:
                return f"{where}: a list of {len(v)} items (at most {MAX_ITEMS})"
            todo += [(x, depth + 1, f"{where}[{i}]") for i, x in enumerate(v)]
        elif isinstance(v, dict):
            todo += [(x, depth + 1, f"{where}.{k}") for k, x in v.items()]
        elif v is not None and not isinstance(v, bool | int | float | str):
            return f"{where}: {type(v).__name__} is not plain data"
    return None


def number_problem(rules: Any, path: str, value: Any, base: Any) -> str | None:
    """Why `value` cannot stand for the rules' number `base` at `path` (None: it can)."""
    if not _number(value):
        return f"{path} is a number in the rules ({_shown(base)}), not {_shown(value)}"
    if not math.isfinite(value):
        return f"{path} must be a finite number, not {value}"
    lo, hi = range_of(rules, path, base)
    if isinstance(base, int) and not isinstance(value, int):
        return f"{path} is a whole number in the rules ({base}), not {value}"
    if not lo <= value <= hi:
        return f"{path} is {_num(value)}: the rules allow {_num(lo)} to {_num(hi)}"
    return None


def value_problem(rules: Any, path: str, value: Any, base: Any = _MISSING) -> str | None:
    """Why `value` cannot be given to `path` of `rules` (None: it can). `base`: the rules' own value there
    (looked up from `path` when not given)."""
    if base is _MISSING:
        base = lookup(rules, path)
    bounded = bounded_problem(value, path)
    if bounded:
        return bounded
    if base is None or base is _MISSING:
        return None
    if isinstance(base, bool):
        return None if isinstance(value, bool) else f"{path} is true or false in the rules, not {_shown(value)}"
    if _number(base):
        return number_problem(rules, path, value, base)
    if isinstance(base, str):
        return None if isinstance(value, str) else f"{path} is a word or text in the rules, not {_shown(value)}"
    if isinstance(base, list):
        if not isinstance(value, list):
            return f"{path} is a list in the rules, not {_shown(value)}"
        like = _family(base)
        for item in value:
            found = value_problem(rules, path, item, like) if like is not _MISSING else None
            if found:
                return found
        return None
    if isinstance(base, dict):
        if not isinstance(value, dict):
            return f"{path} is a mapping in the rules, not {_shown(value)}"
        like = _family(list(base.values()))
        for k, v in value.items():
            if str(k).startswith("$"):
                continue  # an overlay operator: its own value is checked where it is applied
            found = value_problem(rules, f"{path}.{k}", v, base.get(k, like if like is not _MISSING else None))
            if found:
                return found
    return None


def _family(items: list) -> Any:
    """A sample standing for every item of a list or mapping of the rules, when they are all of one kind:
    (an int or float stands for numbers, '' for words); _MISSING when mixed or empty."""
    if items and all(_number(x) for x in items):
        return 0 if all(isinstance(x, int) for x in items) else 0.0
    if items and all(isinstance(x, str) for x in items):
        return ""
    if items and all(isinstance(x, bool) for x in items):
        return False
    return _MISSING


def lookup(rules: Any, path: str) -> Any:
    """The rules' own value at a dotted `path` (_MISSING-like None when there is none)."""
    node = rules
    for key in path.split("."):
        if isinstance(node, dict) and key in node:
            node = node[key]
        else:
            return None
    return node


def check_value(rules: Any, path: str, value: Any, base: Any = _MISSING) -> None:
    """`value_problem` as a ValueError (the message says which path, what was given and what is allowed)."""
    problem = value_problem(rules, path, value, base)
    if problem:
        raise ValueError(problem)
