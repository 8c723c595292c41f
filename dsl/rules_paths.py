"""One value set at one path of a game's rules data (`params.grow_cost.food=0`) or of its content
(`content.units.settler.cost.food=0`), as a variant overlay.

`rulewright sweep`, compare's set-ups and `rulewright tune` name a change by its path instead of a variant
file. The path is checked against the data it changes (an unknown key is an error naming the nearest keys),
and the change becomes the overlay a variant file holding it would be, merged as every variant is
(rules_data.py; a `content.` path as a variant's `content:`, dsl/content_overlay.py), so a setting and a
variant file mean the same thing.

The syntax, for every tool that takes settings: `PATH=VALUE`, PATH keys joined by dots (the rules data's
own keys; under `content.`, a kind (`units` or `unit`), an entry id, then the entry's keys), VALUE read as
YAML (`0`, `1.5`, `[3, 5]`, `{food: 1}`, a word). `apply_settings` applies a list of them.
"""

from __future__ import annotations

import difflib
from typing import Any

from .content_overlay import CONTENT_KEY, content_tree, kinds_of, overlay_content, plural
from .overlay_secrecy import GAME_OWN_KEYS, guarded_apply, refusal
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


def setting_overlay(rules: dict, text: str, content: Any = None) -> dict:
    """The overlay {a: {b: {c: value}}} for `a.b.c=value` (the value read as YAML: 0, 1.5, [3, 5], text).

    A path starting `content.` is checked against `content` (a dsl.content.Content; the kind may be written
    as its plural) and gives a variant's `content:` overlay; a new field of an entry is left to its kind's
    schema (content_overlay.py). ValueError when the path is not a key of `rules` (with the nearest keys), names the game's own secrecy
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
    held = keys[0] == CONTENT_KEY and CONTENT_KEY not in rules
    if held:
        if content is None:
            raise ValueError(f"'{path}' is a content path: it needs the loaded content")
        node = {CONTENT_KEY: content_tree(content)}
        if len(keys) > 1:
            keys[1] = plural(kinds_of(content).get(keys[1], keys[1]))
        if len(keys) < 4:
            raise ValueError(f"content path '{path}' names a kind, an entry and its field, e.g. "
                             "content.units.settler.cost.food=0 (a variant changes entries field by field)")
        rules = node
    for depth, key in enumerate(keys):
        if held and depth == len(keys) - 1 and depth >= 3 and isinstance(node, dict) and key not in node:
            node = None  # a field an entry may have and this one leaves out (a cost's coin): its schema decides
            break
        if not isinstance(node, dict) or key not in node:
            raise _unknown(rules, path, keys, depth, node)
        node = node[key]
    check_value(rules, ".".join(keys), value, node)
    # a setting puts its value in place whole: `grow_cost={food: 1}` means no ore or wood either
    overlay: Any = {"$replace": value} if isinstance(value, dict) else value
    for key in reversed(keys):
        overlay = {key: overlay}
    return overlay


def split_overlay(overlay: dict) -> tuple[dict, dict]:
    """A setting's or variant's overlay as (its rules part, its `content:` part)."""
    rules = {k: v for k, v in overlay.items() if k != CONTENT_KEY}
    return rules, overlay.get(CONTENT_KEY) or {}


def apply_settings(rules: dict, content: Any, settings: list[str]) -> tuple[dict, Any]:
    """The rules data and content with each `PATH=VALUE` setting applied in order (each checked against
    the data as the settings before it left it): what sweep's values and tune's candidates play.

    ValueError naming the first setting that is not a known path, not YAML, or not valid content after."""
    for text in settings:
        if not is_setting(text):
            raise ValueError(f"'{text}' is not a setting: write PATH=VALUE, e.g. params.rounds=5")
        ruled, held = split_overlay(setting_overlay(rules, text, content))
        if ruled:
            rules = guarded_apply(rules, ruled)
        if held:
            content, _ = overlay_content(content, held, text)
    return rules, content


def value_at(rules: dict, content: Any, path: str) -> Any:
    """The value at a rules or `content.` path (None when there is none): what a sweep marks as its base."""
    keys = [k.strip() for k in path.split(".")]
    node: Any = rules
    if keys[0] == CONTENT_KEY and CONTENT_KEY not in rules and content is not None:
        node = {CONTENT_KEY: content_tree(content)}
        if len(keys) > 1:
            keys[1] = plural(kinds_of(content).get(keys[1], keys[1]))
    for key in keys:
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
    return node
