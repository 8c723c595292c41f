"""The greedy bot's questions about the board and its objective cards (rules/clash/bots/bots.py asks them):
which army type to raise, what a unit is worth, where a foreign force is weak, which objective cards an
advance would complete. They read the state only (an objective is tried with an advance added under
`rt.supposing()`, then taken off)."""

from __future__ import annotations

from ..actions.cities import affordable, buildable_types
from .bot_plans import ability_worth


def special_army(rt, p: int) -> str | None:
    """An army type with abilities of its own that a city of p's may build now, while p has fewer than 2."""
    for city in rt.cities_of(p):
        for t in buildable_types(rt, p, city, []):
            if rt.is_army(t) and ability_worth(rt.defn, t) > 0 and len(rt.units_of(p, t)) < 2 \
                    and affordable(rt, p, [t]):
                return t
    return None


def unit_worth(rt, utype: str) -> float:
    """What a unit type is worth to its owner: its cost, plus a premium for founders of cities."""
    e = rt.defn.units.get(utype)
    if e is None:
        return 0.0
    worth = float(sum(int(v) for v in (e.data.get("cost") or {}).values()))
    return worth + (3.0 if utype == rt.defn.roles.get("founder") else 0.0)


def enemy_strength(rt, p: int, space: str) -> int | None:
    """Foreign armies in a space (None when nothing foreign is there)."""
    city = rt.state["cities"].get(space)
    foreign = [u for u in rt.units_at(space) if rt.state["units"][u]["owner"] != p]
    if not foreign and (city is None or city["owner"] == p):
        return None
    return sum(1 for u in foreign if rt.is_army(rt.state["units"][u]["type"]))


def weak_targets(rt, p: int) -> list[tuple[str, str]]:
    """(own army space, adjacent foreign space) where our armies outnumber theirs."""
    if not rt.granted("move_armies", p):
        return []
    units = rt.state["units"]
    # armies free to move now (one that moved this turn may be held back by the action it moved in)
    armies = [u for u in rt.units_of(p) if rt.is_army(units[u]["type"]) and not units[u]["battled"]
              and not units[u]["stop"] and not units[u]["ship"] and not units[u]["moved"]]
    out = []
    for space in {units[u]["space"] for u in armies}:
        mine = sum(1 for u in armies if units[u]["space"] == space)
        for n in rt.board.neighbors(space):
            if not rt.board.space(n).revealed:
                continue
            theirs = enemy_strength(rt, p, n)
            if theirs is not None and mine > theirs:
                out.append((space, n))
    return out


def objectives_met_with(rt, p: int, advance: str, memo: dict | None = None) -> int:
    """How many status-phase objective cards in hand, none of whose objectives holds now, would hold
    with this advance: the bot pursues them (only the unmet cards are tried again, per option)."""
    memo = {} if memo is None else memo
    unmet = objectives_in_reach(rt, p, memo)
    if not unmet:
        return 0
    pl = rt.player(p)
    with rt.supposing():
        pl["advances"].append(advance)
        try:
            return objectives_met(rt, p, unmet)
        finally:
            pl["advances"].pop()


def objectives_in_reach(rt, p: int, memo: dict) -> list[str]:
    """The objective cards in p's hand that hold with no advance now and would with every advance (worked
    out once a decision, in `memo`): at most these can an advance complete."""
    cards = rt.player(p)["hand"].get("objective_card", [])
    if not cards:
        return []
    if "objectives_unmet" not in memo:
        memo["objectives_unmet"] = reachable_with_advances(rt, p, [c for c in cards if not objectives_met(rt, p, [c])])
    return memo["objectives_unmet"]


def reachable_with_advances(rt, p: int, cards: list[str]) -> list[str]:
    """The cards that would hold if p had every advance it lacks: only these can an advance complete
    (one test a card per decision instead of one per advance offered)."""
    if not cards:
        return []
    pl = rt.player(p)
    held = pl["advances"]
    with rt.supposing():
        pl["advances"] = held + [a for a in rt.defn.advances if a not in held]
        try:
            return [c for c in cards if objectives_met(rt, p, [c])]
        finally:
            pl["advances"] = held


def objectives_met(rt, p: int, cards: list[str]) -> int:
    met = 0
    for card in cards:
        for ob in rt.index.objectives.get(card, ()):
            if ob.hook is None and ob.cond is not None and ob.cond(rt.ctx(p, card)):
                met += 1
                break
    return met


def objectives_met_holding(rt, p: int, what: str, memo: dict, more: int = 1) -> int:
    """How many objective cards in p's hand, none of whose objectives holds now, would hold with `more` more
    `what` (a resource or token): collecting towards a card whose objective asks for holdings (six ideas,
    three of each resource ...). Tried with the holding added, then taken off."""
    cards = rt.player(p)["hand"].get("objective_card", [])
    if not cards:
        return 0
    if "objectives_unmet_all" not in memo:
        memo["objectives_unmet_all"] = [c for c in cards if not objectives_met(rt, p, [c])]
    unmet = memo["objectives_unmet_all"]
    if not unmet:
        return 0
    res = rt.player(p)["res"]
    with rt.supposing():
        res[what] = res.get(what, 0) + more
        try:
            return objectives_met(rt, p, unmet)
        finally:
            res[what] -= more
