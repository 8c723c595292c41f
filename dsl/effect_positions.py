"""Map a diagnostic inside an entry's effect text back to its line and column in the YAML file."""

from __future__ import annotations

from typing import Any

from ..engine.diagnostics import Diagnostic


def _effect_origin(doc_entry: Any, lines: list[str]) -> tuple[int, int, bool]:
    """Where an entry's effect text starts in the file: (line, column offset, block scalar?)."""
    ln, cl = doc_entry.lc.value("effect")
    raw = lines[ln] if ln < len(lines) else ""
    if cl < len(raw) and raw[cl] in "|>":
        nxt = ln + 1
        while nxt < len(lines) and not lines[nxt].strip():
            nxt += 1
        indent = len(lines[nxt]) - len(lines[nxt].lstrip()) if nxt < len(lines) else 0
        return ln + 2, indent, True
    quote = 1 if cl < len(raw) and raw[cl] in "\"'" else 0
    return ln + 1, cl + quote, False


def _shift(d: Diagnostic, file: str, origin: tuple[int, int, bool]) -> Diagnostic:
    line0, col0, block = origin
    line = line0 + d.line - 1
    if block:
        col, end = col0 + d.column, (col0 + d.end_column if d.end_column else 0)
    elif d.line == 1:
        col, end = col0 + d.column, (col0 + d.end_column if d.end_column else 0)
    else:
        col, end = d.column, d.end_column
    return Diagnostic(file, line, col, d.code, d.message, d.hint, d.severity, end)


def effect_mapper(item: Any, lines: list[str], text: str, file: str):
    """Diagnostic in effect text -> diagnostic in the file.

    A literal block (`|`) keeps lines and strips a fixed indent, so `_shift` is exact. Folded
    blocks (`>`) and plain or quoted scalars join source lines, so positions are mapped through
    segments: where each source line's text sits in the effect string.
    """
    origin = _effect_origin(item, lines)
    ln, cl = item.lc.value("effect")
    raw = lines[ln] if ln < len(lines) else ""
    if cl < len(raw) and raw[cl] == "|":
        return lambda d: _shift(d, file, origin)
    segments: list[tuple[int, int, int]] = []  # (offset in text, source line 1-based, source column 1-based)
    pos, src = 0, origin[0] - 1
    first_col = origin[1] if not origin[2] else None
    while src < len(lines) and pos < len(text.rstrip()):
        line = lines[src]
        start = first_col if (first_col is not None and src == origin[0] - 1) else len(line) - len(line.lstrip())
        piece = line[start:].rstrip()
        if piece.endswith(("'", '"')) and text.find(piece, pos) < 0:
            piece = piece[:-1]
        k = text.find(piece, pos) if piece else -1
        if piece and (k < 0 or text[pos:k].strip()):
            break
        if piece:
            segments.append((k, src + 1, start + 1))
            pos = k + len(piece)
        src += 1
    if not segments:
        return lambda d: _shift(d, file, origin)
    starts = [0]
    for part in text.split("\n")[:-1]:
        starts.append(starts[-1] + len(part) + 1)

    def place(d: Diagnostic) -> Diagnostic:
        if not 1 <= d.line <= len(starts):
            return _shift(d, file, origin)
        off = starts[d.line - 1] + max(d.column, 1) - 1
        seg = max((s for s in segments if s[0] <= off), key=lambda s: s[0], default=segments[0])
        col = seg[2] + off - seg[0]
        end = col + (d.end_column - d.column) if d.end_column > d.column else 0
        return Diagnostic(file, seg[1], col, d.code, d.message, d.hint, d.severity, end)

    return place

