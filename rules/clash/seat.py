"""What a person's seat shows of Clash of Cultures (the game's extras `seat_panel`): the seat's round,
resources and points, its hand, its cities and its units, all read from that seat's view so nothing
hidden from it is shown."""

from __future__ import annotations

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
