"""Cities (rulebook pages 6, 8 and 10): founding, activation (collect, build, grow), moods, civic improvement."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..names import with_article
from ..registry import SERVICES, service
from ..state.limits import city_limit, city_pieces_limit, city_size_limit, stack_limit
from ..state.setup import add_city
from . import collect_all as whole

if TYPE_CHECKING:
    from ..state.runtime import Clash

MOODS = ["angry", "neutral", "happy"]
NEVER_BUILT_ROLES = ("leader", "pirate")  # figures that enter play by other rules, never by Build


# ---- moods ------------------------------------------------------------------------------------------
def acts_happy(rt: Clash, space: str) -> bool:
    """An act_happy(city) permission of the owner covers the city this turn (it acts as happy, once)."""
    c = rt.state["cities"][space]
    return c["owner"] >= 0 and any(args and args[0] == space for args in rt.grants("act_happy", c["owner"], city=space))


def effective_mood(rt: Clash, space: str) -> str:
    c = rt.state["cities"][space]
    if c["mood"] != "happy" and acts_happy(rt, space):
        return "happy"
    if c["mood"] == "angry" and c["owner"] >= 0 and rt.granted("angry_as_neutral", c["owner"], city=space):
        return "neutral"
    return c["mood"]


def lower_mood(rt: Clash, space: str, steps: int = 1, cause: str = "rules") -> Generator:
    yield from rt.shift_mood(space, -steps, cause)


def raise_mood_steps(rt: Clash, space: str, steps: int = 1, cause: str = "rules") -> Generator:
    yield from rt.shift_mood(space, steps, cause)


def activity_size(rt: Clash, space: str) -> int:
    """Size for collecting and building: +1 when happy, 1 when angry (page 6)."""
    mood = effective_mood(rt, space)
    if mood == "angry":
        return 1
    return rt.city_size(space) + (1 if mood == "happy" else 0)


def can_activate(rt: Clash, p: int, space: str) -> bool:
    c = rt.state["cities"][space]
    if c["owner"] != p:
        return False
    # an angry city can be activated only once per turn, even when it acts as neutral; a city acting as
    # happy through act_happy has that one activation only
    return not ((c["mood"] == "angry" or acts_happy(rt, space)) and c["act"] >= 1)


def end_activation(rt: Clash, space: str, counts: bool = True) -> Generator:
    """A second or third activation in a turn lowers the mood one step, as the last thing (the owner's
    quantity activation_mood_loss; asked only when there is a mood to lose, so a once-per-turn waiver
    is not spent on an angry city)."""
    if not counts or space not in rt.state["cities"]:
        return
    c = rt.state["cities"][space]
    c["act"] += 1
    if c["act"] >= 2:
        steps = 1
        if c["mood"] != "angry" and c["owner"] >= 0:
            steps = rt.quantity("activation_mood_loss", c["owner"], 1, commit=True, city=space)
        if steps <= 0:
            rt.log(f"  the city at {space} is activated again and keeps its mood")
            return
        yield from lower_mood(rt, space, steps, "reactivation")
        rt.log(f"  the city at {space} is activated again and becomes {c['mood']}")


# ---- found a city -----------------------------------------------------------------------------------
def founding_spaces(rt: Clash, p: int) -> list[str]:
    # a pack may take settlement pieces out of the game (params.limits): fewer cities then
    if len(rt.cities_of(p)) >= city_limit(rt, p):
        return []
    settler = rt.role("founder")
    out = []
    for u in rt.units_of(p, settler):
        s = rt.state["units"][u]
        sp = s["space"]
        if s["ship"] or sp in out or not can_found_at(rt, p, sp):
            continue
        out.append(sp)
    return sorted(out)


def can_found_at(rt: Clash, p: int, space: str) -> bool:
    terr = rt.terrain(space)
    if terr is None or (terr in ("sea", "barren") and (terr,) not in rt.grants("found_on", p)):
        return False  # a found_on(terrain) permission opens a terrain the rules close
    if space in rt.state["cities"] or space in rt.state["board"]["exhausted"]:
        return False
    if rt.forbidden("found_city", actor=p, space=space):
        return False  # an ability forbids it (e.g. enemy armies near the settler)
    return not any(rt.state["units"][u]["owner"] != p for u in rt.units_at(space))


def found_city(rt: Clash, p: int) -> Generator:
    space = yield from rt.ask(p, "space", "Found a city where?", founding_spaces(rt, p))
    settler = next(u for u in rt.units_at(space, p, rt.role("founder")) if not rt.state["units"][u]["ship"])
    yield from rt.take_unit(settler, "founding")
    add_city(rt.state, rt.defn, p, space)
    rt.cities_changed()
    yield from rt.size_changed(space, 0, "founding")
    rt.log(f"  {rt.name(p)} founds a city at {space}")
    yield from rt.emit("city_founded", p, city=space)


# ---- collect ----------------------------------------------------------------------------------------
def collect_blocked(rt: Clash, p: int, space: str, city: str) -> bool:
    if space != city and space in rt.state["cities"]:
        return True
    if space in rt.state["board"]["exhausted"]:
        return True
    if rt.is_water(space):
        blocked_seas = SERVICES["blocked_seas"]  # written above this layer (combat.pirates)
        if space in blocked_seas(rt):  # a pirate ship there or next to it
            return True
    return any(rt.state["units"][u]["owner"] != p for u in rt.units_at(space))


def collect_options(rt: Clash, p: int, city: str, spaces: list[str]) -> dict[str, list[str]]:
    """Resources each space may give: terrain -> resources from the collect permissions in force."""
    by_terrain: dict[str, list[str]] = {}
    for args in rt.grants("collect", p, city=city):
        terrain, what = args[0], args[1]
        by_terrain.setdefault(terrain, [])
        if what not in by_terrain[terrain]:
            by_terrain[terrain].append(what)
    out: dict[str, list[str]] = {}
    for s in spaces:
        t = rt.terrain(s)
        if t in by_terrain and not collect_blocked(rt, p, s, city):
            out[s] = list(by_terrain[t])
    return out


def terrain_limits(rt: Clash, p: int, city: str) -> dict[str, int]:
    """Terrains limited to N spaces per collect (the third argument of a collect permission)."""
    limits: dict[str, int] = {}
    for args in rt.grants("collect", p, city=city):
        if len(args) > 2 and args[2] is not None:
            t = args[0]
            limits[t] = min(limits.get(t, 99), int(args[2]))
    return limits


def collect_spaces(rt: Clash, p: int, city: str, reach: int) -> list[str]:
    board = rt.board
    near = [city] + [s for s in board.neighbors(city) if board.space(s).revealed]
    if reach > 1:
        for s in sorted(board.within(city, reach)):
            if s not in near and rt.is_land(s):
                near.append(s)
    return near


def collectable_cities(rt: Clash, p: int) -> list[str]:
    return [c for c in rt.cities_of(p) if can_activate(rt, p, c)
            and collect_options(rt, p, c, collect_spaces(rt, p, c, 1))]


def collect(rt: Clash, p: int) -> Generator:
    options = rt.game.remembered(("collect", p), lambda: rt.steadily(collectable_cities, p))
    city = yield from rt.ask(p, "city", "Collect with which city?", options)
    reach = 1
    for m in rt.optional_modifiers("collect_range", p, city=city):
        wider = collect_spaces(rt, p, city, m.apply(rt.ctx(p, m.source, city=city), 1))
        if len(collect_options(rt, p, city, wider)) > len(collect_options(rt, p, city, collect_spaces(rt, p, city, 1))):
            use = yield from rt.confirm(rt.ctx(p, m.source), f"{rt.source_name(m.source)}: {m.label}")
            if use:
                # the range first: once paid, a once-per-turn modifier counts as used
                reach = rt.quantity("collect_range", p, 1, use=[m], city=city)
                yield from rt.use_optional(m, p, city=city)
                break
    spaces = collect_spaces(rt, p, city, reach)
    opts = collect_options(rt, p, city, spaces)
    limits = terrain_limits(rt, p, city)
    count = rt.quantity("collect_count", p, activity_size(rt, city), city=city)
    taken: dict[str, int] = {}
    got: list[str] = []
    used_terrain: dict[str, int] = {}
    while len(got) < count:
        choices, labels = [], []
        for s, whats in opts.items():
            if s in taken:
                continue
            t = rt.terrain(s)
            if t in limits and used_terrain.get(t, 0) >= limits[t]:
                continue
            for w in whats:
                choices.append(f"{s}:{w}")
                labels.append(f"{w} from the {t} at {s}")
        if not choices:
            break
        if got:
            choices.append("done")
            labels.append("stop collecting")
        elif whole.wanted(rt):  # a person's seat: the whole collection in one step, best first
            found = whole.ranked(rt, p, whole.collections(rt, opts, limits, count))
            choices, labels = [o for o, _ in found] + choices, [la for _, la in found] + labels
        pick = yield from rt.ask(p, "collect", f"Collect ({len(got) + 1} of {count})", choices, labels)
        if pick == "done":
            break
        if pick.startswith(whole.ALL):
            got += whole.take(rt, pick, taken, used_terrain)
            break
        s, w = pick.split(":")
        taken[s] = 1
        used_terrain[rt.terrain(s)] = used_terrain.get(rt.terrain(s), 0) + 1
        got.append(w)
    gained: dict[str, int] = {}
    for w in got:
        gained[w] = gained.get(w, 0) + 1
    for w, n in list(gained.items()):  # one resource_gained per kind collected
        gained[w] = yield from rt.gain_resource(p, w, n, "collecting")
    rt.player(p)["turn"]["collects"] = rt.player(p)["turn"].get("collects", 0) + 1
    rt.log(f"  collects {', '.join(f'{n} {w}' for w, n in sorted(gained.items()) if n) or 'nothing'} at {city}")
    yield from rt.emit("city_collected", p, city=city, collected=got)
    yield from rt.emit("city_activated", p, city=city)
    yield from end_activation(rt, city)


# ---- build units ------------------------------------------------------------------------------------
def unit_allowed_in(rt: Clash, p: int, utype: str, city: str) -> bool:
    for req in rt.index.requirements.get(utype, ()):
        if not req.cond(rt.ctx(p, utype, city=city)):
            return False
    return True


def unit_cost(rt: Clash, utype: str) -> dict[str, int]:
    return dict(rt.defn.units[utype].data.get("cost", {}))


def build_placement(rt: Clash, p: int, utype: str, city: str) -> str | None:
    """Where a new unit of this type goes: ships into the port's sea space, others into the city."""
    if rt.defn.units[utype].data.get("water"):
        return rt.state["cities"][city].get("port")
    return city


def armies_in(rt: Clash, p: int, space: str) -> int:
    """p's army units of every kind standing on land there (what the stacking limit counts)."""
    return sum(1 for u in rt.units_at(space, p) if rt.is_army(rt.state["units"][u]["type"])
               and not rt.state["units"][u]["ship"])


def buildable_types(rt: Clash, p: int, city: str, planned: list[str], among: list[str] | None = None) -> list[str]:
    """Unit types p may build in the city now, besides those already planned (only those `among`, if given)."""
    out = []
    for utype, e in rt.defn.units.items():
        if e.data.get("role") in NEVER_BUILT_ROLES or (among is not None and utype not in among):
            continue
        limit = rt.defn.limit(utype)
        if len(rt.units_of(p, utype)) + planned.count(utype) >= limit:
            continue
        if not unit_allowed_in(rt, p, utype, city):
            continue
        where = build_placement(rt, p, utype, city)
        if where is None:
            continue
        if e.data.get("water") and any(rt.state["units"][u]["owner"] != p for u in rt.units_at(where)):
            continue  # a naval battle on building is not supported here; see the combat rules
        if rt.is_army(utype):
            here = armies_in(rt, p, city) + sum(1 for t in planned if rt.is_army(t))
            if here >= stack_limit(rt, p, city):
                continue
        out.append(utype)
    return out


def _total_cost(rt: Clash, types: list[str]) -> list[tuple[str, int]]:
    tot: dict[str, int] = {}
    for t in types:
        for k, v in unit_cost(rt, t).items():
            tot[k] = tot.get(k, 0) + v
    return sorted(tot.items())


def affordable(rt: Clash, p: int, types: list[str]) -> bool:
    return rt.can_pay(rt.ctx(p, "rules"), _total_cost(rt, types), "build") or bool(_draft_options(rt, p, types))


def _draft_options(rt: Clash, p: int, types: list[str]) -> list[tuple[str, int]]:
    """Planned unit types one of which may be paid with mood instead (a conscription permission;
    conscription of the army role covers every army unit), where that makes the build affordable."""
    grants = rt.grants("conscription", p)
    if not grants:
        return []
    covered = {args[0] for args in grants if args}
    price = rt.quantity("draft_price", p, 1)
    ctx = rt.ctx(p, "rules")
    out = []
    for t in dict.fromkeys(types):
        if t not in covered and not (rt.role("army") in covered and rt.is_army(t)):
            continue
        rest = list(types)
        rest.remove(t)
        if rt.can_pay(ctx, _total_cost(rt, rest) + [("mood", price)], "build"):
            out.append((t, price))
    return out


def buildable_cities(rt: Clash, p: int) -> list[str]:
    out = []
    for c in rt.cities_of(p):
        if not can_activate(rt, p, c):
            continue
        if any(affordable(rt, p, [t]) for t in buildable_types(rt, p, c, [])):
            out.append(c)
    return out


def build_units(rt: Clash, p: int) -> Generator:
    city = yield from rt.ask(p, "city", "Build units in which city?", rt.steadily(buildable_cities, p))
    cap = rt.quantity("build_count", p, activity_size(rt, city), city=city)
    planned: list[str] = []
    while len(planned) < cap:
        with rt.steady():
            types = [t for t in buildable_types(rt, p, city, planned) if affordable(rt, p, planned + [t])]
        if not types:
            break
        options = types + (["done"] if planned else [])
        labels = [rt.defn.units[t].name for t in types] + (["stop building"] if planned else [])
        pick = yield from rt.ask(p, "build", f"Build unit {len(planned) + 1} of up to {cap}", options, labels)
        if pick == "done":
            break
        planned.append(pick)
    ctx = rt.ctx(p, "rules")
    rest = list(planned)
    drafted: list[tuple[str, int]] = []
    drafts = _draft_options(rt, p, planned)
    if drafts:
        can_plain = rt.can_pay(ctx, _total_cost(rt, planned), "build")
        pick: tuple[str, int] | None = drafts[0] if not can_plain else None
        if len(drafts) == 1 and can_plain:
            use = yield from rt.confirm(ctx, f"Pay one {drafts[0][0]} with {drafts[0][1]} mood (draft)?")
            pick = drafts[0] if use else None
        elif len(drafts) > 1:
            options = [t for t, _ in drafts] + (["none"] if can_plain else [])
            labels = [f"pay one {rt.defn.units[t].name} with {n} mood" for t, n in drafts] + (
                ["pay every unit normally"] if can_plain else [])
            got = yield from rt.ask(p, "draft", "Draft: which unit is paid with mood?", options, labels)
            pick = next((d for d in drafts if d[0] == got), None)
        if pick:
            rest.remove(pick[0])
            drafted = [("mood", pick[1])]
    # one payment, so that a substitute for the draft's mood (e.g. gold) is weighed with the rest
    yield from rt.pay_for(p, _total_cost(rt, rest) + drafted, "build", "units")
    for t in planned:
        yield from rt.place_unit(p, t, build_placement(rt, p, t, city), "building")
    rt.log(f"  builds {', '.join(rt.defn.units[t].name for t in planned)} at {city}")
    yield from rt.emit("units_built", p, city=city, built=list(planned))
    yield from rt.emit("city_activated", p, city=city)
    yield from end_activation(rt, city)


# ---- increase city size -----------------------------------------------------------------------------
@service("piece_counts")
def piece_counts(rt: Clash, p: int) -> dict[str, int]:
    """p's pieces out of the supply: in cities in p's colour, and those set aside (markers.set_aside_piece)."""
    out: dict[str, int] = {}
    for c in rt.state["cities"].values():
        for piece, owner in c["pieces"].items():
            if owner == p:
                out[piece] = out.get(piece, 0) + 1
    for piece in rt.player(p).get("set_aside", ()) if p >= 0 else ():
        out[piece] = out.get(piece, 0) + 1
    return out


def sea_neighbours(rt: Clash, space: str) -> list[str]:
    return [s for s in rt.board.neighbors(space) if rt.is_water(s)]


def grow_pieces(rt: Clash, p: int, city: str) -> list[str]:
    c = rt.state["cities"][city]
    if effective_mood(rt, city) == "angry":
        return []
    if len(c["pieces"]) >= city_size_limit(rt, p, city):
        return []
    besides = [x for x in c["pieces"] if x != rt.defn.foundation]
    if len(besides) >= city_pieces_limit(rt, p, city):
        return []
    counts = piece_counts(rt, p)
    pl = rt.player(p)
    out = []
    for piece, e in rt.defn.pieces.items():
        if piece in c["pieces"] or e.data.get("role") == "foundation":
            continue
        need = e.data.get("requires_advance")
        if need and need not in pl["advances"]:
            continue
        if counts.get(piece, 0) >= rt.defn.limit(piece):
            continue
        if e.data.get("placement") == "adjacent_sea" and not sea_neighbours(rt, city):
            continue
        out.append(piece)
    return out


def grow_cost(rt: Clash, p: int, city: str, piece: str, commit: bool = False) -> list[tuple[str, int]]:
    return [(w, max(0, rt.quantity("grow_cost", p, n, arg=w, commit=commit, city=city, piece=piece)))
            for w, n in sorted(rt.params["grow_cost"].items())]


def growable(rt: Clash, p: int) -> list[tuple[str, str]]:
    ctx = rt.ctx(p, "rules")
    return [(c, piece) for c in rt.cities_of(p) if can_activate(rt, p, c)
            for piece in grow_pieces(rt, p, c) if rt.can_pay(ctx, grow_cost(rt, p, c, piece), "grow")]


def increase_size(rt: Clash, p: int) -> Generator:
    pairs = growable(rt, p)
    options = [f"{c}:{piece}" for c, piece in pairs]
    labels = [f"{rt.defn.pieces[piece].name} in the city at {c}" for c, piece in pairs]
    pick = yield from rt.ask(p, "grow", "Add which piece to which city?", options, labels)
    city, piece = pick.split(":")
    yield from rt.pay_for(p, grow_cost(rt, p, city, piece, commit=True), "grow", rt.defn.pieces[piece].name)
    yield from add_piece(rt, p, city, piece)
    yield from rt.emit("city_grown", p, city=city, piece=piece)
    counts = rt.quantity("grow_activates", p, 1, city=city, piece=piece) > 0
    if counts:
        yield from rt.emit("city_activated", p, city=city)
    yield from end_activation(rt, city, counts)


def add_piece(rt: Clash, p: int, city: str, piece: str) -> Generator:
    c = rt.state["cities"][city]
    if rt.defn.pieces[piece].data.get("placement") == "adjacent_sea":
        seas = sorted(sea_neighbours(rt, city))
        c["port"] = yield from rt.ask(p, "space", "Which sea space does the piece face?", seas)
    before = len(c["pieces"])
    c["pieces"][piece] = p
    rt.log(f"  {rt.name(p)} adds {with_article(rt.defn.pieces[piece].name)} to the city at {city}")
    yield from rt.size_changed(city, before, "growing")
    yield from rt.emit("piece_built", p, city=city, piece=piece)
