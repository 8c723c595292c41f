"""The rulebook's limits as quantities: each starts from the rules data (game.yaml params) and passes
through the modifiers in force, so a card may change it (docs/constants.md lists what stays in Python).

They sit on the menu's hot path (what may be built, where a group may go): `rt.quantity` returns the
printed value at once when no ability modifies the quantity, so asking costs a call and a lookup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....dsl.limits import MAX_RUNTIME, cap

if TYPE_CHECKING:
    from .runtime import Clash


def stack_limit(rt: Clash, p: int, space: str) -> int:
    """The most army units p may have in the land space (the rules: 4)."""
    return rt.quantity("stack_limit", p, rt.params["max_armies_per_space"], space=space)


def city_limit(rt: Clash, p: int) -> int:
    """How many cities p may have: the rules' 7, and never more than the settlement pieces a pack leaves."""
    most = rt.params["max_cities"]
    return rt.quantity("city_limit", p, min(most, rt.defn.limit(rt.defn.foundation, most)))


def city_size_limit(rt: Clash, p: int, city: str) -> int:
    """The most pieces p's city may grow to (the rules: no larger than p's number of cities)."""
    return rt.quantity("city_size_limit", p, len(rt.cities_of(p)), city=city)


def city_pieces_limit(rt: Clash, p: int, city: str) -> int:
    """How many pieces p's city may hold besides its settlement, however many kinds a pack adds."""
    return rt.quantity("city_pieces_limit", p, rt.params["max_city_pieces"], city=city)


def actions_per_turn(rt: Clash, p: int) -> int:
    """The actions p starts a turn with (the rules: 3); beyond the language's runtime bound a runaway."""
    n = rt.quantity("actions_per_turn", p, rt.params["actions_per_turn"])
    return cap(rt, "actions_per_turn", "actions", n) if n > MAX_RUNTIME["actions"] else n


def move_groups(rt: Clash, p: int) -> int:
    """How many units or groups one Move action of p's moves (the rules: up to 3)."""
    return rt.quantity("move_groups", p, rt.params["move_groups"])


def influence_successes(rt: Clash, p: int) -> int:
    """How many of p's cultural influence attempts may succeed in one turn (the rules: 1)."""
    return rt.quantity("influence_successes", p, rt.params["cultural_influence_successes_per_turn"])


def influence_target_size(rt: Clash, p: int, source: str, target: str) -> int:
    """The fewest pieces a city needs to be p's influence target from source (the rules: 2, no lone settlement)."""
    return rt.quantity("influence_target_size", p, rt.params["influence_min_target_size"], source=source,
                       target=target)


def trade_route_limit(rt: Clash, p: int) -> int:
    """How many trade routes p's units carry at once (the rules: 4)."""
    return rt.quantity("trade_route_limit", p, rt.params["trade_routes"])


def trade_route_range(rt: Clash, p: int, space: str) -> int:
    """How far a foreign city may be from p's settler or ship at the space to form a route (the rules: 2)."""
    return rt.quantity("trade_route_range", p, rt.params["trade_route_range"], space=space)


def trade_offer_amount(rt: Clash, p: int) -> int:
    """The most of one kind one side of p's trade offer may hold."""
    return rt.quantity("trade_offer_amount", p, rt.params["trade_offer_amount"])


def trade_offers(rt: Clash, p: int) -> int:
    """How many trade offers p may make in a turn (the rulebook sets no number; the data bounds bot play)."""
    return rt.quantity("trade_offers", p, rt.params["trade_offers_per_turn"])
