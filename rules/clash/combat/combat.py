"""Combat (rulebook page 12): land and naval battles, casualties, retreat, and capturing cities.

A battle is a series of combat rounds. Each side rolls one die per fighting unit (army units on
land, whatever their type, not those aboard ships; ships at sea), adds modifiers, and scores a hit per
5 points; both sides then remove one unit per hit received, at once. The attacker may cease after any
round; his units go back together. Settlers and leader figures never roll: they die when their side
loses (a leader killed in battle gives its card to the victor, civilizations.leader_died).
What content changes (city pieces, advances, action cards, leaders, unit types with abilities ...)
comes through the quantities combat_value, combat_dice, combat_hits, combat_cancel_hits,
low_roll_shields, fortress_dice, fortress_cancel_hits (context: combat_round, side, naval, in_city,
battle_city, opponent, units, opponent_units), and the combat_round_start hook for effects before the
roll (e.g. strike). A side's optional modifiers of its own quantities are offered when they would change
something (e.g. "you may count rolled 1s and 2s as combat value": `modify low_roll_shields optional: = 0`).
A side without a player (barbarians, pirates) fights with its units' own powers: the modifiers the unit
entries declare. The prohibition combat_card (context: actor and the actor's side's combat context) keeps
a side from declaring a combat card in a round.

Casualties (take_casualties, next_casualty): units go by their type's `casualty_order` (default 1,
lowest first); when the hits take only some of several types with the same order, the owner chooses
(for barbarians and pirates, their opponent). The grant free_casualty_order lets a player order his
army units freely.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ....engine.consult import consult
from ..actions.exploration import sail
from ..actions.losses import record_loss, report_losses
from ..actions.movement import _capacity, describe_units, ship_space
from ..civilizations.civilizations import leader_died
from ..names import BARBARIAN, hits
from ..registry import procedures, service
from ..state.definition import HAND_KIND, combat_source
from .capture import capture
from .rolls import FOE_OF, battle_quantity, ctx_vars, exchange

if TYPE_CHECKING:
    from ..state.runtime import Clash

MAX_ROUNDS = 50


@dataclass
class Battle:
    space: str
    attacker: int
    defender: int
    origin: str
    naval: bool
    from_ships: bool = False
    city: str | None = None
    round: int = 0
    killed: dict[int, int] = field(default_factory=dict)
    destroyed: dict[int, int] = field(default_factory=dict)  # all units removed, per owner
    removed_types: dict[int, list[str]] = field(default_factory=dict)  # types of all units removed, per owner
    fought: dict[int, int] = field(default_factory=dict)  # fighting units per owner when the battle began
    fortress_dice: int = 0
    fortress_cancel: int = 0
    units: dict[str, list[str]] = field(default_factory=dict)  # fighting units per side, this round
    lost: dict[int, list[dict]] = field(default_factory=dict)  # land units removed, per owner (losses.record_loss)
    marks: dict[int, list[str]] = field(default_factory=dict)  # entries whose effect lasts this battle (battle_effects)
    cards: dict[int, list[str]] = field(default_factory=dict)  # action cards played for their combat effect, per owner
    # each side's units in the space as the battle began: a leader left where the attack came from is not there
    present: dict[int, list[str]] = field(default_factory=dict)
    # how it ended without being fought out: "ceased" (the attacker's choice), "ended" (an effect's
    # do end_battle); None while it lasts, and when a side (or both: a tie) lost all its fighting units
    result: str | None = None

    def other(self, side: int) -> int:
        return self.defender if side == self.attacker else self.attacker


def fighters(rt: Clash, owner: int, space: str, naval: bool, units: list[str] | None = None) -> list[str]:
    """The units of one side that roll dice: ships at sea; army units on land (not those aboard ships)."""
    fights = rt.is_ship if naval else rt.is_army
    pool = units if units is not None else rt.units_at(space, owner)
    return sorted(u for u in pool if u in rt.state["units"] and fights(rt.state["units"][u]["type"])
                  and (naval or not rt.state["units"][u]["ship"]))


def remove_unit(rt: Clash, uid: str, b: Battle | None = None, cause: str = "battle") -> Generator:
    """A unit dies (in a battle, or by an effect: `cause`); ships take their passengers down with them.
    unit_removed fires for each, once the removal is complete."""
    u = rt.state["units"].pop(uid, None)
    if u is None:
        return
    if b is not None:
        b.killed[u["owner"]] = b.killed.get(u["owner"], 0) + (1 if rt.is_army(u["type"]) else 0)
        b.destroyed[u["owner"]] = b.destroyed.get(u["owner"], 0) + 1
        b.removed_types.setdefault(u["owner"], []).append(u["type"])
    _unit_gone(rt, u, b)
    for other, d in list(rt.state["units"].items()):
        if d["ship"] == uid:  # land units aboard a sunk ship go down with it
            rt.state["units"].pop(other)
            if b is not None:
                b.destroyed[d["owner"]] = b.destroyed.get(d["owner"], 0) + 1
                b.removed_types.setdefault(d["owner"], []).append(d["type"])
            _unit_gone(rt, d, b)
            yield from rt.unit_removed(d, cause)
    yield from rt.unit_removed(u, cause)


def _unit_gone(rt: Clash, u: dict, b: Battle | None) -> None:
    """A leader figure that dies takes its card with it; killed in battle, the card goes to the victor.
    Land units lost in a battle or an event are remembered (land_units_lost after it)."""
    rt.units_changed()  # it has just been taken off the board (state/kept.py)
    record_loss(rt, u, b.lost if b is not None else None)
    if u["owner"] >= 0 and rt.defn.roles.get("leader") == u["type"]:
        leader_died(rt, u["owner"], b.other(u["owner"]) if b is not None else None)


# ---- casualties -----------------------------------------------------------------------------------------
def casualty_rank(rt: Clash, utype: str, free: bool = False) -> int:
    """A unit type's place in the order of casualties (its `casualty_order`, default 1; lowest first).
    With free_casualty_order every army unit type shares the default place."""
    if free and rt.is_army(utype):
        return 1
    return int(rt.defn.units[utype].data.get("casualty_order", 1)) if utype in rt.defn.units else 1


def chooser_of(owner: int, b: Battle | None) -> int:
    """Who picks an owner's casualties: the owner; for barbarians and pirates, their opponent."""
    return owner if owner >= 0 or b is None else b.other(owner)


def next_casualty(rt: Clash, owner: int, chooser: int, units: list[str], left: int, prompt: str,
                  ordered: bool = True) -> Generator:
    """The unit of `units` that takes the next of `left` hits. Only the types with the lowest casualty
    order may go; when the hits would take only some units of several such types, `chooser` picks the
    type (decision `casualty`, or `enemy_casualty` when picking another side's losses). With ordered
    False every unit type may go (the caller has already narrowed the choice)."""
    free = owner >= 0 and rt.granted("free_casualty_order", owner)
    types = {u: rt.state["units"][u]["type"] for u in units}
    rank = {u: casualty_rank(rt, types[u], free) if ordered else 0 for u in units}
    low = min(rank.values())
    group = [u for u in units if rank[u] == low]
    kinds = sorted({types[u] for u in group})
    kind = kinds[0]
    if len(kinds) > 1 and left < len(group):
        labels = [rt.defn.units[k].name if k in rt.defn.units else k for k in kinds]
        kind = yield from rt.ask(chooser, "casualty" if chooser == owner else "enemy_casualty", prompt, kinds, labels)
    return next(u for u in units if types[u] == kind)


def take_casualties(rt: Clash, b: Battle | None, owner: int, units: list[str], hits: int) -> Generator:
    """Remove one of `units` per hit, in the order of casualties; returns the survivors."""
    alive = list(units)
    n = min(max(0, hits), len(alive))
    chooser = chooser_of(owner, b)
    for k in range(n):
        prompt = f"{rt.name(owner)} loses {n - k} more unit{'s' if n - k > 1 else ''}: which type goes next?"
        u = yield from next_casualty(rt, owner, chooser, alive, n - k, prompt)
        alive.remove(u)
        yield from remove_unit(rt, u, b)
    return alive


@service("land_or_naval_battle")
def land_or_naval_battle(rt: Clash, attacker: int, space: str, units: list[str], origin: str,
                         from_ships: bool = False) -> Generator:
    """Resolve a battle started by `units` moving from `origin` into `space`. Returns the winner or None."""
    st = rt.state
    naval = rt.is_water(space)
    defender = _defender(rt, attacker, space)
    city = st["cities"].get(space)
    b = Battle(space, attacker, defender, origin, naval, from_ships, city=space if city else None)
    b.present = {p: rt.units_at(space, p) for p in (attacker, defender) if p >= 0}
    forces = (describe_units(rt, fighters(rt, attacker, space, naval, units)),
              describe_units(rt, fighters(rt, defender, space, naval)) or "no fighting units")
    rt.log(f"  battle at {space}: {rt.name(attacker)} attacks {rt.name(defender)} ({forces[0]} against {forces[1]})")
    yield from rt.emit("battle_start", attacker, actor=attacker, defending_city=space if city else None)
    for u in units:
        if u in st["units"]:
            st["units"][u]["battled"] = 1
    for u in rt.units_at(space, defender):
        st["units"][u]["battled"] = 1
    att = fighters(rt, attacker, space, naval, units)
    dfn = fighters(rt, defender, space, naval)
    b.fought = {attacker: len(att), defender: len(dfn)}
    if not dfn:
        # settlers alone (or an empty city) are defeated without dice
        for u in rt.units_at(space, defender):
            yield from remove_unit(rt, u, b)
        winner = attacker
    else:
        b.round = 1
        rt.battle = b
        att, dfn = yield from _rounds(rt, b, att, dfn)
        if not att or not dfn:
            b.result = None  # fought out: an end said as the last side fell changes nothing
        if b.result is not None:  # ceased by the attacker, or ended by an effect: the attacker goes back
            if b.result == "ended":
                rt.log(f"  the battle at {space} ends: {rt.name(attacker)} goes back to {origin}")
            _retreat(rt, b, units)
            yield from _after(rt, b, None)
            return None
        if not att and not dfn:
            winner = None
        elif not dfn:
            winner = attacker
        else:
            winner = defender
        loser_side = defender if winner == attacker else attacker
        if winner is not None:
            for u in rt.units_at(space, loser_side):  # settlers die with their army
                yield from remove_unit(rt, u, b)
    if winner is None:
        rt.log("  both sides are wiped out: no winner (a tie)")
        # settlers die with their armies, on both sides
        for u in rt.units_at(space, attacker) + rt.units_at(space, defender) + [x for x in units if x in st["units"]]:
            yield from remove_unit(rt, u, b)
    elif winner == defender:
        for u in [x for x in units if x in st["units"]]:
            yield from remove_unit(rt, u, b)
        rt.log(f"  {rt.name(defender)} holds {space}")
    else:
        rt.log(f"  {rt.name(attacker)} wins the battle at {space}")
        if city is not None and not naval:
            yield from capture(rt, attacker, space, b)
    yield from _after(rt, b, winner)
    return winner


def _rounds(rt: Clash, b: Battle, att: list[str], dfn: list[str]) -> Generator:
    """Combat rounds until a side has no fighting unit left, the attacker ceases or an effect ends the
    battle (b.result "ceased" or "ended"); returns both sides' surviving fighting units."""
    st = rt.state
    while True:
        b.units = {"attacker": att, "defender": dfn}
        yield from combat_cards(rt, b, att, dfn)
        if b.round == 1:  # after the cards: a card may switch a defending piece's bonus off for the round
            b.fortress_dice = yield from battle_quantity(rt, "fortress_dice", b, 0)
            b.fortress_cancel = yield from battle_quantity(rt, "fortress_cancel_hits", b, 0)
        yield from round_start(rt, b)
        att = [u for u in att if u in st["units"]]  # effects before the roll may have removed units
        dfn = [u for u in dfn if u in st["units"]]
        b.units = {"attacker": att, "defender": dfn}
        if not att or not dfn or b.result is not None:
            rt.round_sources = {}
            return att, dfn
        att_cv, def_cv, on_def, on_att = yield from exchange(rt, b, att, dfn)
        rt.log(f"  round {b.round}: {rt.says(b.attacker, 'roll')} {att_cv} ({hits(on_def)}), "
               f"{rt.says(b.defender, 'roll')} {def_cv} ({hits(on_att)})")
        dfn = yield from take_casualties(rt, b, b.defender, dfn, on_def)
        att = yield from take_casualties(rt, b, b.attacker, att, on_att)
        yield from round_end(rt, b, att, dfn, {"attacker": on_def, "defender": on_att})
        att = [u for u in att if u in st["units"]]  # effects at the round's end may have removed units
        dfn = [u for u in dfn if u in st["units"]]
        rt.round_sources = {}  # a combat card lasts one round
        if not dfn or not att or b.round >= MAX_ROUNDS or b.result is not None:
            return att, dfn
        go = yield from rt.ask(b.attacker, "continue", "Continue the attack?", ["continue", "cease"],
                               ["fight another round", "cease the attack and go back"])
        if go == "cease":
            b.result = "ceased"
            rt.log(f"  {rt.name(b.attacker)} ceases the attack and goes back to {b.origin}")
            return att, dfn
        b.round += 1


def _tags_fit(rt: Clash, b: Battle, side: str, units: list[str], card: str) -> bool:
    """A combat half may be played by a side holding one of its tags: a unit type among its fighting
    units, or (for the defender) a piece of the city fought over."""
    tags = rt.defn.content.entries[card].data.get("combat", {}).get("tags", [])
    types = {rt.state["units"][u]["type"] for u in units if u in rt.state["units"]}
    if any(rt.is_army(t) for t in types):  # a tag naming the basic army unit fits any army unit
        types.add(rt.defn.roles.get("army", ""))
    if any(rt.is_ship(t) for t in types):
        types.add(rt.defn.roles.get("ship", ""))
    pieces = set(rt.state["cities"][b.space]["pieces"]) if (side == "defender" and b.city) else set()
    return any(t in types or t in pieces for t in tags)


def combat_cards(rt: Clash, b: Battle, att: list[str], dfn: list[str]) -> Generator:
    """Step 1 of a round: the attacker declares a combat card first, then the defender (page 12). Then
    each card is revealed (combat_card_revealed, the attacker's first): a trigger that cancels it has the
    card ignored this round (it stays on the discard pile)."""

    rt.round_sources = {}
    played = []
    for who, side, units in ((b.attacker, "attacker", att), (b.defender, "defender", dfn)):
        if who < 0 or not rt.granted("combat_cards", who):
            continue
        if rt.forbidden("combat_card", actor=who, **ctx_vars(rt, b, side)):
            continue  # an opponent's ability may deny the side its card this round
        hand = rt.player(who)["hand"].get(HAND_KIND, [])
        if hand:
            consult(who)  # the side's hidden hand is looked at for a combat card
        fits = sorted({c for c in hand if combat_source(c) in rt.defn.compiled and _tags_fit(rt, b, side, units, c)})
        if not fits:
            continue
        labels = ["play no card"] + [rt.defn.content.entries[c].data["combat"]["title"] for c in fits]
        pick = yield from rt.ask(who, "combat_card", f"Round {b.round}: play a combat card?", ["none"] + fits, labels)
        if pick == "none":
            continue
        yield from rt.play_card(who, pick)
        b.cards.setdefault(who, []).append(pick)
        rt.round_sources[who] = [combat_source(pick)]
        rt.log(f"  {rt.name(who)} plays {rt.defn.content.entries[pick].data['combat']['title']} for this round")
        played.append((who, side, pick))
    for who, side, pick in played if rt.hears("combat_card_revealed") else ():
        said = yield from rt.emit("combat_card_revealed", who, card=pick, side=side, opponent=b.other(who),
                                  combat_round=b.round)
        if said.get("cancelled"):
            rt.round_sources.pop(who, None)
            rt.log(f"  {rt.name(who)}'s {rt.defn.content.entries[pick].data['combat']['title']} is ignored this round")


def round_start(rt: Clash, b: Battle) -> Generator:
    """Step 2 of a round: effects that happen before the roll (combat_round_start, attacker first)."""
    for who, side in ((b.attacker, "attacker"), (b.defender, "defender")):
        if who < 0:
            continue
        v = ctx_vars(rt, b, side)
        yield from rt.emit("combat_round_start", who, side=side, opponent=v["opponent"], combat_round=b.round,
                           naval=b.naval, in_city=v["in_city"], battle_city=v["battle_city"])


def round_end(rt: Clash, b: Battle, att: list[str], dfn: list[str], scored: dict[str, int]) -> Generator:
    """Step 4's end: after the casualties of a round, before the attacker may cease (combat_round_end,
    attacker first); an effect may end the battle there (do end_battle)."""
    if not rt.hears("combat_round_end"):
        return
    left = {"attacker": len(att), "defender": len(dfn)}
    for who, side in ((b.attacker, "attacker"), (b.defender, "defender")):
        if who < 0:
            continue
        foe = FOE_OF[side]
        v = ctx_vars(rt, b, side)
        yield from rt.emit("combat_round_end", who, side=side, opponent=v["opponent"], combat_round=b.round,
                           naval=b.naval, in_city=v["in_city"], battle_city=v["battle_city"], hits=scored[side],
                           taken=scored[foe], units=left[side], opponent_units=left[foe])


def outcome(b: Battle, side: int, winner: int | None) -> str:
    """A side's outcome (vocabulary enum battle_outcome): victory, defeat, tie (both sides lost every
    fighting unit), ceased (the attacker went back), ended (an effect ended it, or a raid's one round)."""
    if winner is not None:
        return "victory" if winner == side else "defeat"
    return b.result or "tie"


def _after(rt: Clash, b: Battle, winner: int | None) -> Generator:
    rt.battle = None
    rt.last_battle = b  # battle_won / battle_lost triggers read this battle (battle_space()), not an older one
    for side in (b.attacker, b.defender):
        if side < 0:
            continue
        said = dict(battle_city=b.city, killed=b.killed.get(b.other(side), 0))
        if winner is not None and side == winner:
            yield from rt.emit("battle_won", side, **said)
        elif winner is not None:
            yield from rt.emit("battle_lost", side, **said)
        elif b.result is None and rt.hears("battle_tied"):
            yield from rt.emit("battle_tied", side, opponent=b.other(side), naval=b.naval,
                               casualties=b.killed.get(side, 0), **said)
    yield from battle_ended(rt, b, winner)


def battle_ended(rt: Clash, b: Battle, winner: int | None) -> Generator:
    """The hook battle_ended for each player side, whatever the outcome (victory, defeat, tie, ceased,
    ended). The battle stays at hand as rt.last_battle for the triggers (battle_space(), enemy_lost(unit))."""
    rt.last_battle = b
    for side in (b.attacker, b.defender):
        if side < 0:
            continue
        foe = b.other(side)
        yield from rt.emit("battle_ended", side, battle_city=b.city, in_city=b.city is not None, naval=b.naval,
                           from_ships=b.from_ships and side == b.attacker,
                           side="attacker" if side == b.attacker else "defender", opponent=foe,
                           won=winner is not None and winner == side, killed=b.killed.get(foe, 0),
                           destroyed=b.destroyed.get(foe, 0), fought=b.fought.get(side, 0),
                           enemy_fought=b.fought.get(foe, 0), casualties=b.killed.get(side, 0),
                           outcome=outcome(b, side, winner))
    yield from report_losses(rt, b.lost)  # after a capture too: the captor may use the city at once


def end_battle(rt: Clash, p: int, ctx=None) -> Generator:
    """do end_battle(): the battle being fought ends after this step of its round (before the dice when
    said at a round's start; before the attacker's question to cease at its end), neither side winning:
    the attacker's units go back where they came from, as when he ceases. Outside a battle: nothing."""
    b = getattr(rt, "battle", None)
    if b is not None and b.result is None:
        b.result = "ended"
        by = rt.source_name(ctx.source) if ctx is not None else "an effect"
        rt.log(f"  {by} ({rt.name(p)}) ends the battle")
    yield from ()


def _retreat(rt: Clash, b: Battle, units: list[str]) -> None:
    sail(rt, [u for u in units if u in rt.state["units"]], b.origin)  # with everything aboard them
    if rt.is_water(b.origin):  # armies that left ships to attack go back aboard
        for u in units:
            d = rt.state["units"].get(u)
            if d is not None and not rt.is_ship(d["type"]) and not d["ship"]:
                room = ship_space(rt, d["type"])  # a leader figure takes none
                d["ship"] = next((s for s in sorted(rt.units_at(b.origin, b.attacker))
                                  if rt.is_ship(rt.state["units"][s]["type"]) and _capacity(rt, s) >= room), None)


def _defender(rt: Clash, attacker: int, space: str) -> int:
    c = rt.state["cities"].get(space)
    if c is not None and c["owner"] != attacker:
        return c["owner"]
    for u in rt.units_at(space):
        owner = rt.state["units"][u]["owner"]
        if owner != attacker:
            return owner
    return BARBARIAN


procedures({"end_battle": end_battle})
