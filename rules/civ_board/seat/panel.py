"""What a person's seat shows of Civilization (the descriptor field `seat_panel`): the seat's dials (trade,
culture, the culture track, coins), government, techs by pyramid row, cities with their production, its
own standing forces, culture cards and markers, a trade offer on the table, and each rival's public side. Read from the seat's view
(engine/hidden.py), so another player's forces, hand or research pick are never shown."""

from __future__ import annotations

from ..board import board
from ..phases.negotiation import public_offer, words
from ..state.economy import coins, production


def _count(value) -> int:
    return len(value) if isinstance(value, list) else (value or {}).get("count", 0)


def seat_panel(game, p: int) -> list[str]:
    view, rt = game.view(p), game.rt
    entries = game.definition.content.entries

    def name(i: str) -> str:
        return entries[i].name if i in entries else i
    pl = view["players"][p]
    lines = [f"{pl['name']} - {name(pl['civ'])}, {name(pl['government'])}",
             f"  trade {pl['trade']}, culture {pl['culture']}, culture track {pl['track']}/{len(game.definition.track)}, "
             f"coins {coins(rt, p)}"]
    for row in sorted(pl["pyramid"]):
        lines.append(f"  techs, row {row}: " + ", ".join(name(t) for t in pl["pyramid"][row]))
    for c in rt.cities(p):
        lines.append(f"  {'capital' if c['capital'] else 'city'} at {board.label(c['x'], c['y'])}: production "
                     f"{production(rt, c)}" + (", walled" if c.get("walled") else ""))
    forces = pl["forces"] if isinstance(pl["forces"], list) else []
    lines.append("  forces: " + (", ".join(name(u) for u in forces) or "none"))
    hand = pl["hand"] if isinstance(pl["hand"], list) else []
    lines.append("  culture cards: " + (", ".join(name(c) for c in hand) or "none")
                 + "; resources: " + (", ".join(f"{r} {n}" for r, n in pl["resources"].items() if n) or "none")
                 + f"; markers {_count(pl['huts'])}")
    if public_offer(rt, view):
        mine = f" (you offer {', '.join(words(rt, {'what': 'card'}, c) for c in pl['offered'])})" \
            if isinstance(pl.get("offered"), list) and pl["offered"] else ""
        lines.append(f"  offer on the table: {public_offer(rt, view)}{mine}")
    for q, other in enumerate(view["players"]):
        if q != p:
            lines.append(f"{other['name']} - {name(other['civ'])}: trade {other['trade']}, culture track "
                         f"{other['track']}, techs {len(other['techs'])}, coins {coins(rt, q)}, "
                         f"forces {_count(other['forces'])}, culture cards {_count(other['hand'])}")
    return lines


def seat_columns(game, viewer: int | None) -> dict[str, list]:
    """The players table's computed columns (the descriptor's `seat_columns`): each player's coins, the economy
    dial, which the state never stores. It is counted from what every seat sees: the squares the cities
    collect (outskirts not blockaded, scouts sent), the techs' `coins` grants and the coin tokens on cards,
    none of which the game's `hidden:` keeps from anyone."""
    return {"coins": [coins(game.rt, q) for q in range(game.rt.n)]}
