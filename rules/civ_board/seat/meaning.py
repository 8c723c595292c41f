"""What each option of a Civilization decision means and costs, in words (the descriptor's `option_text`: the
terminal's one-line summary and `explain N`, the browser's line under each button). Every option says
something: a square is described as everyone sees it, a city action says what it costs in production and
the trade that would boost it, a tech its text and price, a step where it leads and what happens there, a
unit card its strength and what it trumps. Only what the deciding seat may know is said."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..board import board
from ..board.pieces import rank, strength, unit_type
from ..cards.culture import track_cost
from ..combat.combat import trumps
from ..phases.manage import city_options
from ..state.economy import arts_culture, production, research_cost, trade_after_research, yields
from .words import cost_words, icons, outskirts_words, square_words

SQUARE = re.compile(r"^\d+,\d+$")
WORDS = {"n": "north", "e": "east", "s": "south", "w": "west"}
PLAIN = {  # options whose meaning is the same wherever they come
    "none": "Nothing now: the game goes on", "done": "That is all: go on to the next step",
    "stop": "Stop here", "keep": "Keep things as they are", "reserve": "Keep the great person in reserve: "
    "you may place it at the start of a later turn", "cancel": "Withdraw the offer: nothing changes hands",
    "refuse": "Refuse the offer: nothing changes hands", "nothing": "Nothing (a promise at most: promises do not bind)",
    "token": "Pay with a resource token of yours (it goes back to the market)",
}


def _a(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def _text(rt: Any, eid: str) -> str:
    e = rt.d.content.entries.get(eid)
    return f"{e.name}: {e.text}" if e is not None and e.text else (e.name if e is not None else "")


def _acting_city(rt: Any) -> dict | None:
    return next((c for c in rt.state["cities_built"] if c["id"] == rt.state.get("acting_city")), None)


def _capital(rt: Any, d: Any, o: str) -> str:
    x, y = board.unkey(o)
    return f"Found your capital at {board.label(x, y)}: {outskirts_words(rt, x, y)}. {square_words(rt, x, y)}"


LEAVES = {"person": "it goes back to your reserve", "building": "it goes back to the market",
          "wonder": "it leaves the game for good"}   # what a piece replaced on its square becomes (pieces.put_item)


def _instead(rt: Any, x: int, y: int) -> str:
    """What a piece put on the square gives up: 'instead of the square's 1 production (mountain)', '(the square
    gives nothing: grassland)', or 'in place of The Oracle (it leaves the game for good)'."""
    item = rt.item_at(x, y)
    if item is not None:
        return f"in place of {rt.entry_name(item['id'])} ({LEAVES[item['kind']]})"
    lost, terrain = icons(yields(rt, x, y)), rt.square(x, y)["terrain"]
    return f"instead of the square's {lost} ({terrain})" if lost else f"(the square gives nothing: {terrain})"


def _square_choice(rt: Any, d: Any, o: str) -> str:
    if not SQUARE.match(o):
        return ""
    x, y = board.unkey(o)
    said = square_words(rt, x, y)
    if d.kind == "place_figure" and rt.enemies_at(x, y, d.player):
        said += " - the new army attacks the blockade there (a battle)"
    if d.kind in ("place_person", "place_wonder"):   # what differs from square to square first: what is given up
        said = f"{board.label(x, y)}: its own icons {_instead(rt, x, y)}. " + square_words(rt, x, y)
    return said


def _city_action(rt: Any, d: Any, o: str) -> str:
    city = _acting_city(rt)
    if city is None:
        return ""
    if o == "culture":
        return f"Culture first: advance one space on the culture track ({track_cost(rt, d.player)}); then this city acts"
    costs = {opt: (label, cost) for opt, label, cost in city_options(rt, city)}
    what, _, rest = o.partition(":")
    pay = cost_words(rt, city, costs[o][1]) if o in costs else ""
    if what == "arts":
        return (f"Devote the city to the arts: gain {arts_culture(rt, city)} culture (1, plus 1 for each culture icon "
                "in its outskirts)")
    if what == "harvest":
        return f"Harvest {rest}: take {_a(rest)} {rest} token from the market ({rt.state['resource_market'].get(rest, 0)} " \
               "left there); it pays for resource abilities and may be traded"
    if what in ("army", "scout"):
        return f"A new {what} figure: {pay}; it stands in the city's outskirts"
    if what == "unit":
        left = len(rt.state["unit_decks"].get(rest, [])) + len(rt.state["unit_returned"].get(rest, []))
        return (f"A new {rest} unit: {pay}; the top card of the {rest} deck ({left} left) joins your standing forces, "
                f"at rank {rank(rt, d.player, rest)}")
    eid, _, at = rest.partition("@")
    e = rt.d.content.entries.get(eid)
    price = "free this once (a card in force)" if what.startswith("free_") else pay
    if e is None:
        return ""
    if not at:   # city walls: in the city's centre
        return f"{e.name}: {price}. {e.text}"
    x, y = board.unkey(at)
    gives = icons(dict(e.data.get("icons") or {})) or "nothing"
    return f"{e.name}: gives {gives} {_instead(rt, x, y)}; {price}. {e.text}"


def _research(rt: Any, d: Any, o: str) -> str:
    trade = rt.player(d.player)["trade"]
    if o == "none":
        return f"Learn no tech this turn: your {trade} trade stays on the dial"
    level = rt.d.level(o)
    kept = trade_after_research(rt, d.player)
    return (f"{_text(rt, o)} - needs {research_cost(rt, level, d.player)} trade (you have {trade}); researching spends "
            f"all your trade but {kept} (1 a coin); it goes in row {level} of your pyramid")


def _step(rt: Any, d: Any, o: str) -> str:
    moving = [f for f in rt.state["figures"] if f["id"] in (rt.state.get("moving") or [])]
    if not moving:
        return ""
    x, y = moving[0]["x"], moving[0]["y"]
    if o == "stop":
        return f"End this move at {square_words(rt, x, y)}"
    if o.startswith("explore:"):
        return f"Turn up the facedown tile to the {WORDS[o.removeprefix('explore:')]} (it is laid with its arrow pointing away); this " \
               "uses one square of the move"
    dx, dy = board.STEPS[o]
    nx, ny = x + dx, y + dy
    said = f"Step {WORDS[o]} to {square_words(rt, nx, ny)}"
    city, marker = rt.city_at(nx, ny), rt.state["markers"].get(board.key(nx, ny))
    if city is not None and city["owner"] != d.player:
        return said + " - attack the city: a battle (the move ends)"
    if rt.enemies_at(nx, ny, d.player):
        return said + " - attack them: a battle, or enemy scouts alone die (the move ends)"
    if marker == "village":
        return said + " - attack the village: a battle against the barbarians (the move ends)"
    if marker == "hut":
        return said + " - explore the hut: you keep its marker (the move ends)"
    return said


def _move(rt: Any, d: Any, o: str) -> str:
    if o == "done":
        return "End your movement: figures not moved stay where they are"
    kind, _, arg = o.partition(":")
    if kind == "fig":
        f = next((f for f in rt.state["figures"] if f["id"] == int(arg)), None)
        return f"Move this {f['kind']} alone, a square at a time; from {square_words(rt, f['x'], f['y'])}" if f else ""
    x, y = board.unkey(arg)
    return f"Move every figure of yours here together, as one group; from {square_words(rt, x, y)}"


def _battle(rt: Any, d: Any, o: str) -> str:
    fight = rt.state.get("battle") or {}
    side = next((s for s, who in (fight.get("holders") or {}).items() if who == d.player), None)
    hand = rt.player(d.player).get("battle_hand") or []
    i, _, target = o.partition(":")
    if side is None or not i.isdigit() or int(i) >= len(hand):
        return ""
    card, owner = hand[int(i)], fight["owners"][side]
    mine = strength(rt, owner, card, side)
    beats = rt.params["trumps"].get(unit_type(rt, card))
    if target == "new":
        return (f"New front: at strength {mine}, alone, where the next enemy unit may attack it"
                + (f"; {unit_type(rt, card)} trumps {beats} (strikes first)" if beats else ""))
    other = "defender" if side == "attacker" else "attacker"
    enemy, them = fight["fronts"][int(target)][other], fight["owners"][other]
    first = "yours strikes first" if trumps(rt, card, enemy["card"], them) else \
        "theirs strikes first" if trumps(rt, enemy["card"], card, owner) else "both strike at once"
    return (f"Attack on front {int(target) + 1}: strength {mine} against {strength(rt, them, enemy['card'], other)}, "
            f"{first} ({rt.entry_name(enemy['card'])}, {enemy['wounds']} wound{'s' * (enemy['wounds'] != 1)}); each "
            "wounds the other by its strength, and a unit wounded as much as its strength dies")


def _loot(rt: Any, d: Any, o: str) -> str:
    what, _, rest = o.partition(":")
    return {"trade": "Take their trade (up to the loot's limit) onto your dial",
            "culture": "Take their culture tokens (up to the loot's limit)",
            "resources": "Take resource tokens of your choice (a facedown marker unseen)",
            "culture_card": "Steal one of their culture event cards, unseen (a full hand then discards one)",
            "tech": f"Learn {_text(rt, rest)} - for free, in row {rt.d.level(rest) if rest else ''} of your pyramid",
            "marker": "One of their facedown hut or village markers, at random: you see what it holds once taken",
            "nothing": "There is nothing to take"}.get(what, f"Take {_a(what)} {what} token from them" if what in rt.d.resources else "")


def _culture(rt: Any, d: Any, o: str) -> str:
    return f"Advance one space on the culture track: {track_cost(rt, d.player)}" if o == "advance" else \
        "Keep your culture tokens for later"


def _government(rt: Any, d: Any, o: str) -> str:
    now = rt.player(d.player)["government"]
    if o == "keep":
        return f"Stay under {_text(rt, now)}"
    if o == "transition":
        return (f"Fall into {_text(rt, rt.params['transition_government'])} - at the start of the next turn you may "
                "take any government you know")
    return f"Change to {_text(rt, o.removeprefix('gov:'))}"


def _seat(rt: Any, d: Any, o: str) -> str:
    q = o.partition(":")[2] if ":" in o else o
    if not q.isdigit() or int(q) >= rt.n:
        return ""
    pl = rt.player(int(q))
    return (f"{pl['name']} ({rt.entry_name(pl['civ'])}): trade {pl['trade']}, culture {pl['culture']}, culture track "
            f"{pl['track']}, {len(pl['techs'])} tech{'s' * (len(pl['techs']) != 1)}")


def _send_scout(rt: Any, d: Any, o: str) -> str:
    city = next((c for c in rt.state["cities_built"] if str(c["id"]) == o), None)
    return f"The scout gathers its square's icons for the city at {board.label(city['x'], city['y'])} this turn" \
        if city else ""


def _build_city(rt: Any, d: Any, o: str) -> str:
    if o == "none":
        return "Build no city this turn"
    f = next((f for f in rt.state["figures"] if f"city:{f['id']}" == o), None)
    return f"The {f['kind']} becomes a city at {board.label(f['x'], f['y'])}: {outskirts_words(rt, f['x'], f['y'])}" \
        if f else ""


def _trade(rt: Any, d: Any, o: str) -> str:
    what, _, rest = o.partition(":")
    whose = "from your" if d.kind == "trade_give" else "from their"
    if what == "card" and rest in rt.d.content.entries:
        return f"Give {_text(rt, rest)}"
    if what == "card":
        level = "" if rest == "any" else f"level {rest} "
        return f"Ask for a {level}culture event card of their choice: they choose which, once they accept"
    if what == "trade":
        return f"Points of trade {whose} dial (how many: next)"
    if what == "culture":
        return f"Culture tokens {whose} stock (how many: next)"
    if what in rt.d.resources:
        return f"{what.capitalize()} ({whose.split()[1]} tokens first, else hut or village markers showing it; how many: next)"
    if d.kind == "trade_answer" and what == "accept":
        return "Accept: " + d.label(o).removeprefix("accept: ")
    if d.kind == "trade_amount":
        return f"{d.label(o).capitalize()} - in this offer"
    return ""


def _free_unit(rt: Any, d: Any, o: str) -> str:
    left = len(rt.state["unit_decks"].get(o, [])) + len(rt.state["unit_returned"].get(o, []))
    return f"Draw the top card of the {o} deck ({left} left) into your standing forces, for free" if left else ""


def _choose(rt: Any, d: Any, o: str) -> str:
    """One alternative of a card's `choose:` (the prompt names the card or civilisation)."""
    source = d.prompt.split(":")[0]
    return f"{d.label(o)[:1].upper()}{d.label(o)[1:]}: one of the alternatives {source} offers"


def _free_figure(rt: Any, d: Any, o: str) -> str:
    return {"army": "A free army figure on the card's marker square", "scout": "A free scout figure on the card's "
            "marker square"}.get(o, "")


NONE = {  # what answering `none` means, by decision
    "trade_offer": "Make no more trade offers this turn", "culture_card": "Play no culture event card now",
    "cancel": "Let it happen: do not answer it", "ability": "Use no ability now", "free_tech": "Learn no tech for free",
    "free_figure": "Take no free figure", "free_harvest": "Harvest nothing for free", "harvest_again": "Harvest only once",
    "free_unit": "Take no free unit", "research": "", "build_city": "",
}


def _boost_city(rt: Any, d: Any, o: str) -> str:
    city = next((c for c in rt.state["cities_built"] if str(c["id"]) == o), None)
    if city is None:
        return ""
    return f"The city at {board.label(city['x'], city['y'])} gets the extra production this turn (it makes " \
           f"{production(rt, city)} now)"


KINDS: dict[str, Callable[[Any, Any, str], str]] = {
    "boost_city": _boost_city, "free_unit": _free_unit, "choose": _choose,
    "trade_give": _trade, "trade_ask": _trade, "trade_answer": _trade, "trade_amount": _trade,
    "free_figure": _free_figure,
    "capital": _capital, "city_action": _city_action, "research": _research, "step": _step, "move": _move,
    "battle": _battle, "loot": _loot, "loot_resource": _loot, "culture": _culture, "government": _government,
    "trade_offer": _seat, "exchange_with": _seat, "rival": _seat, "gift_to": _seat, "rival_token": _seat,
    "send_scout": _send_scout, "build_city": _build_city,
}


def option_text(game: Any, d: Any, option: str) -> str:
    """What choosing `option` of decision `d` means and costs, in words (never empty)."""
    rt = game.rt
    said = NONE.get(d.kind, "") if option == "none" else ""
    if d.kind == "place_person" and option == "keep":
        said = PLAIN["reserve"]
    if not said and d.kind in KINDS:
        said = KINDS[d.kind](rt, d, option)
    if not said and SQUARE.match(option):
        said = _square_choice(rt, d, option)
    if not said:
        ids = [p for p in re.findall(r"[a-z][a-z0-9_]*", option) if p in rt.d.content.entries]
        said = "; ".join(_text(rt, i) for i in dict.fromkeys(ids))
    if not said and option in PLAIN:
        said = PLAIN[option]
    return said or d.label(option)
