"""Capturing a city (rulebook page 12): the winner of a battle takes the city, its pieces and a plunder,
or razes it.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..actions.cities import piece_counts
from ..names import BARBARIAN
from ..registry import SERVICES

if TYPE_CHECKING:
    from ..state.runtime import Clash
    from .combat import Battle


def capture(rt: Clash, captor: int, space: str, b: Battle | None = None) -> Generator:
    """Armies alone in a foreign city capture it (page 12); a barbarian city gives gold instead."""
    st = rt.state
    city = st["cities"][space]
    loser = city["owner"]
    size = len(city["pieces"])
    if loser == BARBARIAN:
        killed = (b.killed.get(BARBARIAN, 0) if b else 0)
        yield from rt.gain_resource(captor, "gold", killed, "capture")
        keep = yield from rt.ask(captor, "capture", "Keep the barbarian city or raze it?", ["keep", "raze"],
                                 ["keep it (angry)", "raze it for 1 more gold"])
        if keep == "raze":
            raze_city = SERVICES["raze_city"]  # written above this layer (phases.status)
            yield from raze_city(rt, space, "capture")
            yield from rt.gain_resource(captor, "gold", 1, "capture")
            rt.log(f"  {rt.name(captor)} razes the barbarian city at {space}")
            return
        yield from _swap_pieces(rt, captor, loser, space)
        if space in st["cities"]:
            yield from rt.set_mood(space, "angry", "capture")
            rt.log(f"  {rt.name(captor)} captures the barbarian city at {space}")
        return
    was_content = city["mood"] in ("happy", "neutral")
    was_happy = city["mood"] == "happy"
    yield from _swap_pieces(rt, captor, loser, space)
    if space in st["cities"]:  # (a captor without a settlement left removes the city, page 12)
        yield from rt.set_mood(space, "angry", "capture")
        rt.log(f"  {rt.name(captor)} captures {rt.name(loser)}'s city at {space}")
    if was_content:
        yield from rt.gain_resource(captor, "gold", size, "capture")
        rt.log(f"  spoils of war: {rt.name(captor)} gets {size} gold")
        refuge = sorted(rt.cities_of(loser))
        if refuge and len(rt.units_of(loser, rt.role("founder"))) < int(
                rt.defn.limit(rt.role("founder"))):
            where = yield from rt.ask(loser, "city", "Refugees: place a settler in which city?", refuge)
            yield from rt.place_unit(loser, rt.role("founder"), where, "capture")
    if space in st["cities"]:
        yield from rt.emit("city_captured", captor, city=space, loser=loser,
                           mood="happy" if was_happy else "neutral" if was_content else "angry")


def _swap_pieces(rt: Clash, captor: int, loser: int, space: str) -> Generator:
    """The owner's pieces change colour; pieces the captor has run out of are removed for 1 gold each."""

    city = rt.state["cities"][space]
    counts = piece_counts(rt, captor)
    for piece, owner in list(city["pieces"].items()):
        if owner != loser or rt.defn.pieces[piece].data.get("keeps_colour"):
            continue  # under another player's cultural influence, or a piece that keeps its builder's colour
        if counts.get(piece, 0) >= rt.defn.limit(piece):
            before = len(city["pieces"])
            del city["pieces"][piece]
            yield from rt.gain_resource(captor, "gold", 1, "capture")
            if piece == rt.defn.foundation:
                # every piece removed gives 1 gold
                yield from rt.gain_resource(captor, "gold", len(city["pieces"]), "capture")
                rt.log(f"  {rt.name(captor)} has no settlement left: the city at {space} is removed")
                raze_city = SERVICES["raze_city"]  # written above this layer (phases.status)
                yield from raze_city(rt, space, "capture")
                return
            yield from rt.size_changed(space, before, "capture")
            continue
        city["pieces"][piece] = captor
        counts[piece] = counts.get(piece, 0) + 1
    city["owner"] = captor
    rt.cities_changed()
