"""The 7 Wonders table as an SVG picture (what `rulewright render` draws for this game).

One band per city: the player, the wonder board and its stages built, coins and military tokens, then
the city's cards grouped by colour as labelled chips. Drawn from `game.view(viewer)` only, so a
picture never shows a hand or a pending pick its viewer may not see (they are listed as counts).
"""

from __future__ import annotations

from html import escape

from ..names import COLOURS

FILL = {"brown": "#8b5a2b", "grey": "#9a9a9a", "blue": "#2f6db5", "green": "#3c8d3c", "red": "#c0392b",
        "yellow": "#e0b020", "purple": "#7d3c98"}
WIDTH, BAND, CHIP_W, CHIP_H = 1100, 150, 128, 22


def _text(x: float, y: float, s: str, size: int = 13, weight: str = "normal", fill: str = "#222") -> str:
    return (f'<text x="{x}" y="{y}" font-family="sans-serif" font-size="{size}" font-weight="{weight}" '
            f'fill="{fill}">{escape(s)}</text>')


def render_parts(game, viewer: int | None, title: str) -> tuple[int, int, list[str]]:
    """(width, height, fragments): the header and one fragment per city, so the replay viewer keeps each
    distinct fragment once."""
    view = game.view(viewer)
    entries = game.definition.content.entries
    players = view["players"]
    height = 60 + BAND * len(players)
    parts = [f'<rect width="{WIDTH}" height="{height}" fill="#f4f1ea"/>' + _text(16, 28, title, 18, "bold")
             + _text(16, 48, f"Age {view.get('age')}, turn {view.get('turn')}" + (" - game over" if game.over else ""),
                     13)]
    for i, pl in enumerate(players):
        out: list[str] = []
        top = 60 + i * BAND
        board = entries.get(pl["board"])
        total = len(game.definition.stages(pl["board"]))
        hand = pl.get("hand")
        held = len(hand) if isinstance(hand, list) else (hand or {}).get("count", 0)
        out.append(f'<g data-kind="city" data-player="{i}">')
        out.append(f'<rect x="8" y="{top}" width="{WIDTH - 16}" height="{BAND - 8}" rx="6" fill="#fffdf7" '
                   'stroke="#c8c0b0"/>')
        out.append(_text(20, top + 22, f"{pl['name']} - {board.name if board else pl['board']}", 15, "bold"))
        out.append(_text(20, top + 42, f"coins {pl['coins']}   wonder stages {pl['stages']}/{total}   military "
                         f"{sum(pl['military']):+d} {pl['military']}   cards in hand {held}", 13))
        x, y = 20, top + 56
        for colour in COLOURS:
            for c in pl["built"]:
                if entries[c].data.get("colour") != colour:
                    continue
                if x + CHIP_W > WIDTH - 20:
                    x, y = 20, y + CHIP_H + 6
                text_fill = "#222" if colour in ("yellow", "grey") else "#fff"
                out.append(f'<g data-kind="card" data-card="{escape(c)}" data-colour="{colour}">'
                           f'<rect x="{x}" y="{y}" width="{CHIP_W}" height="{CHIP_H}" rx="4" fill="{FILL[colour]}"/>'
                           + _text(x + 6, y + 15, entries[c].name[:18], 11, "normal", text_fill) + "</g>")
                x += CHIP_W + 6
        out.append("</g>")
        parts.append("".join(out))
    return WIDTH, height, parts


def render_svg(game, viewer: int | None, title: str) -> str:
    width, height, parts = render_parts(game, viewer, title)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">\n' + "\n".join(parts) + "\n</svg>\n")
