"""The Move action (rulebook pages 9 and 16-19): land units, ships, embarking, and exploration.

A Move action moves up to 3 units or groups (the quantity move_groups), each once. A choice of "what moves" is the origin
space plus how many armies and settlers (or ships, or units aboard ships) go together; then the
destination. Entering a space of an unrevealed region reveals it under the placement rules.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from itertools import product
from typing import TYPE_CHECKING

from ..board.neighbours import note_origin
from ..registry import SERVICES
from ..state.limits import move_groups, stack_limit
from .exploration import explore_land, explore_rotations, ship_explore
from .sailing import ship_destinations
from .spaces import foreign, unrevealed

if TYPE_CHECKING:
    from ..state.runtime import Clash


# ---- who can move ---------------------------------------------------------------------------------------
def movable(rt: Clash, p: int, uid: str, moved: set[str]) -> bool:
    """May p's unit move now (not yet moved in this action, not stopped, not held by a battle, armies allowed)?"""
    u = rt.state["units"][uid]
    if u["owner"] != p or uid in moved or u["stop"]:
        return False
    if u["battled"] and not any(args and args[0] == u["type"] for args in rt.grants("move_after_battle", p)):
        return False  # units that fought this turn stay, unless a move_after_battle(type) permission says not
    if rt.is_army(u["type"]) and not rt.granted("move_armies", p):
        return False  # every army unit (infantry, cavalry, elephants...) needs the permission
    return True


def ship_space(rt: Clash, utype: str) -> int:
    """Room a land unit takes aboard a ship (unit data `ship_space`, default 1; a leader figure 0)."""
    return int(rt.defn.units[utype].data.get("ship_space", 1))


def room_needed(rt: Clash, group: list[str]) -> int:
    return sum(ship_space(rt, rt.state["units"][u]["type"]) for u in group)


def _capacity(rt: Clash, ship_id: str) -> int:
    ship = rt.state["units"][ship_id]
    cap = int(rt.defn.units[ship["type"]].data.get("capacity", 0))
    if cap and ship["owner"] >= 0:  # the owner's ship_capacity modifiers (e.g. longer ships)
        cap = rt.quantity("ship_capacity", ship["owner"], cap)
    aboard = sum(ship_space(rt, u["type"]) for u in rt.state["units"].values() if u["ship"] == ship_id)
    return cap - aboard


def _armies_on_land(rt: Clash, p: int, space: str) -> int:
    """Army units of every kind count toward the stacking limit."""
    return sum(1 for u in rt.units_at(space, p) if rt.is_army(rt.state["units"][u]["type"])
               and not rt.state["units"][u]["ship"])


def _army_count(rt: Clash, group: list[str]) -> int:
    return sum(1 for u in group if rt.is_army(rt.state["units"][u]["type"]))


def groups_at(rt: Clash, p: int, space: str, moved: set[str]) -> list[tuple[str, list[str]]]:
    """The compositions that could move from `space`: (option id, unit ids).

    An option reads "land:A:S" or "aboard:A:S" (A infantry, S settlers), followed by ":type=N" for
    every other land unit type in the group (cavalry, elephants, a leader figure ...), or "ships:K"."""
    army, settler = rt.role("army"), rt.role("founder")
    kind_of = {u: rt.state["units"][u]["type"] for u in rt.units_at(space, p) if movable(rt, p, u, moved)}
    out: list[tuple[str, list[str]]] = []
    land = [u for u, t in kind_of.items() if not rt.state["units"][u]["ship"] and not rt.is_ship(t)]
    aboard = [u for u in kind_of if rt.state["units"][u]["ship"]]
    ships = sorted(u for u, t in kind_of.items() if rt.is_ship(t))
    for kind, pool in (("land", land), ("aboard", aboard)):
        armies = sorted(u for u in pool if kind_of[u] == army)
        settlers = sorted(u for u in pool if kind_of[u] == settler)
        extra: dict[str, list[str]] = {}
        for u in sorted(pool):
            if kind_of[u] not in (army, settler):
                extra.setdefault(kind_of[u], []).append(u)
        types = sorted(extra)
        for a in range(len(armies) + 1):
            for s in range(len(settlers) + 1):
                for combo in product(*(range(len(extra[t]) + 1) for t in types)):
                    if not a + s + sum(combo):
                        continue
                    cid = f"{kind}:{a}:{s}" + "".join(f":{t}={n}" for t, n in zip(types, combo, strict=True) if n)
                    units = armies[:a] + settlers[:s] + [u for t, n in zip(types, combo, strict=True)
                                                         for u in extra[t][:n]]
                    out.append((cid, units))
    for k in range(1, len(ships) + 1):
        out.append((f"ships:{k}", ships[:k]))
    return out


def group_counts(rt: Clash, option: str) -> dict[str, int]:
    """How many units of each type a "land:A:S:type=N" option moves (for bots and views); empty for
    ships or anything else."""
    parts = option.split(":")
    if parts[0] not in ("land", "aboard") or len(parts) < 3:
        return {}
    try:
        out = {rt.role("army"): int(parts[1]), rt.role("founder"): int(parts[2])}
        for extra in parts[3:]:
            t, _, n = extra.partition("=")
            out[t] = int(n)
    except ValueError:
        return {}
    return out


def movable_origins(rt: Clash, p: int, moved: set[str], first_only: bool = False) -> list[str]:
    """Spaces from which some unit can move (`first_only`: stop at the first). A single unit can go
    wherever a group with it can, so testing one unit of each kind (land, aboard, ship) per space is enough."""
    by_space: dict[str, dict[tuple, str]] = {}
    for u in rt.units_of(p):
        if movable(rt, p, u, moved):
            d = rt.state["units"][u]
            by_space.setdefault(d["space"], {}).setdefault((d["type"], bool(d["ship"])), u)
    out = []
    for s in sorted(by_space):
        if any(can_leave(rt, p, s, [u]) for u in by_space[s].values()):
            out.append(s)
            if first_only:
                break
    return out


# ---- where a group can go ---------------------------------------------------------------------------
def _land_entry_ok(rt: Clash, p: int, space: str, group: list[str]) -> bool:
    """Can this land group end its move in `space` (revealed land) without a battle?"""
    if not rt.is_land(space) or foreign(rt, p, space):
        return False
    return _armies_on_land(rt, p, space) + _army_count(rt, group) <= stack_limit(rt, p, space)


def attack_cost(rt: Clash, p: int, space: str, group: list[str]) -> int:
    """Tokens (mood or culture) the attacker must pay to attack there (e.g. a wonder's protection)."""
    city = rt.state["cities"].get(space)
    if city is None or city["owner"] < 0:
        return 0
    armies = _army_count(rt, group)
    return max(0, rt.quantity("attack_token_cost", city["owner"], 0, actor=p, target=space, armies=armies))


def can_attack(rt: Clash, p: int, space: str, group: list[str]) -> bool:
    """An army group may enter a space with foreign units or a foreign city: a battle."""
    if not rt.is_land(space) or not foreign(rt, p, space):
        return False
    if not _army_count(rt, group):
        return False  # settlers and leaders never enter foreign spaces unless part of an army
    if space in rt.state["cities"] and rt.forbidden("attack_city", actor=p, target=space):
        return False
    res = rt.player(p)["res"]
    return attack_cost(rt, p, space, group) <= res["mood"] + res["culture"]


def destinations(rt: Clash, p: int, origin: str, group: list[str]) -> tuple[list[str], dict[str, dict]]:
    """Legal destinations of a group and, per destination, how it gets there (roads, exploring...)."""
    if not group:
        return [], {}
    if rt.is_ship(rt.state["units"][group[0]]["type"]):
        return ship_destinations(rt, p, origin, group)
    how = dict(_land_moves(rt, p, origin, group))
    return sorted(how), how


def can_leave(rt: Clash, p: int, origin: str, group: list[str]) -> bool:
    """Has the group any legal destination? (The menu's question: stops at the first found.)"""
    if not group:
        return False
    if rt.is_ship(rt.state["units"][group[0]]["type"]):
        return bool(ship_destinations(rt, p, origin, group)[0])
    return next(_land_moves(rt, p, origin, group), None) is not None


def _land_moves(rt: Clash, p: int, origin: str, group: list[str]) -> Iterator[tuple[str, dict]]:
    """(destination, how) for a land group, each destination once: the neighbouring spaces first
    (exploring, embarking, entering, attacking), then the longer moves along roads."""
    first = rt.state["units"][group[0]]
    aboard = bool(first["ship"])
    seen: set[str] = set()
    for n in rt.board.neighbors(origin):
        how = _step_to(rt, p, n, group, aboard)
        if how is not None:
            seen.add(n)
            yield n, how
    if not aboard:
        for dest, extra in _road_destinations(rt, p, origin, group).items():
            if dest not in seen:
                yield dest, extra


def _step_to(rt: Clash, p: int, n: str, group: list[str], aboard: bool) -> dict | None:
    """How a land group (aboard a ship or not) gets into the neighbouring space n, or None."""
    if unrevealed(rt, n):
        return {"explore": True} if not aboard and explore_rotations(rt, n) else None
    if rt.is_water(n):
        if aboard:
            return None
        room = room_needed(rt, group)  # a leader figure takes no room aboard
        ships = [s for s in rt.units_at(n, p, rt.role("ship")) if _capacity(rt, s) >= room]
        if ships and not any(rt.state["units"][u]["battled"] for u in group):
            return {"embark": sorted(ships)[0]}
        return None
    if _land_entry_ok(rt, p, n, group):
        return {"from_ship": aboard}
    if can_attack(rt, p, n, group):
        return {"from_ship": aboard, "battle": True}
    return None


def _road_destinations(rt: Clash, p: int, origin: str, group: list[str]) -> dict[str, dict]:
    """Land moves of two spaces or more to or from your own city, as far as an optional move_range
    modifier allows (Roads: 2; a longer road ability: more). The spaces passed on the way must be
    revealed land free of foreign units and cities."""
    out: dict[str, dict] = {}
    srcs = rt.active_set(p)
    roads = [m for m in rt.index.modifiers.get("move_range", ()) if m.optional and m.source in srcs]
    if not roads:
        return out  # no ability in force can lengthen a move: nothing to search
    longest = max([2] + [int(m.apply(rt.ctx(p, m.source, origin=origin, destination=origin), 1)) for m in roads])
    board = rt.board
    # a mountain on the way would stop the group there: crossing it also needs the ignore-terrain
    # modifier (Roads: 1 ore, page 21's example); ways without one are tried first
    plain = _land_paths(rt, p, origin, longest, mountains=False)
    rough = _land_paths(rt, p, origin, longest, mountains=True)
    near = set(board.neighbors(origin))
    for dest in sorted(rough):
        if dest == origin or dest in near or unrevealed(rt, dest) or not _land_entry_ok(rt, p, dest, group):
            continue
        ctx = rt.ctx(p, "rules", origin=origin, destination=dest)
        mods = rt.optional_modifiers("move_range", p, origin=origin, destination=dest)
        reach = [(m, m.apply(rt.ctx(p, m.source, origin=origin, destination=dest), 1)) for m in mods]
        fit = [m for m, r in reach if r >= plain.get(dest, longest + 1)]
        if fit:
            out[dest] = {"road": fit[0]}
            continue
        fit = [m for m, r in reach if r >= rough[dest]]
        if not fit:
            continue
        ign = rt.optional_modifiers("move_terrain_stop", p, origin=origin, destination=dest)
        ign = [m for m in ign if m.apply(rt.ctx(p, m.source, origin=origin, destination=dest), 1) == 0]
        cost = [(c.what, c.amount(ctx)) for m in (fit[0], *ign[:1]) for c in m.cost]
        if not ign or not rt.can_pay(ctx, cost):
            continue
        out[dest] = {"road": fit[0], "terrain": ign[0]}
    return out


def _land_paths(rt: Clash, p: int, origin: str, longest: int, mountains: bool) -> dict[str, int]:
    """Steps from `origin` to every space within `longest` whose way passes only revealed land without
    foreign units or cities (and, unless `mountains`, no mountain); the end space itself is not judged."""
    board = rt.board
    dist = {origin: 0}
    frontier = [origin]
    for step in range(1, longest + 1):
        nxt = []
        for s in frontier:
            if s != origin and (unrevealed(rt, s) or not rt.is_land(s) or foreign(rt, p, s)
                                or (not mountains and rt.terrain(s) == "mountain")):
                continue  # the way cannot pass through here
            for n in board.neighbors(s):
                if n not in dist:
                    dist[n] = step
                    nxt.append(n)
        frontier = nxt
    return dist


# ---- the action -----------------------------------------------------------------------------------------
def move_action(rt: Clash, p: int) -> Generator:
    moved: set[str] = set()
    groups = 0
    most = move_groups(rt, p)
    while groups < most:
        origins = rt.game.remembered(("move_from", p, groups), lambda: rt.steadily(movable_origins, p, moved))
        if not origins:
            break
        options = origins + (["done"] if groups else [])
        labels = [f"units at {s}" for s in origins] + (["stop moving"] if groups else [])
        origin = yield from rt.ask(p, "move_from", f"Move group {groups + 1} of up to {most}: from where?", options, labels)
        if origin == "done":
            break
        with rt.steady():
            comps = [(cid, g) for cid, g in groups_at(rt, p, origin, moved) if can_leave(rt, p, origin, g)]
        ids = [c for c, _ in comps]
        cid = yield from rt.ask(p, "move_units", "Which units move together?", ids,
                                [describe_units(rt, g) for _, g in comps])
        group = dict(comps)[cid]
        dests, how = rt.game.remembered(("move_to", p, origin, tuple(group)),
                                        lambda o=origin, g=group: rt.steadily(destinations, p, o, g))
        rt.moving = (origin, group)  # what a bot choosing the destination may read
        dest = yield from rt.ask(p, "move_to", f"Move {describe_units(rt, group)} from {origin} to?", dests)
        rt.moving = None
        yield from _execute(rt, p, origin, dest, group, how[dest])
        moved.update(group)
        for u in group:
            if u in rt.state["units"]:
                rt.state["units"][u]["moved"] = 1
        groups += 1


def describe_units(rt: Clash, group: list[str]) -> str:
    """"2 armies, 1 settler": units by type, for prompts and the log."""
    counts: dict[str, int] = {}
    for u in group:
        t = rt.state["units"][u]["type"]
        counts[t] = counts.get(t, 0) + 1
    return ", ".join(f"{n} {_plural(rt.defn.units[t].name.lower(), n)}" for t, n in sorted(counts.items()))


def _plural(word: str, n: int) -> str:
    if n == 1:
        return word
    return word[:-1] + "ies" if word.endswith("y") else word + "s"


def _execute(rt: Clash, p: int, origin: str, dest: str, group: list[str], how: dict) -> Generator:
    units = rt.state["units"]
    if "explore_slot" in how:
        yield from ship_explore(rt, p, origin, group, how)
        return
    if how.get("explore"):
        yield from explore_land(rt, p, dest)
    # a road across a mountain also ignores terrain for the whole move; both are paid together
    used = [how[k] for k in ("road", "terrain") if k in how]
    if used:
        yield from rt.use_optionals(used, p, origin=origin, destination=dest)
    ship_target = how.get("embark")
    cost = attack_cost(rt, p, dest, group) if how.get("battle") else 0
    if cost:
        yield from _pay_tokens(rt, p, cost, "attack")
    rt.log(f"  {describe_units(rt, group)} move from {origin} to {dest}" + (" (aboard a ship)" if ship_target else ""))
    rt.units_changed()
    note_origin(rt, group, origin)
    for u in group:
        units[u]["space"] = dest
        units[u]["ship"] = ship_target
    if rt.is_ship(units[group[0]]["type"]):
        for d in units.values():
            if d["ship"] in group:
                d["space"] = dest
    if how.get("battle"):
        land_or_naval_battle = SERVICES["land_or_naval_battle"]  # written above this layer (combat.combat)
        yield from land_or_naval_battle(rt, p, dest, list(group), origin, from_ships=bool(how.get("from_ship")))
        yield from rt.emit("units_moved", p, origin=origin, destination=dest)
        return
    if rt.terrain(dest) == "mountain" and not ship_target and "terrain" not in how:
        stop = rt.quantity("move_terrain_stop", p, 1, origin=origin, destination=dest)
        if stop:
            mods = rt.optional_modifiers("move_terrain_stop", p, origin=origin, destination=dest)
            if mods:
                ignore = yield from rt.confirm(rt.ctx(p, mods[0].source),
                                               f"{rt.source_name(mods[0].source)}: {mods[0].label}")
                if ignore:
                    yield from rt.use_optional(mods[0], p, origin=origin, destination=dest)
                    stop = 0
        if stop:
            for u in group:
                units[u]["stop"] = 1
    yield from rt.emit("units_moved", p, origin=origin, destination=dest)


def _pay_tokens(rt: Clash, p: int, n: int, why: str) -> Generator:
    """Pay n tokens, mood or culture in any mix."""
    res = rt.player(p)["res"]
    splits = [(m, n - m) for m in range(n + 1) if m <= res["mood"] and n - m <= res["culture"]]
    labels = [f"{m} mood, {c} culture" for m, c in splits]
    pick = yield from rt.ask(p, "pay", f"Pay {n} tokens to {why}", labels, labels)
    m, c = splits[labels.index(pick)]
    yield from rt.spend(p, "mood", m, "moving")
    yield from rt.spend(p, "culture", c, "moving")
