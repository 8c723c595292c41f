"""The start of turn: the first player marker passes to the left (not on the first turn), then in
player order each player runs its start-of-turn abilities, sends each scout's square to a city,
places great people from reserve, builds cities with scouts and may change government.

A city needs a scout on a square that is not water, with 8 revealed squares around it, no hut,
village or enemy figure next to it, and 3 or more squares from every city. A government unlocked in
the last research may be taken at once; any other change goes through a turn of Anarchy.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..board import board
from ..board.pieces import cities_left, place_city, placeable, put_item, remove_figures
from ..cards.abilities import offer_actions
from ..cards.culture import offer_cards, person_squares
from ..state.battle_effects import end_period
from ..state.victory import over

if TYPE_CHECKING:
    from ..state.runtime import Civ


def city_site(rt: Civ, p: int, x: int, y: int) -> bool:
    sq = rt.square(x, y)
    if sq is None or sq["terrain"] == "water" or rt.city_at(x, y):
        return False
    for ax, ay in board.around(x, y):
        if rt.square(ax, ay) is None or board.key(ax, ay) in rt.state["markers"] or rt.enemies_at(ax, ay, p):
            return False
    return all(board.distance((x, y), (c["x"], c["y"])) >= rt.params["city_spacing"] for c in rt.state["cities_built"])


def city_scouts(rt: Civ, p: int) -> list[dict]:
    """Figures that may build a city where they stand: scouts, and armies too under `armies_found_cities`."""
    kinds = ("scout", "army") if rt.granted("armies_found_cities", p) else ("scout",)
    return [f for f in rt.state["figures"] if f["owner"] == p and f["kind"] in kinds and city_site(rt, p, f["x"], f["y"])]


def build_cities(rt: Civ, p: int) -> Generator:
    while cities_left(rt, p) > 0:
        scouts = city_scouts(rt, p)
        if not scouts:
            return
        opts = ["none", *(f"city:{f['id']}" for f in scouts)]
        labels = ["build no city", *(f"build a city where the {f['kind']} at {board.label(f['x'], f['y'])} stands" for f in scouts)]
        choice = yield from rt.ask(p, "build_city", f"{rt.name(p)}: build a city?", opts, labels)
        if choice == "none":
            return
        scout = next(f for f in scouts if f"city:{f['id']}" == choice)
        remove_figures(rt, [scout])
        place_city(rt, p, scout["x"], scout["y"], capital=False)
        rt.log(f"{rt.name(p)} builds a city at {board.label(scout['x'], scout['y'])}")
        for f in rt.figures_at(scout["x"], scout["y"], p):  # cannot stay on a city centre
            spot = next(((ax, ay) for ax, ay in board.around(f["x"], f["y"]) if placeable(rt, p, ax, ay)), None)
            if spot is None:
                remove_figures(rt, [f])
            else:
                f["x"], f["y"] = spot
        yield from rt.emit("city_built", p)


def send_scouts(rt: Civ, p: int) -> Generator:
    """Each scout on the map since an earlier turn sends its square to one of p's cities."""
    cities = rt.cities(p)
    for f in rt.state["figures"]:
        if f["owner"] != p or f["kind"] != "scout":
            continue
        f["sends"] = None
        if f["since"] >= rt.state["turn"] or not cities:
            continue
        opts = [str(c["id"]) for c in cities]
        choice = yield from rt.ask(p, "send_scout", f"{rt.name(p)}: which city does the scout at {board.label(f['x'], f['y'])} "
                                   "gather for?", opts, [f"the city at {board.label(c['x'], c['y'])}" for c in cities])
        f["sends"] = int(choice)


def known_governments(rt: Civ, p: int) -> set[str]:
    pl = rt.player(p)
    start = rt.d.civs[pl["civ"]].data.get("start_government") or rt.params["start_government"]
    return {rt.params["start_government"], start} | rt.unlocked(p, "unlock_government")


def change_government(rt: Civ, p: int) -> Generator:
    pl = rt.player(p)
    anarchy = rt.params["transition_government"]   # the transitional government's id (game.yaml)
    now = pl["government"]
    free = set(pl["gov_new"])
    if (now == anarchy and pl["anarchy_since"] is not None and pl["anarchy_since"] < rt.state["turn"]) \
            or rt.granted("no_anarchy", p):
        free = known_governments(rt, p)
    direct = sorted(g for g in free if g != now and g != anarchy)
    opts = ["keep", *(f"gov:{g}" for g in direct)]
    if now != anarchy and known_governments(rt, p) - {now, anarchy} - set(direct):
        opts.append("transition")
    choice = yield from rt.ask(p, "government", f"{rt.name(p)}: change government?", opts,
                               ["keep " + rt.entry_name(now), *(f"change to {rt.entry_name(g)}" for g in direct),
                                *(["fall into Anarchy (to change next turn)"] if "transition" in opts else [])])
    if choice == "keep":
        return
    pl["government"] = anarchy if choice == "transition" else choice.removeprefix("gov:")
    pl["anarchy_since"] = rt.state["turn"] if choice == "transition" else None
    rt.log(f"{rt.name(p)} changes government to {rt.entry_name(pl['government'])}")


def place_reserve(rt: Civ, p: int) -> Generator:
    """Each great person held in reserve at the start of the turn may be placed once (one it displaces
    goes back to the reserve and waits for the next turn)."""
    reserve = rt.player(p)["reserve"]
    for person in list(reserve):
        squares = person_squares(rt, p)
        if not squares:
            return
        opts = ["keep", *(board.key(x, y) for x, y in squares)]
        where = yield from rt.ask(p, "place_person", f"{rt.name(p)}: place {rt.entry_name(person)}?", opts,
                                  ["keep in reserve", *(board.label(x, y) for x, y in squares)])
        if where == "keep":
            continue
        reserve.remove(person)
        put_item(rt, p, "person", person, *board.unkey(where))
        rt.log(f"{rt.name(p)} places {rt.entry_name(person)} at {board.label(*board.unkey(where))}")


def start_of_turn(rt: Civ) -> Generator:
    rt.state["turn"] += 1
    if rt.state["turn"] > 1:
        rt.state["first"] = (rt.state["first"] + 1) % rt.n
    rt.log(f"=== Turn {rt.state['turn']}: first player {rt.name(rt.state['first'])} ===")
    rt.log("1. Start of turn")
    for p in range(rt.n):
        rt.player(p)["used"] = []
    end_period(rt, "turn")
    for city in rt.state["cities_built"]:
        city["boost"] = 0
    yield from offer_cards(rt)
    yield from offer_actions(rt)
    for p in rt.order():
        if over(rt):
            return
        yield from rt.emit("turn_start", p)
        yield from place_reserve(rt, p)
        yield from build_cities(rt, p)
        yield from send_scouts(rt, p)
        yield from change_government(rt, p)
