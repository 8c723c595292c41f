"""What a person's seat shows of 7 Wonders (the `seat_panel` of its descriptor): the seat's own city (cards by
colour, coins, wonder stages, production, shields, science, points so far), its hand, and both
neighbours' cities. Cards are read from that seat's view (engine/hidden.py), so another player's hand or
pending pick is never shown; production, shields and science come from built cards and stages, which
every player sees on the table.

Beside the drawing (the browser), the seat needs less: `seat_notes` keeps what the drawing does not show (the
points so far by category, where the hands go, what each neighbour sells and at what price, the later cards
the city's chains make free) and leaves out the cities and the hand, which the drawing and the hand list show."""

from __future__ import annotations

from collections import Counter

from ..actions.options import cost_words
from ..city.military import shields
from ..city.production import production
from ..commerce.prices import price
from ..names import COLOURS
from ..phases.deal import direction
from ..scoring.points import player_points
from ..tools_support import progress_words
from .options import stage_words


def _production(game, p: int) -> str:
    fixed, choices = production(game.rt, p)
    bits = [f"{r} {n}" for r, n in sorted(fixed.items())] + ["one of " + "/".join(c) for c in choices]
    return ", ".join(bits) or "nothing"


def _science(game, p: int) -> str:
    symbols = Counter(args[0] for args in game.rt.grants(p, "science"))
    wilds = sum(1 for _ in game.rt.grants(p, "science_wild"))
    bits = [f"{s} {n}" for s, n in sorted(symbols.items())] + ([f"any {wilds}"] if wilds else [])
    return ", ".join(bits) or "none"


def _wonder(game, pl: dict) -> str:
    """Each stage of the city's wonder: built (and what it gives), or its cost and reward."""
    defn = game.definition
    out = []
    for k, stage in enumerate(defn.stages(pl["board"]), 1):
        gives = stage_words(defn, pl["board"], k)
        if k <= pl["stages"]:
            out.append(f"{k} built ({gives})")
        else:
            out.append(f"{k}{' next' if k == pl['stages'] + 1 else ''}: {cost_words(stage.get('cost') or {}) or 'free'}"
                       f" -> {gives}")
    return "; ".join(out) or "no stages"


def _city(game, pl: dict) -> str:
    entries = game.definition.content.entries
    parts = []
    for colour in COLOURS:
        cards = [entries[c].name for c in pl["built"] if entries[c].data.get("colour") == colour]
        if cards:
            parts.append(f"{colour} {', '.join(cards)}")
    return "; ".join(parts) or "no cards yet"


def _summary(game, view: dict, p: int) -> str:
    pl = view["players"][p]
    board = game.definition.content.entries.get(pl["board"])
    total = len(game.definition.stages(pl["board"]))
    return (f"{pl['name']} - {board.name if board else pl['board']}: {pl['coins']} coin{'s' * (pl['coins'] != 1)}, "
            f"wonder {pl['stages']}/{total}, "
            f"shields {shields(game.rt, p)}, military {sum(pl['military']):+d}")


def seat_panel(game, p: int) -> list[str]:
    """The seat's panel as lines of plain text: own city and hand, then the left and right neighbours."""
    view = game.view(p)
    entries = game.definition.content.entries
    pts = player_points(game.rt, p)
    hand = view["players"][p]["hand"]
    parts = ", ".join(f"{k} {v}" for k, v in pts.items() if v)
    lines = [f"{progress_words(view) or 'set-up'} · {sum(pts.values())} VP so far" + (f" ({parts})" if parts else ""),
             "You: " + _summary(game, view, p),
             "  wonder stages: " + _wonder(game, view["players"][p]),
             "  cards: " + _city(game, view["players"][p]),
             f"  produces: {_production(game, p)} · science: {_science(game, p)}",
             "Hand: " + ("; ".join(f"{entries[c].name} ({entries[c].data.get('colour')}, "
                                   f"{cost_words(entries[c].data.get('cost') or {}) or 'free'})" for c in hand) or "empty")]
    for side, q in (("Left", game.rt.left(p)), ("Right", game.rt.right(p))):
        if q == p:
            continue
        lines += [f"{side}: " + _summary(game, view, q), "  wonder stages: " + _wonder(game, view["players"][q]),
                  "  cards: " + _city(game, view["players"][q]),
                  f"  produces: {_production(game, q)} · science: {_science(game, q)}"]
    return lines


def _sells(game, p: int, q: int, side: str) -> str:
    """'Player 2 (right) sells clay, wood at 2 coins each; glass at 1 coin', or 'sells nothing'."""
    rt = game.rt
    fixed, choices = production(rt, q, for_sale=True)
    by_price: dict[int, list[str]] = {}
    for r in sorted(fixed):
        by_price.setdefault(price(rt, p, side, r), []).append(r)
    for choice in choices:
        cost = {price(rt, p, side, r) for r in choice}
        by_price.setdefault(max(cost), []).append("one of " + "/".join(choice))
    said = "; ".join(f"{', '.join(goods)} at {n} coin{'s' * (n != 1)}{' each' * (len(goods) > 1)}"
                     for n, goods in sorted(by_price.items()))
    return f"{rt.name(q)} ({side}) sells " + (said or "nothing")


def _chains(game, p: int) -> str:
    """The later cards p's built cards make free, each with the card that chains to it."""
    defn, built = game.definition, game.rt.player(p)["built"]
    entries = defn.content.entries
    names = {entries[c].name for c in built}
    free = {}
    for x in defn.cards:
        link = next((c for c in x.data.get("chain_from") or [] if c in built), None)
        if link is not None and x.name not in names:
            free[x.name] = entries[link].name
    return ", ".join(f"{name} (your {link})" for name, link in sorted(free.items()))


def seat_notes(game, p: int) -> list[str]:
    """The browser's panel beside the drawing: what the drawing does not show, in a few lines."""
    view = game.view(p)
    rt = game.rt
    pts = player_points(rt, p)
    parts = ", ".join(f"{k} {v}" for k, v in pts.items() if v)
    lines = [f"{progress_words(view) or 'set-up'} · {sum(pts.values())} VP so far" + (f" ({parts})" if parts else "")]
    if int(view.get("age") or 0) >= 1:
        side = direction(rt)
        to = rt.left(p) if side == "left" else rt.right(p)
        lines.append(f"This age hands pass to the {side}, to {rt.name(to)}")
    for side, q in (("left", rt.left(p)), ("right", rt.right(p))):
        if q != p:
            lines.append(_sells(game, p, q, side))
    chains = _chains(game, p)
    if chains:
        lines.append("Free later by your chains: " + chains)
    return lines
