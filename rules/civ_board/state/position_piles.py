"""What a scenario's position fixes that the set-up leaves to chance: the order facedown tiles are turned up,
the unit decks (contents and order, the killed units under them), the culture decks, the great people,
hut and village piles, the market's supply of resource tokens, the wonders still to come, and what a
facedown marker on the map holds.

A scenario that names these depends on nothing but its own lines: which tile a discovery turns up, which
unit a city produces, when a deck runs out and is reshuffled, what a hut gives. Every id is checked against
the packs (and a unit against its deck's type, a card against its deck's level); a problem is one line of
the position's PositionError.

    position:
      tile_order: [tile_3, tile_7]             # turned up in this order (the rest after, in their order)
      unit_decks: {infantry: [infantry_1234]}  # top first; [] is an empty deck
      unit_returned: {infantry: [infantry_2345]}
      culture_decks: {"1": [sabotage, drought]}
      great_people: [great_artist]
      hut_pile: [hut_wheat]                    # the next hut explored holds wheat ...
      markers: {"6,6": hut_silk}               # ... but the one at 6,6 holds silk
      market: {wheat: 0}
      wonder_deck: [great_library]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....engine.diagnostics import accepted
from ..board import board

if TYPE_CHECKING:
    from .runtime import Civ

PILES = {"great_people": ("great_people_pile", "civ_great_person"), "hut_pile": ("hut_pool", "civ_hut"),
         "village_pile": ("village_pool", "civ_village"), "wonder_deck": ("wonder_deck", None)}
MARKERS = {"civ_hut": "hut", "civ_village": "village"}   # a marker's entry kind -> its word on the map


def _ids(rt: Civ, kind: str | None) -> list[str]:
    return list(rt.d.wonders) if kind is None else [e.id for e in rt.d.content.of_kind(kind)]


def _known(rt: Civ, ids: list, known: list[str], where: tuple, probs: list, what: str) -> bool:
    bad = [(j, v) for j, v in enumerate(ids) if v not in known]
    probs += [((*where, j), f"{v!r} is no {what}; {accepted(known)}") for j, v in bad]
    return not bad


def apply_piles(rt: Civ, pos: dict, probs: list) -> None:
    """Lay the position's piles, decks, market and tile order over the state (before any tile is revealed)."""
    st = rt.state
    if "tile_order" in pos:
        _tile_order(rt, list(pos["tile_order"]), probs)
    for key, store in (("unit_decks", "unit_decks"), ("unit_returned", "unit_returned")):
        for utype, cards in (pos.get(key) or {}).items():
            if utype not in st["unit_decks"]:
                probs.append(((key, utype), f"{utype!r} is no unit deck; {accepted(list(st['unit_decks']))}"))
                continue
            of_type = [u for u, e in rt.d.units.items() if e.data["type"] == utype]
            if _known(rt, cards, of_type, (key, utype), probs, f"{utype} unit card"):
                st[store][utype] = list(cards)
    for level, cards in (pos.get("culture_decks") or {}).items():
        if str(level) not in st["culture_decks"]:
            probs.append((("culture_decks", level), f"{level!r} is no culture deck; {accepted(list(st['culture_decks']))}"))
            continue
        of_level = [e.id for e in rt.d.content.of_kind("civ_culture_card") if str(e.data["level"]) == str(level)]
        if _known(rt, cards, of_level, ("culture_decks", level), probs, f"level {level} culture event card"):
            st["culture_decks"][str(level)] = list(cards)
    for key, (store, kind) in PILES.items():
        if key in pos and _known(rt, pos[key], _ids(rt, kind), (key,), probs, key.replace("_", " ").rstrip("s")):
            st[store] = list(pos[key])
    for res, n in (pos.get("market") or {}).items():
        if res not in rt.d.resources:
            probs.append((("market", res), f"{res!r} is no resource; {accepted(list(rt.d.resources))}"))
        else:
            st["resource_market"][res] = int(n)


def _tile_order(rt: Civ, order: list[str], probs: list) -> None:
    """The named tiles of the unseen pile go on top, in the order given."""
    pool = list(rt.state["tile_pool"])
    for j, tid in enumerate(order):
        if tid not in pool:
            probs.append((("tile_order", j), f"{tid!r} is not a facedown tile of this game; {accepted(rt.state['tile_pool'])}"))
            return
        pool.remove(tid)
    rt.state["tile_pool"] = order + pool


def marker_at(rt: Civ, at: str, value: str, probs: list) -> str | None:
    """The word a position's marker puts on the map (`hut`, `village`); a marker named by the id of what it
    holds also records that, hidden from every view (`marker_contents`), to be taken when it is explored.
    None when the value is unknown."""
    if value in MARKERS.values():
        return value
    entry = rt.d.content.entries.get(value)
    if entry is None or entry.kind not in MARKERS:
        known = [*MARKERS.values(), *_ids(rt, "civ_hut"), *_ids(rt, "civ_village")]
        probs.append((("markers", at), f"{value!r} is no marker; {accepted(known)}"))
        return None
    word = MARKERS[entry.kind]
    held = list(rt.state.setdefault("marker_contents", {}).values()).count(value)
    if rt.state[f"{word}_pool"].count(value) <= held:
        probs.append((("markers", at), f"no {value} is left in the {word} pile for this marker"))
        return None
    rt.state["marker_contents"][at] = value
    return word


def take_marker(rt: Civ, word: str, x: int, y: int) -> str:
    """The hut or village a marker explored at (x, y) holds: the one a position named there, else the next
    of its pile (markers are laid unseen, so which one lies where is drawn when it is explored)."""
    pool, named = rt.state[f"{word}_pool"], rt.state.get("marker_contents", {}).pop(board.key(x, y), None)
    if named is not None and named in pool:
        pool.remove(named)
        return named
    return pool.pop(0)
