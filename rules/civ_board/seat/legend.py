"""The drawing's furniture: the coordinates along the map's edges (the labels logs and prompts use: column
letter, row number) and the legend that says what every mark on a square means."""

from __future__ import annotations

from html import escape

from ..board import board

PLAYER = ["#c0392b", "#2f6db5", "#e0b020", "#7d3c98"]
FONT = "font-family=\"sans-serif\""


def text(x: float, y: float, s: str, size: float = 11, fill: str = "#222", weight: str = "normal",
         fit: float | None = None, anchor: str = "start") -> str:
    """A line of text; with `fit`, squeezed into that many pixels when it would be wider (never cut)."""
    squeeze = f' textLength="{fit:g}" lengthAdjust="spacingAndGlyphs"' if fit and width(s, size) > fit else ""
    return (f'<text x="{x:g}" y="{y:g}" {FONT} font-size="{size:g}" font-weight="{weight}" fill="{fill}" '
            f'text-anchor="{anchor}"{squeeze}>{escape(s)}</text>')


def width(s: str, size: float) -> float:
    """About how wide a line of sans-serif text is (0.56 em a character)."""
    return len(s) * size * 0.56


def wrap(s: str, chars: int) -> list[str]:
    """Words on lines of at most `chars` characters (a longer word stands alone on its line, whole)."""
    lines: list[str] = []
    for word in s.split():
        if lines and len(lines[-1]) + 1 + len(word) <= chars:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def coordinates(cols: int, rows: int, x0: float, y0: float, cell: float) -> str:
    """Column letters above the map and row numbers left of it, as board.label writes a square."""
    out = [text(x0 + (x + 0.5) * cell, y0 - 5, board.label(x, 0)[:-1], 11, "#444", "bold", anchor="middle")
           for x in range(cols)]
    out += [text(x0 - 4, y0 + (y + 0.5) * cell + 4, str(y + 1), 11, "#444", "bold", anchor="end") for y in range(rows)]
    return '<g data-kind="coordinates">' + "".join(out) + "</g>"


LEGEND = [
    ("t2 p1 c1 $1", "a square's trade, production, culture and coins"),
    ("wheat", "the resource a square shows (harvested from a city's outskirts)"),
    ("H / V", "a facedown hut / village marker"),
    ("army", "an army figure (round), a scout (square), in its owner's colour"),
    ("city", "a capital (C) or a city (c); a thick border: walled"),
    ("item", "a building, wonder or great person standing on the square"),
    ("dark", "a facedown map tile; dashed: a disaster marker"),
]


def legend(x: float, y: float, w: float) -> tuple[str, float]:
    """The legend box at (x, y), `w` wide; returns it and its height."""
    out, row = [], y + 18
    out.append(text(x + 8, row, "Legend", 12, "#222", "bold"))
    for mark, words in LEGEND:
        row += 16
        out.append(_sample(mark, x + 8, row))
        lines = wrap(words, int((w - 84) / (10 * 0.56)))
        for i, line in enumerate(lines):
            out.append(text(x + 78, row + i * 12, line, 10))
        row += 12 * (len(lines) - 1)
    h = row - y + 10
    box = f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="5" fill="#fffdf7" stroke="#888"/>'
    return '<g data-kind="legend">' + box + "".join(out) + "</g>", h


def _sample(mark: str, x: float, y: float) -> str:
    if mark == "army":
        return (f'<circle cx="{x + 6}" cy="{y - 4}" r="5" fill="{PLAYER[0]}" stroke="#000"/>'
                f'<rect x="{x + 16}" y="{y - 8}" width="8" height="8" fill="{PLAYER[1]}" stroke="#000"/>')
    if mark == "city":
        return (f'<rect x="{x}" y="{y - 11}" width="14" height="14" fill="{PLAYER[0]}" stroke="#000" stroke-width="3"/>'
                + text(x + 3, y, "C", 10, "#fff", "bold"))
    if mark == "item":
        return f'<rect x="{x}" y="{y - 9}" width="40" height="10" fill="{PLAYER[1]}" opacity="0.8"/>' + \
            text(x + 2, y - 1, "Library", 8, "#fff")
    if mark == "dark":
        return (f'<rect x="{x}" y="{y - 11}" width="14" height="14" fill="#333"/>'
                f'<rect x="{x + 20}" y="{y - 11}" width="14" height="14" fill="none" stroke="#7a1f1f" stroke-dasharray="3,2"/>')
    return text(x, y, mark, 9, "#402" if mark == "wheat" else "#222", "bold" if "/" in mark else "normal")
