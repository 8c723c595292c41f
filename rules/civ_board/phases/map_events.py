"""Culture event cards that aim at the map: figures killed, a great person killed, buildings destroyed,
another player's figures moved as a group, a square's terrain changed for good (a disaster marker), a
marker put on a square.

Each word chooses its target(s) first, among what it may aim at: other players' pieces only, within
`reach` orthogonal steps of the card player's figures or cities (reach.py; anywhere when the card gives
no reach). Then the aim is announced (the `aim` service of the cancel reactions, when the rules have one:
a player aimed at may cancel the card), and only then does the map change. Figures killed go back to
their owner's sheet, buildings to the market (their supply is what stands on the map), a great person
leaves the game (as when its city is destroyed).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ..board import board
from ..board.pieces import remove_figures
from ..board.reach import graph, paths_from, within
from ..registry import SERVICES, function, procedure
from .movement import can_stop, enterable

if TYPE_CHECKING:
    from ..state.runtime import Civ

ARMY_FIRST = {"army": 0, "scout": 1}


def announce(rt: Civ, ctx: Any, owners: set[int], kind: str) -> Generator:
    """Show the aim to the players aimed at (they may cancel the card): True when it was cancelled."""
    aim = SERVICES.get("aim")
    if aim is None or ctx is None:
        return False
    return bool((yield from aim(rt, ctx, sorted(owners), kind)))


def _card(rt: Civ, ctx: Any) -> str:
    return rt.entry_name(ctx.source) if ctx is not None else "a card"


def _reach(reach: Any) -> int | None:
    return None if reach is None else int(reach)


# ---- what a card may aim at
def figure_squares(rt: Civ, p: int, reach: int | None) -> list[tuple[int, int]]:
    near = within(rt, p, reach)
    return sorted({(f["x"], f["y"]) for f in rt.state["figures"] if f["owner"] != p and (f["x"], f["y"]) in near})


def item_squares(rt: Civ, p: int, reach: int | None, kinds: tuple[str, ...]) -> list[tuple[int, int]]:
    """Squares of other players' items of the kinds within reach; a walled city centre counts as a
    building (its walls are one)."""
    near = within(rt, p, reach)
    out = {board.unkey(k) for k, it in rt.state["items"].items() if it["kind"] in kinds and it["owner"] != p}
    if "building" in kinds:
        out |= {(c["x"], c["y"]) for c in rt.state["cities_built"] if c.get("walled") and c["owner"] != p}
    return sorted(sq for sq in out if sq in near)


def targets(rt: Civ, p: int, piece: str, reach: int | None) -> list[tuple[int, int]]:
    if piece == "figure":
        return figure_squares(rt, p, reach)
    return item_squares(rt, p, reach, ("person",) if piece == "person" else ("building",))


@function("in_reach")
def in_reach(rt: Civ, ctx: Any, piece: str, reach: Any = None) -> int:
    """How many of other players' pieces of the kind (figure, person, building) the card could aim at."""
    squares = targets(rt, ctx.me, piece, _reach(reach))
    if piece == "figure":
        return sum(len(rt.enemies_at(x, y, ctx.me)) for x, y in squares)
    return len(squares)


def _ask_square(rt: Civ, p: int, kind: str, prompt: str, squares: list[tuple[int, int]], describe) -> Generator:
    where = yield from rt.ask(p, kind, prompt, [board.key(*sq) for sq in squares], [describe(*sq) for sq in squares])
    return board.unkey(where)


def _figures_words(rt: Civ, figs: list[dict]) -> str:
    kinds = [f["kind"] for f in figs]
    owner = rt.name(figs[0]["owner"])
    return f"{owner}'s " + ", ".join(f"{kinds.count(k)} {k}{'s' * (kinds.count(k) > 1)}" for k in dict.fromkeys(kinds))


# ---- killing
@procedure("kill_figures")
def kill_figures(rt: Civ, p: int, most: int, reach: Any = None, ctx: Any = None) -> Generator:
    """Up to `most` of another player's figures in one square within reach are killed."""
    squares = figure_squares(rt, p, _reach(reach))
    if not squares:
        rt.log(f"{_card(rt, ctx)} finds no figure to aim at")
        return
    x, y = yield from _ask_square(rt, p, "kill_target", f"{rt.name(p)}: {_card(rt, ctx)}, kill figures where?", squares,
                                  lambda a, b: f"{_figures_words(rt, rt.enemies_at(a, b, p))} at {board.label(a, b)}")
    here = sorted(rt.enemies_at(x, y, p), key=lambda f: (ARMY_FIRST.get(f["kind"], 2), f["id"]))
    chosen = here if len(here) <= int(most) else []
    while len(chosen) < int(most) and len(here) > int(most):
        left = [f for f in here if f not in chosen]
        pick = yield from rt.ask(p, "kill_target", f"{rt.name(p)}: which figure at {board.label(x, y)} dies?",
                                 [f"fig:{f['id']}" for f in left], [f"{rt.name(f['owner'])}'s {f['kind']}" for f in left])
        chosen.append(next(f for f in left if f"fig:{f['id']}" == pick))
    if (yield from announce(rt, ctx, {f["owner"] for f in chosen}, "figure")):
        return
    remove_figures(rt, chosen)
    rt.log(f"{rt.name(p)} kills {_figures_words(rt, chosen)} at {board.label(x, y)} ({_card(rt, ctx)})")


@procedure("kill_person")
def kill_person(rt: Civ, p: int, reach: Any = None, ctx: Any = None) -> Generator:
    """Another player's great person within reach is killed: it leaves the game."""
    squares = item_squares(rt, p, _reach(reach), ("person",))
    if not squares:
        rt.log(f"{_card(rt, ctx)} finds no great person to aim at")
        return
    x, y = yield from _ask_square(rt, p, "kill_target", f"{rt.name(p)}: {_card(rt, ctx)}, kill which great person?", squares,
                                  lambda a, b: f"{rt.entry_name(rt.item_at(a, b)['id'])} of "
                                               f"{rt.name(rt.item_at(a, b)['owner'])} at {board.label(a, b)}")
    item = rt.item_at(x, y)
    if (yield from announce(rt, ctx, {item["owner"]}, "square")):
        return
    del rt.state["items"][board.key(x, y)]
    rt.log(f"{rt.name(p)} kills {rt.name(item['owner'])}'s {rt.entry_name(item['id'])} at {board.label(x, y)}: "
           f"removed from the game ({_card(rt, ctx)})")


# ---- destroying buildings
def _building_words(rt: Civ, x: int, y: int) -> str:
    item = rt.item_at(x, y)
    if item is None:
        city = rt.city_at(x, y)
        return f"{rt.name(city['owner'])}'s city walls at {board.label(x, y)}"
    return f"{rt.name(item['owner'])}'s {rt.entry_name(rt.building_form(item['owner'], item['id']))} at {board.label(x, y)}"


@procedure("destroy_buildings")
def destroy_buildings(rt: Civ, p: int, most: int, reach: Any = None, ctx: Any = None) -> Generator:
    """Up to `most` buildings of other players within reach (city walls too) are destroyed: each goes back
    to the market."""
    chosen: list[tuple[int, int]] = []
    for _ in range(int(most)):
        squares = [sq for sq in item_squares(rt, p, _reach(reach), ("building",)) if sq not in chosen]
        if not squares:
            break
        sq = yield from _ask_square(rt, p, "destroy_target", f"{rt.name(p)}: {_card(rt, ctx)}, destroy which building?",
                                    squares, lambda a, b: _building_words(rt, a, b))
        chosen.append(sq)
    if not chosen:
        rt.log(f"{_card(rt, ctx)} finds no building to aim at")
        return
    owners = {(rt.item_at(*sq) or rt.city_at(*sq))["owner"] for sq in chosen}
    if (yield from announce(rt, ctx, owners, "building")):
        return
    for x, y in chosen:
        words = _building_words(rt, x, y)
        if rt.item_at(x, y) is None:
            rt.city_at(x, y)["walled"] = False
        else:
            del rt.state["items"][board.key(x, y)]
        rt.log(f"{rt.name(p)} destroys {words}: back to the market ({_card(rt, ctx)})")


# ---- moving another player's group
def _hostile(rt: Civ, q: int, x: int, y: int) -> bool:
    city = rt.city_at(x, y)
    return bool(rt.enemies_at(x, y, q)) or board.key(x, y) in rt.state["markers"] or (city is not None and city["owner"] != q)


def _passable(rt: Civ, q: int, figs: list):
    """Where q's group `figs` may pass: a revealed land square without a battle or an exploration there."""

    def passable(x: int, y: int) -> bool:
        sq = rt.square(x, y)
        return sq is not None and sq["terrain"] != "water" and not _hostile(rt, q, x, y) and enterable(rt, q, figs, x, y)
    return passable


def destinations(rt: Civ, start: tuple[int, int], steps: int) -> list[tuple[int, int]]:
    """Where the figures at `start` may be moved as a group in 1 to `steps` orthogonal steps by their owner's
    movement rules, never into water and never into a square where they would start a battle or explore."""
    figs = rt.figures_at(*start)
    if not figs:
        return []
    q = figs[0]["owner"]
    reached = paths_from(rt, start, steps, _passable(rt, q, figs))
    return sorted(sq for sq, d in reached.items() if d >= 1 and can_stop(rt, q, figs, *sq))


def has_destination(rt: Civ, start: tuple[int, int], steps: int) -> bool:
    """bool(destinations(...)), by a breadth-first search over the same squares that stops at the first
    square the group may stop on (a culture card's condition asks it of every group at each menu)."""
    figs = rt.figures_at(*start)
    g = graph(rt)
    if not figs or start not in g:
        return False
    q = figs[0]["owner"]
    passable = _passable(rt, q, figs)
    seen, frontier = {start}, [start]
    for _ in range(int(steps)):
        nxt = []
        for sq in frontier:
            for n in g[sq]:
                if n in seen:
                    continue
                seen.add(n)
                if not passable(*n):
                    continue
                if can_stop(rt, q, figs, *n):
                    return True
                nxt.append(n)
        frontier = nxt
    return False


def movable(rt: Civ, p: int, steps: int) -> list[tuple[int, int]]:
    return [sq for sq in figure_squares(rt, p, None) if has_destination(rt, sq, steps)]


@function("movable_groups")
def movable_groups(rt: Civ, ctx: Any, steps: Any) -> int:
    """How many squares hold other players' figures that could be moved as a group (1 to N squares)."""
    return len(movable(rt, ctx.me, int(steps)))


@procedure("move_group")
def move_group(rt: Civ, p: int, steps: int, ctx: Any = None) -> Generator:
    """All of another player's figures in one square are moved up to `steps` squares as a group, by the
    card player (no diagonals, no water, no battle)."""
    squares = movable(rt, p, int(steps))
    if not squares:
        rt.log(f"{_card(rt, ctx)} finds no figures to move")
        return
    x, y = yield from _ask_square(rt, p, "move_target", f"{rt.name(p)}: {_card(rt, ctx)}, move whose figures?", squares,
                                  lambda a, b: f"{_figures_words(rt, rt.figures_at(a, b))} at {board.label(a, b)}")
    figs = rt.figures_at(x, y)
    if (yield from announce(rt, ctx, {f["owner"] for f in figs}, "figure")):
        return
    options = destinations(rt, (x, y), int(steps))
    to = yield from _ask_square(rt, p, "move_destination", f"{rt.name(p)}: move them from {board.label(x, y)} to?",
                                options, lambda a, b: board.label(a, b))
    for f in figs:
        f["x"], f["y"] = to
    rt.log(f"{rt.name(p)} moves {_figures_words(rt, figs)} from {board.label(x, y)} to {board.label(*to)} ({_card(rt, ctx)})")


# ---- squares: terrain and markers
def square_owner(rt: Civ, x: int, y: int) -> int | None:
    """The owner of the city whose centre or outskirts hold the square (cities never share squares)."""
    return next((c["owner"] for c in rt.state["cities_built"] if board.distance((x, y), (c["x"], c["y"])) <= 1), None)


def square_fits(rt: Civ, x: int, y: int, filt: str) -> bool:
    """no_building: no building or wonder (a walled city centre holds its walls); empty: no figure, city,
    building, wonder, great person, hut, village or disaster marker; wilderness: empty and in no city's
    outskirts."""
    item, city = rt.item_at(x, y), rt.city_at(x, y)
    if filt == "no_building":
        return not (item is not None and item["kind"] in ("building", "wonder")) and not (city and city.get("walled"))
    k = board.key(x, y)
    empty = item is None and city is None and not rt.figures_at(x, y) and k not in rt.state["markers"] \
        and k not in rt.state.get("disasters", {})
    return empty and (filt == "empty" or square_owner(rt, x, y) is None)


def open_squares_of(rt: Civ, terrains: list[str], filt: str) -> list[tuple[int, int]]:
    return sorted(sq for sq in graph(rt).nodes
                  if (rt.square(*sq) or {}).get("terrain") in terrains and square_fits(rt, *sq, filt))


def _square_words(rt: Civ, x: int, y: int) -> str:
    owner = square_owner(rt, x, y)
    whose = f" ({rt.name(owner)}'s city)" if owner is not None else ""
    return f"{board.label(x, y)}, {rt.square(x, y)['terrain']}{whose}"


@procedure("change_terrain")
def change_terrain(rt: Civ, p: int, to: str, terrains: list, filt: str, ctx: Any = None) -> Generator:
    """A square of the terrains passing the filter becomes `to` for the rest of the game: a disaster
    marker covers it (its printed icons are gone). The markers are limited (game.yaml)."""
    disasters = rt.state.setdefault("disasters", {})
    full = len(disasters) >= int(rt.params["disaster_markers"])
    squares = [sq for sq in open_squares_of(rt, list(terrains), filt)
               if rt.square(*sq)["terrain"] != to and (not full or board.key(*sq) in disasters)]
    if not squares:
        rt.log(f"{_card(rt, ctx)} finds no square to aim at")
        return
    x, y = yield from _ask_square(rt, p, "terrain_target", f"{rt.name(p)}: {_card(rt, ctx)}, which square becomes {to}?",
                                  squares, lambda a, b: _square_words(rt, a, b))
    owner = square_owner(rt, x, y)
    if (yield from announce(rt, ctx, set() if owner is None else {owner}, "square")):
        return
    disasters[board.key(x, y)] = to
    rt.log(f"{rt.name(p)} turns {board.label(x, y)} into {to} for the rest of the game ({_card(rt, ctx)})")


@procedure("place_marker")
def place_marker(rt: Civ, p: int, marker: str, terrains: list, filt: str, ctx: Any = None) -> Generator:
    """A hut or village marker (drawn unseen when explored) onto a square of the terrains passing the
    filter, while the pile has markers beyond those on the map."""
    out = sum(1 for m in rt.state["markers"].values() if m == marker)
    squares = open_squares_of(rt, list(terrains), filt)
    if len(rt.state[f"{marker}_pool"]) <= out or not squares:
        rt.log(f"{_card(rt, ctx)}: no {marker} marker can be placed")
        return
    x, y = yield from _ask_square(rt, p, "marker_target", f"{rt.name(p)}: {_card(rt, ctx)}, where does the {marker} go?",
                                  squares, lambda a, b: _square_words(rt, a, b))
    rt.state["markers"][board.key(x, y)] = marker
    rt.log(f"{rt.name(p)} puts a {marker} marker at {board.label(x, y)} ({_card(rt, ctx)})")
