"""Checks over a whole loaded pack that no single file can make: cycles, tags and text that cannot run.

- prerequisite cycles (an advance that requires itself, or two that require each other): error E0022
  naming the cycle, since none of them could ever be taken;
- trigger cycles across entries (A's trigger always emits the hook B triggers on, and back): warning
  W0302 naming the cycle (the single-entry case is the checker's W0301);
- combat tags that name neither a unit nor a city piece (the card could never be played): E0023;
- strings that are not valid Unicode (a lone surrogate such as "\\ud800" cannot be printed): E0024;
- numbers that can never mean what they say (a negative cap, gaining 0): W0330, W0331 (impossible.py);
- the game's own checks, when rules/<game>/content_checks.py exists (its `check(content)`).
"""

from __future__ import annotations

import importlib
from typing import Any

from ..engine.diagnostics import Diagnostic, did_you_mean
from . import ast as A
from .impossible import impossible_numbers
from .references import content_spec


def check_pack(content: Any) -> list[Diagnostic]:
    """Every whole-pack diagnostic; the game's content spec (rules/<game>/content.yaml) names its references."""
    spec = content_spec(content.game)
    out: list[Diagnostic] = []
    out += prerequisite_cycles(content, spec.get("references") or {})
    out += trigger_cycles(content)
    out += bad_tags(content, spec.get("tag_fields") or [])
    out += bad_unicode(content)
    out += impossible_numbers(content)
    out += game_checks(content)
    return out


def _cycles(graph: dict[str, list[str]]) -> list[list[str]]:
    """Elementary cycles found by depth-first search, each once (rotated to start at its least id)."""
    found: dict[tuple[str, ...], list[str]] = {}
    state: dict[str, int] = {}  # 0 new, 1 on the path, 2 done
    for root in sorted(graph):
        if state.get(root):
            continue
        path: list[str] = []
        stack: list[tuple[str, int]] = [(root, 0)]
        while stack:
            node, i = stack.pop()
            if i == 0:
                state[node] = 1
                path.append(node)
            nexts = sorted(graph.get(node, []))
            if i < len(nexts):
                stack.append((node, i + 1))
                nxt = nexts[i]
                if state.get(nxt) == 1:
                    cyc = path[path.index(nxt):]
                    k = cyc.index(min(cyc))
                    cyc = cyc[k:] + cyc[:k]
                    found.setdefault(tuple(cyc), cyc)
                elif not state.get(nxt):
                    stack.append((nxt, 0))
            else:
                state[node] = 2
                path.pop()
    return list(found.values())


def prerequisite_cycles(content: Any, refs: dict[str, dict[str, str]]) -> list[Diagnostic]:
    graph: dict[str, list[str]] = {}
    for e in content.entries.values():
        for fieldname, target in refs.get(e.kind, {}).items():
            if e.kind not in target.split("|"):
                continue
            value = e.data.get(fieldname)
            for ref in value if isinstance(value, list) else ([value] if value is not None else []):
                other = content.entries.get(str(ref))
                if other is not None and other.kind == e.kind:
                    graph.setdefault(e.id, []).append(other.id)
    out = []
    for cyc in _cycles(graph):
        first = content.entries[cyc[0]]
        ring = " -> ".join(cyc + [cyc[0]])
        what = "requires itself" if len(cyc) == 1 else "is part of a cycle of requirements"
        out.append(Diagnostic(first.file, first.line, first.column, "E0022",
                              f"'{cyc[0]}' {what}: {ring}", "none of these could ever be taken; remove one requirement"))
    return out


def _emitted(body: list, primitives: dict) -> set[str]:
    """Hooks a statement list always emits through the procedures it runs (no condition or choice on the way)."""
    out: set[str] = set()
    todo = list(body)
    while todo:
        s = todo.pop()
        if isinstance(s, A.Seq):
            todo.extend(s.items)
        elif isinstance(s, A.Repeat | A.ForEachPlayer):
            todo.extend(s.body)
        elif isinstance(s, A.Do):
            sig = primitives.get(s.call.name)
            if sig is not None:
                out.update(sig.emits)
    return out


def trigger_cycles(content: Any) -> list[Diagnostic]:
    prims = content.vocab.primitives
    on: dict[str, set[str]] = {}  # entry -> hooks its unconditional triggers wait for
    emits: dict[str, set[str]] = {}  # entry -> hooks those triggers always emit
    for e in content.entries.values():
        for ab in (e.effect.abilities if e.effect is not None else []):
            if not isinstance(ab, A.Trigger) or ab.when is not None or ab.once_per_turn or ab.optional or ab.cost:
                continue
            on.setdefault(e.id, set()).update(ab.hooks)
            emits.setdefault(e.id, set()).update(_emitted(ab.body, prims))
    graph = {a: [b for b in on if b != a and emits.get(a, set()) & on[b]] for a in on}
    out = []
    for cyc in _cycles(graph):
        if len(cyc) < 2:
            continue
        first = content.entries[cyc[0]]
        ring = " -> ".join(cyc + [cyc[0]])
        out.append(Diagnostic(first.file, first.line, first.column, "W0302",
                              f"triggers of these entries set each other off without end: {ring}",
                              "add a `when` condition or `once per turn` to one of them (at run time the loop "
                              "is cut after a few nested triggers)", severity="warning"))
    return out


def bad_tags(content: Any, tag_fields: list[dict]) -> list[Diagnostic]:
    """Tag lists (declared by the game as {kind, path, names}) whose tags must name entries of given kinds."""
    out = []
    for spec in tag_fields:
        kind, path, kinds = str(spec["kind"]), tuple(spec["path"]), tuple(spec["names"])
        allowed = {e.id for e in content.entries.values() if e.kind in kinds}
        for e in content.of_kind(kind):
            value: Any = e.data
            for step in path:
                value = value.get(step) if isinstance(value, dict) else None
            for tag in value if isinstance(value, list) else []:
                if str(tag) not in allowed:
                    out.append(Diagnostic(e.file, e.line, e.column, "E0023",
                                          f"'{e.id}': {'.'.join(path)} names '{tag}', which is no "
                                          f"{' or '.join(k.replace('_', ' ') for k in kinds)}",
                                          did_you_mean(str(tag), allowed) or "the card could never be played"))
    return out


def _bad_text(value: Any) -> str | None:
    """The first string inside `value` that is not valid Unicode (it holds a lone surrogate)."""
    todo = [value]
    while todo:
        v = todo.pop()
        if isinstance(v, dict):
            todo.extend(v.keys())
            todo.extend(v.values())
        elif isinstance(v, list):
            todo.extend(v)
        elif isinstance(v, str):
            try:
                v.encode("utf-8")
            except UnicodeEncodeError:
                return v
    return None


def bad_unicode(content: Any) -> list[Diagnostic]:
    out = []
    for e in content.entries.values():
        bad = _bad_text(e.data)
        if bad is not None:
            shown = bad.encode("utf-8", "backslashreplace").decode("ascii", "backslashreplace")[:60]
            out.append(Diagnostic(e.file, e.line, e.column, "E0024",
                                  f"'{e.id}' holds text that is not valid Unicode: '{shown}'",
                                  "a lone surrogate (\\ud800-\\udfff) cannot be printed; write the character itself"))
    return out


def game_checks(content: Any) -> list[Diagnostic]:
    """The game's own whole-pack checks (rules/<game>/content_checks.py), if it has any."""
    try:
        module = importlib.import_module(f"{__package__.rsplit('.', 1)[0]}.rules.{content.game}.content_checks")
    except ModuleNotFoundError:
        return []
    return list(module.check(content))
