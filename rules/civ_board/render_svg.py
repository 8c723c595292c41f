"""The Civilization map and players as an SVG picture (`rulewright render`, the replay viewer).

One fragment per map tile (terrain colours, the icons of each square, disaster markers, buildings, wonders,
great people, hut and village markers, cities and figures) and one per player panel. Drawn from `game.view(viewer)`
only: facedown tiles are dark, markers show no identity, hands and forces of others are counts.
"""

from __future__ import annotations

from html import escape

from .board import board
from .phases.negotiation import public_offer

CELL, PANEL = 34, 300
PANEL_STEP = 125  # a player panel and the gap below it (7 lines: the viewer's own hand is the last)
TERRAIN = {"grassland": "#9bc46b", "forest": "#3f7d3a", "mountain": "#9a8f84", "desert": "#e2cf8c", "water": "#6fa8dc"}
PLAYER = ["#c0392b", "#2f6db5", "#e0b020", "#7d3c98"]
SHORT = {"trade": "t", "production": "p", "culture": "c", "coin": "$"}


def _text(x: float, y: float, s: str, size: int = 11, fill: str = "#222", weight: str = "normal") -> str:
    return (f'<text x="{x}" y="{y}" font-family="sans-serif" font-size="{size}" font-weight="{weight}" '
            f'fill="{fill}">{escape(s)}</text>')


def _square(game, view: dict, x: int, y: int, cell: dict) -> str:
    px, py = x * CELL, 40 + y * CELL
    k = board.key(x, y)
    disaster = (view.get("disasters") or {}).get(k)      # a disaster marker: its terrain, no icons
    rows = game.definition.tile_rows(cell["id"], cell["rot"])
    sq = {"terrain": disaster} if disaster else board.parse_square(rows[y % board.SIZE][x % board.SIZE])
    out = [f'<rect x="{px}" y="{py}" width="{CELL}" height="{CELL}" fill="{TERRAIN.get(sq["terrain"], "#ccc")}" '
           'stroke="#555" stroke-width="0.3"/>']
    if disaster:
        out.append(f'<rect data-kind="disaster" x="{px + 2}" y="{py + 2}" width="{CELL - 4}" height="{CELL - 4}" '
                   'fill="none" stroke="#7a1f1f" stroke-dasharray="3,2"/>')
    icons = " ".join(f"{SHORT[k]}{v}" for k, v in sq.items() if k in SHORT)
    out.append(_text(px + 2, py + 10, icons, 8))
    if sq.get("resource"):
        out.append(_text(px + 2, py + 31, sq["resource"][:4], 8, "#402"))
    item = view["items"].get(k)
    if item is not None:
        name = game.definition.content.entries[item["id"]].name
        out.append(f'<rect x="{px + 3}" y="{py + 12}" width="{CELL - 6}" height="11" fill="{PLAYER[item["owner"] % 4]}" '
                   f'opacity="0.8"/>' + _text(px + 4, py + 21, name[:6], 8, "#fff"))
    marker = view["markers"].get(k)
    if marker:
        out.append(_text(px + 20, py + 31, "H" if marker == "hut" else "V", 10, "#000", "bold"))
    return "".join(out)


def _tile(game, view: dict, tr: int, tc: int) -> str:
    cell = view["map"]["tiles"][tr][tc]
    if cell is None:
        return ""
    x0, y0 = tc * board.SIZE, tr * board.SIZE
    if cell.get("hidden"):
        size = CELL * board.SIZE
        return (f'<g data-kind="tile" data-hidden="1"><rect x="{x0 * CELL}" y="{40 + y0 * CELL}" width="{size}" '
                f'height="{size}" fill="#333" stroke="#000"/></g>')
    parts = [_square(game, view, x0 + dx, y0 + dy, cell) for dy in range(board.SIZE) for dx in range(board.SIZE)]
    return f'<g data-kind="tile" data-tile="{escape(cell["id"])}">' + "".join(parts) + "</g>"


def _pieces(view: dict) -> str:
    out = []
    for c in view["cities_built"]:
        px, py = c["x"] * CELL, 40 + c["y"] * CELL
        out.append(f'<rect x="{px + 4}" y="{py + 4}" width="{CELL - 8}" height="{CELL - 8}" fill="{PLAYER[c["owner"] % 4]}" '
                   f'stroke="#000" stroke-width="{3 if c.get("walled") else 1}"/>'
                   + _text(px + 10, py + 22, "C" if c["capital"] else "c", 13, "#fff", "bold"))
    for f in view["figures"]:
        px, py = f["x"] * CELL + (8 if f["kind"] == "army" else 24), 40 + f["y"] * CELL + 26
        shape = (f'<circle cx="{px}" cy="{py}" r="5"' if f["kind"] == "army" else f'<rect x="{px - 4}" y="{py - 4}" '
                 'width="8" height="8"')
        out.append(f'{shape} fill="{PLAYER[f["owner"] % 4]}" stroke="#000"/>')
    return '<g data-kind="pieces">' + "".join(out) + "</g>"


def _panel(game, view: dict, p: int, x: int) -> str:
    pl = view["players"][p]
    entries = game.definition.content.entries

    def count(v) -> int:
        return len(v) if isinstance(v, list) else (v or {}).get("count", 0)
    lines = [f"{pl['name']} - {entries[pl['civ']].name}", f"government {entries[pl['government']].name}",
             f"trade {pl['trade']}  culture {pl['culture']}  track {pl['track']}",
             f"techs {len(pl['techs'])}: " + ", ".join(entries[t].name for t in pl["techs"][-4:]),
             f"forces {count(pl['forces'])}  culture cards {count(pl['hand'])}  markers {count(pl['huts'])}",
             "resources " + (", ".join(f"{r} {n}" for r, n in pl["resources"].items() if n) or "none")]
    if isinstance(pl["hand"], list):  # the viewer's own culture hand (a rival's is only counted in the view)
        lines.append("hand: " + (", ".join(entries[c].name if c in entries else str(c) for c in pl["hand"]) or "empty"))
    y = 60 + p * PANEL_STEP
    out = [f'<rect x="{x}" y="{y - 16}" width="{PANEL - 10}" height="{PANEL_STEP - 10}" rx="5" fill="#fffdf7" '
           f'stroke="{PLAYER[p % 4]}" stroke-width="2"/>']
    out += [_text(x + 8, y + 2 + 15 * i, line[:48], 11, "#222", "bold" if i == 0 else "normal") for i, line in enumerate(lines)]
    return f'<g data-kind="player" data-player="{p}">' + "".join(out) + "</g>"


def render_parts(game, viewer: int | None, title: str) -> tuple[int, int, list[str]]:
    view = game.view(viewer)
    m = view["map"]
    map_w, map_h = m["cols"] * board.SIZE * CELL, m["rows"] * board.SIZE * CELL
    width, height = map_w + PANEL + 20, max(40 + map_h, 60 + PANEL_STEP * len(view["players"])) + 10
    status = f"turn {view['turn']}, {view['phase'].replace('_', ' ')}"
    if view.get("victory"):
        status += f" - {view['victory']} victory"
    elif public_offer(game.rt, view):
        status += f" - {public_offer(game.rt, view)}"
    parts = [f'<rect width="{width}" height="{height}" fill="#f4f1ea"/>' + _text(8, 26, f"{title} {status}".strip(), 15,
                                                                                  "#222", "bold")]
    parts += [_tile(game, view, tr, tc) for tr in range(m["rows"]) for tc in range(m["cols"])]
    parts.append(_pieces(view))
    parts += [_panel(game, view, p, map_w + 20) for p in range(len(view["players"]))]
    return width, height, parts


def render_svg(game, viewer: int | None, title: str) -> str:
    width, height, parts = render_parts(game, viewer, title)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">\n' + "\n".join(parts) + "\n</svg>\n")
