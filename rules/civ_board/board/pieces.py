"""Putting pieces on the map and taking them off: figures, cities, buildings, wonders, great people,
hut and village markers (placed facedown when a tile is turned up), and the unit decks.

Every change of the map goes through here, so the rules that read the map (economy, movement,
combat) see one shape of state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import board

if TYPE_CHECKING:
    from ..state.runtime import Civ

BASIC_UNITS = ("artillery", "infantry", "mounted")  # always produced; others are unlocked (aircraft)


def new_id(rt: Civ) -> int:
    n = rt.state["next_id"]
    rt.state["next_id"] = n + 1
    return n


def on_map(rt: Civ, p: int, kind: str) -> int:
    return sum(1 for f in rt.state["figures"] if f["owner"] == p and f["kind"] == kind)


def figures_left(rt: Civ, p: int, kind: str) -> int:
    """Figures of the kind p has by its civilisation sheet (not on the map)."""
    total = rt.player(p)["armies" if kind == "army" else "scouts"]
    return total - on_map(rt, p, kind)


def place_figure(rt: Civ, p: int, kind: str, x: int, y: int) -> dict:
    f = {"id": new_id(rt), "owner": p, "kind": kind, "x": x, "y": y, "since": rt.state["turn"], "sends": None}
    rt.state["figures"].append(f)
    return f


def remove_figures(rt: Civ, figs: list[dict]) -> None:
    ids = {f["id"] for f in figs}
    rt.state["figures"] = [f for f in rt.state["figures"] if f["id"] not in ids]


def stack_limit(rt: Civ, p: int) -> int:
    return rt.quantity("stacking", p, rt.highest("stack_limit", p, int(rt.params["base_stack_limit"])))


def may_end_in_water(rt: Civ, p: int) -> bool:
    return rt.granted("end_in_water", p)


def placeable(rt: Civ, p: int, x: int, y: int, adding: int = 1) -> bool:
    """May p put (or end the move of) `adding` figures on the square: a revealed square, not water unless
    allowed, no enemy figure, no marker, not a city centre, within the stacking limit."""
    sq = rt.square(x, y)
    if sq is None or (sq["terrain"] == "water" and not may_end_in_water(rt, p)):
        return False
    if rt.enemies_at(x, y, p) or board.key(x, y) in rt.state["markers"] or rt.city_at(x, y):
        return False
    return len(rt.figures_at(x, y, p)) + adding <= stack_limit(rt, p)


def place_city(rt: Civ, p: int, x: int, y: int, capital: bool, walled: bool = False) -> dict:
    city = {"id": new_id(rt), "owner": p, "x": x, "y": y, "capital": capital, "walled": walled}
    rt.state["cities_built"].append(city)
    return city


def cities_left(rt: Civ, p: int) -> int:
    """Cities p may still build: its limit (2, or a city_limit grant's, the capital included) less those
    built, within its city markers."""
    limit = rt.quantity("city_limit", p, rt.highest("city_limit", p, int(rt.params["base_city_limit"])))
    return max(0, min(limit, int(rt.params["city_markers"])) - len(rt.cities(p)))


def put_item(rt: Civ, p: int, kind: str, eid: str, x: int, y: int) -> None:
    """A building, wonder or great person onto a square; what stood there leaves (a great person goes
    back to its owner's reserve, a building to the market, a wonder out of the game for good)."""
    k = board.key(x, y)
    old = rt.state["items"].get(k)
    if old is not None and old["kind"] == "person":
        rt.player(old["owner"])["reserve"].append(old["id"])
    rt.state["items"][k] = {"kind": kind, "id": eid, "owner": p}


def buildings_built(rt: Civ, building: str) -> int:
    """Markers of a building type (basic or upgraded form) on the map: the supply is shared."""
    base = rt.d.buildings[building].data.get("upgrade_of") or building
    forms = {base, *rt.d.upgrades_of.get(base, [])}
    return sum(1 for it in rt.state["items"].values() if it["kind"] == "building" and it["id"] in forms)


def reveal_tile(rt: Civ, tr: int, tc: int, rot: int) -> str:
    """Turn a facedown tile up (drawn from the unseen pile) and put markers facedown on its hut and
    village squares. Which marker lies where is drawn when it is explored: markers are placed unseen
    from a shuffled pile, so drawing then is the same game, and nobody's view can peek at them."""
    tid = rt.state["tile_pool"].pop(0)
    rt.state["map"]["tiles"][tr][tc] = {"id": tid, "rot": rot}
    mark_tile(rt, tr, tc)
    return tid


def mark_tile(rt: Civ, tr: int, tc: int) -> None:
    for dy in range(board.SIZE):
        for dx in range(board.SIZE):
            x, y = tc * board.SIZE + dx, tr * board.SIZE + dy
            sq = rt.square(x, y) or {}
            for marker in ("hut", "village"):
                out = sum(1 for m in rt.state["markers"].values() if m == marker)
                if sq.get(marker) and len(rt.state[f"{marker}_pool"]) > out:
                    rt.state["markers"][board.key(x, y)] = marker


def draw_unit(rt: Civ, utype: str) -> str | None:
    """A unit card from the type's deck; the killed units returned under it are shuffled in when it runs out."""
    deck = rt.state["unit_decks"].get(utype, [])
    if not deck and rt.state["unit_returned"].get(utype):
        deck.extend(rt.state["unit_returned"][utype])
        rt.state["unit_returned"][utype] = []
        rt.rng().shuffle(deck)
    return deck.pop(0) if deck else None


def return_unit(rt: Civ, card: str) -> None:
    rt.state["unit_returned"][rt.d.units[card].data["type"]].append(card)


def unit_type(rt: Civ, card: str) -> str:
    return rt.d.units[card].data["type"]


def rank(rt: Civ, p: int | None, utype: str) -> int:
    """The rank p's units of the type fight at (barbarians: always 1)."""
    if p is None:
        return 1
    return max([1] + [int(a[1]) for a in rt.grants(p, "unit_rank") if a[0] == utype])


def strength(rt: Civ, p: int | None, card: str, side: str | None = None) -> int:
    """The card's strength at its owner's rank, after the owner's `unit_strength` modifiers."""
    values = rt.d.units[card].data["strength"]
    utype = unit_type(rt, card)
    base = int(values[min(rank(rt, p, utype), len(values)) - 1])
    return base if p is None else rt.quantity("unit_strength", p, base, unit=utype, side=side)


def home_tile_at(rt: Civ, p: int) -> tuple[int, int]:
    home = rt.d.civs[rt.player(p)["civ"]].data["home_tile"]
    m = rt.state["map"]
    for tr in range(m["rows"]):
        for tc in range(m["cols"]):
            c = m["tiles"][tr][tc]
            if c and c.get("id") == home:
                return tr, tc
    raise ValueError(f"no home tile of {rt.player(p)['civ']} on the map")
