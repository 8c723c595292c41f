"""Drawing the board of a game: regions, borders, cities, units and the header, as SVG fragments.

The fragments and the replay viewer's use of them are described in tools/render.py.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ..engine import games
from ..engine.hexgrid import DIRECTIONS, Hex, add, parse_space_id, space_id
from .render_look import (
    FONT,
    HEADER_H,
    HEX,
    INK,
    LEGEND_H,
    MARGIN,
    PANEL_W,
    SQRT3,
    TERRAIN_FILL,
    TERRAIN_INK,
    UNKNOWN_FILL,
    fit,
    json_key,
    label,
    num,
    raw,
    words,
)
from .render_panels import Panels
from .render_pieces import Pieces
from .svg import E, Element, document, points

if TYPE_CHECKING:
    from .render import Frame


# ----- the renderer -----------------------------------------------------------------------------------
class BoardRenderer(Panels, Pieces):
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
        b = state["board"]
        tile = b["tiles"][index]
        if not b["revealed"][index] or tile is None:
            return None
        for entry in self.map_data.get("regions", []) + self.map_data.get("starting_regions", []):
            if entry["id"] == tile:
                # the game's map geometry (Clash: rules/clash/board/map.py), handed over in its descriptor
                geometry = games.find(self.defn.game_id).board_geometry
                return geometry["place_region"](self.layout.slots[index].anchor, b["rots"][index],
                                                geometry["region_terrains"](entry))
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
                    fr.steps if fr.show_step else None, fr.viewer, json_key(w.get("revealed")), json_key(w.get("deck")))
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
            key = ("space", sid, json_key(st["cities"].get(sid)), json_key(here), json_key(aboard), json_key(ports))
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
                        E("g", *[raw(f) for f in self.fragments(fr)], id="rw-layer"),
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
            best = ", ".join(f"{names[w]} ({num(sum(fr.vp[w].values()))} VP)" for w in fr.winners)
            return f"Game over — winner: {best}" if best else "Game over"
        if fr.pending is not None:
            p = fr.pending["player"]
            if "prompt" in fr.pending:  # a prompt that already names its player is not prefixed again
                prompt = fr.pending["prompt"]
                return prompt if prompt.startswith(f"{names[p]}:") else f"{names[p]}: {prompt}"
            return f"{names[p]} is choosing ({words(fr.pending['kind'])})"
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
