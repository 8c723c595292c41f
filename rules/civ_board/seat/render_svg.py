"""The Civilization map and players as an SVG picture (`rulewright render`, the replay viewer, the browser seat).

The map carries its coordinates (column letters, row numbers: the labels of logs and prompts) and a legend.
Each square is a group with its own id (`sq-x-y`) and `data-kind="space" data-space="x,y"`, its terrain the
group's first rectangle, so the browser seat can light and click the squares a decision points at; the
icons, the resource, a building, wonder or great person (its whole name, wrapped, never cut), a facedown
hut or village marker, a disaster marker, cities and figures (side by side, never on top of each other) are
drawn on it. A facedown tile is sixteen dark squares. Panels (panels.py) show each player and the battle
under way; the title says the turn, the phase and the offer on the table. Drawn from `game.view(viewer)`
only: facedown tiles are dark, markers show no identity, hands and forces of others are counts.
"""

from __future__ import annotations

from ..board import board
from ..phases.negotiation import public_offer
from .legend import PLAYER, coordinates, legend, text, wrap
from .panels import panels
from .progress import progress_words

CELL, PANEL = 46, 330
MAP_X, MAP_Y = 26, 58          # the map's top-left corner (room for the title and the coordinates)
TERRAIN = {"grassland": "#9bc46b", "forest": "#3f7d3a", "mountain": "#9a8f84", "desert": "#e2cf8c", "water": "#6fa8dc"}
SHORT = {"trade": "t", "production": "p", "culture": "c", "coin": "$"}
DARK_TEXT = {"forest"}         # terrains dark enough for light text


def _corner(x: int, y: int) -> tuple[float, float]:
    return MAP_X + x * CELL, MAP_Y + y * CELL


def _square(game, view: dict, x: int, y: int, cell: dict | None) -> str:
    px, py = _corner(x, y)
    k = board.key(x, y)
    head = f'<g data-kind="space" data-space="{k}" id="sq-{x}-{y}">'
    if cell is None or cell.get("hidden"):
        return head + (f'<rect x="{px}" y="{py}" width="{CELL}" height="{CELL}" fill="#333" stroke="#000" '
                       'stroke-width="0.3"/></g>')
    disaster = (view.get("disasters") or {}).get(k)      # a disaster marker: its terrain, no icons
    rows = game.definition.tile_rows(cell["id"], cell["rot"])
    sq = {"terrain": disaster} if disaster else board.parse_square(rows[y % board.SIZE][x % board.SIZE])
    ink = "#eee" if sq["terrain"] in DARK_TEXT else "#222"
    out = [head, f'<rect x="{px}" y="{py}" width="{CELL}" height="{CELL}" fill="{TERRAIN.get(sq["terrain"], "#ccc")}" '
           'stroke="#555" stroke-width="0.3"/>']
    if disaster:
        out.append(f'<rect data-kind="disaster" x="{px + 2}" y="{py + 2}" width="{CELL - 4}" height="{CELL - 4}" '
                   'fill="none" stroke="#7a1f1f" stroke-dasharray="3,2"/>')
    icons = " ".join(f"{SHORT[k]}{v}" for k, v in sq.items() if k in SHORT)
    out.append(text(px + 2, py + 9, icons, 8, ink, fit=CELL - 14))
    if sq.get("resource"):
        out.append(text(px + 2, py + CELL - 3, sq["resource"], 8, "#fff" if ink == "#eee" else "#402", "bold",
                        fit=CELL - 4))
    item = view["items"].get(k)
    if item is not None:
        out.append(_item(game.definition.content.entries[item["id"]].name, item["owner"], px, py))
    marker = view["markers"].get(k)
    if marker:
        out.append(f'<circle cx="{px + CELL - 7}" cy="{py + 7}" r="6" fill="#fff" stroke="#000"/>'
                   + text(px + CELL - 7, py + 10.5, "H" if marker == "hut" else "V", 9, "#000", "bold", anchor="middle"))
    return "".join(out) + "</g>"


def _item(name: str, owner: int, px: float, py: float) -> str:
    """A building, wonder or great person: its whole name on up to three lines in its owner's colour."""
    lines = wrap(name, 9)
    h = 2 + 7.5 * len(lines)
    out = [f'<rect x="{px + 2}" y="{py + 11}" width="{CELL - 4}" height="{h:g}" fill="{PLAYER[owner % 4]}" '
           f'opacity="0.85"/>']
    out += [text(px + CELL / 2, py + 17.5 + 7.5 * i, line, 7, "#fff", anchor="middle", fit=CELL - 6)
            for i, line in enumerate(lines)]
    return '<g data-kind="item">' + "".join(out) + "</g>"


def _pieces(view: dict) -> str:
    out = []
    for c in view["cities_built"]:
        px, py = _corner(c["x"], c["y"])
        out.append(f'<g data-kind="city" data-space="{board.key(c["x"], c["y"])}">'
                   f'<rect x="{px + 8}" y="{py + 8}" width="{CELL - 16}" height="{CELL - 16}" '
                   f'fill="{PLAYER[c["owner"] % 4]}" stroke="#000" stroke-width="{3 if c.get("walled") else 1}"/>'
                   + text(px + CELL / 2, py + CELL / 2 + 5, "C" if c["capital"] else "c", 14, "#fff", "bold",
                          anchor="middle") + "</g>")
    stacks: dict[tuple[int, int], int] = {}
    for f in view["figures"]:
        n = stacks.get((f["x"], f["y"]), 0)
        stacks[(f["x"], f["y"])] = n + 1
        px, py = _corner(f["x"], f["y"])
        cx, cy = px + 7 + 11 * (n % 4), py + CELL - 15 - 11 * (n // 4)
        colour = PLAYER[f["owner"] % 4]
        shape = (f'<circle cx="{cx}" cy="{cy}" r="5" fill="{colour}" stroke="#000"/>' if f["kind"] == "army" else
                 f'<rect x="{cx - 4}" y="{cy - 4}" width="8" height="8" fill="{colour}" stroke="#000"/>')
        out.append(f'<g data-kind="figure" data-figure="{f["id"]}">{shape}</g>')
    return '<g data-kind="pieces">' + "".join(out) + "</g>"


def render_parts(game, viewer: int | None, title: str) -> tuple[int, int, list[str]]:
    view = game.view(viewer)
    m = view["map"]
    cols, rows = m["cols"] * board.SIZE, m["rows"] * board.SIZE
    map_w, map_h = cols * CELL, rows * CELL
    side = MAP_X + map_w + 20
    panel_parts, panel_h = panels(game, view, viewer, side, PANEL)
    legend_part, legend_h = legend(side, 40 + panel_h + 6, PANEL - 10)
    width = side + PANEL + 10
    height = max(MAP_Y + map_h, 40 + panel_h + 6 + legend_h) + 12
    status = progress_words(view)
    if view.get("victory"):
        status += f" - {view['victory']} victory"
    elif public_offer(game.rt, view):
        status += f" - {public_offer(game.rt, view)}"
    parts = [f'<rect width="{width}" height="{height}" fill="#f4f1ea"/>'
             + text(8, 24, f"{title} {status}".strip(), 15, "#222", "bold", fit=width - 16)]
    parts.append(coordinates(cols, rows, MAP_X, MAP_Y, CELL))
    for tr in range(m["rows"]):
        for tc in range(m["cols"]):
            cell = m["tiles"][tr][tc]
            if cell is None:
                continue
            tile = ' data-hidden="1"' if cell.get("hidden") else f' data-tile="{cell["id"]}"'
            squares = [_square(game, view, tc * board.SIZE + dx, tr * board.SIZE + dy, cell)
                       for dy in range(board.SIZE) for dx in range(board.SIZE)]
            parts.append(f'<g data-kind="tile"{tile}>' + "".join(squares) + "</g>")
    parts.append(_pieces(view))
    parts += panel_parts
    parts.append(legend_part)
    return width, height, parts


def render_svg(game, viewer: int | None, title: str) -> str:
    width, height, parts = render_parts(game, viewer, title)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">\n' + "\n".join(parts) + "\n</svg>\n")
