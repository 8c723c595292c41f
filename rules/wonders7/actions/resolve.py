"""Carrying out a turn's picks (rulebook, "Game turn", step 2): all picks revealed together, paid,
placed, and then what the new cards trigger; the last card of an age; building from the discard pile.

Coins paid to neighbours arrive after every payment is made; then the hook `neighbour_paid` fires for
each payment (the payer's `on`, the others' `on any`: who paid whom, how much, for which card and what),
and `card_built` triggers run once every city has built, so a card counting neighbours' cards sees this
turn's too.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..registry import procedure
from .options import can_build

if TYPE_CHECKING:
    from ..state.runtime import Wonders


def resolve_picks(rt: Wonders, last_turn: bool = False) -> Generator:
    """Reveal every pick, pay, place the cards, hand out income, then run what the new cards trigger.
    On an age's last turn the cards left in hand are discarded before the triggers run: whatever is
    discarded at the end of that turn is already on the pile for an effect that builds from it."""
    sell = rt.d.params["sell_coins"]
    income = [0] * rt.n
    done: list[tuple[int, str, str]] = []
    payments: list[tuple[int, str, int, int, str, str]] = []  # (payer, side, receiver, coins, card, action)
    for p in range(rt.n):
        pl = rt.player(p)
        pick = pl.get("pick")
        if not pick:
            continue
        pl["pick"] = None
        action, card, pay = pick["action"], pick["card"], pick["pay"]
        pl["hand"].remove(card)
        pl["coins"] -= pay["bank"] + pay["left"] + pay["right"]
        income[rt.left(p)] += pay["left"]
        income[rt.right(p)] += pay["right"]
        payments += [(p, s, q, pay[s], card, action) for s, q in (("left", rt.left(p)), ("right", rt.right(p)))
                     if pay[s]]
        name = rt.d.content.entries[card].name
        bought = [f"{pay[s]} to {rt.name(q)}" for s, q in (("left", rt.left(p)), ("right", rt.right(p))) if pay[s]]
        paid = f", paying {' and '.join(bought)}" if bought else ""
        if action in ("build", "free"):
            pl["built"].append(card)
            if action == "free":
                pl["free_used"] = rt.state["age"]
            rt.log(f"{rt.name(p)} builds {name}" + (" free" if action == "free" else "") + paid)
        elif action == "stage":
            pl["stages"] += 1
            pl["stage_cards"].append(card)
            rt.log(f"{rt.name(p)} builds wonder stage {pl['stages']} ({rt.source_name(pl['board'])}){paid}")
        else:
            rt.state["discard"].append(card)
            income[p] += sell
            rt.log(f"{rt.name(p)} discards a card for {sell} coins")
        done.append((p, action, card))
    for p in range(rt.n):
        rt.player(p)["coins"] += income[p]
    if last_turn:
        discard_leftovers(rt)
    for p, side, q, coins, card, action in payments:  # every payment to a neighbour, once all are made
        yield from rt.emit("neighbour_paid", p, receiver=q, side=side, amount=coins, card=card, action=action)
    for p, action, card in done:
        if action in ("build", "free"):
            yield from rt.emit("card_built", p, card=card)
        elif action == "stage":
            yield from rt.emit("stage_built", p, stage=rt.player(p)["stages"])


def discard_leftovers(rt: Wonders) -> None:
    """The age's last cards go to the discard pile, but for a player whose play_last_card grant lets it
    play its last card (that card waits for the extra pick)."""
    for p in range(rt.n):
        pl = rt.player(p)
        if pl["hand"] and not rt.granted("play_last_card", p):
            rt.state["discard"].extend(pl["hand"])
            pl["hand"] = []


@procedure("build_from_discard")
def build_from_discard(rt: Wonders, p: int, ctx=None) -> Generator:
    """Build one card of the discard pile for free (one the city does not hold yet)."""
    pile = [c for c in dict.fromkeys(rt.state["discard"]) if can_build(rt, p, c)]
    if not pile:
        rt.log(f"{rt.name(p)} finds nothing to build in the discard pile")
        return
    card = yield from rt.ask(p, "discard_pile", f"{rt.name(p)}: build a discarded card for free", pile,
                             [rt.d.content.entries[c].name for c in pile])
    rt.state["discard"].remove(card)
    rt.player(p)["built"].append(card)
    rt.log(f"{rt.name(p)} builds {rt.d.content.entries[card].name} from the discard pile")
    yield from rt.emit("card_built", p, card=card)
