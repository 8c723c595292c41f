"""What the greedy bot collects for: the purchases that score, read from the rules' parameters.

Victory points come from buying: an advance (`advance_cost`), a city piece (`grow_cost`), a wonder, a
settler that founds a city (its unit cost). Collecting is worth what it brings towards the next of these,
so the bot collects what its purchases still lack (capped by what it may hold), not a fixed mix: a fixed
mix filled the stores with wood and ore while food, which advances and settlers ask for, stayed short.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ....engine.abilities import Grant
from ..actions.cities import (
    activity_size,
    affordable,
    buildable_types,
    can_activate,
    collect_options,
    collect_spaces,
)
from ..state.setup import RESOURCES

if TYPE_CHECKING:
    from ..state.runtime import Clash

# In 2-player games against the first-option bot (600 games, three seed series): founding 3 cities before
# growing them won 98.0%, 2 cities 97.2% (once a city was no longer activated twice a turn; before, when
# second activations kept cities angry, 2 did best, and all 7 scored 22.9 VP a game against 26.5): a
# settler, its walk and the founding cost actions a piece would not.
CITIES = 3  # cities the bot founds before it grows them (then more once they are nearly full)
MORE_CITIES = 4  # cities it founds to collect a kind none of its cities gives (no ore: no piece, no wonder)


def room_to_grow(rt: Clash, city: str) -> int:
    """How many more pieces a city may hold (the rules' limit of pieces besides the settlement)."""
    pieces = rt.state["cities"][city]["pieces"]
    return int(rt.params.get("max_city_pieces", 4)) - sum(1 for k in pieces if k != rt.defn.foundation)


def can_grow_somewhere(rt: Clash, p: int) -> bool:
    """Has one of p's cities room for another piece?"""
    return any(room_to_grow(rt, c) > 0 for c in rt.cities_of(p))


def wants_settler(rt: Clash, p: int, memo: dict | None = None) -> bool:
    """Would another settler found a city? While p has fewer than CITIES; up to MORE_CITIES while no city
    of p's collects a kind city pieces or advances cost (ore, say: without it no piece and no wonder); and
    once its cities are nearly full (a piece is cheaper than a city: a settler, a walk, the founding).
    Never beyond the city limit, nor while a settler waits."""
    founder = rt.role("founder")
    cities = rt.cities_of(p)
    if rt.units_of(p, founder) or len(cities) >= rt.params["max_cities"]:
        return False
    if len(cities) < CITIES or all(room_to_grow(rt, c) <= 1 for c in cities):
        return True
    sources = collect_sources(rt, p, {} if memo is None else memo)
    kinds = set(rt.params["advance_cost"]) | set(rt.params["grow_cost"])
    return len(cities) < MORE_CITIES and any(not sources.get(k) for k in kinds)


def settler_buildable(rt: Clash, p: int) -> bool:
    """Is a settler wanted, affordable and buildable in one of p's cities now?"""
    founder = rt.role("founder")
    if not wants_settler(rt, p) or not affordable(rt, p, [founder]):
        return False
    return any(can_activate(rt, p, c) and founder in buildable_types(rt, p, c, []) for c in rt.cities_of(p))


def purchase_target(rt: Clash, p: int, memo: dict) -> dict[str, int]:
    """How much of each resource p's next purchases ask for together (an advance, a city piece where one
    fits, a settler while cities may be founded), each kind capped at what p may hold. Worked out once a
    decision (`memo`)."""
    if "purchase_target" in memo:
        return memo["purchase_target"]
    want: dict[str, int] = {}

    def add(cost: dict) -> None:
        for k, v in cost.items():
            if k in RESOURCES:
                want[k] = want.get(k, 0) + int(v)

    add(rt.params["advance_cost"])
    if can_grow_somewhere(rt, p):
        add(rt.params["grow_cost"])
    if wants_settler(rt, p):
        add(rt.defn.units[rt.role("founder")].data.get("cost") or {})
    target = {k: min(n, rt.limit(p, k)) for k, n in want.items()}
    memo["purchase_target"] = target
    memo["binding_limits"] = [k for k, n in want.items() if n > target[k]]
    return target


def binding_limits(rt: Clash, p: int, memo: dict) -> list[str]:
    """The kinds p's next purchases ask more of together than p may hold (the food limit, early on)."""
    purchase_target(rt, p, memo)
    return memo["binding_limits"]


def shortfall(rt: Clash, p: int, what: str, memo: dict) -> int:
    """How much more of `what` p's next purchases ask for than it holds."""
    return max(0, purchase_target(rt, p, memo).get(what, 0) - rt.player(p)["res"].get(what, 0))


def wanted_weight(rt: Clash, p: int, what: str, memo: dict) -> float:
    """What one more of `what` is worth to p's purchases: a lacked kind much more than a spare one."""
    if what not in RESOURCES:
        return 0.5
    return 3.0 if shortfall(rt, p, what, memo) > 0 else (1.0 if what in ("gold", "idea") else 0.3)


def city_yield(rt: Clash, p: int, city: str, memo: dict, lacked: Callable[[str], bool] | None = None) -> float:
    """What collecting in `city` would bring p's purchases: the best kind each space offers, weighed by
    `wanted_weight` (or, while saving for a wonder, by `lacked`: what the wonder still asks for), the best
    spaces first, as many as the city collects."""
    def weight(w: str) -> float:
        if lacked is None:
            return wanted_weight(rt, p, w, memo)
        return 3.0 if lacked(w) else (1.0 if w in ("gold", "idea") else 0.3)

    spaces = collect_options(rt, p, city, collect_spaces(rt, p, city, 1))
    best = sorted((max(weight(w) for w in whats) for whats in spaces.values()), reverse=True)
    return sum(best[:activity_size(rt, city)])


def _grants_collecting(defn, entry_id: str) -> bool:
    """Does the entry hold a collect permission (computed once an entry, per definition)?"""
    known = defn.__dict__.setdefault("_bot_collecting", {})
    if entry_id not in known:
        entry = defn.compiled.get(entry_id)
        known[entry_id] = entry is not None and any(isinstance(a, Grant) and a.name == "collect"
                                                   for a in entry.abilities)
    return known[entry_id]


def opened_yield(rt: Clash, p: int, adv: str, memo: dict) -> float:
    """What owning `adv` would add to p's collecting of lacked kinds: spaces next to p's cities that would
    give such a kind (its collect grants tried on p, then taken off)."""
    if not _grants_collecting(rt.defn, adv):
        return 0.0  # no collect permission of its own: it opens nothing (no what-if needed)
    lacked = [k for k in RESOURCES if shortfall(rt, p, k, memo) > 0]
    if not lacked:
        return 0.0

    def count() -> int:
        n = 0
        for c in rt.cities_of(p):
            for whats in collect_options(rt, p, c, collect_spaces(rt, p, c, 1)).values():
                n += any(w in lacked for w in whats)
        return n

    if "lacked_spaces" not in memo:
        memo["lacked_spaces"] = count()
    pl = rt.player(p)
    with rt.supposing():
        pl["advances"].append(adv)
        try:
            return float(count() - memo["lacked_spaces"])
        finally:
            pl["advances"].pop()


def turns_left(rt: Clash) -> int:
    """The player turns left in the game, this one included (the rounds' count as the rules set it)."""
    per = int(rt.params["turns_per_round"])
    now = (int(rt.state.get("round") or 1) - 1) * per + int(rt.state.get("turn") or 1)
    return max(1, int(rt.params["rounds"]) * per - now + 1)


def collect_sources(rt: Clash, p: int, memo: dict) -> dict[str, int]:
    """How many spaces around p's cities give each kind when collected (once a decision)."""
    if "collect_sources" not in memo:
        out: dict[str, int] = {}
        for c in rt.cities_of(p):
            for whats in collect_options(rt, p, c, collect_spaces(rt, p, c, 1)).values():
                for w in whats:
                    out[w] = out.get(w, 0) + 1
        memo["collect_sources"] = out
    return memo["collect_sources"]


def affordable_in_time(rt: Clash, p: int, cost: dict, memo: dict) -> bool:
    """Can p collect what it lacks of `cost` in the game left, spending at most half its actions on it?
    A kind no space of p's gives (nor gold, which pays for any) is out of reach; each other kind comes
    in at most two a collect."""
    res = rt.player(p)["res"]
    sources = collect_sources(rt, p, memo)
    actions = 0.0
    for k, v in cost.items():
        short = int(v) - res.get(k, 0)
        if short <= 0 or k not in RESOURCES:
            continue
        rate = min(2, sources.get(k, 0) + sources.get("gold", 0))
        if rate == 0:
            return False
        actions += short / rate
    return actions <= 0.5 * int(rt.params["actions_per_turn"]) * turns_left(rt)
