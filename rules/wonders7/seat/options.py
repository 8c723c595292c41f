"""What each option of a 7 Wonders decision means, for a person's seat (the descriptor's `option_text` and
`option_targets`): a build says the card, what it costs and what the city must buy from each neighbour,
before the choice; a wonder-stage option says the stage's cost and reward (the card goes face down under
it, its own text does not count); a sale says the coins; a payment says who gets what.

The words are read from the deciding seat's position only (its own city, hand and coins, and what the
neighbours produce, which is on the table), so they tell nothing the seat may not know.
"""

from __future__ import annotations

from typing import Any

from ....dsl.explain import explain_effect
from ..actions.options import card_cost, cost_words, next_stage_cost
from ..commerce.payment import payment_options
from ..names import ROMAN, stage_source
from .hand import chain_words


def card_words(defn: Any, card: str, how: str = "") -> str:
    """'Temple (blue card, age II): HOW. Worth 3 victory points ... Chains to Pantheon (built free later).'"""
    e = defn.content.entries[card]
    data = e.data
    kind = f"{data.get('colour')} card, age {ROMAN.get(data.get('age'), data.get('age'))}" if "age" in data else \
        e.kind.replace("_", " ")
    return f"{e.name} ({kind}): {how + '. ' if how else ''}{e.text}{chain_words(defn, card)}"


def stage_words(defn: Any, board: str, n: int) -> str:
    """What the board's n-th stage gives: its printed text, else its effect in English."""
    stages = defn.stages(board)
    if not 1 <= n <= len(stages):
        return ""
    stage = stages[n - 1]
    if stage.get("text"):
        return str(stage["text"]).rstrip(".")
    part = defn.content.entries[board].parts.get(f"stages.{n - 1}")
    return " ".join(explain_effect(part, defn.content.vocab.phrases)).rstrip(".") if part is not None else "nothing"


def trade_words(rt: Any, p: int, way: dict) -> str:
    """'2 coins to Bob (left) and 1 to Carl (right)', with what goes to the bank ('' when nothing is paid)."""
    parts = [(way[side], f"{rt.name(q)} ({side})") for side, q in (("left", rt.left(p)), ("right", rt.right(p)))
             if way[side]] + ([(way["bank"], "the bank")] if way.get("bank") else [])
    return " and ".join(f"{n}{(' coin' + 's' * (n != 1)) if i == 0 else ''} to {who}"
                        for i, (n, who) in enumerate(parts))


def price_words(rt: Any, p: int, cost: dict) -> str:
    """What paying `cost` takes now: 'you pay 2 coins to Bob (left) (you have 7); it costs 1 wood, 1 clay', the
    cheapest ways (when several cost the same in all, each is named), or what the city produces itself."""
    if not cost:
        return "free"
    with rt.steady.stretch(rt.state):
        ways = payment_options(rt, p, cost)
    said = f"costs {cost_words(cost)}"
    if not ways:
        return said + "; you cannot pay it now"
    if not any(w["left"] or w["right"] for w in ways):
        return said + ("" if set(cost) == {"coin"} else ", all produced by your city")
    shown = [trade_words(rt, p, w) for w in ways[:3]]
    more = f" (or {len(ways) - 3} other ways)" if len(ways) > 3 else ""
    # what is paid to whom first: the option's label already says the cost
    return "you pay " + " or ".join(shown) + more + f" (you have {rt.player(p)['coins']}); it {said}"


def _unbuildable(game: Any, p: int, card: str) -> str:
    """Why `card` of p's hand offers no build now: a card of that name in the city, or a cost p cannot pay."""
    rt, entries = game.rt, game.definition.content.entries
    name = entries[card].name
    if any(entries[c].name == name for c in rt.player(p)["built"]):
        return f" {name} cannot be built: your city has one."
    cost = card_cost(rt, p, card)
    return (f" {name} cannot be built now: your city, what your neighbours sell and your {rt.player(p)['coins']} "
            f"coins cannot pay {cost_words(cost)}.")


def _pick_text(game: Any, p: int, option: str, options: list[str]) -> str:
    rt, defn = game.rt, game.definition
    action, _, card = option.partition(":")
    if card not in defn.content.entries:
        return ""
    name = defn.content.entries[card].name
    pl = rt.player(p)
    if action == "stage":
        n, total = pl["stages"] + 1, len(defn.stages(pl["board"]))
        board = defn.content.entries[pl["board"]].name
        return (f"Wonder stage {n} of {total} of {board}: {stage_words(defn, pl['board'], n)}; "
                f"{price_words(rt, p, next_stage_cost(rt, p) or {})}. {name} goes face down under the stage: the "
                "card's own effect does not count.")
    if action == "sell":
        sell = int(defn.params["sell_coins"])
        why = "" if f"build:{card}" in options else _unbuildable(game, p, card)
        return (f"Discard {name}: take {sell} coins from the bank (you will have {pl['coins'] + sell}); the card "
                f"goes face down to the discard pile.{why}")
    if action == "free":
        printed = defn.content.entries[card].data.get("cost") or {}
        return card_words(defn, card, f"free with your wonder's free build of this age (instead of "
                                      f"{cost_words(printed) or 'nothing'})")
    cost = card_cost(rt, p, card)
    printed = defn.content.entries[card].data.get("cost") or {}
    chained = [defn.content.entries[c].name for c in defn.content.entries[card].data.get("chain_from") or []
               if c in pl["built"]]
    how = f"free, chained from your {chained[0]}" if printed and not cost and chained else price_words(rt, p, cost)
    return card_words(defn, card, how)


def option_text(game: Any, d: Any, option: str) -> str:
    """What choosing `option` of decision `d` means, in words ('' for none)."""
    rt = game.rt
    if d.kind == "pick":
        return _pick_text(game, d.player, option, d.options)
    if d.kind == "pay" and option.startswith("L") and "R" in option:
        left, _, right = option[1:].partition("R")
        way = {"left": int(left), "right": int(right), "bank": 0}
        keep = rt.player(d.player)["coins"] - way["left"] - way["right"]
        # the news first (the label names the coins to each side): what is left to the player
        return (f"Pay {trade_words(rt, d.player, way) or 'nobody'}: you keep at most {keep} coin{'s' * (keep != 1)}; "
                "the coins buy what your city lacks and reach them once every pick is revealed.")
    if d.kind == "discard_pile" and option in game.definition.content.entries:
        return card_words(game.definition, option, "free from the discard pile")
    return ""


def option_targets(game: Any, d: Any, option: str) -> list[str]:
    """What an option points at in the drawing (render_svg.py): the hand's card (`data-card`), and for a
    wonder stage also the stage it builds (`data-target` `<board>@<n>`)."""
    if d.kind == "pick":
        action, _, card = option.partition(":")
        if action == "stage":
            pl = game.rt.player(d.player)
            return [card, stage_source(pl["board"], pl["stages"] + 1)]
        return [card]
    if d.kind == "discard_pile":
        return [option]
    return []
