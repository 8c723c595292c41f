"""The 7 Wonders table as an SVG picture (what `rulewright render`, the replay viewer and the browser seat draw).

One band per city: the player, coins, shields, conflict tokens and points; the wonder board with what it
produces and each stage, built or to build, with its cost and reward (the next one marked `data-target`
`<board>@<n>`, so a wonder-stage option can point at it); the science symbols and what the city produces;
the built cards by colour as chips wide enough for their names; and, for the viewer's own city, the hand
as cards with their costs (`data-card`, which the pick options point at). Drawn from `game.view(viewer)`,
so a picture never shows a hand or a pick its viewer may not see (another hand is a count).
"""

from __future__ import annotations

from collections import Counter
from html import escape
from typing import Any

from ..actions.options import cost_words
from ..city.military import shields
from ..city.production import production
from ..names import COLOURS, stage_source
from ..scoring.points import final_scores
from ..tools_support import progress_words
from .drawing import chip, coin, lines, shield, symbol, text, token, width_of, wrap
from .options import stage_words

WIDTH, MARGIN, STAGE_W, SIDE_W = 1200, 16, 170, 300
SYMBOLS = ("compass", "gear", "tablet")


def _stages(game: Any, pl: dict, x: float, y: float) -> tuple[str, float, float]:
    """The wonder's stages as boxes from (x, y): (svg, width, height)."""
    defn = game.definition
    stages = defn.stages(pl["board"])
    rows = []
    for k, stage in enumerate(stages, 1):
        head = f"Stage {k}: " + ("built" if k <= pl["stages"] else cost_words(stage.get("cost") or {}) or "free")
        rows.append((head, wrap(head, STAGE_W - 14, 11), wrap(stage_words(defn, pl["board"], k), STAGE_W - 14, 11)))
    h = 14 + 14 * max((len(a) + len(b) for _, a, b in rows), default=1)
    out = []
    for k, (head, heads, reward) in enumerate(rows, 1):
        bx = x + (k - 1) * (STAGE_W + 8)
        built, next_one = k <= pl["stages"], k == pl["stages"] + 1
        look = ('fill="#d9ecd0" stroke="#3c8d3c"' if built else
                'fill="#fffdf7" stroke="#b08d3a" stroke-dasharray="5 3"' if next_one else
                'fill="#fffdf7" stroke="#c8c0b0" stroke-dasharray="5 3"')
        out.append(f'<g data-kind="stage" data-target="{escape(stage_source(pl["board"], k))}" '
                   f'data-built="{str(built).lower()}"><rect x="{bx:g}" y="{y:g}" width="{STAGE_W}" height="{h:g}" '
                   f'rx="5" {look}/>' + "".join(text(bx + 7, y + 16 + 14 * j, row, 11, "bold") for j, row in enumerate(heads))
                   + lines(bx + 7, y + 16 + 14 * len(heads), reward, gap=14 / 11)
                   + f"<title>{escape(head)}: {escape(' '.join(reward))}</title></g>")
    return "".join(out), len(stages) * (STAGE_W + 8), h


def _science(game: Any, p: int, x: float, y: float) -> str:
    """The city's science symbols (and wild ones) with their counts."""
    rt = game.rt
    counts = Counter(args[0] for args in rt.grants(p, "science"))
    wilds = sum(1 for _ in rt.grants(p, "science_wild"))
    out = [text(x, y, "Science", 11, "bold", "#1d5e1d")]
    cx = x + 58
    for kind in SYMBOLS + ("wild",):
        n = wilds if kind == "wild" else counts.get(kind, 0)
        if kind == "wild" and not n:
            continue
        out.append(symbol(kind, cx, y - 4) + text(cx + 12, y, f"×{n}", 11))
        cx += 50
    return '<g data-kind="science">' + "".join(out) + "</g>"


def _produces(game: Any, p: int) -> str:
    fixed, choices = production(game.rt, p)
    bits = [f"{n} {r}" for r, n in sorted(fixed.items())] + ["1 of " + "/".join(c) for c in choices]
    return "Produces: " + (", ".join(bits) or "nothing")


def _cards(game: Any, built: list[str], x: float, y: float, right: float) -> tuple[str, float]:
    """The built cards, colour by colour, as chips that wrap onto new rows: (svg, height used)."""
    entries = game.definition.content.entries
    out, cx, cy = [], x, y
    for colour in COLOURS:
        for c in built:
            if c not in entries or entries[c].data.get("colour") != colour:
                continue
            w = width_of(entries[c].name, 11) + 14
            if cx + w > right and cx > x:
                cx, cy = x, cy + 28
            svg, w = chip(cx, cy, entries[c].name, colour, c)
            out.append(svg)
            cx += w + 6
    if not out:
        return text(x, y + 15, "no cards built yet", 11, fill="#777"), 22
    return "".join(out), cy - y + 22


def _hand(game: Any, p: int, hand: list[str], pick: dict | None, x: float, y: float, right: float) -> tuple[str, float]:
    """The viewer's own hand as cards with their costs (a secret pick already made is said)."""
    entries = game.definition.content.entries
    out, cx, cy = [text(x, y + 22, "Your hand", 12, "bold")], x + 80, y
    for c in hand:
        e = entries.get(c)
        if e is None:
            continue
        note = cost_words(e.data.get("cost") or {}) or "free"
        if pick and pick.get("card") == c:
            note += f" · picked: {pick.get('action')}"
        w = max(width_of(e.name, 11), width_of(note, 9)) + 14
        if cx + w > right and cx > x + 80:
            cx, cy = x + 80, cy + 42
        svg, w = chip(cx, cy, e.name, str(e.data.get("colour")), c, note=note)
        out.append(svg)
        cx += w + 6
    return "".join(out), cy - y + 36


def _city(game: Any, view: dict, i: int, top: float, viewer: int | None, vp: list) -> tuple[str, float]:
    """One city's band from `top`: (svg, height)."""
    entries = game.definition.content.entries
    pl = view["players"][i]
    board = entries.get(pl["board"])
    name = board.name if board else pl["board"]
    side = str(board.data.get("side", "")).upper() if board else ""
    you = " (you)" if i == viewer else ""
    body = [text(MARGIN + 8, top + 22, f"{pl['name']}{you} - {name}" + (f", side {side}" if side else ""), 15, "bold")]
    rx = WIDTH - MARGIN - 8
    body.append(text(rx, top + 22, f"{vp[i]} VP", 14, "bold", anchor="end"))
    tx = rx - 70
    for value in reversed(pl["military"]):
        body.append(token(tx, top + 17, value))
        tx -= 26
    body += [shield(tx - 6, top + 17, shields(game.rt, i)), coin(tx - 34, top + 17, pl["coins"])]
    y = top + 34
    stages, sw, sh = _stages(game, pl, MARGIN + 8, y)
    body.append(stages)
    sx = MARGIN + 8 + sw + 8
    body.append(_science(game, i, sx, y + 14))
    body.append(lines(sx, y + 36, wrap(_produces(game, i), WIDTH - MARGIN - 8 - sx, 11)))
    y += max(sh, 50) + 10
    cards, ch = _cards(game, pl["built"], MARGIN + 8, y, WIDTH - MARGIN - 8)
    body.append(cards)
    y += ch + 8
    hand = pl.get("hand")
    if i == viewer and isinstance(hand, list) and hand:
        svg, hh = _hand(game, i, hand, pl.get("pick"), MARGIN + 8, y, WIDTH - MARGIN - 8)
        body.append(svg)
        y += hh + 8
    else:
        held = len(hand) if isinstance(hand, list) else (hand or {}).get("count", 0)
        body.append(text(MARGIN + 8, y + 12, f"{held} card{'s' * (held != 1)} in hand", 11, fill="#555"))
        y += 20
    height = y - top + 4
    frame = (f'<rect x="{MARGIN / 2:g}" y="{top:g}" width="{WIDTH - MARGIN}" height="{height:g}" rx="6" '
             f'fill="{"#fff7e0" if i == viewer else "#fffdf7"}" stroke="#c8c0b0"/>')
    return f'<g data-kind="city" data-player="{i}">' + frame + "".join(body) + "</g>", height


def render_parts(game: Any, viewer: int | None, title: str) -> tuple[int, int, list[str]]:
    """(width, height, fragments): the header and one fragment per city, so the replay viewer keeps each
    distinct fragment once."""
    view = game.view(viewer)
    vp = final_scores(game.rt)["vp"]  # from the cities on the table: public
    discard = view.get("discard")
    pile = len(discard) if isinstance(discard, list) else (discard or {}).get("count", 0)
    where = view.get("ending") or progress_words(view) or "set-up"  # how the game ended, once it has
    cities, top = [], 60
    for i in range(len(view["players"])):
        svg, h = _city(game, view, i, top, viewer, vp)
        cities.append(svg)
        top += h + 8
    height = int(top + 4)
    head = (f'<rect width="{WIDTH}" height="{height}" fill="#f4f1ea"/>' + text(16, 28, title, 18, "bold")
            + text(16, 48, f"{where} · discard pile: {pile} card{'s' * (pile != 1)}", 13))
    return WIDTH, height, [head, *cities]


def render_svg(game: Any, viewer: int | None, title: str) -> str:
    width, height, parts = render_parts(game, viewer, title)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">\n' + "\n".join(parts) + "\n</svg>\n")
