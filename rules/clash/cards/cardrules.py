"""General rule procedures and functions first needed by the action cards.

Nothing here knows a card: each primitive is a rule step the card language may call (`do name(...)`,
or `name(...)` in an expression), declared with its types in vocabulary.yaml. The cards that use
them are content (content/clash/base/actions.yaml); other content may use them the same way.

Procedures (`do ...`):
- reveal_region()        turn face up an unexplored region next to a region holding one of your cities
- barbarian_raid(N)      barbarians within N spaces of your cities or armies attack another player's city
                         within 2 spaces of their settlement (a one-round barbarian attack, page 13)
- copy_advance(P)        get, free, one advance that player P has and you may get
- free_city_piece()      add a city piece by the normal rules, without resources and without activating
- basic_action(A)        take basic action A without spending an action
- buy_advance([C])       buy an advance (of category C) at its normal cost
- strike(N)              in a combat round, before the roll: roll a die; on N or more the opponent loses a
                         fighting unit at once
Functions: last_advance(), buyable_advances([C]), can_take(A), raid_targets(N),
revealable_regions(), free_piece_spots().
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ....engine.hexgrid import space_id
from ..actions.advances import _cost_text, _extra_cost, advance_cost, buyable, can_get, gain_advance
from ..actions.basic_actions import BASIC
from ..actions.cities import add_piece, grow_pieces
from ..actions.exploration import choose_rotation, reveal_slot
from ..actions.influence import roll
from ..board.map import WATER, _water_rules, water_hexes
from ..combat.barbarians import barbarian_battle, barbarian_units, choose_raid
from ..combat.combat import take_casualties
from ..names import BARBARIAN
from ..registry import SERVICES, functions, procedures

if TYPE_CHECKING:
    from ....engine.abilities import Ctx
    from ..state.runtime import Clash



# ---- regions ----------------------------------------------------------------------------------------
def _revealable(rt: Clash, p: int) -> list[int]:
    """Unrevealed region slots touching a region (slot) that holds one of p's cities."""
    board = rt.board
    mine = {board.space(c).region for c in rt.cities_of(p)}
    revealed = rt.state["board"]["revealed"]
    return [i for i, up in enumerate(revealed) if not up and not mine.isdisjoint(board.regions_touching(i))]


def reveal_region(rt: Clash, p: int, ctx: Ctx | None = None) -> Generator:
    slots = _revealable(rt, p)
    if not slots:
        rt.log(f"  {rt.name(p)} has no unexplored region next to a region with a city")
        return
    layout = rt.defn.layout(rt.n)
    options = [space_id(layout.slots[i].anchor) for i in slots]
    pick = yield from rt.ask(p, "region", "Reveal which region (named by its top space)?", options,
                             [f"the region at {o}" for o in options])
    i = slots[options.index(pick)]
    slot = layout.slots[i]
    terrains = rt.region_terrains(rt.state["board"]["tiles"][i])
    rots = _water_rules(slot, list(slot.rotations), terrains, water_hexes(rt.board), layout.outline, WATER)
    rot = yield from choose_rotation(rt, p, rots, i)
    yield from reveal_slot(rt, p, i, rot)


# ---- barbarians -------------------------------------------------------------------------------------
def raid_pairs(rt: Clash, p: int, reach: int | None = None) -> list[tuple[str, str]]:
    """(barbarian settlement with units, other player's city) pairs a raid hired by p may choose: the
    settlement within `reach` (default params barbarian_reach) of p's cities or armies, the city within
    the barbarians' own reach of it."""
    near = rt.params["barbarian_reach"]
    reach = near if reach is None else int(reach)
    anchors = rt.cities_of(p) + [rt.state["units"][u]["space"] for u in rt.units_of(p)
                                 if rt.is_army(rt.state["units"][u]["type"])]  # army units of every kind
    out = []
    for camp, c in rt.state["cities"].items():
        if c["owner"] != BARBARIAN or not barbarian_units(rt, camp):
            continue
        if not any((d := rt.distance(camp, a)) is not None and d <= reach for a in anchors):
            continue
        for target, tc in rt.state["cities"].items():
            if tc["owner"] in (p, BARBARIAN):
                continue
            d = rt.distance(camp, target)
            if d is None or d > near or rt.forbidden("barbarian_attack", target=target, actor=BARBARIAN):
                continue
            out.append((camp, target))
    return sorted(out)


def barbarian_raid(rt: Clash, p: int, reach: int | None = None, ctx: Ctx | None = None) -> Generator:
    pairs = raid_pairs(rt, p, reach)
    if not pairs:
        rt.log("  no barbarians can be sent against another player")
        return
    camp, city = yield from choose_raid(rt, p, pairs)
    target = rt.state["cities"][city]["owner"]
    rt.log(f"  {rt.name(p)} sends the barbarians at {camp} against {rt.name(target)}")
    yield from barbarian_battle(rt, target, camp, city)


# ---- advances ---------------------------------------------------------------------------------------
def copy_advance(rt: Clash, p: int, other: Any, ctx: Ctx | None = None) -> Generator:
    if other is None or other < 0:
        return
    pctx = rt.ctx(p, "rules")
    options = [a for a in rt.player(other)["advances"] if a in rt.defn.advances and can_get(rt, p, a)
               and rt.can_pay(pctx, _extra_cost(rt, p, a), "advance")]
    if not options:
        rt.log(f"  {rt.name(other)} has no advance {rt.name(p)} may take")
        return
    adv = yield from rt.ask(p, "advance", f"Take which advance of {rt.name(other)}?", options,
                            [rt.defn.advances[a].name for a in options])
    extra = _extra_cost(rt, p, adv)
    if any(n for _, n in extra):
        yield from rt.pay_for(p, extra, "advance", rt.defn.advances[adv].name)
    yield from gain_advance(rt, p, adv)


def _buyable_in(rt: Clash, p: int, category: str | None) -> list[str]:
    return [a for a in buyable(rt, p) if category is None or rt.defn.category_of.get(a) == category]


def buy_advance(rt: Clash, p: int, category: str | None = None, ctx: Ctx | None = None) -> Generator:
    options = _buyable_in(rt, p, category)
    if not options:
        rt.log(f"  {rt.name(p)} cannot buy an advance here")
        return
    labels = [f"{rt.defn.advances[a].name} ({_cost_text(advance_cost(rt, p, a))})" for a in options]
    adv = yield from rt.ask(p, "advance", "Which advance?", options, labels)
    paid = yield from rt.pay_for(p, advance_cost(rt, p, adv, commit=True), "advance", rt.defn.advances[adv].name)
    yield from gain_advance(rt, p, adv, paid=paid)


# ---- cities -----------------------------------------------------------------------------------------
def _free_spots(rt: Clash, p: int) -> list[tuple[str, str]]:
    return [(c, piece) for c in sorted(rt.cities_of(p)) for piece in grow_pieces(rt, p, c)]


def free_city_piece(rt: Clash, p: int, ctx: Ctx | None = None) -> Generator:
    pairs = _free_spots(rt, p)
    if not pairs:
        rt.log(f"  {rt.name(p)} has no city that may grow")
        return
    options = [f"{c}:{piece}" for c, piece in pairs]
    labels = [f"{rt.defn.pieces[piece].name} in the city at {c}" for c, piece in pairs]
    pick = yield from rt.ask(p, "grow", "Add which piece to which city (free)?", options, labels)
    city, piece = pick.split(":")
    yield from add_piece(rt, p, city, piece)
    yield from rt.emit("city_grown", p, city=city, piece=piece)


# ---- actions ----------------------------------------------------------------------------------------
def basic_action(rt: Clash, p: int, action: str, ctx: Ctx | None = None) -> Generator:
    action_cost = SERVICES["action_cost"]  # written above this layer (phases.turn)

    spec = next((a for a in rt.defn.actions if a["id"] == action), None)
    if spec is None:
        return
    proc = BASIC[spec["procedure"]]
    _, mood = action_cost(rt, p, action)
    if not proc.available(rt, p) or rt.player(p)["res"]["mood"] < mood:
        rt.log(f"  {rt.name(p)} cannot {spec['name'].lower()} now")
        return
    yield from rt.spend(p, "mood", mood, "card")
    rt.log(f"{rt.name(p)}: {spec['name']} (without spending an action)")
    yield from proc.run(rt, p)


# ---- combat -----------------------------------------------------------------------------------------
def strike(rt: Clash, p: int, need: Any, ctx: Ctx | None = None) -> Generator:
    b = getattr(rt, "battle", None)
    if b is None:
        return
    side = "attacker" if b.attacker == p else "defender"
    other = "defender" if side == "attacker" else "attacker"
    die = roll(rt)
    pool = [u for u in b.units.get(other, []) if u in rt.state["units"]]
    if die >= int(need) and pool:
        owner = rt.state["units"][pool[0]]["owner"]
        rt.log(f"  {rt.name(p)} rolls {die}: {rt.name(owner)} loses a unit at once")
        yield from take_casualties(rt, b, owner, pool, 1)  # in the order of casualties
    else:
        rt.log(f"  {rt.name(p)} rolls {die}: no effect")


# ---- functions --------------------------------------------------------------------------------------
def _last_advance(rt: Clash, ctx: Ctx) -> str | None:
    got = rt.player(ctx.me).get("turn", {}).get("advances_gained") or []
    return got[-1] if got else None


def _can_take(rt: Clash, ctx: Ctx, action: str) -> bool:
    action_cost = SERVICES["action_cost"]  # written above this layer (phases.turn)

    spec = next((a for a in rt.defn.actions if a["id"] == action), None)
    if spec is None:
        return False
    return BASIC[spec["procedure"]].available(rt, ctx.me) and rt.player(ctx.me)["res"]["mood"] >= action_cost(
        rt, ctx.me, action)[1]


FUNCTIONS = {
    "last_advance": _last_advance,
    "buyable_advances": lambda rt, ctx, category=None: len(_buyable_in(rt, ctx.me, category)),
    "can_take": _can_take,
    "raid_targets": lambda rt, ctx, reach=None: len(raid_pairs(rt, ctx.me, reach)),
    "revealable_regions": lambda rt, ctx: len(_revealable(rt, ctx.me)),
    "free_piece_spots": lambda rt, ctx: len(_free_spots(rt, ctx.me)),
}

PROCEDURES = {
    "reveal_region": reveal_region,
    "barbarian_raid": barbarian_raid,
    "copy_advance": copy_advance,
    "free_city_piece": free_city_piece,
    "basic_action": basic_action,
    "buy_advance": buy_advance,
    "strike": strike,
}

functions(FUNCTIONS)
procedures(PROCEDURES)
