"""`rulewright render`: draw a saved game at any step as an SVG picture (PNG with the `png` extra).

What is drawn comes from `game.view(player)` only: with `--as PLAYER` that player's view (their own hand
is listed in their panel), without it the public view of a spectator (`game.view(None)`: every hand is a
count). So a picture never shows another player's cards, the decks or an unrevealed region's terrain,
whoever it is made for.

The drawing is a list of independent *fragments* (the header, one per region, the region borders, the
legend, one per exhausted space, one per occupied space, one per player panel). `svg_document` joins them
into a standalone SVG; the replay viewer (tools/replay_html.py) stores each distinct fragment once and
each step as a list of fragment numbers, so a whole game stays small.

Every drawn region, hex, city and unit is an element with data attributes (`data-kind="region"
data-region="3"`, `data-kind="city" data-space="3,0"`, `data-kind="unit" data-unit="12"` ...) so tests
and tools can find them.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from ..engine.hexgrid import DIRECTIONS, Hex, add, axial_to_label, parse_space_id, space_id
from .errors import output_file
from .svg import E, Element, document, points

if TYPE_CHECKING:
    from ..engine.machine import Game

# ----- look -------------------------------------------------------------------------------------------
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
TERRAIN_FILL = {"fertile": "#b9dc8e", "forest": "#5c9a4d", "mountain": "#a89e90", "barren": "#e8d6a2",
                "sea": "#8cc2e6"}
TERRAIN_INK = {"forest": "#ffffff", "mountain": "#1f1f1f", "sea": "#1d4f78"}
UNKNOWN_FILL = "#cfcfcf"
PLAYER_COLOURS = ["#d1392b", "#2456c9", "#8b3fb4", "#e38a00", "#148f8a", "#b0417a"]
BARBARIAN = "#262626"
MOOD_FILL = {"happy": "#2f9e3b", "neutral": "#a3a3a3", "angry": "#d3332b"}
INK = "#222222"
MUTED = "#9a9a9a"

HEX = 46.0  # circumradius of a hex, in px
SQRT3 = math.sqrt(3.0)
MARGIN = 16.0
HEADER_H = 58.0
LEGEND_H = 64.0
PANEL_W = 440.0
LINE = 15.0
HAND_LINES = 5  # lines for the viewer's own cards in their panel
HAND_LINE = 12.0
GRID_ROW_H = 62.0


def player_colour(owner: int) -> str:
    return BARBARIAN if owner < 0 else PLAYER_COLOURS[owner % len(PLAYER_COLOURS)]


def text_width(text: str, size: float) -> float:
    """A rough width for a sans-serif line (enough to wrap and truncate panel text)."""
    return len(text) * size * 0.58


def fit(text: str, size: float, width: float) -> str:
    if text_width(text, size) <= width:
        return text
    keep = max(1, int(width / (size * 0.58)) - 1)
    return text[:keep].rstrip() + "…"


def wrap(words: list[str], size: float, width: float, max_lines: int, sep: str = ", ") -> list[str]:
    """Greedy wrap of items joined by `sep`; the last line ends with … when items are left out."""
    lines: list[str] = []
    cur = ""
    for i, w in enumerate(words):
        cand = f"{cur}{sep}{w}" if cur else w
        if text_width(cand, size) <= width or not cur:
            cur = cand
            continue
        lines.append(cur + sep.rstrip())
        cur = w
        if len(lines) == max_lines:
            lines[-1] = fit(lines[-1] + f" (+{len(words) - i} more)", size, width)
            return lines
    if cur:
        lines.append(cur)
    return lines[:max_lines]


def label(h: Hex) -> str:
    try:
        return axial_to_label(h)
    except ValueError:
        return space_id(h)


def words(ident: str) -> str:
    return ident.replace("_", " ")


# ----- what one step shows ----------------------------------------------------------------------------
@dataclass
class Frame:
    """Everything one picture shows, already cut to what the viewer may see."""

    state: dict  # game.view(viewer)
    vp: list[dict[str, float]]
    step: int
    steps: int
    viewer: int | None = None
    pending: dict | None = None  # {"player", "kind", "prompt" (only for the viewer's own decisions)}
    winners: list[int] = field(default_factory=list)
    over: bool = False
    title: str = ""
    show_step: bool = True  # the replay viewer shows the step number itself, outside the picture


def frame_of(game: Game, viewer: int | None = None, steps: int | None = None, title: str = "") -> Frame:
    """The frame of a game as it stands now, seen by `viewer` (None: public view)."""
    from ..rules.clash.scoring import breakdown, final_scores

    n = len(game.state["players"])
    vp = [breakdown(game.rt, p) for p in range(n)]
    pending = None
    if game.pending is not None:
        d = game.pending
        pending = {"player": d.player, "kind": d.kind}
        if viewer is not None and d.player == viewer:
            pending["prompt"] = d.prompt
    winners = list(final_scores(game.rt)["winners"]) if game.over else []
    step = len(game.actions)
    return Frame(game.view(viewer), vp, step, steps if steps is not None else step, viewer, pending, winners,
                 game.over, title)


# ----- the renderer -----------------------------------------------------------------------------------
class BoardRenderer:
    """Draws frames of one game set-up (definition + player count); geometry is computed once."""

    def __init__(self, defn: Any, players: int, viewer: int | None = None) -> None:
        self.defn = defn
        self.n = players
        self.viewer = viewer
        self.layout = defn.layout(players)
        self.map_data = defn.map_data
        self.region_of: dict[Hex, int] = {}
        for i, slot in enumerate(self.layout.slots):
            for h in slot.hexes:
                self.region_of[h] = i
        raw = {h: (1.5 * HEX * h[0], SQRT3 * HEX * (h[1] + h[0] / 2)) for h in self.region_of}
        min_x = min(x for x, _ in raw.values()) - HEX
        min_y = min(y for _, y in raw.values()) - HEX * SQRT3 / 2
        max_x = max(x for x, _ in raw.values()) + HEX
        max_y = max(y for _, y in raw.values()) + HEX * SQRT3 / 2
        self.board_w = max_x - min_x + 2 * MARGIN
        self.board_h = max_y - min_y + 2 * MARGIN
        ox, oy = MARGIN - min_x, HEADER_H + MARGIN - min_y
        self.centre: dict[Hex, tuple[float, float]] = {h: (x + ox, y + oy) for h, (x, y) in raw.items()}
        res = defn.content.vocab.enums
        self.resources: list[str] = list(res.get("resource", ["food", "wood", "ore", "idea", "gold"]))
        self.tokens: list[str] = list(res.get("token", ["mood", "culture"]))
        self.piece_order = list(defn.pieces)
        self.piece_letter = self._abbreviations(self.piece_order)
        self.unit_order = list(defn.units)
        self.categories = sorted(defn.categories.values(), key=lambda e: (e.data.get("order", 99), e.id))
        self._categorised = {a for c in self.categories for a in c.data.get("advances", [])}
        self._cache: dict[tuple, str] = {}
        self.names: tuple[str, ...] = ()
        self.panel_h = self._panel_height(None)
        self.viewer_panel_h = self._panel_height(viewer) if viewer is not None else self.panel_h
        heights = [self.viewer_panel_h if p == viewer else self.panel_h for p in range(players)]
        avail = max(self.board_h + LEGEND_H, 600.0)
        self.panel_cols = 1 if sum(heights) + 10 * players <= avail * 1.2 else 2
        self.panel_pos: list[tuple[float, float]] = []
        x0 = self.board_w + 8
        col_y = [HEADER_H + 8] * self.panel_cols
        for p in range(players):
            c = p % self.panel_cols if self.panel_cols > 1 else 0
            self.panel_pos.append((x0 + c * (PANEL_W + 10), col_y[c]))
            col_y[c] += heights[p] + 10
        self.width = x0 + self.panel_cols * (PANEL_W + 10) + 6
        self.height = max(HEADER_H + self.board_h + LEGEND_H, max(col_y)) + 8

    @staticmethod
    def _abbreviations(ids: list[str]) -> dict[str, str]:
        out: dict[str, str] = {}
        for i in ids:
            for n in (1, 2, 3):
                cand = i[:n].upper() if n == 1 else i[0].upper() + i[1:n]
                if cand not in out.values():
                    out[i] = cand
                    break
            else:
                out[i] = i
        return out

    def name(self, ident: str) -> str:
        e = self.defn.content.entries.get(ident)
        return e.name if e is not None else words(ident)

    # ----- geometry --------------------------------------------------------------------------------
    def corners(self, h: Hex, scale: float = 1.0) -> list[tuple[float, float]]:
        cx, cy = self.centre[h]
        r = HEX * scale
        return [(cx + r * math.cos(math.radians(60 * i)), cy + r * math.sin(math.radians(60 * i)))
                for i in range(6)]

    def edge(self, h: Hex, direction: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The side of hex h facing DIRECTIONS[direction] (N, NE, SE, S, SW, NW)."""
        c = self.corners(h)
        return c[(4 + direction) % 6], c[(5 + direction) % 6]

    def region_terrains(self, state: dict, index: int) -> dict[Hex, str] | None:
        """Terrain per hex of a revealed region; None while it is face down (or its face is hidden)."""
        from ..rules.clash.map import place_region, region_terrains

        b = state["board"]
        tile = b["tiles"][index]
        if not b["revealed"][index] or tile is None:
            return None
        for entry in self.map_data.get("regions", []) + self.map_data.get("starting_regions", []):
            if entry["id"] == tile:
                return place_region(self.layout.slots[index].anchor, b["rots"][index], region_terrains(entry))
        return None

    # ----- fragments -------------------------------------------------------------------------------
    def fragments(self, fr: Frame) -> list[str]:
        """The picture as an ordered list of serialised fragments (drawn in this order).

        Each fragment is memoised on exactly the inputs it draws, so drawing every step of a game costs
        little more than drawing what changed.
        """
        st = fr.state
        b = st["board"]
        names = tuple(p["name"] for p in st["players"])
        if names != self.names:  # names are fixed for a game; a new set of names starts a new cache
            self.names = names
            self._cache.clear()
        w = st.get("wonders", {})
        head_key = ("header", fr.title, names, st.get("round"), st.get("turn"), fr.step if fr.show_step else None,
                    fr.steps if fr.show_step else None, fr.viewer, _key(w.get("revealed")), _key(w.get("deck")))
        out = [self._memo(head_key, lambda: self.header(fr)[0]),
               self._memo(("status", self.status_text(fr)), lambda: self.header(fr)[1])]
        for i in range(len(self.layout.slots)):
            key = ("region", i, b["tiles"][i], b["rots"][i], b["revealed"][i])
            out.append(self._memo(key, lambda i=i: self.region(st, i)))
        out.append(self._memo(("borders",), self.borders))
        out.append(self._memo(("legend",), self.legend))
        for sid in b.get("exhausted", []):
            h = parse_space_id(sid)
            if h in self.centre:
                out.append(self._memo(("exhausted", sid), lambda h=h: self.exhausted(h)))
        units_at: dict[str, dict[str, dict]] = {}
        for u, d in st["units"].items():
            units_at.setdefault(d["space"], {})[u] = d
        for sid in self._occupied(st):
            ports = {c: v for c, v in st["cities"].items() if v.get("port") == sid}
            here = units_at.get(sid, {})
            aboard = {u: d for u, d in st["units"].items() if d.get("ship") in here}
            key = ("space", sid, _key(st["cities"].get(sid)), _key(here), _key(aboard), _key(ports))
            out.append(self._memo(key, lambda sid=sid: self.space_content(st, sid)))
        for p in range(len(st["players"])):
            for key, draw in self.panel_parts(fr, p):
                out.append(self._memo(key, draw))
            owned = frozenset(st["players"][p].get("advances", []))
            for i, cat in enumerate(self.categories):
                mine = frozenset(a for a in cat.data.get("advances", []) if a in owned)
                out.append(self._memo(("category", p, i, mine, p == fr.viewer),
                                      lambda p=p, i=i, owned=owned: self.category_cell(fr, p, i, owned)))
        return out

    def _memo(self, key: tuple, draw) -> str:
        got = self._cache.get(key)
        if got is None:
            got = self._cache[key] = draw().render()
        return got

    def defs(self) -> Element:
        hatch = E("pattern", E("rect", width=8, height=8, fill="#7b7f86"),
                  E("path", d="M0,8 L8,0 M-2,2 L2,-2 M6,10 L10,6", stroke="#5d6168", stroke_width=2.2),
                  id="rw-unrevealed", width=8, height=8, patternUnits="userSpaceOnUse")
        return E("defs", hatch)

    def svg_document(self, fr: Frame) -> str:
        return document(round(self.width), round(self.height),
                        self.defs(),
                        E("rect", width="100%", height="100%", fill="#f4f1ea"),
                        E("g", *[_raw(f) for f in self.fragments(fr)], id="rw-layer"),
                        font_family=FONT, data_step=fr.step, data_players=self.n,
                        data_viewer=fr.viewer if fr.viewer is not None else None)

    # ----- header ----------------------------------------------------------------------------------
    def header(self, fr: Frame) -> list[Element]:
        """Two fragments: the title bar (changes rarely) and the status line (changes every decision)."""
        st = fr.state
        names = [p["name"] for p in st["players"]]
        g = E("g", data_kind="header")
        g.add(E("rect", x=0, y=0, width=round(self.width), height=HEADER_H - 6, fill="#2d2a26"))
        title = fr.title or f"Clash of Cultures — {self.n} players"
        g.add(E("text", title, x=MARGIN, y=22, fill="#ffffff", font_size=17, font_weight="bold"))
        who = (f"seen by {names[fr.viewer]}" if fr.viewer is not None else "public view (hands hidden)")
        where = f"step {fr.step}/{fr.steps} · " if fr.show_step else ""
        right = f"round {st.get('round', '?')} · turn {st.get('turn', '?')} · {where}{who}"
        g.add(E("text", right, x=round(self.width) - MARGIN, y=22, fill="#e8e2d6", font_size=12,
                text_anchor="end"))
        status = self.status_text(fr)
        status_el = E("text", fit(status, 13, self.width * 0.62), x=MARGIN, y=42, fill="#ffd98a", font_size=13,
                      data_kind="status")
        w = st.get("wonders", {})
        offer = [self.name(x) for x in w.get("revealed", [])]
        deck = w.get("deck")
        n_deck = deck.get("count") if isinstance(deck, dict) else len(deck or [])
        wtext = f"wonders on offer: {', '.join(offer) or 'none'} · {n_deck} in the deck"
        g.add(E("text", fit(wtext, 11, self.width * 0.36), x=round(self.width) - MARGIN, y=42, fill="#cfc8ba",
                font_size=11, text_anchor="end"))
        return [g, status_el]

    @staticmethod
    def status_text(fr: Frame) -> str:
        names = [p["name"] for p in fr.state["players"]]
        if fr.over:
            best = ", ".join(f"{names[w]} ({_num(sum(fr.vp[w].values()))} VP)" for w in fr.winners)
            return f"Game over — winner: {best}" if best else "Game over"
        if fr.pending is not None:
            p = fr.pending["player"]
            return (f"{names[p]}: {fr.pending['prompt']}" if "prompt" in fr.pending
                    else f"{names[p]} is choosing ({words(fr.pending['kind'])})")
        return ""

    # ----- map -------------------------------------------------------------------------------------
    def region(self, st: dict, index: int) -> Element:
        slot = self.layout.slots[index]
        terr = self.region_terrains(st, index)
        revealed = terr is not None
        g = E("g", data_kind="region", data_region=index, data_revealed="true" if revealed else "false",
              data_tile=st["board"]["tiles"][index] if revealed else None,
              data_home=slot.home if slot.home is not None else None)
        for h in slot.hexes:
            cx, cy = self.centre[h]
            sid = space_id(h)
            hx = E("g", data_kind="hex", data_space=sid, data_label=label(h),
                   data_terrain=terr[h] if terr else None)
            if terr:
                t = terr[h]
                hx.add(E("polygon", points=points(self.corners(h)), fill=TERRAIN_FILL.get(t, UNKNOWN_FILL),
                         stroke="#ffffff", stroke_opacity=0.55, stroke_width=1))
                hx.add(E("text", words(t).capitalize(), x=cx, y=cy - HEX * 0.55, text_anchor="middle",
                         font_size=9.5, fill=TERRAIN_INK.get(t, INK), font_style="italic"))
                ink = TERRAIN_INK.get(t, "#4a4a4a")
            else:
                hx.add(E("polygon", points=points(self.corners(h)), fill="url(#rw-unrevealed)",
                         stroke="#ffffff", stroke_opacity=0.35, stroke_width=1))
                hx.add(E("text", "?", x=cx, y=cy + 9, text_anchor="middle", font_size=26, fill="#e6e6e6",
                         font_weight="bold"))
                ink = "#e0e0e0"
            hx.add(E("text", label(h), x=cx, y=cy + HEX * 0.76, text_anchor="middle", font_size=8.5,
                     fill=ink, opacity=0.85))
            g.add(hx)
        return g

    def borders(self) -> Element:
        inner: list[str] = []
        outer: list[str] = []
        for h, reg in self.region_of.items():
            for d, delta in enumerate(DIRECTIONS):
                other = add(h, delta)
                o = self.region_of.get(other)
                if o == reg:
                    continue
                if o is not None and other < h:  # draw each shared side once
                    continue
                (x1, y1), (x2, y2) = self.edge(h, d)
                seg = f"M{x1:.1f},{y1:.1f}L{x2:.1f},{y2:.1f}"
                (outer if o is None else inner).append(seg)
        return E("g", E("path", d="".join(inner), stroke="#3a3226", stroke_width=2.6, fill="none",
                        stroke_linecap="round"),
                 E("path", d="".join(outer), stroke="#2d2a26", stroke_width=3.6, fill="none",
                   stroke_linecap="round"),
                 data_kind="borders")

    def exhausted(self, h: Hex) -> Element:
        cx, cy = self.centre[h]
        r = HEX * 0.42
        return E("g", E("title", f"{label(h)} is exhausted"),
                 E("path", d=f"M{cx - r:.1f},{cy - r:.1f}L{cx + r:.1f},{cy + r:.1f}M{cx + r:.1f},{cy - r:.1f}"
                             f"L{cx - r:.1f},{cy + r:.1f}",
                   stroke="#7a1b12", stroke_width=5, stroke_linecap="round", opacity=0.55),
                 data_kind="exhausted", data_space=space_id(h))

    # ----- cities and units ------------------------------------------------------------------------
    def _occupied(self, st: dict) -> list[str]:
        spaces = set(st["cities"])
        ships = set(st["units"])
        for d in st["units"].values():
            if d.get("ship") is None or d["ship"] not in ships:
                spaces.add(d["space"])
        ports = {c["port"] for c in st["cities"].values() if c.get("port")}
        spaces |= ports
        known = {sid for sid in spaces if parse_space_id(sid) in self.centre}
        return sorted(known, key=lambda s: (parse_space_id(s)[1] + parse_space_id(s)[0] / 2, parse_space_id(s)[0]))

    def space_content(self, st: dict, sid: str) -> Element:
        h = parse_space_id(sid)
        cx, cy = self.centre[h]
        g = E("g", data_kind="space", data_space=sid)
        for city_sid, c in st["cities"].items():  # port markers of cities facing this sea space
            if c.get("port") == sid and city_sid in st["cities"]:
                g.add(self._port_marker(h, parse_space_id(city_sid), c))
        city = st["cities"].get(sid)
        if city is not None:
            g.add(self._city(sid, cx, cy, city))
        units = {u: d for u, d in st["units"].items() if d["space"] == sid}
        carried: dict[str, list[str]] = {}
        loose: list[str] = []
        for u, d in units.items():
            ship = d.get("ship")
            if ship is not None and ship in st["units"]:
                carried.setdefault(ship, []).append(u)
            else:
                loose.append(u)
        # carried units whose ship stands elsewhere are drawn with the ship
        for u, d in st["units"].items():
            ship = d.get("ship")
            if d["space"] != sid and ship in units:
                carried.setdefault(ship, []).append(u)
        loose.sort(key=lambda u: (self._owner_key(units[u]["owner"]), self._type_key(units[u]["type"]), _int(u)))
        tokens = [(u, 16.0 + 9.0 * len(carried.get(u, [])) if self._is_ship(units[u]["type"]) else 13.0)
                  for u in loose]
        rows: list[list[tuple[str, float]]] = [[]]
        max_w = HEX * 1.35
        for tok in tokens:
            if rows[-1] and sum(w for _, w in rows[-1]) + tok[1] > max_w:
                rows.append([])
            rows[-1].append(tok)
        if city is not None:
            top = cy + HEX * 0.3
        else:
            top = cy - 6.5 * (len(rows) - 1)
        for ri, row in enumerate(rows):
            width = sum(w for _, w in row)
            x = cx - width / 2
            y = top + ri * 13
            for u, w in row:
                g.add(self._unit(u, units[u], x + w / 2, y, [(c, st["units"][c]) for c in carried.get(u, [])]))
                x += w
        return g

    def _owner_key(self, owner: int) -> int:
        return owner if owner >= 0 else 99

    def _type_key(self, utype: str) -> int:
        return self.unit_order.index(utype) if utype in self.unit_order else 99

    def _is_ship(self, utype: str) -> bool:
        return self.defn.roles.get("ship") == utype or utype == "ship" or utype in getattr(self.defn, "ship_types", ())

    def _unit_role(self, utype: str) -> str:
        for role, t in self.defn.roles.items():
            if t == utype:
                return role
        return utype

    def _owner_name(self, owner: int) -> str:
        if owner == -1:
            return "Barbarians"
        if owner < 0:  # a side no player owns, named by its units' content (owner_name)
            named = [e.data["owner_name"] for e in self.defn.units.values() if e.data.get("owner_name")]
            return named[0] if named else f"seat {owner}"
        return self.names[owner] if owner < len(self.names) else f"seat {owner}"

    def _unit(self, uid: str, d: dict, x: float, y: float, carried: list[tuple[str, dict]]) -> Element:
        owner = d["owner"]
        fill = player_colour(owner)
        stroke = "#ffffff" if owner < 0 else "#151515"
        utype = d["type"]
        role = self._unit_role(utype)
        g = E("g", E("title", f"{self.name(utype)} of {self._owner_name(owner)} (unit {uid})"),
              data_kind="unit", data_unit=uid, data_type=utype, data_owner=owner, data_space=d["space"])
        if self._is_ship(utype):
            w = 14.0 + 9.0 * len(carried)
            g.add(E("path", d=f"M{x - w / 2:.1f},{y - 4:.1f}h{w:.1f}l-3.5,8.5h{-(w - 7):.1f}z", fill=fill,
                    stroke=stroke, stroke_width=1.1))
            g.add(E("path", d=f"M{x - w / 2 + 3:.1f},{y - 4:.1f}v-4", stroke=stroke, stroke_width=1.1))
            cx = x - w / 2 + 7 + 4.5
            for cu, cd in carried:
                g.add(self._token(cu, cd, cx, y - 0.5, 3.6, carried_by=uid))
                cx += 9
        else:
            g.add(self._shape(role, x, y, 5.6, fill, stroke))
        return g

    def _token(self, uid: str, d: dict, x: float, y: float, r: float, carried_by: str | None = None) -> Element:
        owner = d["owner"]
        fill = player_colour(owner)
        stroke = "#ffffff"
        return E("g", E("title", f"{self.name(d['type'])} of {self._owner_name(owner)} (unit {uid}), on ship "
                                 f"{carried_by}"),
                 self._shape(self._unit_role(d["type"]), x, y, r, fill, stroke),
                 data_kind="unit", data_unit=uid, data_type=d["type"], data_owner=owner, data_space=d["space"],
                 data_carried_by=carried_by)

    def _shape(self, role: str, x: float, y: float, r: float, fill: str, stroke: str) -> Element:
        if role in ("founder", "settler"):
            pts = [(x, y - r * 1.15), (x + r * 1.05, y + r * 0.85), (x - r * 1.05, y + r * 0.85)]
            return E("polygon", points=points(pts), fill=fill, stroke=stroke, stroke_width=1.1)
        if role == "army":
            return E("circle", cx=x, cy=y, r=r, fill=fill, stroke=stroke, stroke_width=1.1)
        return E("rect", x=x - r, y=y - r, width=2 * r, height=2 * r, fill=fill, stroke=stroke, stroke_width=1.1)

    def _city(self, sid: str, cx: float, cy: float, city: dict) -> Element:
        owner = city["owner"]
        pieces = sorted(city["pieces"].items(),
                        key=lambda kv: self.piece_order.index(kv[0]) if kv[0] in self.piece_order else 99)
        n = max(1, len(pieces))
        w = 7 + 13 * n
        y0 = cy - 15
        g = E("g", E("title", self._city_title(sid, city)), data_kind="city", data_space=sid, data_owner=owner,
              data_mood=city.get("mood"), data_size=len(pieces))
        g.add(E("rect", x=cx - w / 2, y=y0, width=w, height=17, rx=3, fill="#ffffff", fill_opacity=0.92,
                stroke=player_colour(owner), stroke_width=2.6))
        x = cx - w / 2 + 4
        for piece, powner in pieces:
            col = player_colour(powner)
            g.add(E("g", E("rect", x=x, y=y0 + 3, width=11, height=11, rx=1.5, fill=col),
                    E("text", self.piece_letter.get(piece, piece[:1].upper()), x=x + 5.5, y=y0 + 11.8,
                      text_anchor="middle", font_size=8.5, font_weight="bold", fill="#ffffff"),
                    data_kind="piece", data_piece=piece, data_owner=powner))
            x += 13
        g.add(self._mood(cx - w / 2 - 1, y0 + 1, city.get("mood", "neutral")))
        for i, wonder in enumerate(city.get("wonders", [])):
            g.add(E("g", E("title", self.name(wonder)), self._star(cx + w / 2 - 4 - 12 * i, y0 - 3, 6.5),
                    data_kind="wonder", data_wonder=wonder))
        return g

    def _city_title(self, sid: str, city: dict) -> str:
        h = parse_space_id(sid)
        owner = self._owner_name(city["owner"])
        parts = [f"{self.name(p)} ({self._owner_name(o)})" for p, o in city["pieces"].items()]
        text = f"City at {label(h)} of {owner}, {city.get('mood', '?')}: {', '.join(parts)}"
        if city.get("wonders"):
            text += "; wonders: " + ", ".join(self.name(w) for w in city["wonders"])
        return text

    def _mood(self, x: float, y: float, mood: str) -> Element:
        r = 5.8
        g = E("g", E("title", f"mood: {mood}"), data_kind="mood", data_mood=mood)
        g.add(E("circle", cx=x, cy=y, r=r, fill=MOOD_FILL.get(mood, MUTED), stroke="#ffffff", stroke_width=1))
        g.add(E("circle", cx=x - 2, cy=y - 1.5, r=0.9, fill="#ffffff"))
        g.add(E("circle", cx=x + 2, cy=y - 1.5, r=0.9, fill="#ffffff"))
        if mood == "happy":
            mouth = f"M{x - 2.6:.1f},{y + 1.2:.1f}Q{x:.1f},{y + 4.2:.1f} {x + 2.6:.1f},{y + 1.2:.1f}"
        elif mood == "angry":
            mouth = f"M{x - 2.6:.1f},{y + 3.4:.1f}Q{x:.1f},{y + 0.4:.1f} {x + 2.6:.1f},{y + 3.4:.1f}"
        else:
            mouth = f"M{x - 2.4:.1f},{y + 2.3:.1f}H{x + 2.4:.1f}"
        g.add(E("path", d=mouth, stroke="#ffffff", stroke_width=1.1, fill="none", stroke_linecap="round"))
        return g

    @staticmethod
    def _star(x: float, y: float, r: float) -> Element:
        pts = []
        for i in range(10):
            rr = r if i % 2 == 0 else r * 0.45
            a = math.radians(-90 + 36 * i)
            pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
        return E("polygon", points=points(pts), fill="#f3c232", stroke="#7d5f00", stroke_width=0.9)

    def _port_marker(self, sea: Hex, city: Hex, c: dict) -> Element:
        sx, sy = self.centre[sea]
        if city in self.centre:
            tx, ty = self.centre[city]
            x, y = sx + (tx - sx) * 0.42, sy + (ty - sy) * 0.42
        else:
            x, y = sx, sy
        col = player_colour(c["owner"])
        return E("g", E("title", f"port of the city at {label(city)}"),
                 E("circle", cx=x, cy=y, r=6.5, fill="#ffffff", stroke=col, stroke_width=2),
                 E("text", "P", x=x, y=y + 3.2, text_anchor="middle", font_size=8.5, font_weight="bold", fill=col),
                 data_kind="port", data_space=space_id(sea), data_city=space_id(city))

    # ----- legend ----------------------------------------------------------------------------------
    def legend(self) -> Element:
        y = HEADER_H + self.board_h + 6
        g = E("g", data_kind="legend", font_size=10, fill=INK)
        x = MARGIN
        for t in ["fertile", "forest", "mountain", "barren", "sea"]:
            g.add(E("rect", x=x, y=y, width=12, height=12, fill=TERRAIN_FILL[t], stroke="#555", stroke_width=0.6))
            g.add(E("text", t, x=x + 16, y=y + 10))
            x += 22 + text_width(t, 10)
        g.add(E("rect", x=x, y=y, width=12, height=12, fill="url(#rw-unrevealed)"))
        g.add(E("text", "unrevealed", x=x + 16, y=y + 10))
        x += 22 + text_width("unrevealed", 10)
        g.add(E("path", d=f"M{x:.1f},{y:.1f}l12,12m0,-12l-12,12", stroke="#7a1b12", stroke_width=3, opacity=0.6))
        g.add(E("text", "exhausted", x=x + 16, y=y + 10))
        y2 = y + 22
        x = MARGIN + 6
        for role, what in (("army", "army"), ("founder", "settler")):
            g.add(self._shape(role, x, y2 + 5, 5.6, "#777", "#151515"))
            g.add(E("text", what, x=x + 10, y=y2 + 9))
            x += 22 + text_width(what, 10)
        g.add(E("path", d=f"M{x - 7:.1f},{y2 + 1:.1f}h16l-3.5,8.5h-9z", fill="#777", stroke="#151515"))
        g.add(E("text", "ship (with what it carries)", x=x + 13, y=y2 + 9))
        x += 20 + text_width("ship (with what it carries)", 10)
        g.add(E("circle", cx=x, cy=y2 + 5, r=5.6, fill=BARBARIAN, stroke="#fff"))
        g.add(E("text", "barbarians", x=x + 10, y=y2 + 9))
        x += 22 + text_width("barbarians", 10)
        for mood in ("happy", "neutral", "angry"):
            g.add(self._mood(x, y2 + 5, mood))
            g.add(E("text", mood, x=x + 9, y=y2 + 9))
            x += 18 + text_width(mood, 10)
        y3 = y2 + 20
        parts = [f"{self.piece_letter[p]} {self.name(p).lower()}" for p in self.piece_order]
        g.add(E("text", "city pieces, in the colour of their owner: " + ", ".join(parts), x=MARGIN, y=y3 + 9))
        sx = MARGIN + text_width("city pieces, in the colour of their owner: " + ", ".join(parts), 10) + 14
        g.add(self._star(sx, y3 + 5, 6))
        g.add(E("text", "wonder", x=sx + 10, y=y3 + 9))
        return g

    # ----- player panels ---------------------------------------------------------------------------
    def _panel_height(self, viewer: int | None) -> float:
        top = 5 * LINE + 14
        hand = HAND_LINES * HAND_LINE if viewer is not None else 0
        return top + hand + math.ceil(len(self.categories) / 4) * GRID_ROW_H + 22

    def panel_parts(self, fr: Frame, p: int) -> list[tuple[tuple, Any]]:
        """A player's panel as (memo key, draw) pairs: frame and name, VP, resources, the rest.

        Split so that a change of resources (every few decisions) redraws one short line only.
        """
        st = fr.state
        pl = st["players"][p]
        x0, y0 = self.panel_pos[p]
        move = f"translate({x0:.0f},{y0:.0f})"
        col = player_colour(p)
        is_viewer = p == fr.viewer
        current = fr.pending is not None and fr.pending.get("player") == p and not fr.over
        winner = p in fr.winners
        vp = fr.vp[p] if p < len(fr.vp) else {}
        res = pl.get("res", {})
        hand = pl.get("hand", {})
        cities = [c for c in st["cities"].values() if c["owner"] == p]
        wonders = sum(len(c.get("wonders", [])) for c in cities)
        extra = [a for a in pl.get("advances", []) if a not in self._categorised]

        def frame() -> Element:
            h = self.viewer_panel_h if is_viewer else self.panel_h
            g = E("g", data_kind="panel", data_player=p, transform=move)
            g.add(E("rect", x=0, y=0, width=PANEL_W, height=h, rx=6, fill="#fffdf8", stroke=col,
                    stroke_width=3 if current else 1.3))
            g.add(E("rect", x=0, y=0, width=8, height=h, rx=3, fill=col))
            tag = ("  (you)" if is_viewer else "") + ("  ★ winner" if winner else "  ▶ to play" if current else "")
            g.add(E("text", pl["name"] + tag, x=16, y=20, font_size=15, font_weight="bold", fill=col))
            return g

        def points_() -> Element:
            g = E("g", data_kind="panel-vp", data_player=p, transform=move, fill=INK)
            g.add(E("text", f"{_num(sum(vp.values()))} VP", x=PANEL_W - 12, y=21, font_size=17,
                    font_weight="bold", text_anchor="end", data_kind="vp", data_player=p))
            parts = "VP from " + " · ".join(f"{words(k)} {_num(v)}" for k, v in vp.items())
            g.add(E("text", parts, x=PANEL_W - 12, y=20 + LINE, font_size=9, fill="#666", text_anchor="end"))
            return g

        def resources() -> Element:
            g = E("g", data_kind="panel-res", data_player=p, transform=move, font_size=10.5, fill=INK)
            y = 20 + 2 * LINE + 2
            x = 16.0
            for r in self.resources:
                g.add(E("circle", cx=x + 4, cy=y - 3.5, r=4, fill=RESOURCE_COLOURS.get(r, "#999"), stroke="#444",
                        stroke_width=0.5))
                item = f"{r} {res.get(r, 0)}"
                g.add(E("text", item, x=x + 11, y=y, data_kind="resource", data_resource=r))
                x += 20 + text_width(item, 10.5)
            y += LINE
            tokens = "   ".join(f"{t} tokens {res.get(t, 0)}" for t in self.tokens)
            levels = f"culture level {pl.get('culture_level', 0)} · happiness level {pl.get('happiness_level', 0)}"
            g.add(E("text", f"{tokens}   |   {levels}", x=16, y=y))
            return g

        def info() -> Element:
            g = E("g", data_kind="panel-info", data_player=p, transform=move, font_size=10.5, fill=INK)
            y = 20 + 4 * LINE + 2
            counts = []
            for kind, cards in hand.items():
                n = cards.get("count", 0) if isinstance(cards, dict) else len(cards)
                counts.append(f"{n} {words(kind).replace(' card', '')}")
            g.add(E("text", f"hand: {', '.join(counts) or 'empty'}", x=16, y=y, data_kind="hand", data_player=p))
            g.add(E("text", f"{len(cities)} cities · {wonders} wonders", x=PANEL_W - 12, y=y, text_anchor="end"))
            y += LINE
            done = [self.name(o) for o in pl.get("completed", [])]
            g.add(E("text", fit("objectives done: " + (", ".join(done) or "none"), 10.5, PANEL_W - 28), x=16, y=y))
            if is_viewer:  # the viewer's own cards, by kind, wrapped into the lines reserved for them
                lines: list[tuple[float, str]] = []
                for kind, cards in hand.items():
                    if isinstance(cards, list) and cards:
                        head = words(kind).replace(" card", "") + ": "
                        names = [self.name(c) for c in cards]
                        names[0] = head + names[0]
                        lines += [(22 if i == 0 else 34, line)
                                  for i, line in enumerate(wrap(names, 9.5, PANEL_W - 50, HAND_LINES))]
                if len(lines) > HAND_LINES:
                    rest = " ".join(t for _, t in lines[HAND_LINES - 1:])
                    lines = lines[:HAND_LINES - 1] + [(34, fit(rest, 9.5, PANEL_W - 50))]
                for i, (x, line) in enumerate(lines or [(22, "no cards")]):
                    g.add(E("text", line, x=x, y=y + 4 + HAND_LINE * (i + 1), font_size=9.5, font_style="italic",
                            data_kind="own-hand" if i == 0 else None))
            if extra:
                yy = self._grid_top(is_viewer) + math.ceil(len(self.categories) / 4) * GRID_ROW_H - 2
                g.add(E("text", fit("other advances: " + ", ".join(self.name(a) for a in extra), 9, PANEL_W - 28),
                        x=16, y=yy, font_size=9))
            return g

        return [
            (("panel", p, pl["name"], is_viewer, current, winner), frame),
            (("panel-vp", p, _key(vp)), points_),
            (("panel-res", p, _key(res), pl.get("culture_level"), pl.get("happiness_level")), resources),
            (("panel-info", p, is_viewer, _key(hand), len(cities), wonders, _key(pl.get("completed")), _key(extra)),
             info),
        ]

    def _grid_top(self, is_viewer: bool) -> float:
        return 20 + 5 * LINE + 14 + (HAND_LINES * HAND_LINE if is_viewer else 0)

    def category_cell(self, fr: Frame, p: int, index: int, owned: set[str] | frozenset[str]) -> Element:
        """One category of a player's advances, as on the player board (its own fragment)."""
        cat = self.categories[index]
        x0, y0 = self.panel_pos[p]
        col = player_colour(p)
        cw = (PANEL_W - 20) / 4
        cx = 12 + (index % 4) * cw
        cy = self._grid_top(p == fr.viewer) + (index // 4) * GRID_ROW_H
        advs = list(cat.data.get("advances", []))
        have = sum(1 for a in advs if a in owned)
        cg = E("g", data_kind="category", data_player=p, data_category=cat.id, data_owned=have,
               transform=f"translate({x0:.0f},{y0:.0f})", fill=INK)
        if cat.data.get("government"):
            cg.add(E("rect", x=cx - 2, y=cy - 9, width=cw - 3, height=GRID_ROW_H - 5, rx=3, fill="#ebe7df"))
        cg.add(E("text", fit(cat.name.upper(), 8.6, cw - 6), x=cx, y=cy, font_size=8.6, font_weight="bold",
                 fill="#555"))
        for j, a in enumerate(advs):
            ay = cy + 11 + j * 11
            on = a in owned
            cg.add(E("rect", x=cx, y=ay - 7, width=7, height=7, fill=col if on else "none",
                     stroke=col if on else "#bdbdbd", stroke_width=0.9))
            cg.add(E("text", fit(self.name(a), 8.8, cw - 14), x=cx + 10, y=ay, font_size=8.8,
                     fill=INK if on else "#b3b3b3", font_weight="bold" if on else None,
                     data_advance=a if on else None))
        return cg


RESOURCE_COLOURS = {"food": "#e7c53a", "wood": "#8a5a2b", "ore": "#7d8a96", "idea": "#f4f4f4", "gold": "#e0a400"}


def _key(value: Any) -> str:
    """A hashable, order-stable key for plain JSON data."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _num(v: float) -> str:
    return f"{v:g}"


def _int(s: str) -> int:
    try:
        return int(s)
    except ValueError:
        return 0


def _raw(markup: str):
    from .svg import Raw

    return Raw(markup)


# ----- whole-game helpers -----------------------------------------------------------------------------
def parse_viewer(value: str | None, names: list[str]) -> int | None:
    """`--as`: a seat index counted from 0 (as `game.view` takes it) or a player's name ("Player 2")."""
    if value is None:
        return None
    text = value.strip()
    if text.lstrip("-").isdigit():
        i = int(text)
        if 0 <= i < len(names):
            return i
        raise ValueError(f"there is no seat {i}: seats are 0 to {len(names) - 1} ({', '.join(names)})")
    for i, n in enumerate(names):
        if n.lower() == text.lower():
            return i
    raise ValueError(f"no player named {value!r}: players are {', '.join(names)} (or seats 0-{len(names) - 1})")


def game_title(game: Game) -> str:
    cfg = game.config
    # never the seed: with it, any seat could recompute every hand and deck order (docs/hidden-information.md)
    bits = [f"{len(game.state['players'])} players"]
    if cfg.get("variants"):
        bits.append("variants " + ", ".join(cfg["variants"]))
    packs = [p for p in cfg.get("packs", ["base"]) if p != "base"]
    if packs:
        bits.append("packs " + ", ".join(map(str, packs)))
    return "Clash of Cultures — " + ", ".join(bits)


def render_game(game: Game, viewer: int | None = None, steps: int | None = None) -> str:
    """The SVG document of a game as it stands now."""
    r = BoardRenderer(game.rt.defn, len(game.state["players"]), viewer)
    return r.svg_document(frame_of(game, viewer, steps, game_title(game)))


def svg_to_png(svg_text: str) -> bytes:
    """PNG bytes through resvg (the optional `png` extra: `pip install rulewright[png]`)."""
    try:
        import resvg_py
    except ImportError:
        raise RuntimeError("PNG output needs the optional resvg-py package: pip install 'rulewright[png]' "
                           "(or write an .svg)") from None
    return bytes(resvg_py.svg_to_bytes(svg_string=svg_text, background="#f4f1ea"))


def load_save(file: Path) -> dict:
    from .inputs import read_json

    return read_json(file, "save")


def render(file: Path = typer.Argument(..., help="a game saved with `play --save`"),
           step: int | None = typer.Option(None, "--step", min=0, help="draw the game after N actions (default: the end)"),
           as_player: str | None = typer.Option(None, "--as", help="draw what this player sees: seat 0.. or name"),
           out: Path | None = typer.Option(None, "--out", "-o", callback=output_file,
                                           help="FILE.svg (or FILE.png with the png extra); default SAVE.svg"),
           ) -> None:
    """Draw a saved game's board and player panels (at the end, or after N actions) as SVG."""
    from ..api import load_game
    from ..engine.decision import IllegalAction
    from ..engine.machine import validate_save

    try:
        data = load_save(file)
        total = len(validate_save(data)["actions"])
        if step is not None and not 0 <= step <= total:
            typer.echo(f"error: --step must be between 0 and {total} for {file}", err=True)
            raise typer.Exit(2)
        game = load_game(data, step)
    except (OSError, json.JSONDecodeError, IllegalAction, KeyError, ValueError, TypeError) as err:
        typer.echo(f"error: cannot replay {file}: {err}", err=True)
        raise typer.Exit(1) from None
    try:
        viewer = parse_viewer(as_player, [p["name"] for p in game.state["players"]])
    except ValueError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    target = out or file.with_suffix(".svg")
    text = render_game(game, viewer, total)
    if target.suffix.lower() == ".png":
        try:
            target.write_bytes(svg_to_png(text))
        except RuntimeError as err:
            typer.echo(f"error: {err}", err=True)
            raise typer.Exit(2) from None
    else:
        target.write_text(text, encoding="utf-8")
    typer.echo(f"wrote {target} (step {len(game.actions)} of {total})")


def register(app: typer.Typer) -> None:
    app.command("render")(render)
