"""Battles with a hidden hand of unit cards.

Each side draws its battle hand at random from its standing forces (a village's barbarians: one unit
of each basic type from the decks, rank 1, held by the player to the attacker's left). Starting with
the defender (the attacker against a walled city), the sides play one card at a time: a new front,
or an attack on a front where an enemy unit stands alone. The two units wound each other by their
strength; a trumping unit strikes first and a unit it kills strikes nothing back. When every card is
played the surviving strengths plus the difference of combat bonuses decide; ties go to the defender
(battle_won and battle_lost say `tied`). A side's combat bonus is its combat_bonus, then what its opponent's
opponent_combat_bonus modifiers make of it (never below 0).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..board.pieces import draw_unit, rank, remove_figures, return_unit, strength, unit_type
from ..cards.abilities import offer_actions_of
from ..cards.culture import offer_cards_of
from ..registry import service
from ..state.battle_effects import end_period, lasting

if TYPE_CHECKING:
    from ..state.runtime import Civ

SIDES = ("attacker", "defender")


def hand_size(rt: Civ, p: int, side: str, armies: int, city: dict | None) -> int:
    base = int(rt.params["battle_hand"]) + int(rt.params["battle_hand_per_army"]) * max(0, armies - 1)
    if city is not None and side == "defender":
        base += int(rt.params["battle_hand_city"])
    return rt.quantity("battle_hand_size", p, base, side=side)


def bonus(rt: Civ, p: int, side: str, city: dict | None) -> int:
    base = 0
    if city is not None and side == "defender":
        base += int(rt.params["capital_bonus" if city["capital"] else "city_bonus"])
        base += int(rt.params["walls_bonus"]) if city.get("walled") else 0
    return rt.quantity("combat_bonus", p, base, side=side)


def draw_hand(rt: Civ, p: int, size: int) -> list[str]:
    """p's battle hand, drawn at random from its standing forces; a scenario's position may fix the next
    hands (`battle_draws`, in the order held: those still in the forces come first, the rest at random)."""
    pl = rt.player(p)
    fixed = pl["battle_draws"].pop(0) if pl.get("battle_draws") else []
    if "battle_draws" in pl and not pl["battle_draws"]:
        del pl["battle_draws"]
    first = []
    for card in fixed[:size]:
        if card in pl["forces"]:
            pl["forces"].remove(card)
            first.append(card)
    forces = pl["forces"]
    rt.rng().shuffle(forces)
    size -= len(first)
    hand, pl["forces"] = first + forces[:size], forces[size:]
    return hand


def barbarian_hand(rt: Civ, holder: int) -> Generator:
    """The barbarians' units, drawn from the decks; a unit whose deck is used up is drawn instead from
    another barbarian deck, as the player holding the barbarians chooses."""
    out = []
    kinds = list(rt.params["barbarian_units"])
    for utype, n in rt.params["barbarian_units"].items():
        for _ in range(int(n)):
            card = draw_unit(rt, utype)
            if card is None:
                left = [t for t in kinds if rt.state["unit_decks"].get(t) or rt.state["unit_returned"].get(t)]
                if not left:
                    continue
                pick = left[0] if len(left) == 1 else (yield from rt.ask(
                    holder, "barbarian_deck", f"{rt.name(holder)}: the {utype} deck is used up; the barbarians draw "
                    "from which deck instead?", left, [f"the {t} deck" for t in left]))
                card = draw_unit(rt, pick)
                rt.log(f"  the barbarians draw from the {pick} deck instead of the {utype} deck")
            if card:
                out.append(card)
    return out


def trumps(rt: Civ, a: str, b: str, b_owner: int | None = None) -> bool:
    """Does unit a trump unit b? Never when b's owner is granted `never_trumped`."""
    if b_owner is not None and rt.granted("never_trumped", b_owner):
        return False
    return rt.params["trumps"].get(unit_type(rt, a)) == unit_type(rt, b)


def clash(rt: Civ, fight: dict, side: str, card: str, front: dict) -> None:
    """A played unit attacks the enemy unit alone in a front."""
    other = SIDES[1 - SIDES.index(side)]
    owners = fight["owners"]
    enemy = front[other]
    sa, se = strength(rt, owners[side], card, side), strength(rt, owners[other], enemy["card"], other)
    if owners[side] is not None:  # a lasting grant for the unit being played (Metalworking)
        sa += sum(int(a[0]) for a in lasting(rt, owners[side], "attack_strength"))
    wa, we = 0, enemy["wounds"]
    if trumps(rt, card, enemy["card"], owners[other]):
        we += sa
        wa += se if we < se else 0
    elif trumps(rt, enemy["card"], card, owners[side]):
        wa += se
        we += sa if wa < sa else 0
    else:
        wa, we = wa + se, we + sa
    rt.log(f"  {fight['names'][side]}'s {rt.entry_name(card)} ({sa}) attacks {rt.entry_name(enemy['card'])} ({se})")
    if we >= se:
        fight["killed"][other].append(enemy["card"])
        front[other] = None
    else:
        enemy["wounds"] = we
    if wa >= sa:
        fight["killed"][side].append(card)
    else:
        front[side] = {"card": card, "wounds": wa}


def play_options(rt: Civ, fight: dict, side: str, hand: list[str]) -> tuple[list[str], list[str]]:
    other = SIDES[1 - SIDES.index(side)]
    opts, labels = [], []
    for i, card in enumerate(hand):
        name = rt.entry_name(card)
        opts.append(f"{i}:new")
        labels.append(f"{name}: open a new front")
        for j, fr in enumerate(fight["fronts"]):
            if fr[other] is not None and fr[side] is None:
                opts.append(f"{i}:{j}")
                labels.append(f"{name}: attack {rt.entry_name(fr[other]['card'])} (front {j + 1})")
    return opts, labels


@service("battle")
def battle(rt: Civ, att: int, dfd: int | None, armies: int, city: dict | None, village: bool = False) -> Generator:
    """Fight a battle; returns the winning side. `dfd` None: barbarians (a village), held by the
    player to the attacker's left. The defender's armies in the square are counted by the caller."""
    holder = (att + 1) % rt.n if dfd is None else dfd
    saved = rt.state["phase"]
    rt.state["phase"] = "battle"
    for p in (att, dfd):  # cards played before the battle hands are drawn
        if p is not None:
            yield from offer_cards_of(rt, p)
    d_armies = 0 if dfd is None else armies_defending(rt, dfd)
    hands = {"attacker": draw_hand(rt, att, hand_size(rt, att, "attacker", armies, None)),
             "defender": (yield from barbarian_hand(rt, holder)) if dfd is None
             else draw_hand(rt, dfd, hand_size(rt, dfd, "defender", d_armies, city))}
    fight = {"owners": {"attacker": att, "defender": dfd}, "holders": {"attacker": att, "defender": holder},
             "names": {"attacker": rt.name(att), "defender": "the barbarians" if dfd is None else rt.name(dfd)},
             "fronts": [], "killed": {"attacker": [], "defender": []}}
    bonuses = {"attacker": bonus(rt, att, "attacker", None),
               "defender": 0 if dfd is None else bonus(rt, dfd, "defender", city)}
    for s in SIDES:  # the opponent's modifiers of this side's bonus (opponent_combat_bonus, written from his side)
        foe = SIDES[1 - SIDES.index(s)]
        if fight["owners"][foe] is not None:
            bonuses[s] = max(0, rt.quantity("opponent_combat_bonus", fight["owners"][foe], bonuses[s], side=foe))
    rt.state["battle"] = {"fronts": fight["fronts"], "bonus": bonuses, "names": fight["names"],
                         "holders": fight["holders"], "owners": fight["owners"], "killed": fight["killed"]}
    for side in SIDES:
        rt.player(fight["holders"][side])["battle_hand"] = hands[side]
        rt.player(fight["holders"][side])["battle_hand_shown_to"] = opened_to(rt, fight, side)
    rt.log(f"Battle: {fight['names']['attacker']} ({len(hands['attacker'])} units, bonus {bonuses['attacker']}) "
           f"against {fight['names']['defender']} ({len(hands['defender'])} units, bonus {bonuses['defender']})")
    side = "attacker" if city is not None and city.get("walled") else "defender"
    while hands["attacker"] or hands["defender"]:
        if hands[side]:
            yield from play_one(rt, fight, side, hands[side])
        side = SIDES[1 - SIDES.index(side)]
    rt.state["phase"] = saved
    end_period(rt, "battle")
    totals = {s: bonuses[s] - bonuses[SIDES[1 - SIDES.index(s)]] for s in SIDES}
    for s in SIDES:
        totals[s] = max(0, totals[s]) + sum(strength(rt, fight["owners"][s], fr[s]["card"], s)
                                            for fr in fight["fronts"] if fr[s] is not None)
    winner = "attacker" if totals["attacker"] > totals["defender"] else "defender"
    tied = totals["attacker"] == totals["defender"]  # a tie: the defender wins it (battle_won's `tied`)
    rt.log(f"  {fight['names']['attacker']} {totals['attacker']} against {fight['names']['defender']} "
           f"{totals['defender']}: {fight['names'][winner]} win{'' if dfd is None and winner == 'defender' else 's'}")
    for s in SIDES:
        owner = fight["owners"][s]
        rt.player(fight["holders"][s])["battle_hand"] = []
        rt.player(fight["holders"][s])["battle_hand_shown_to"] = []
        for fr in fight["fronts"]:
            if fr[s] is None:
                continue
            if owner is None:
                return_unit(rt, fr[s]["card"])
            else:
                rt.player(owner)["forces"].append(fr[s]["card"])
        for card in fight["killed"][s]:
            return_unit(rt, card)
    rt.state["battle"] = None
    rt.state["last_battle"] = {"killed": {s: len(fight["killed"][s]) for s in SIDES}, "totals": totals}
    loser = SIDES[1 - SIDES.index(winner)]
    for s, hook in ((winner, "battle_won"), (loser, "battle_lost")):
        if fight["owners"][s] is not None:
            yield from rt.emit(hook, fight["owners"][s], side=s, tied=tied)
    return winner


def opened_to(rt: Civ, fight: dict, side: str) -> list[int]:
    """Who sees the side's battle hand besides its holder: the opponent when granted `see_enemy_battle_hand`
    (game.yaml `hidden: shown_to` opens the hand in that player's view)."""
    other = fight["owners"][SIDES[1 - SIDES.index(side)]]
    return [other] if other is not None and rt.granted("see_enemy_battle_hand", other) else []


def armies_defending(rt: Civ, p: int) -> int:
    here = rt.state.get("battle_square")
    if here is None:
        return 0
    return sum(1 for f in rt.figures_at(*here, owner=p) if f["kind"] == "army")


def play_one(rt: Civ, fight: dict, side: str, hand: list[str]) -> Generator:
    holder = fight["holders"][side]
    if fight["owners"][side] is not None:  # abilities and culture cards of the battle phase, before each play
        yield from offer_actions_of(rt, holder)
        yield from offer_cards_of(rt, holder)
        if not hand:
            return
    opts, labels = play_options(rt, fight, side, hand)
    choice = yield from rt.ask(holder, "battle", f"{fight['names'][side]}: play a unit", opts, labels)
    i, _, target = choice.partition(":")
    card = hand.pop(int(i))
    if target == "new":
        front = {"attacker": None, "defender": None}
        front[side] = {"card": card, "wounds": 0}
        fight["fronts"].append(front)
        rt.log(f"  {fight['names'][side]} opens a front with {rt.entry_name(card)} "
               f"({strength(rt, fight['owners'][side], card)}, rank {rank(rt, fight['owners'][side], unit_type(rt, card))})")
    else:
        clash(rt, fight, side, card, fight["fronts"][int(target)])
    end_period(rt, "play")


def winner_losses(rt: Civ, side: str, figs: list[dict]) -> None:
    armies = [f for f in figs if f["kind"] == "army"]
    n = min(max(0, len(armies) - 1), rt.state["last_battle"]["killed"][side] // int(rt.params["winner_losses_per"]))
    if n:
        remove_figures(rt, armies[:n])
        rt.log(f"  the winner loses {n} army figure{'s' * (n > 1)}")

