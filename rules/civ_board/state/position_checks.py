"""What a scenario's position may not put on the map, because the rules never would (position.py calls this
once everything is placed): a building on a terrain it does not allow (a Library on water), a wonder or a
great person on water, an item on a city's centre or two on one square, more markers of a building than
its supply; a city on water, on another city or nearer one than the rules let a city be founded; an army
or scout on water (unless its owner may end a move there), in a city's centre, on a hut or village marker,
beside enemy figures, over the stacking limit or beyond its owner's figures; a marker on water or on a city. Each is a problem at the
path of the value that breaks the rule (the scenario runner turns it into file:line:column), saying which
rule and where.

The rules' own tests are used where they are written for one piece: `placeable` (board/pieces.py) for a
figure; the rest are the conditions the city actions and set-up check (phases/manage.py `item_squares`,
phases/start.py `city_site`), which live above this layer, said again here for a whole position."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....engine.diagnostics import accepted
from ..board import board
from ..board.pieces import may_end_in_water, on_map, stack_limit

if TYPE_CHECKING:
    from .runtime import Civ


def _sq(rt: Civ, at) -> tuple[int, int] | None:
    """The revealed square `at` names, or None (position.py has said why already)."""
    try:
        x, y = board.unkey(str(at))
    except ValueError:
        return None
    return (x, y) if rt.square(x, y) is not None else None


def _where(rt: Civ, x: int, y: int) -> str:
    return f"{board.key(x, y)} ({board.label(x, y)}, {rt.square(x, y)['terrain']})"


def _owner(rt: Civ, value, path: tuple, probs: list) -> bool:
    if isinstance(value, int) and 0 <= value < rt.n:
        return True
    probs.append((path, f"owner {value!r} is no seat of this game; accepted: 0 to {rt.n - 1}"))
    return False


def _item(rt: Civ, j: int, it: dict, x: int, y: int, probs: list) -> None:
    kind, eid = it.get("kind", "building"), it["id"]
    known = {"building": rt.d.buildings, "wonder": rt.d.wonders,
             "person": {e.id: e for e in rt.d.content.of_kind("civ_great_person")}}[kind]
    if eid not in known:
        probs.append((("items", j, "id"), f"{eid!r} is no {kind}; {accepted(list(known))}"))
        return
    name, data, terrain = rt.entry_name(eid), known[eid].data, rt.square(x, y)["terrain"]
    if rt.city_at(x, y):
        why = "it is a city's centre"
    elif kind == "building" and data.get("walls"):
        probs.append((("items", j, "id"), f"{name} stand in a city's centre, not on a square: write `walled: true` "
                                          "on the city"))
        return
    elif kind == "building" and terrain not in (data.get("terrain") or []):
        why = f"it is built on {', '.join(data.get('terrain') or ['no terrain'])}"
    elif kind != "building" and terrain == "water":
        why = f"a {'wonder' if kind == 'wonder' else 'great person'} never stands on water"
    else:
        return
    probs.append((("items", j, "at"), f"{name} cannot stand at {_where(rt, x, y)}: {why}"))


def _items(rt: Civ, items: list, probs: list) -> None:
    seen: dict[tuple[int, int], int] = {}
    for j, it in enumerate(items):
        sq = _sq(rt, it["at"])
        if sq is None or not _owner(rt, it["owner"], ("items", j, "owner"), probs):
            continue
        if sq in seen:
            probs.append((("items", j, "at"), f"items {seen[sq]} and {j} both stand at {_where(rt, *sq)}: one a square"))
        seen[sq] = j
        _item(rt, j, it, *sq, probs)
    for b, e in rt.d.buildings.items():
        forms = {b, *rt.d.upgrades_of.get(b, ())}
        here = [j for j, it in enumerate(items) if it["id"] in forms]
        supply = e.data.get("supply")
        if supply is not None and len(here) > int(supply):
            probs.append((("items", here[int(supply)], "id"), f"{len(here)} {e.name} markers on the map; the supply "
                                                               f"holds {supply}"))


def _cities(rt: Civ, cities: list, probs: list) -> None:
    built = rt.state["cities_built"]
    for j, c in enumerate(cities):
        sq = _sq(rt, c["at"])
        if sq is None or not _owner(rt, c["owner"], ("cities", j, "owner"), probs):
            continue
        others = [k for k in built if k["owner"] < rt.n and (k["x"], k["y"]) != sq]
        near = min(others, key=lambda k: board.distance(sq, (k["x"], k["y"])), default=None)
        if rt.square(*sq)["terrain"] == "water":
            why = "a city never stands on water"
        elif sum((k["x"], k["y"]) == sq for k in built) > 1:
            why = "another city stands there"
        elif near is not None and board.distance(sq, (near["x"], near["y"])) < (gap := rt.params["city_spacing"]):
            why = (f"the city at {board.label(near['x'], near['y'])} is {board.distance(sq, (near['x'], near['y']))} "
                   f"squares away; cities stand at least {gap} apart")
        else:
            continue
        probs.append((("cities", j, "at"), f"a city cannot stand at {_where(rt, *sq)}: {why}"))


def _figures(rt: Civ, figures: list, probs: list) -> None:
    placed = [(f["owner"], f.get("kind", "army"), _sq(rt, f["at"])) for f in figures]
    placed = [t for t in placed if t[2] is not None and t[0] < rt.n]
    # counted as the position adds them, after the set-up's own: each owner's figures of a kind, and on a square
    kinds = {(p, k): on_map(rt, p, k) - sum((q, m) == (p, k) for q, m, _ in placed) for p, k, _ in placed}
    stacks = {(p, sq): len(rt.figures_at(*sq, p)) - sum((q, at) == (p, sq) for q, _, at in placed) for p, _, sq in placed}
    for j, f in enumerate(figures):
        sq = _sq(rt, f["at"])
        if sq is None or not _owner(rt, f["owner"], ("figures", j, "owner"), probs):
            continue
        p, kind = f["owner"], f.get("kind", "army")
        kinds[(p, kind)] += 1
        stacks[(p, sq)] += 1
        pool = rt.player(p)["armies" if kind == "army" else "scouts"]
        if kinds[(p, kind)] == pool + 1:
            why = f"{rt.name(p)} has {pool} {kind} figures, all on the map already"
        elif rt.square(*sq)["terrain"] == "water" and not may_end_in_water(rt, p):
            why = "no figure stands on water unless a tech of its owner lets it end a move there"
        elif rt.city_at(*sq):
            why = "a figure never stays in a city's centre"
        elif board.key(*sq) in rt.state["markers"]:
            why = "a hut or village marker lies there (a figure reaching it explores it)"
        elif [e for e in rt.enemies_at(*sq, p) if e["owner"] < rt.n]:
            why = "another player's figures stand there (they would fight)"
        elif stacks[(p, sq)] == stack_limit(rt, p) + 1:
            why = f"{stacks[(p, sq)]} figures of {rt.name(p)} there, over the stacking limit of {stack_limit(rt, p)}"
        else:
            continue
        probs.append((("figures", j, "at"), f"{'an army' if kind == 'army' else 'a scout'} cannot stand at "
                                            f"{_where(rt, *sq)}: {why}"))


def _markers(rt: Civ, markers: dict, probs: list) -> None:
    for at in markers:
        sq = _sq(rt, at)
        if sq is None or board.key(*sq) not in rt.state["markers"]:
            continue
        if rt.square(*sq)["terrain"] == "water":
            why = "a marker never lies on water"
        elif rt.city_at(*sq):
            why = "it is a city's centre"
        else:
            continue
        probs.append((("markers", at), f"a marker cannot lie at {_where(rt, *sq)}: {why}"))


def check_placements(rt: Civ, pos: dict, probs: list) -> None:
    """Add a problem for every piece the position puts where the rules would not (see the module's text)."""
    _items(rt, list(pos.get("items") or []), probs)
    _cities(rt, list(pos.get("cities") or []), probs)
    _figures(rt, list(pos.get("figures") or []), probs)
    _markers(rt, dict(pos.get("markers") or {}), probs)
