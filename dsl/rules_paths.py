"""One value set at one path of a game's rules data (`params.grow_cost.food=0`), as a variant overlay.

`rulewright sweep` and compare's set-ups name a change by its path instead of a variant file. The path
is checked against the rules data it changes (an unknown key is an error naming the nearest keys), and
the change becomes the overlay a variant file holding it would be, merged by the same `merge` as
every variant (rules_data.py), so a setting and a variant file mean the same thing.
"""

from __future__ import annotations

import difflib
from typing import Any

from .overlay_secrecy import GAME_OWN_KEYS, refusal
from .overlay_values import check_value
from .yamlsafe import safe_load


def is_setting(text: str) -> bool:
    """Is this variant reference a `path=value` setting rather than a variant's name or file?"""
    path, eq, _ = text.partition("=")
    return bool(eq) and bool(path) and "/" not in path


def _paths(node: Any, prefix: str = "") -> list[str]:
    """Every path of a mapping's keys, depth first (`params`, `params.grow_cost`, `params.grow_cost.food` ...)."""
    out: list[str] = []
    if isinstance(node, dict):
        for k, v in node.items():
            here = f"{prefix}{k}"
            out.append(here)
            out.extend(_paths(v, here + "."))
    return out


def _unknown(rules: dict, path: str, keys: list[str], depth: int, node: Any) -> ValueError:
    where = ".".join(keys[:depth]) or "the top level"
    if not isinstance(node, dict):
        return ValueError(f"unknown rules path '{path}': '{where}' holds {type(node).__name__} "
                          f"{node!r}, not a mapping; set '{where}' as a whole")
    everywhere = _paths(rules)
    ending = [p for p in everywhere if p.endswith("." + path)]
    close = [f"{'.'.join(keys[:depth] + [k])}" for k in difflib.get_close_matches(keys[depth], list(node), 3, 0.6)]
    guesses = list(dict.fromkeys(ending + close))
    hint = f"did you mean {' or '.join(guesses)}? " if guesses else ""
    return ValueError(f"unknown rules path '{path}': no key '{keys[depth]}' in {where}; {hint}"
                      f"keys there: {', '.join(map(str, node))}")


def setting_overlay(rules: dict, text: str) -> dict:
    """The overlay {a: {b: {c: value}}} for `a.b.c=value` (the value read as YAML: 0, 1.5, [3, 5], text).

    ValueError when the path is not a key of `rules` (with the nearest keys), names the game's own secrecy
    or ranges (dsl/overlay_secrecy.py), or the value is no YAML or not one the rules allow there
    (dsl/overlay_values.py: kind, finite, range, size)."""
    path, _, raw = text.partition("=")
    keys = [k.strip() for k in path.strip().split(".")]
    if not all(keys):
        raise ValueError(f"bad rules path '{path}': write keys joined by dots, e.g. params.rounds=5")
    try:
        value = safe_load(raw) if raw.strip() else None
    except Exception as err:
        raise ValueError(f"the value of '{path}' is not YAML: {raw!r} ({err})") from None
    if keys[0] in GAME_OWN_KEYS:
        raise ValueError(f"'{path.strip()}' cannot be set: {refusal([keys[0]])}")
    node: Any = rules
    for depth, key in enumerate(keys):
        if not isinstance(node, dict) or key not in node:
            raise _unknown(rules, path, keys, depth, node)
        node = node[key]
    check_value(rules, ".".join(keys), value, node)
    # a setting puts its value in place whole: `grow_cost={food: 1}` means no ore or wood either
    overlay: Any = {"$replace": value} if isinstance(value, dict) else value
    for key in reversed(keys):
        overlay = {key: overlay}
    return overlay
