"""The player panels and the legend of a drawn game: points, resources, cards and the advance grid.

A mixin of BoardRenderer (tools/render/board.py), which holds the geometry these parts are placed by.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from .look import (
    BARBARIAN,
    GRID_ROW_H,
    HAND_LINE,
    HAND_LINES,
    HEADER_H,
    INK,
    LINE,
    MARGIN,
    PANEL_W,
    RESOURCE_COLOURS,
    TERRAIN_FILL,
    fit,
    json_key,
    num,
    player_colour,
    text_width,
    words,
    wrap,
)
from .svg import E, Element

if TYPE_CHECKING:
    from .game import Frame


class Panels:
    """Panels and legend; needs the renderer's geometry (board_h, panel_pos, ...) and its names."""

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
            g.add(E("text", f"{num(sum(vp.values()))} VP", x=PANEL_W - 12, y=21, font_size=17,
                    font_weight="bold", text_anchor="end", data_kind="vp", data_player=p))
            parts = "VP from " + " · ".join(f"{words(k)} {num(v)}" for k, v in vp.items())
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
            (("panel-vp", p, json_key(vp)), points_),
            (("panel-res", p, json_key(res), pl.get("culture_level"), pl.get("happiness_level")), resources),
            (("panel-info", p, is_viewer, json_key(hand), len(cities), wonders, json_key(pl.get("completed")), json_key(extra)),
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

