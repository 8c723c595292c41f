"""Invariants of a Clash of Cultures state: what must hold after every applied action.

`check_invariants(game)` returns the list of broken invariants (empty when all is well); tests and
bot games call it after each action, so a rule that corrupts the state is caught where it happens.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..combat.pirates import all_pirates, pirate_type
from ..names import PIRATES
from ..state.limits import city_limit, stack_limit
from ..state.setup import RESOURCES, TOKENS, deck_cards

if TYPE_CHECKING:
    from ....engine.machine import Game

CARD_PLACES = ("decks", "discard")


def check_invariants(game: Game) -> list[str]:
    rt = game.rt
    st = game.state
    d = rt.defn
    top = rt.params["scale_max"]
    out: list[str] = []
    for i, pl in enumerate(st["players"]):
        who = pl["name"]
        for k in RESOURCES + TOKENS:
            v = pl["res"][k]
            if not 0 <= v <= top:
                out.append(f"{who}: {k} is {v}, outside 0..{top}")
            if v > rt.limit(i, k):
                out.append(f"{who}: {k} is {v}, above its limit {rt.limit(i, k)}")
        for level in ("culture_level", "happiness_level"):
            if not 0 <= pl[level] <= top:
                out.append(f"{who}: {level} is {pl[level]}")
        for border, level in (("culture", "culture_level"), ("happiness", "happiness_level")):
            owned = sum(1 for a in pl["advances"] if d.advances[a].data.get("border") == border)
            if pl[level] < min(top, owned):
                out.append(f"{who}: {level} {pl[level]} is below the {owned} {border} advances owned")
        govs = {d.category_of[a] for a in pl["advances"] if d.category_of.get(a) in d.government_categories}
        if len(govs) > 1:
            out.append(f"{who}: advances of {len(govs)} government types: {sorted(govs)}")
        if len(set(pl["advances"])) != len(pl["advances"]):
            out.append(f"{who}: an advance is owned twice")
        units = Counter(u["type"] for u in st["units"].values() if u["owner"] == i)
        for utype in d.units:
            if units[utype] > d.limit(utype):
                out.append(f"{who}: {units[utype]} {utype} units, above the limit {d.limit(utype)}")
        cities = sum(1 for c in st["cities"].values() if c["owner"] == i)
        if cities > city_limit(rt, i):
            out.append(f"{who}: {cities} cities")
        pieces = Counter(p for c in st["cities"].values() for p, o in c["pieces"].items() if o == i)
        for piece in d.pieces:
            if pieces[piece] > d.limit(piece):
                out.append(f"{who}: {pieces[piece]} {piece} pieces on the board")
    if pirate_type(rt) is not None and len(all_pirates(rt)) > d.limit(pirate_type(rt)):
        out.append(f"{rt.name(PIRATES)}: {len(all_pirates(rt))} ships, above the limit {d.limit(pirate_type(rt))}")
    stacks = Counter((u["space"], u["owner"]) for u in st["units"].values()
                     if rt.is_army(u["type"]) and not u["ship"])  # army units of every kind
    for (space, owner), n in stacks.items():
        if owner >= 0 and n > stack_limit(rt, owner, space):
            out.append(f"{rt.name(owner)}: {n} armies at {space}")
    aboard: Counter = Counter()
    for u in st["units"].values():
        if u["ship"]:  # each takes its room aboard (a leader figure none)
            aboard[u["ship"]] += int(d.units[u["type"]].data.get("ship_space", 1))
    for ship, n in aboard.items():
        if ship not in st["units"]:
            out.append(f"units aboard a ship that is gone ({ship})")
            continue
        cap = int(d.units[st["units"][ship]["type"]].data.get("capacity", 0))
        if n > cap:
            out.append(f"ship {ship} carries {n} land units (capacity {cap})")
    for space, c in st["cities"].items():
        if d.foundation not in c["pieces"]:
            out.append(f"the city at {space} has no foundation piece")
        if c["mood"] not in ("angry", "neutral", "happy"):
            out.append(f"the city at {space} has mood {c['mood']!r}")
    out.extend(_cards_conserved(game))
    return out


def _cards_conserved(game: Game) -> list[str]:
    """Every card is in exactly one place: deck, discard pile, a hand, completed, or in play."""

    st = game.state
    out = []
    for deck in ("action_card", "objective_card", "event_card"):
        expected = Counter(deck_cards(game.rt.defn, deck))
        seen: Counter = Counter()
        seen.update(st["decks"].get(deck, []))
        seen.update(st["discard"].get(deck, []))
        for pl in st["players"]:
            seen.update(pl["hand"].get(deck, []))
            seen.update(c for c in pl["completed"] if c in expected)
            seen.update(c for c in pl.get("in_play", []) if c in expected)
        if seen != expected:
            extra = seen - expected
            missing = expected - seen
            out.append(f"{deck}s not conserved: extra {dict(extra)}, missing {dict(missing)}")
    return out
