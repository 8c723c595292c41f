"""The small pictures of the 7 Wonders table (render_svg.py draws the cities with them): text that wraps
instead of being cut, card chips sized to their names, the three science symbols, coins, shields and
conflict tokens. Plain SVG strings; every text is escaped."""

from __future__ import annotations

import textwrap
from html import escape

FONT = "sans-serif"
FILL = {"brown": "#8b5a2b", "grey": "#9a9a9a", "blue": "#2f6db5", "green": "#3c8d3c", "red": "#c0392b",
        "yellow": "#e0b020", "purple": "#7d3c98"}
DARK_TEXT = ("yellow", "grey")  # colours light enough for dark text
CHAR_W = 0.58  # a sans-serif character's mean width, in font sizes (to size boxes so no text is cut)


def text(x: float, y: float, s: str, size: int = 13, weight: str = "normal", fill: str = "#222",
         anchor: str = "start") -> str:
    """One line of text at (x, y), its baseline."""
    return (f'<text x="{x:g}" y="{y:g}" font-family="{FONT}" font-size="{size}" font-weight="{weight}" '
            f'fill="{fill}" text-anchor="{anchor}">{escape(s)}</text>')


def width_of(s: str, size: int) -> float:
    """About how wide a line of text is drawn (a box this wide holds it whole)."""
    return len(s) * size * CHAR_W


def wrap(s: str, width: float, size: int) -> list[str]:
    """The text in lines no wider than `width` (a word longer than a line stands on its own)."""
    chars = max(4, int(width / (size * CHAR_W)))
    return textwrap.wrap(s, chars, break_long_words=False) or [""]


def lines(x: float, y: float, rows: list[str], size: int = 11, fill: str = "#222", gap: float = 1.25) -> str:
    """Several lines of text, the first baseline at y."""
    return "".join(text(x, y + i * size * gap, row, size, fill=fill) for i, row in enumerate(rows))


def chip(x: float, y: float, name: str, colour: str, card: str, size: int = 11, note: str = "") -> tuple[str, float]:
    """A built card as a coloured chip wide enough for its whole name (and a note below it, when given):
    (svg, width). `data-card` lets the page point at it."""
    w = max(width_of(name, size), width_of(note, size - 2)) + 14
    h = 22 if not note else 36
    ink = "#222" if colour in DARK_TEXT else "#fff"
    body = text(x + 7, y + 15, name, size, "bold" if note else "normal", ink)
    if note:
        body += text(x + 7, y + 29, note, size - 2, fill=ink)
    return (f'<g data-kind="card" data-card="{escape(card)}" data-colour="{escape(colour)}">'
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h}" rx="4" fill="{FILL.get(colour, "#777")}" '
            f'stroke="#0003"/>{body}<title>{escape(name)}</title></g>', w)


def symbol(kind: str, x: float, y: float, r: float = 9) -> str:
    """A science symbol centred at (x, y): the compass, the gear, the tablet (a wild one is a '?')."""
    stroke = 'fill="none" stroke="#1d5e1d" stroke-width="2"'
    if kind == "compass":
        return (f'<g data-symbol="compass"><circle cx="{x:g}" cy="{y:g}" r="{r:g}" {stroke}/>'
                f'<path d="M{x:g},{y - r + 2:g} L{x + 3:g},{y:g} L{x:g},{y + r - 2:g} L{x - 3:g},{y:g} Z" fill="#1d5e1d"/></g>')
    if kind == "gear":
        teeth = "".join(f'<rect x="{x - 2:g}" y="{y - r - 2:g}" width="4" height="5" fill="#1d5e1d" '
                        f'transform="rotate({a} {x:g} {y:g})"/>' for a in range(0, 360, 45))
        return (f'<g data-symbol="gear">{teeth}<circle cx="{x:g}" cy="{y:g}" r="{r - 2:g}" {stroke}/>'
                f'<circle cx="{x:g}" cy="{y:g}" r="2.5" fill="#1d5e1d"/></g>')
    if kind == "tablet":
        rows = "".join(f'<line x1="{x - r + 5:g}" x2="{x + r - 5:g}" y1="{y - 4 + 4 * i:g}" y2="{y - 4 + 4 * i:g}" '
                       'stroke="#1d5e1d" stroke-width="1.5"/>' for i in range(3))
        return (f'<g data-symbol="tablet"><rect x="{x - r + 2:g}" y="{y - r:g}" width="{2 * r - 4:g}" height="{2 * r:g}" '
                f'rx="3" {stroke}/>{rows}</g>')
    return (f'<g data-symbol="wild"><circle cx="{x:g}" cy="{y:g}" r="{r:g}" {stroke} stroke-dasharray="3 2"/>'
            + text(x, y + 4, "?", 12, "bold", "#1d5e1d", "middle") + "</g>")


def coin(x: float, y: float, n: int) -> str:
    """Coins: a gold disc with the count."""
    return (f'<g data-kind="coins"><circle cx="{x:g}" cy="{y:g}" r="10" fill="#e8c14a" stroke="#9a7a12"/>'
            + text(x, y + 4, str(n), 11, "bold", "#5a4300", "middle") + "</g>")


def shield(x: float, y: float, n: int) -> str:
    """Military strength: a shield with the count."""
    return (f'<g data-kind="shields"><path d="M{x - 9:g},{y - 10:g} h18 v8 q0,9 -9,13 q-9,-4 -9,-13 Z" '
            f'fill="#c0392b" stroke="#7a1f14"/>' + text(x, y + 3, str(n), 10, "bold", "#fff", "middle") + "</g>")


def token(x: float, y: float, value: int) -> str:
    """A conflict token: a victory (+1, +3, +5) or a defeat (-1)."""
    fill = "#3c8d3c" if value > 0 else "#444"
    return (f'<g data-kind="token"><rect x="{x - 11:g}" y="{y - 9:g}" width="22" height="18" rx="9" fill="{fill}"/>'
            + text(x, y + 4, f"{value:+d}", 10, "bold", "#fff", "middle") + "</g>")
