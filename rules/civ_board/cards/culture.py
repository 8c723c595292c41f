"""Culture: the track (spending culture tokens, and trade higher up, to advance), culture event cards
in a secret hand with a hand size, and great people.

A space's reward is a culture event card of its level, a great person, or the culture victory. A card
is played in the phase it names (or any phase), its `on played` trigger runs, and it goes under its
deck; before it takes effect the other players may cancel it (reactions.py). A great person is placed at
once on a square of one of the owner's cities (not water, not blockaded), or kept in reserve and placed
at a later start of turn.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ....engine.abilities import Ctx, Requirement
from ..board import board
from ..board.pieces import put_item
from ..registry import procedure
from ..state.economy import blockaded
from ..state.victory import over, win
from .reactions import aims, card_window, discard_card

if TYPE_CHECKING:
    from ..state.runtime import Civ


def next_space(rt: Civ, p: int) -> dict | None:
    pos = rt.player(p)["track"]
    return rt.d.track[pos] if pos < len(rt.d.track) else None


def can_advance(rt: Civ, p: int) -> bool:
    sp, pl = next_space(rt, p), rt.player(p)
    return sp is not None and pl["culture"] >= int(sp["culture"]) and pl["trade"] >= int(sp.get("trade", 0))


def track_cost(rt: Civ, p: int) -> str:
    """What the next space of the culture track costs and gives, in words ("3 culture: a level 1 card")."""
    sp = next_space(rt, p)
    if sp is None:
        return "the track is done"
    cost = f"{sp['culture']} culture" + (f" and {sp['trade']} trade" if int(sp.get("trade", 0)) else "")
    reward = sp["reward"]
    gives = {"victory": "the culture victory", "great_person": "a great person"}.get(reward) or \
        f"a level {reward.rsplit('_', 1)[1]} culture event card"
    return f"{cost} for space {rt.player(p)['track'] + 1}: {gives}"


def advance(rt: Civ, p: int) -> Generator:
    """Pay the next space's cost, move onto it and take its reward."""
    sp, pl = next_space(rt, p), rt.player(p)
    pl["culture"] -= int(sp["culture"])
    pl["trade"] -= int(sp.get("trade", 0))
    yield from advance_free(rt, p)


def advance_free(rt: Civ, p: int) -> Generator:
    """Move onto the next space (paid already, or free) and take its reward."""
    sp, pl = next_space(rt, p), rt.player(p)
    if sp is None:
        return
    pl["track"] += 1
    reward = sp["reward"]
    rt.log(f"{rt.name(p)} advances to culture space {pl['track']} ({reward.replace('_', ' ')})")
    if reward == "victory":
        win(rt, [p], "culture")
    elif reward == "great_person":
        yield from gain_great_person(rt, p)
    else:
        yield from draw_culture(rt, p, int(reward.rsplit("_", 1)[1]))


def hand_size(rt: Civ, p: int) -> int:
    base = int(rt.params["base_culture_hand"]) + sum(int(a[0]) for a in rt.grants(p, "culture_hand_size"))
    return rt.quantity("culture_hand", p, base)


def draw_culture(rt: Civ, p: int, level: int) -> Generator:
    decks, discards = rt.state["culture_decks"], rt.state["culture_discards"]
    deck = decks.get(str(level), [])
    if not deck and discards.get(str(level)):
        deck.extend(discards[str(level)])
        discards[str(level)] = []
        rt.rng().shuffle(deck)
    if not deck:
        rt.log(f"{rt.name(p)} finds the level {level} culture deck empty")
        return
    hand = rt.player(p)["hand"]
    hand.append(deck.pop(0))
    rt.log(f"{rt.name(p)} draws a level {level} culture event card")
    yield from discard_down(rt, p)


def discard_down(rt: Civ, p: int) -> Generator:
    """A player over the culture hand size (a card drawn, traded or stolen) chooses which cards to discard."""
    hand = rt.player(p)["hand"]
    while len(hand) > hand_size(rt, p):
        card = yield from rt.ask(p, "culture_discard", f"{rt.name(p)}: discard down to {hand_size(rt, p)} cards",
                                 list(dict.fromkeys(hand)), [rt.entry_name(c) for c in dict.fromkeys(hand)])
        discard_card(rt, p, card)
        rt.log(f"{rt.name(p)} discards a culture event card (hand size {hand_size(rt, p)})")


def playable(rt: Civ, p: int, interrupting: bool = False) -> list[str]:
    """Cards of p's hand for the phase now (while another player moves: those that may interrupt a move)
    that have an effect when played (a card that only answers an event, or is played as a resource, is
    offered then: reactions.py) and whose `requires` hold (a card that aims at the map needs a target)."""
    phase = rt.state["phase"]
    out = []
    for c in dict.fromkeys(rt.player(p)["hand"]):
        data = rt.d.content.entries[c].data
        if data.get("phase") not in (phase, "any") or (interrupting and not data.get("interrupts")):
            continue
        if not rt.d.triggers_of(c, "played"):
            continue
        compiled = rt.d.compiled.get(c)
        if compiled is None or all(r.cond is None or r.cond(Ctx(rt, p, c)) for r in compiled.abilities
                                   if isinstance(r, Requirement)):
            out.append(c)
    return out


def offer_cards(rt: Civ) -> Generator:
    """At the start of a phase, in player order, each player may play culture event cards of the phase."""
    for p in rt.order():
        yield from offer_cards_of(rt, p)


def offer_interrupts(rt: Civ, mover: int) -> Generator:
    """Before each step of `mover`'s move, each other player may play cards that interrupt a move."""
    for p in rt.order():
        if p != mover:
            yield from offer_cards_of(rt, p, interrupting=True)


def offer_cards_of(rt: Civ, p: int, interrupting: bool = False) -> Generator:
    """p may play, one after another, culture event cards of the phase now (a battle's too)."""
    while not over(rt):
        cards = playable(rt, p, interrupting)
        if not cards:
            break
        choice = yield from rt.ask(p, "culture_card", f"{rt.name(p)}: play a culture event card?",
                                   ["none", *cards], ["none", *(rt.entry_name(c) for c in cards)])
        if choice == "none":
            break
        discard_card(rt, p, choice)
        rt.log(f"{rt.name(p)} plays {rt.entry_name(choice)}")
        if aims(rt, choice) is None and (yield from card_window(rt, p, choice, [])):
            continue    # cancelled before it took effect (a card that aims is answered once it has aimed)
        yield from rt.emit("played", p, only=choice)


def person_squares(rt: Civ, p: int) -> list[tuple[int, int]]:
    """Where p may place a great person: a square of its cities' outskirts, not water, not blockaded,
    not holding another player's piece (p's own building, wonder or great person there is replaced)."""
    out = []
    for c in rt.cities(p):
        for x, y in board.around(c["x"], c["y"]):
            sq, item = rt.square(x, y), rt.item_at(x, y)
            if sq is None or sq["terrain"] == "water" or blockaded(rt, x, y, p):
                continue
            if item is not None and item["owner"] != p:
                continue
            out.append((x, y))
    return out


def place_person(rt: Civ, p: int, person: str, squares: list[tuple[int, int]] | None = None,
                 reserve: bool = True) -> Generator:
    """p places a great person on one of `squares` (default: any square it may use), or keeps it in reserve
    (unless `reserve` is False)."""
    squares = person_squares(rt, p) if squares is None else squares
    options = [*(["reserve"] if reserve else []), *(board.key(x, y) for x, y in squares)]
    where = yield from rt.ask(p, "place_person", f"{rt.name(p)}: where does {rt.entry_name(person)} go?", options,
                              [*(["keep in reserve"] if reserve else []), *(board.label(x, y) for x, y in squares)])
    if where == "reserve":
        rt.player(p)["reserve"].append(person)
        rt.log(f"{rt.name(p)} keeps {rt.entry_name(person)} in reserve")
        return
    put_item(rt, p, "person", person, *board.unkey(where))
    rt.log(f"{rt.name(p)} places {rt.entry_name(person)} at {board.label(*board.unkey(where))}")


@procedure("great_person")
def gain_great_person(rt: Civ, p: int, ctx=None) -> Generator:
    pile = rt.state["great_people_pile"]
    if not pile:
        rt.log("No great person is left")
        return
    person = pile.pop(0)
    rt.log(f"{rt.name(p)} gains the great person {rt.entry_name(person)}")
    yield from place_person(rt, p, person)


def person_by_capital(rt: Civ, p: int) -> Generator:
    """A great person drawn at random and placed at once in the outskirts of p's capital (America's set-up
    bonus): not kept in reserve unless no square there can hold it."""
    pile = rt.state["great_people_pile"]
    capital = next((c for c in rt.cities(p) if c["capital"]), None)
    if not pile or capital is None:
        return
    person = pile.pop(0)
    rt.log(f"{rt.name(p)} gains the great person {rt.entry_name(person)}")
    near = set(board.around(capital["x"], capital["y"]))
    squares = [sq for sq in person_squares(rt, p) if sq in near]
    yield from place_person(rt, p, person, squares, reserve=not squares)


@procedure("draw_culture_card")
def draw_culture_card(rt: Civ, p: int, level: int, ctx=None) -> Generator:
    yield from draw_culture(rt, p, int(level))


@procedure("coin_token")
def coin_token(rt: Civ, p: int, most: int, ctx=None) -> Generator:
    tokens = rt.player(p)["coin_tokens"]
    source = ctx.source if ctx is not None else "?"
    if tokens.get(source, 0) < int(most):
        tokens[source] = tokens.get(source, 0) + 1
        rt.log(f"{rt.name(p)} puts a coin on {rt.entry_name(source)}")
    yield from ()
