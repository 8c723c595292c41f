"""YAML read with ruamel so that every value keeps its line and column, for diagnostics."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from ..engine.diagnostics import Diagnostic
from .yamlsafe import too_large


def _yaml() -> YAML:
    y = YAML(typ="rt")
    y.allow_duplicate_keys = False
    return y


def plain(node: Any) -> Any:
    """ruamel's commented containers -> plain dicts/lists (JSON-ready)."""
    if isinstance(node, dict):
        return {str(k): plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [plain(v) for v in node]
    if isinstance(node, str):
        return str(node)
    return node


def is_dir(path: Path) -> bool:
    """Path.is_dir that answers False for names the OS refuses (too long, a NUL byte) instead of raising."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def not_a_file(path: Path) -> bool:
    """True for something that exists but is no regular file (a FIFO, a device), or a name the OS refuses."""
    try:
        return path.exists() and not path.is_file()
    except (OSError, ValueError):
        return True


def read_yaml(path: Path, diags: list[Diagnostic], sources: dict[str, list[str]], text: str | None = None) -> Any:
    """The document of a YAML file with positions, or None (and a diagnostic); `text`: the file's text as an
    editor holds it, read instead of the disk."""
    if text is None and not_a_file(path):  # a FIFO or a device: reading it would block or never end
        diags.append(Diagnostic(str(path), 1, 1, "W0007", "not a regular file: skipped",
                                "a pack holds plain YAML files", severity="warning"))
        return None
    try:
        text = path.read_text(encoding="utf-8") if text is None else text
    except (OSError, UnicodeDecodeError, ValueError) as err:
        diags.append(Diagnostic(str(path)[:200], 1, 1, "E0001", f"cannot read file: {str(err)[:300]}"))
        return None
    sources[str(path)] = text.splitlines()
    try:
        doc = _yaml().load(text)
        problem = too_large(doc)  # an alias bomb: refuse it before anything expands it
        if problem:
            diags.append(Diagnostic(str(path), 1, 1, "E0006", f"YAML: {problem}",
                                    "write the entries out; anchors and aliases may only share small parts"))
            return None
        return doc
    except MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = (mark.line + 1) if mark else 1
        col = (mark.column + 1) if mark else 1
        problem = (err.problem or "invalid YAML").strip()
        hint = "check the indentation: entries of one list or mapping must line up"
        if "duplicate key" in str(err):
            hint = "a key may appear only once in a mapping"
        if err.context:
            problem = f"{problem} ({err.context.strip()})"
        diags.append(Diagnostic(str(path), line, col, "E0002", f"YAML: {problem}", hint))
    except YAMLError as err:
        diags.append(Diagnostic(str(path), 1, 1, "E0002", f"YAML: {err}"))
    except Exception as err:  # ruamel may raise odd errors on garbage; never crash the loader
        diags.append(Diagnostic(str(path), 1, 1, "E0002", f"YAML: {type(err).__name__}: {err}"))
    return None


def pos_of(node: Any, path: list, key_wanted: str | None = None) -> tuple[int, int]:
    """Line/column (1-based) of the value at `path` inside a ruamel document."""
    line, col = 1, 1
    cur = node
    for step in path:
        try:
            if isinstance(cur, CommentedMap) and step in cur:
                at = holder(cur, step) or cur  # a merged key (`<<: *a`) has its position in the anchor
                ln, cl = at.lc.value(step)
                kl, kc = at.lc.key(step)
                line, col = (ln + 1, cl + 1) if not isinstance(cur[step], (dict, list)) else (kl + 1, kc + 1)
                cur = cur[step]
            elif isinstance(cur, CommentedSeq) and isinstance(step, int) and step < len(cur):
                ln, cl = cur.lc.item(step)
                line, col = ln + 1, cl + 1
                cur = cur[step]
            else:
                break
        except (KeyError, IndexError, TypeError, AttributeError):
            break
    at = holder(cur, key_wanted) if key_wanted and isinstance(cur, CommentedMap) and key_wanted in cur else None
    if at is not None:
        try:
            ln, cl = at.lc.key(key_wanted)
            return ln + 1, cl + 1
        except (KeyError, TypeError, AttributeError):  # a key merged in from an anchor: no own position
            pass
    if isinstance(cur, (CommentedMap, CommentedSeq)) and getattr(cur, "lc", None) is not None and not path:
        return cur.lc.line + 1, cur.lc.col + 1
    return line, col



def holder(item: Any, key: str) -> Any:
    """The mapping whose source holds `key`: the item, or a mapping merged into it (`<<: *anchor`)."""
    todo = [item]
    for _ in range(64):
        if not todo:
            break
        m = todo.pop(0)
        lc = getattr(m, "lc", None)
        if lc is not None and key in (getattr(lc, "data", None) or {}):
            return m
        for x in getattr(m, "merge", None) or []:
            todo.append(x[1] if isinstance(x, tuple) else x)
    return None
