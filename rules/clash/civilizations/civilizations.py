"""Civilisations and leaders (the Civilizations expansion): set-up choices, leader death and succession.

A pack that declares `civilization`, `special_advance` and `leader` entries turns these rules on through
its rules overlay (`params.setup_steps`, the `new_leader` status step). A player's civilisation decides
which special advances come with the basic advances (runtime.special_advances); the leader card in force
is a source of abilities while its figure lives. The figure is a unit of the `leader` role: it moves like
a settler, takes no room aboard ships, and dies like one.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ....engine.abilities import Ctx
from ....engine.hexgrid import space_id
from ..registry import functions, procedure, step
from ..state.definition import start_tile
from ..state.measures import home_space
from ..state.stacked import stacked_draw, stacked_order

if TYPE_CHECKING:
    from ..state.runtime import Clash


def leader_type(rt: Clash) -> str | None:
    return rt.defn.roles.get("leader")


def leader_figure(rt: Clash, p: int) -> str | None:
    """The unit id of p's leader figure on the board, if any."""
    lt = leader_type(rt)
    if lt is None:
        return None
    return next(iter(rt.units_of(p, lt)), None)


def leader_space(rt: Clash, p: int) -> str | None:
    uid = leader_figure(rt, p)
    return rt.state["units"][uid]["space"] if uid else None


# ---- set-up --------------------------------------------------------------------------------------------
@step("choose_civilization")
def choose_civilization(rt: Clash) -> Generator:
    """Each player is dealt N civilisation boards and keeps one (the others go back to the box)."""
    civs = sorted(rt.defn.civilizations)
    if not civs:
        return
    stacked = stacked_order(rt.state, "civilizations", civs)  # a scenario's chosen order
    if stacked is None:
        rt.rng.shuffle(civs)
    else:
        civs = stacked
    per = max(1, int(rt.params["civilization_boards"]))
    for p in rt.turn_order():
        dealt = sorted(civs[:per]) or sorted(rt.defn.civilizations)[:1]
        civs = civs[per:]
        labels = [rt.defn.civilizations[c].name for c in dealt]
        pick = yield from rt.ask(p, "civilization", "Which civilisation will you play?", dealt, labels)
        rt.player(p)["civilization"] = pick
        rt.log(f"{rt.name(p)} plays {rt.defn.civilizations[pick].name}")
        _alternate_start(rt, p, pick)


def _alternate_start(rt: Clash, p: int, civ: str) -> None:
    """A civilisation with an alternate starting region replaces the seat's start tile; the first city
    (with the units on it) moves to the alternate tile's city space."""
    data = rt.defn.civilizations[civ].data.get("start_region")
    if not data:
        return
    layout = rt.defn.layout(rt.n)
    i = next(k for k, s in enumerate(layout.slots) if s.home == p)
    old = space_id(layout.city_hex(p, rt.defn.map_data))
    rt.state["board"]["tiles"][i] = start_tile(civ)
    rt.board_changed()
    new = home_space(rt, p)  # the player's civilisation is already set: the alternate tile's city space
    if new != old and old in rt.state["cities"]:
        rt.state["cities"][new] = rt.state["cities"].pop(old)
        rt.cities_changed()
        for u in rt.units_at(old, p):
            rt.state["units"][u]["space"] = new
        rt.units_changed()
    rt.log(f"  {rt.name(p)} starts in the alternate starting region of {rt.defn.civilizations[civ].name}")


@step("deal_leaders")
def deal_leaders(rt: Clash) -> Generator:
    """Each player's three leader cards; one becomes the leader (drawn, or chosen with Lead Us), the
    figure stands in the first city. What If: the three come at random from one shared deck."""
    if leader_type(rt) is None:
        return
    shared = rt.params.get("leader_deck") == "shared"
    deck = sorted(rt.defn.leaders)
    stacked = stacked_order(rt.state, "leaders", deck) if shared else None
    if stacked is None:
        rt.rng.shuffle(deck)
    else:
        deck = stacked
    for p in rt.turn_order():
        pl = rt.player(p)
        if shared:
            n = rt.params["leaders_per_player"]
            pl["leaders_left"], deck = sorted(deck[:n]), deck[n:]
        else:
            pl["leaders_left"] = sorted(rt.defn.leaders_of.get(pl.get("civilization") or "", []))
        home = next(iter(sorted(rt.cities_of(p))), None)
        yield from take_leader(rt, p, home)


def take_leader(rt: Clash, p: int, where: str | None) -> Generator:
    """p takes a new leader from the unused ones (random, or chosen under Lead Us) with its figure at `where`."""
    pl = rt.player(p)
    left = pl.get("leaders_left") or []
    if not left or where is None:
        return
    if rt.params.get("leader_choice") == "choose":
        pick = yield from rt.ask(p, "leader", "Which leader?", sorted(left),
                                 [rt.defn.leaders[x].name for x in sorted(left)])
    else:
        pick = stacked_draw(rt.state, "leader_draws", left)  # a scenario's chosen draw, else at random
        if pick is None:
            pick = left[rt.rng.below(len(left))]
    left.remove(pick)
    pl["leader"] = pick
    yield from rt.place_unit(p, leader_type(rt), where, "rules")
    rt.log(f"  {rt.name(p)}'s leader is {rt.defn.leaders[pick].name}, at {where}")


# ---- death and succession -----------------------------------------------------------------------------
def leader_died(rt: Clash, owner: int, killer: int | None) -> None:
    """The figure is gone: its card is discarded, or taken by the player who killed it in battle (2 VP)."""
    pl = rt.player(owner)
    card = pl.get("leader")
    if not card:
        return
    pl["leader"] = None
    if killer is not None and killer >= 0 and killer != owner:
        rt.player(killer).setdefault("captured_leaders", []).append(card)
        rt.log(f"  {rt.name(owner)}'s leader {rt.defn.leaders[card].name} falls: {rt.name(killer)} takes the card")
    else:
        pl.setdefault("discarded_leaders", []).append(card)
        rt.log(f"  {rt.name(owner)}'s leader {rt.defn.leaders[card].name} dies")


@procedure("new_leader")
def new_leader(rt: Clash, p: int, ctx=None) -> Generator:
    """Last status step: a player may take a new leader; a living one is discarded for it."""
    pl = rt.player(p)
    if leader_type(rt) is None or not pl.get("leaders_left") or not rt.cities_of(p):
        return
    alive = pl.get("leader")
    prompt = "Replace your leader with a new one?" if alive else "Take a new leader?"
    pick = yield from rt.ask(p, "new_leader", prompt, ["keep", "new"],
                             ["no" if alive else "not now", "yes: a new leader from the unused cards"])
    if pick == "keep":
        return
    if alive:
        uid = leader_figure(rt, p)
        if uid:
            yield from rt.take_unit(uid, "disbanding")
        pl["leader"] = None
        pl.setdefault("discarded_leaders", []).append(alive)
        rt.log(f"  {rt.name(p)} retires {rt.defn.leaders[alive].name}")
    where = yield from rt.ask(p, "city", "Place the new leader in which city?", sorted(rt.cities_of(p)))
    yield from take_leader(rt, p, where)
    yield from rt.emit("leader_replaced", p)


# ---- functions effects may call (vocabulary.yaml) -------------------------------------------------------
def _leader_space(rt: Clash, ctx: Ctx) -> str | None:
    return leader_space(rt, ctx.me) if ctx.me >= 0 else None


def _leader_city(rt: Clash, ctx: Ctx) -> str | None:
    """The city your leader stands in (yours or not), or none."""
    at = _leader_space(rt, ctx)
    return at if at in rt.state["cities"] else None


def leader_with_side(rt: Clash, b, p: int) -> bool:
    """p's leader stands with p's side of battle `b`: its figure is in the battle's space (it moved in with
    the attack, or it defends there, aboard or not). The expansion's "leader's army" is the units in the
    leader's space, so an army that moved out and left its leader behind fights without it."""
    if b is None or p < 0 or p not in (b.attacker, b.defender):
        return False
    uid = leader_figure(rt, p)  # none once it died in the battle
    return uid is not None and uid in b.present.get(p, ())  # it went back with a ceased attack: it still fought


def _leader_in_battle(rt: Clash, ctx: Ctx) -> bool:
    """Your leader is with your side of the battle being fought."""
    return leader_with_side(rt, getattr(rt, "battle", None), ctx.me)


FUNCTIONS = {
    "leader_space": _leader_space,
    "leader_city": _leader_city,
    "leader_in_battle": _leader_in_battle,
    "captured_leaders": lambda rt, ctx, p=None: len(rt.player(ctx.me if p is None else p).get("captured_leaders", [])),
    "civilization_of": lambda rt, ctx, p: rt.player(p).get("civilization") if p is not None and p >= 0 else None,
}

functions(FUNCTIONS)
