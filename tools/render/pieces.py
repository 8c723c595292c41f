"""Cities and units on the board: stacks of unit tokens, city pieces and moods, ports (tools/render/game.py).

A mixin of BoardRenderer (tools/render/board.py), which holds the geometry these pieces are placed by.
"""

from __future__ import annotations

import math

from ...engine.hexgrid import Hex, parse_space_id, space_id
from .look import HEX, MOOD_FILL, MUTED, label, player_colour, to_int
from .svg import E, Element, points


class Pieces:
    """Cities and units; needs the renderer's geometry (centre, corners) and its names."""

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
        loose.sort(key=lambda u: (self._owner_key(units[u]["owner"]), self._type_key(units[u]["type"]), to_int(u)))
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

