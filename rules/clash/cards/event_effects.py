"""Rule primitives for what events (and any other card) may do to a player's cities, units and cards.

None of these knows a card. They are the verbs the card language lacks on its own:

- `do choose_city(filter, ...)`: the player picks one of his cities that passes every filter
  (`coastal`, `inland`, `with_army`, a mood, a size, `not_` any of them); the effect may then name it
  as `chosen` (nothing happens to a `chosen` that is empty because no city qualified).
- `do lower_city_mood(city, steps)`: an effect lowers that city's mood; like `do lower_mood(n)` it goes
  through the `event_mood_loss` hook, so abilities such as Myths' may keep the mood.
- `do destroy_piece(city, vp)` / `do destroy_city(city, vp)`: a cataclysm takes one city piece (a city of
  only its settlement is destroyed instead) or the whole city, with the units standing in it; every
  destroyed piece gives `vp` victory points to the player whose colour it was, every wonder its usual
  value to the city's owner (rulebook page 13: cities destroyed by events score VP).
- `do lose_units(n, type, space)`: the player removes n of his units (of a type, at a space, if given).
- `do keep_in_play(card)` / `do leave_play(card)` and the function `in_play(card)`: a card stays in front
  of the player who drew it instead of going to the discard pile; its abilities say what it does
  later (`action ... when in_play(self)`, `on HOOK when in_play(self)`), and it goes to the discard pile
  when it leaves play. Keeping it records the turn, so `gained_this_turn(self)` tells a card drawn now
  from one drawn earlier.
- `do place_leader()` / `do renounce_leaders()` (the Civilizations expansion): take a new leader from
  your unused leader cards at once (in a city of yours), or discard those unused cards for good. A
  leader dies through `do lose_units(1, <the leader figure's type>)`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from ..actions.advances import free_advance_options
from ..actions.cities import lower_mood
from ..civilizations.civilizations import leader_figure, take_leader
from ..combat.combat import casualty_rank, remove_unit
from ..registry import SERVICES, functions, procedures, refusals

if TYPE_CHECKING:
    from ..state.runtime import Clash


# ---- choosing one of your cities -------------------------------------------------------------------
def _armies_in(rt: Clash, city: str, owner: int) -> list[str]:
    """Army units of every kind in the city (not aboard ships)."""
    return [u for u in rt.units_at(city, owner) if rt.is_army(rt.state["units"][u]["type"])
            and not rt.state["units"][u]["ship"]]


def _coastal(rt: Clash, city: str) -> bool:
    return any(rt.is_water(s) for s in rt.board.neighbors(city))


CITY_FILTERS: dict[str, Callable[[Clash, str, int], bool]] = {
    "any": lambda rt, c, p: True,
    "coastal": lambda rt, c, p: _coastal(rt, c),
    "inland": lambda rt, c, p: not _coastal(rt, c),
    "with_army": lambda rt, c, p: bool(_armies_in(rt, c, p)),
}


def city_passes(rt: Clash, city: str, p: int, name: str) -> bool:
    """One filter of the vocabulary's `city_filter`: a named one above, a mood (`angry`), a size (`size_3`,
    `size_3_or_more`, `size_3_or_less`: pieces with the settlement), or `not_` before any of these."""
    if name.startswith("not_"):
        return not city_passes(rt, city, p, name.removeprefix("not_"))
    if name in CITY_FILTERS:
        return CITY_FILTERS[name](rt, city, p)
    if name.startswith("size_"):
        n, _, how = name.removeprefix("size_").partition("_")
        size = rt.city_size(city)
        return size >= int(n) if how == "or_more" else size <= int(n) if how == "or_less" else size == int(n)
    return rt.state["cities"][city]["mood"] == name


def passing_cities(rt: Clash, p: int, filters: tuple) -> list[str]:
    """p's cities passing every filter given (none: every city)."""
    wanted = [str(f) for f in filters if f is not None]
    return sorted(c for c in rt.cities_of(p) if all(city_passes(rt, c, p, f) for f in wanted))


def choose_city(rt: Clash, p: int, *filters: Any, ctx=None) -> Generator:
    options = passing_cities(rt, p, filters)
    chosen = None
    if options:
        labels = [f"the city at {c} ({rt.state['cities'][c]['mood']}, size {rt.city_size(c)})" for c in options]
        chosen = yield from rt.ask(p, "city", "Which of your cities?", options, labels)
    else:
        rt.log(f"  {rt.name(p)}: {_no_city(rt, p, *filters)}")
    if ctx is not None:
        ctx.vars["chosen"] = chosen
    return chosen


def _no_city(rt: Clash, p: int, *filters: Any) -> str | None:
    """Why choose_city could choose nothing now, or None."""
    if passing_cities(rt, p, filters):
        return None
    wanted = [str(f).replace("_", " ") for f in filters if f is not None]
    return f"no city of yours passes {' and '.join(wanted)}" if wanted else "you have no city"


refusals({"choose_city": _no_city})


# ---- moods -----------------------------------------------------------------------------------------
def lower_city_mood(rt: Clash, p: int, city: Any, steps: int = 1, ctx=None) -> Generator:
    c = rt.state["cities"].get(city) if city else None
    if c is None or c["mood"] == "angry" or c["owner"] < 0:
        return
    owner = c["owner"]
    result = yield from rt.emit("event_mood_loss", owner, city=city)
    if result.get("cancelled"):
        rt.log(f"  the mood of the city at {city} is kept")
        return
    yield from lower_mood(rt, city, int(steps), rt.cause_of(ctx.source) if ctx else "event")
    rt.log(f"  the city at {city} becomes {c['mood']}")


# ---- cataclysms ------------------------------------------------------------------------------------
def _score(rt: Clash, p: int, vp: float, why: str) -> None:
    if p is None or p < 0 or not vp:
        return
    rt.player(p)["event_vp"] += vp
    rt.log(f"  {rt.name(p)} scores {vp:g} VP for {why}")


def destroy_piece(rt: Clash, p: int, city: Any, vp: int = 0, ctx=None) -> Generator:
    c = rt.state["cities"].get(city) if city else None
    if c is None:
        return
    others = sorted(x for x in c["pieces"] if x != rt.defn.foundation)
    if not others:
        yield from destroy_city(rt, p, city, vp)
        return
    piece = yield from rt.ask(c["owner"], "piece", f"Which city piece of the city at {city} is destroyed?", others,
                              [rt.defn.pieces[x].name for x in others])
    colour = c["pieces"].pop(piece)
    yield from rt.size_changed(city, len(c["pieces"]) + 1, rt.cause_of(ctx.source) if ctx else "event")
    if rt.defn.pieces[piece].data.get("placement") == "adjacent_sea":
        c["port"] = None
    rt.log(f"  the {rt.defn.pieces[piece].name} of the city at {city} is destroyed")
    _score(rt, colour, vp, f"the destroyed {rt.defn.pieces[piece].name}")


def destroy_city(rt: Clash, p: int, city: Any, vp: int = 0, ctx=None) -> Generator:
    raze_city = SERVICES["raze_city"]  # written above this layer (phases.status)

    c = rt.state["cities"].get(city) if city else None
    if c is None:
        return
    owner = c["owner"]
    for u in [u for u in rt.units_at(city, owner) if not rt.state["units"][u]["ship"]]:
        yield from remove_unit(rt, u, None, rt.cause_of(ctx.source) if ctx else "event")
    for piece, colour in sorted(c["pieces"].items()):
        _score(rt, colour, vp, f"the destroyed {rt.defn.pieces[piece].name}")
    for w in c["wonders"]:
        _score(rt, owner, rt.defn.rules["scoring"]["wonder"], f"the lost wonder {rt.defn.wonders[w].name}")
    yield from raze_city(rt, city, rt.cause_of(ctx.source) if ctx else "event")
    rt.log(f"  the city at {city} is destroyed")


# ---- units -----------------------------------------------------------------------------------------
def lose_units(rt: Clash, p: int, n: int = 1, utype: Any = None, space: Any = None, ctx=None) -> Generator:
    """p removes n of his units (optionally only of one type, or only at one space), one at a time.
    The basic army (ship) type stands for every army unit (ship) type; leader figures are no units and go
    only when asked for by their type. In each space, army units go in the order of casualties (cavalry
    and elephants before infantry, unless free_casualty_order); any space may be picked."""

    free = rt.granted("free_casualty_order", p)
    for _ in range(int(n or 0)):
        units = [u for u in rt.units_of(p) if _lost_kind(rt, rt.state["units"][u]["type"], utype)
                 and (space is None or rt.state["units"][u]["space"] == space)]
        if not units:
            return
        first: dict[str, int] = {}  # per space, the lowest casualty order among its army units
        for u in units:
            d = rt.state["units"][u]
            if rt.is_army(d["type"]):
                first[d["space"]] = min(first.get(d["space"], 99), casualty_rank(rt, d["type"], free))
        units = [u for u in units if not rt.is_army(rt.state["units"][u]["type"])
                 or casualty_rank(rt, rt.state["units"][u]["type"], free) == first[rt.state["units"][u]["space"]]]
        groups = sorted({f"{rt.state['units'][u]['space']}:{rt.state['units'][u]['type']}" for u in units})
        labels = [f"one {rt.defn.units[g.split(':')[1]].name} at {g.split(':')[0]}" for g in groups]
        pick = yield from rt.ask(p, "casualty", "Which unit is lost?", groups, labels)
        where, kind = pick.split(":")
        here = [u for u in units if rt.state["units"][u]["space"] == where and rt.state["units"][u]["type"] == kind]
        # an empty ship before one that carries units
        here.sort(key=lambda u: (any(d["ship"] == u for d in rt.state["units"].values()), int(u)))
        yield from remove_unit(rt, here[0], None, rt.cause_of(ctx.source) if ctx else "event")
        rt.log(f"  {rt.name(p)} loses one {rt.defn.units[kind].name} at {where}")


def _lost_kind(rt: Clash, have: str, asked: Any) -> bool:
    """Does a unit of type `have` answer an event's request for `asked` (None: any unit but a leader)?"""
    roles = rt.defn.roles
    if asked is None:
        return have != roles.get("leader")
    if asked == roles.get("army"):
        return rt.is_army(have)
    if asked == roles.get("ship"):
        return rt.is_ship(have)
    return have == asked


# ---- cards that stay in play -----------------------------------------------------------------------
def _kind_of(rt: Clash, card: str) -> str:
    return rt.defn.content.entries[card].kind


def keep_in_play(rt: Clash, p: int, card: Any, ctx=None) -> Generator:
    pile = rt.state["discard"].get(_kind_of(rt, card), [])
    if card in pile:
        pile.reverse()
        pile.remove(card)  # the copy that was discarded last
        pile.reverse()
    pl = rt.player(p)
    pl.setdefault("in_play", []).append(card)
    pl["gained"][card] = rt.state["turn_no"]
    rt.log(f"  {rt.name(p)} keeps {rt.source_name(card)} in play")
    yield from ()


def leave_play(rt: Clash, p: int, card: Any, ctx=None) -> Generator:
    cards = rt.player(p).get("in_play", [])
    if card not in cards:
        return
    cards.remove(card)
    rt.state["discard"].setdefault(_kind_of(rt, card), []).append(card)
    rt.log(f"  {rt.source_name(card)} leaves play")
    yield from ()


def claim_in_play(rt: Clash, p: int, card: Any, ctx=None) -> Generator:
    """p takes a card kept in play in front of another player into play in front of himself: from now on
    p is its `holder` (nothing happens when nobody holds it, or p already does)."""
    holder = rt.holder_of(card)
    if holder is None or holder == p:
        return
    rt.player(holder)["in_play"].remove(card)
    pl = rt.player(p)
    pl.setdefault("in_play", []).append(card)
    pl["gained"][card] = rt.state["turn_no"]
    rt.log(f"  {rt.name(p)} takes {rt.source_name(card)} from {rt.name(holder)}")
    yield from ()


def in_play(rt: Clash, p: int, card: Any) -> bool:
    return p >= 0 and card in rt.player(p).get("in_play", [])


# -- constructs for the expansion's events and objectives: leader cards ---------------------------------
def place_leader(rt: Clash, p: int, ctx=None) -> Generator:
    """p takes a new leader from his unused leader cards at once, its figure in one of his cities
    (nothing happens without unused cards, without a city, or while his leader lives)."""

    if not rt.player(p).get("leaders_left") or not rt.cities_of(p) or leader_figure(rt, p) is not None:
        return
    where = yield from rt.ask(p, "city", "Place the new leader in which city?", sorted(rt.cities_of(p)))
    yield from take_leader(rt, p, where)


def renounce_leaders(rt: Clash, p: int, ctx=None) -> Generator:
    """p's unused leader cards are discarded: no new leader can come from them for the rest of the game."""
    pl = rt.player(p)
    left = list(pl.get("leaders_left") or [])
    if left:
        pl["leaders_left"] = []
        pl.setdefault("discarded_leaders", []).extend(left)
        rt.log(f"  {rt.name(p)} discards {len(left)} unused leader card{'s' if len(left) != 1 else ''}")
    yield from ()


PROCEDURES: dict[str, Callable[..., Generator]] = {
    "choose_city": choose_city,
    "lower_city_mood": lower_city_mood,
    "destroy_piece": destroy_piece,
    "destroy_city": destroy_city,
    "lose_units": lose_units,
    "keep_in_play": keep_in_play,
    "leave_play": leave_play,
    "claim_in_play": claim_in_play,
    "place_leader": place_leader,
    "renounce_leaders": renounce_leaders,
}


# ---- functions -------------------------------------------------------------------------------------
def _ignores_event(rt: Clash, ctx, tag: Any) -> bool:
    return ctx.me >= 0 and any(args and args[0] == tag for args in rt.grants("ignore_event", ctx.me))


def _can_advance_in(rt: Clash, ctx, category: Any) -> bool:
    return ctx.me >= 0 and bool(free_advance_options(rt, ctx.me, category))


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "in_play": lambda rt, ctx, card: in_play(rt, ctx.me, card),
    "ignores_event": _ignores_event,
    "can_advance_in": _can_advance_in,
}

functions(FUNCTIONS)
procedures(PROCEDURES)
