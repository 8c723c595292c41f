"""YAML from untrusted packs: aliases may not expand a small file into a huge document.

A YAML alias (`*a`) refers to an anchored node instead of copying it, so ruamel loads a "billion
laughs" file (ten aliases to ten aliases to ...) in microseconds; the harm comes later, when the
document is turned into plain data or validated, which visits every expanded node. `expanded_size`
counts those nodes without expanding them (each shared node is counted once per reference through a
memo), and refuses recursive aliases, so a loader can reject the file before anything walks it.
"""

from __future__ import annotations

from typing import Any

MAX_NODES = 250_000  # a whole bundled pack file has a few thousand nodes
MAX_DEPTH = 64  # content files are a handful of levels deep
TOO_BIG = MAX_NODES + 1


def _children(node: Any) -> list[Any]:
    if isinstance(node, dict):
        return [*node.keys(), *node.values()]
    if isinstance(node, list | tuple | set):
        return list(node)
    return []


def expanded_size(doc: Any, limit: int = MAX_NODES, max_depth: int = MAX_DEPTH) -> int:
    """Nodes the document has once every alias is expanded; TOO_BIG beyond `limit`, `max_depth` or a cycle."""
    memo: dict[int, int] = {}
    on_path: set[int] = set()
    keep: list[Any] = []  # hold the visited objects so their ids stay unique while we count
    stack: list[tuple[Any, bool, int]] = [(doc, False, 0)]
    while stack:
        node, done, depth = stack.pop()
        kids = _children(node)
        if not kids:
            memo[id(node)] = 1
            continue
        key = id(node)
        if done:
            on_path.discard(key)
            total = 1 + sum(memo.get(id(k), 1) for k in kids)
            memo[key] = min(total, TOO_BIG)
            continue
        if key in memo:
            continue
        if key in on_path or depth > max_depth:
            return TOO_BIG  # an alias to its own ancestor expands for ever; or absurdly deep
        on_path.add(key)
        keep.append(node)
        stack.append((node, True, depth))
        stack.extend((k, False, depth + 1) for k in kids if _children(k) and id(k) not in memo)
    size = memo.get(id(doc), 1)
    return size if size <= limit else TOO_BIG


def too_large(doc: Any, limit: int = MAX_NODES) -> str:
    """A message when the document is too large once expanded (or recursive), else ""."""
    if expanded_size(doc, limit) > limit:
        return (f"the document expands to more than {limit} nodes, or nests more than {MAX_DEPTH} levels "
                f"(aliases that refer to aliases, or to themselves)")
    return ""


def safe_load(text: str) -> Any:
    """Load YAML text (safe loader) and refuse it when aliases expand it too far. Raises ValueError."""
    from ruamel.yaml import YAML

    data = YAML(typ="safe").load(text)
    problem = too_large(data)
    if problem:
        raise ValueError(problem)
    return data
