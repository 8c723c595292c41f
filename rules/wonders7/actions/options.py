"""A player's secret pick (rulebook, "Game turn"): a card of the hand and what to do with it, asked
with every legal option, then how to pay when commerce offers a choice.

The engine asks the players one after another, but a pick is kept in the player's `pick` (which only
its owner's view shows, rules/wonders7/game.yaml `hidden:`) and nothing is logged until every player
has chosen (resolve.py carries the picks out together). The three actions: build the card (its cost
paid from production and commerce, or free through a chain), build the next wonder stage with it, or
sell it for coins; a `free_build_per_age` grant adds a free build once per age.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..commerce.payment import payable, payment_options
from ..names import ROMAN

if TYPE_CHECKING:
    from ..state.runtime import Wonders


def card_cost(rt: Wonders, p: int, card: str) -> dict:
    """What building the card costs p: nothing when p built a card it chains from."""
    data = rt.d.content.entries[card].data
    if any(c in rt.player(p)["built"] for c in data.get("chain_from") or []):
        return {}
    return dict(data.get("cost") or {})


def can_build(rt: Wonders, p: int, card: str) -> bool:
    """A city never holds two cards of the same name."""
    name = rt.d.content.entries[card].name
    return all(rt.d.content.entries[c].name != name for c in rt.player(p)["built"])


def next_stage_cost(rt: Wonders, p: int) -> dict | None:
    stages = rt.d.stages(rt.player(p)["board"])
    k = rt.player(p)["stages"]
    return dict(stages[k].get("cost") or {}) if k < len(stages) else None


def pick_options(rt: Wonders, p: int) -> list[tuple[str, str]]:
    """(option, label) of every legal pick of p's hand: build:, free:, stage:, sell:<card>. The state does
    not change meanwhile: one steady stretch (engine/steady.py) answers each question of it once."""
    with rt.steady.stretch(rt.state):
        return _pick_options(rt, p)


def _pick_options(rt: Wonders, p: int) -> list[tuple[str, str]]:
    pl = rt.player(p)
    out: list[tuple[str, str]] = []
    stage_cost = next_stage_cost(rt, p)
    stage_ok = stage_cost is not None and payable(rt, p, stage_cost)
    free_ok = rt.granted("free_build_per_age", p) and pl.get("free_used") != rt.state["age"]
    sell = int(rt.d.params["sell_coins"])
    for card in dict.fromkeys(pl["hand"]):
        name = rt.d.content.entries[card].name
        if can_build(rt, p, card):
            cost = card_cost(rt, p, card)
            if payable(rt, p, cost):
                out.append((f"build:{card}", f"build {name}" + _cost_words(cost)))
            if free_ok and cost:
                out.append((f"free:{card}", f"build {name} free (once per age)"))
        if stage_ok:
            out.append((f"stage:{card}", f"build wonder stage {pl['stages'] + 1} with {name}" + _cost_words(stage_cost)))
        out.append((f"sell:{card}", f"discard {name} for {sell} coins"))
    return out


def _cost_words(cost: dict | None) -> str:
    if not cost:
        return " (free)"
    return " (" + cost_words(cost) + ")"


def cost_words(cost: dict) -> str:
    """A cost as people say it: '1 wood, 2 clay', '2 coins'."""
    return ", ".join(f"{n} {r}" + ("s" if r == "coin" and n != 1 else "") for r, n in cost.items())


def ask_pick(rt: Wonders, p: int) -> Generator:
    """Ask p's secret pick (and how to pay, when there is a choice); store it in p's `pick`."""
    options = rt.game.remembered(("pick", p), lambda: pick_options(rt, p))  # a fork's replay: the parent's
    age, turn = rt.state["age"], rt.state["turn"]
    choice = yield from rt.ask(p, "pick", f"Age {ROMAN.get(age, age)}, turn {turn}: {rt.name(p)}, choose a card and "
                               "what to do with it", [o for o, _ in options], [lb for _, lb in options])
    action, _, card = choice.partition(":")
    cost = card_cost(rt, p, card) if action == "build" else next_stage_cost(rt, p) if action == "stage" else {}
    pays = payment_options(rt, p, cost or {}) if action in ("build", "stage") else [{"left": 0, "right": 0, "bank": 0}]
    keys = [f"L{x['left']}R{x['right']}" for x in pays]
    labels = [f"pay {x['left']} to {rt.name(rt.left(p))} (left), {x['right']} to {rt.name(rt.right(p))} (right)"
              + (f" and {x['bank']} to the bank" if x["bank"] else "") for x in pays]
    key = yield from rt.ask(p, "pay", f"{rt.name(p)}: how to pay for {rt.d.content.entries[card].name}", keys, labels)
    rt.player(p)["pick"] = {"action": action, "card": card, "pay": pays[keys.index(key)]}
