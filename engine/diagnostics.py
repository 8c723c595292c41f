"""Compiler-style diagnostics: every content error is a located message, never a traceback."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Diagnostic:
    file: str
    line: int
    column: int
    code: str
    message: str
    hint: str = ""
    severity: str = "error"
    end_column: int = 0

    def to_json(self) -> dict:
        return asdict(self)

    def short(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.severity}[{self.code}]: {self.message}"


class ContentError(Exception):
    """Raised when content cannot be used; carries the diagnostics that say why."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        super().__init__("\n".join(d.short() for d in diagnostics[:10]))


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """A "did you mean ...?" hint, or "" when nothing is close."""
    # never the opposite of what was written (`not_angry` for `angry`)
    close = difflib.get_close_matches(word, sorted(c for c in set(candidates)
                                                   if c != "not_" + word and word != "not_" + c), n=3, cutoff=0.6)
    if not close:
        return ""
    return "did you mean " + " or ".join(f"'{c}'" for c in close) + "?"


def render(diag: Diagnostic, source_lines: list[str] | None) -> str:
    """Render like rustc: header, the source line with a gutter, a caret, and the hint."""
    out = [diag.short()]
    if source_lines and 1 <= diag.line <= len(source_lines):
        text = source_lines[diag.line - 1].rstrip("\n")
        gutter = str(diag.line)
        pad = " " * len(gutter)
        width = max(1, (diag.end_column - diag.column) if diag.end_column > diag.column else 1)
        out.append(f"{pad} |")
        out.append(f"{gutter} | {text}")
        out.append(f"{pad} | {' ' * (max(diag.column, 1) - 1)}{'^' * width}")
    if diag.hint:
        out.append(f"  = hint: {diag.hint}")
    return "\n".join(out)


class PositionError(ValueError):
    """A scenario's position names something this game cannot hold (a space not on this player count's
    board, a unit of a pack not loaded ...). Each problem is (where, message): `where` is the path into the
    position ("cities", 0, "at"), so the scenario runner can point at the file's line."""

    def __init__(self, problems: list[tuple[tuple, str]]):
        self.problems = problems
        super().__init__("; ".join(f"position.{'.'.join(map(str, w))}: {m}" for w, m in problems))


def accepted(values: list[str], shown: int = 30) -> str:
    """'accepted: a, b, c' with at most `shown` values and the count of the rest."""
    values = sorted(dict.fromkeys(values))
    more = f" ... ({len(values)} in all)" if len(values) > shown else ""
    return "accepted: " + (", ".join(values[:shown]) + more if values else "none (nothing of this kind is loaded)")
