"""What a person's seat shows of Clash of Cultures (the `seat_panel` of its descriptor): the seat's round,
resources and points, its hand, its cities and its units, all read from that seat's view so nothing
hidden from it is shown."""

from __future__ import annotations

import re

from ...engine.hexgrid import readable
from .phases.scoring import final_scores


def hand_words(game, player: int) -> list[str]:
    """The seat's own hand, card by card: 'name (kind)'."""
    entries = game.rt.defn.content.entries
    out = []
    for kind, cards in game.view(player)["players"][player]["hand"].items():
        for card in cards:
            e = entries.get(card)
            out.append(f"{e.name} ({e.kind.replace('_', ' ')})" if e else f"{card} ({kind.replace('_', ' ')})")
    return out


def seat_panel(game, p: int) -> list[str]:
    """The seat's panel as lines of plain text."""
    v = game.view(p)
    pl = v["players"][p]
    res = ", ".join(f"{k} {n}" for k, n in pl["res"].items())
    vp = final_scores(game.rt)["vp"][p]
    cities = [f"{readable(space)} {'+'.join(k for k, o in c['pieces'].items() if o == p) or 'city'} ({c['mood']})"
              for space, c in v["cities"].items() if c["owner"] == p]
    units: dict[str, int] = {}
    for u in v["units"].values():
        if u["owner"] == p:
            units[u["type"]] = units.get(u["type"], 0) + 1
    return [f"Round {v.get('round')}, turn {v.get('turn')} · {res} · {vp:g} VP",
            "Hand: " + ("; ".join(hand_words(game, p)) or "empty"),
            "Cities: " + (", ".join(cities) or "none"),
            "Units: " + (", ".join(f"{n} {t}" for t, n in units.items()) or "none") + f" · {len(pl['advances'])} advances"]


_SPACE = re.compile(r"-?\d+,-?\d+")


def space_words(game, space: str) -> str:
    """A board space as every player sees it: its label, terrain, the city and the units standing there."""
    rt = game.rt
    try:
        cell = rt.board.space(space)
    except (KeyError, ValueError):
        return ""
    bits = [cell.terrain if cell.revealed and cell.terrain else "unexplored"]
    city = rt.state["cities"].get(space)
    if city is not None:
        bits.append(f"{rt.name(city['owner'])}'s city ({city.get('mood')})")
    units: dict[tuple[int, str], int] = {}
    for u in rt.units_at(space):
        unit = rt.state["units"][u]
        units[(unit["owner"], unit["type"])] = units.get((unit["owner"], unit["type"]), 0) + 1
    bits += [f"{rt.name(o)}'s {t} x{n}" for (o, t), n in sorted(units.items())]
    return f"{readable(space)}: " + ", ".join(bits)


_PLACED = re.compile(r"(-?\d+,-?\d+) ([a-z_]+)")


def option_spaces(game, d, option: str) -> dict[str, str]:
    """The terrain each space would show if the option were taken: a region's orientation (its label says
    where each terrain lies); {} for other options."""
    if d.kind != "orientation":
        return {}
    return dict(_PLACED.findall(d.label(option)))


def option_warning(game, d, option: str) -> str:
    """Ending a turn with actions left is asked again before it is done."""
    left = game.state.get("actions_left") or 0
    if d.kind == "action" and option == "end" and left > 0:
        return f"You still have {left} action{'s' if left != 1 else ''} this turn: end the turn anyway?"
    return ""


def option_text(game, d, option: str) -> str:
    """What a Clash option means when it is a place on the map (the generic seat explains content ids): the
    spaces it names, described; '' for any other option."""
    if option == "end":
        left = game.state.get("actions_left")
        return "End your turn" + (f" with {left} action(s) unused" if left else "")
    if d.kind == "action" and option == "trade":
        return "Offer some of your resources to another player for some of theirs; they accept or refuse (no action spent)"
    if d.kind == "orientation" and option.isdigit():
        return f"Lay the region turned {int(option)} sixth-turn(s) from its printed way (the option says where each terrain lies)"
    spaces = _SPACE.findall(option)
    if not spaces:
        return ""
    return "; ".join(w for w in (space_words(game, s) for s in dict.fromkeys(spaces)) if w)
