"""The panels beside the map: one per player (civilisation, government, dials, techs by pyramid row, forces,
culture cards, markers, resources; the viewer's own culture cards and battle hand by name, each a
`data-card` the browser seat can light and click), the battle under way (its fronts and the viewer's hand,
`data-target` front-N and hand-N). Every line is wrapped, never cut (the offer on the table is in the title)."""

from __future__ import annotations

from ..board.pieces import strength
from .legend import PLAYER, text, wrap

LINE = 14
CHARS = 50          # characters a panel line holds at 11 px


def _count(v) -> int:
    return len(v) if isinstance(v, list) else (v or {}).get("count", 0)


def _lines(game, view: dict, p: int) -> list[str]:
    pl, entries = view["players"][p], game.definition.content.entries

    def name(i: str) -> str:
        return entries[i].name if i in entries else str(i)
    out = [f"{pl['name']} - {name(pl['civ'])}", f"government: {name(pl['government'])}",
           f"trade {pl['trade']}, culture {pl['culture']}, culture track {pl['track']}"]
    for row in sorted(pl["pyramid"], key=int):
        out.append(f"techs, row {row}: " + ", ".join(name(t) for t in pl["pyramid"][row]))
    out.append(f"forces {_count(pl['forces'])}, culture cards {_count(pl['hand'])}, markers {_count(pl['huts'])}")
    out.append("resources: " + (", ".join(f"{r} {n}" for r, n in pl["resources"].items() if n) or "none"))
    if pl.get("reserve"):
        out.append("great people in reserve: " + ", ".join(name(g) for g in pl["reserve"]))
    if isinstance(pl["forces"], list) and pl["forces"]:
        out.append("your forces: " + ", ".join(name(u) for u in pl["forces"]))
    return out


def _cards(game, cards: list[str], x: float, y: float, w: float, kind: str) -> tuple[list[str], float]:
    """The viewer's own cards as boxes (data-card: the id), two to a row; returns the parts and the height."""
    entries = game.definition.content.entries
    out, bw = [], (w - 24) / 2
    for i, card in enumerate(cards):
        bx, by = x + 8 + (i % 2) * (bw + 6), y + (i // 2) * 30
        lines = wrap(entries[card].name if card in entries else card, int(bw / (10 * 0.56)))[:2]
        out.append(f'<g data-kind="{kind}" data-card="{card}"><rect x="{bx:g}" y="{by:g}" width="{bw:g}" height="26" '
                   'rx="3" fill="#f1e6c8" stroke="#8a6d2b"/>'
                   + "".join(text(bx + 4, by + 11 + 11 * j, line, 10, fit=bw - 8) for j, line in enumerate(lines))
                   + "</g>")
    return out, 30 * ((len(cards) + 1) // 2)


def _player(game, view: dict, p: int, x: float, y: float, w: float) -> tuple[str, float]:
    pl = view["players"][p]
    lines = [(i == 0, part) for i, line in enumerate(_lines(game, view, p)) for part in wrap(line, CHARS)]
    out = [text(x + 8, y + 16 + LINE * i, line, 11, "#222", "bold" if head else "normal", fit=w - 16)
           for i, (head, line) in enumerate(lines)]
    h = 12 + LINE * len(lines)
    if isinstance(pl["hand"], list) and pl["hand"]:   # the viewer's own culture cards (a rival's are a count)
        out.append(text(x + 8, y + h + 10, "your culture cards:", 11))
        cards, ch = _cards(game, list(pl["hand"]), x, y + h + 16, w, "hand")
        out += cards
        h += 18 + ch
    box = (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h + 6:g}" rx="5" fill="#fffdf7" '
           f'stroke="{PLAYER[p % 4]}" stroke-width="2"/>')
    return f'<g data-kind="player" data-player="{p}" data-target="player-{p}">' + box + "".join(out) + "</g>", h + 6


def _battle(game, view: dict, viewer: int | None, x: float, y: float, w: float) -> tuple[str, float]:
    """The battle under way: each front's units (strength, wounds) and the viewer's hand, by name."""
    fight = view.get("battle")
    if not fight:
        return "", 0
    entries = game.definition.content.entries
    names, owners = fight["names"], fight["owners"]
    out = [text(x + 8, y + 16, f"Battle: {names['attacker']} (bonus {fight['bonus']['attacker']}) against "
                f"{names['defender']} (bonus {fight['bonus']['defender']})", 11, "#222", "bold", fit=w - 16)]
    row = y + 16
    for j, front in enumerate(fight["fronts"]):
        sides = []
        for side in ("attacker", "defender"):
            unit = front.get(side)
            if unit is not None:
                wounds = f", {unit['wounds']} wound{'s' * (unit['wounds'] != 1)}" if unit["wounds"] else ""
                sides.append(f"{entries[unit['card']].name} ({strength(game.rt, owners[side], unit['card'], side)}"
                             f"{wounds})")
            else:
                sides.append("-")
        row += LINE
        out.append(f'<g data-kind="front" data-target="front-{j}"><rect x="{x + 4:g}" y="{row - 11:g}" width="{w - 8:g}" '
                   f'height="{LINE}" fill="#f7f7f7" stroke="#bbb"/>'
                   + text(x + 8, row, f"front {j + 1}: {sides[0]} against {sides[1]}", 10, fit=w - 16) + "</g>")
    hand = view["players"][viewer].get("battle_hand") if viewer is not None else None
    h = row - y + 8
    if isinstance(hand, list) and hand:
        out.append(text(x + 8, y + h + 8, "your battle hand:", 11))
        cards, ch = _cards(game, hand, x, y + h + 14, w, "battle-card")
        for i, part in enumerate(cards):   # a card of the hand is chosen by its place in the hand
            out.append(part.replace('data-kind="battle-card"', f'data-kind="battle-card" data-target="hand-{i}"', 1))
        h += 16 + ch
    box = f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="5" fill="#fff" stroke="#444" stroke-width="2"/>'
    return '<g data-kind="battle">' + box + "".join(out) + "</g>", h


def panels(game, view: dict, viewer: int | None, x: float, w: float) -> tuple[list[str], float]:
    """Every panel, stacked from the top at x; returns the parts and their height."""
    parts, y = [], 40.0
    battle, bh = _battle(game, view, viewer, x, y, w - 10)
    if battle:
        parts.append(battle)
        y += bh + 6
    for p in range(len(view["players"])):
        part, h = _player(game, view, p, x, y, w - 10)
        parts.append(part)
        y += h + 6
    return parts, y - 40
