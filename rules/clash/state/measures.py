"""Per-player measures, and the comparisons between players, that the card language can use.

A measure is a number every player has: cities with a temple, army units, complete advance
categories, the size of the largest city ... Each measure is a function of the language
(`cities_with(temple)`, `max_city_size()`), counted for you, or for the player named by an optional
last argument (`advances_in(warfare, opponent)`). The enum `measure` (vocabulary.yaml) names the same
measures for the comparisons between players:

- `most(measure[, arg])`: you have strictly more than every other player;
- `lead(measure[, arg])`: your value minus the highest value among the other players.

Objective cards use them most ("more cities with a given piece than anyone else"), but nothing here knows
a card: any entry may ask `most(count_units, ship)` or `lead(advances_count)`.

A unit argument naming the army role's type (`count_units(army)`) counts every army unit, so a pack's
cavalry and elephants are "army units" too (Civilizations rules); `fighting(army)` (functions.py) keeps
to the type itself.

Rules carried here (rulebook page 12, "Rare circumstantial rules"): a city piece whose prerequisite
advance you lack does not count toward objectives, so `cities_with` and `piece_kinds` skip it; pieces
in your cities that belong to another player (cultural influence) are not yours.

The other general functions here: `category_complete`, `is_barbarian`, `home_space`,
`times_this_turn` (how often a hook fired for you in the current turn, counted by the runtime; with a
second argument only the firings whose payload named that opponent), `wonders_in`, `wonders_built`,
`occurrences`, and, about the battle at hand (the one being fought, else the last one ended, so that
battle_ended triggers can read it): `battle_space`, `enemy_lost(unit)` (units of that type your
opponent lost in it), with `units_at(unit, space)` (your units of that type at a space).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ....engine.abilities import Ctx
from ....engine.hexgrid import space_id
from ..board.map import POSITIONS
from ..registry import functions

if TYPE_CHECKING:
    from .runtime import Clash


# ---- helpers -------------------------------------------------------------------------------------
def _piece_counts_for(rt: Clash, p: int, piece: str) -> bool:
    """Does a piece of this type, standing in p's city in p's colour, count for p?"""
    req = rt.defn.pieces[piece].data.get("requires_advance") if piece in rt.defn.pieces else None
    return req is None or req in rt.player(p)["advances"]


def _own_pieces(rt: Clash, p: int, city: str) -> list[str]:
    c = rt.state["cities"][city]
    return [x for x, owner in c["pieces"].items() if owner == p and _piece_counts_for(rt, p, x)]


def unit_matches(rt: Clash, utype: str, unit: str) -> bool:
    """Is a unit of type `utype` one of the `unit` asked for? The army role's type stands for every
    army unit (a pack's cavalry, elephants ...), as "army units" does on the cards."""
    return utype == unit or (unit == rt.defn.roles.get("army") and rt.is_army(utype))


def _land_units(rt: Clash, p: int, unit: str) -> list[dict]:
    """p's units of a type standing on the board (not carried aboard a ship)."""
    return [d for d in rt.state["units"].values()
            if d["owner"] == p and unit_matches(rt, d["type"], unit) and not d.get("ship")]


def _count_units(rt: Clash, p: int, unit: str) -> int:
    return sum(1 for d in rt.state["units"].values() if d["owner"] == p and unit_matches(rt, d["type"], unit))


def _near_city(rt: Clash, space: str, owners: Callable[[int], bool]) -> bool:
    """Is a city of a matching owner adjacent to `space`?"""
    for n in rt.board.neighbors(space):
        c = rt.state["cities"].get(n)
        if c is not None and owners(c["owner"]):
            return True
    return False


def category_members(rt: Clash, category: str) -> tuple[str, ...]:
    """The advances of a category (the definition's: worked out once, shared by every game)."""
    memo = rt.defn.pure_memo("category_members")
    got = memo.get(category)
    if got is None:
        got = memo[category] = tuple(a for a, c in rt.defn.category_of.items() if c == category)
    return got


def home_space(rt: Clash, p: int) -> str:
    """Where p's first city stood at set-up (the start tile's city position, or the alternate
    starting region's of p's civilisation)."""
    layout = rt.defn.layout(rt.n)
    civ = rt.defn.civilizations.get(rt.player(p).get("civilization") or "")
    alt = civ.data.get("start_region") if civ is not None else None
    if alt:
        slot = next(s for s in layout.slots if s.home == p)
        return space_id(slot.hexes[POSITIONS.index(alt.get("city", "top"))])
    return space_id(layout.city_hex(p, rt.defn.map_data))


# ---- measures: fn(rt, p, *args) -> int -------------------------------------------------------------
def _complete_categories(rt: Clash, p: int) -> int:
    """Complete categories; a civilisation's special advances form one more category (all 4 held)."""
    held = set(rt.player(p)["advances"])
    done = sum(1 for cat in rt.defn.categories if (m := category_members(rt, cat)) and held.issuperset(m))
    civ = rt.player(p).get("civilization")
    specials = rt.defn.specials_of.get(civ or "", [])
    return done + (1 if specials and len(rt.special_advances(p)) == len(specials) else 0)


def _categories_with_advances(rt: Clash, p: int) -> int:
    started = {rt.defn.category_of[a] for a in rt.player(p)["advances"] if a in rt.defn.category_of}
    return len(started) + (1 if rt.special_advances(p) else 0)


def _advances_in(rt: Clash, p: int, category: str) -> int:
    return sum(1 for a in rt.player(p)["advances"] if rt.defn.category_of.get(a) == category)


def _max_city_size(rt: Clash, p: int) -> int:
    return max((rt.city_size(c) for c in rt.cities_of(p)), default=0)


def _cities_with(rt: Clash, p: int, piece: str) -> int:
    return sum(1 for c in rt.cities_of(p) if piece in _own_pieces(rt, p, c))


def _cities_with_units(rt: Clash, p: int, unit: str) -> int:
    spaces = {d["space"] for d in _land_units(rt, p, unit)}
    return sum(1 for c in rt.cities_of(p) if c in spaces)


def _cities_in_mood(rt: Clash, p: int, mood: str) -> int:
    return sum(1 for c in rt.cities_of(p) if rt.state["cities"][c]["mood"] == mood)


def _cities_of_size(rt: Clash, p: int, size: int) -> int:
    """Cities of size `size` or more."""
    return sum(1 for c in rt.cities_of(p) if rt.city_size(c) >= int(size or 0))


def _cities_on(rt: Clash, p: int, terrain: str) -> int:
    """Cities standing on spaces of that terrain."""
    return sum(1 for c in rt.cities_of(p) if rt.terrain(c) == terrain)


def _held(rt: Clash, p: int, what: str) -> int:
    """Resources or tokens of one kind held."""
    return int(rt.player(p)["res"].get(what, 0))


def _piece_kinds(rt: Clash, p: int) -> int:
    kinds = {x for c in rt.cities_of(p) for x in _own_pieces(rt, p, c)}
    kinds.discard(rt.defn.foundation)
    return len(kinds)


def _influenced_cities(rt: Clash, p: int) -> int:
    return sum(1 for c in rt.state["cities"].values()
               if c["owner"] != p and any(owner == p for owner in c["pieces"].values()))


def _influenced_pieces(rt: Clash, p: int) -> int:
    return sum(1 for c in rt.state["cities"].values() if c["owner"] != p
               for owner in c["pieces"].values() if owner == p)


def _influenced_players(rt: Clash, p: int) -> int:
    """Different players whose cities hold a piece in your colour (a per-opponent count)."""
    return len({c["owner"] for c in rt.state["cities"].values()
                if c["owner"] != p and c["owner"] >= 0 and any(owner == p for owner in c["pieces"].values())})


def _isolated_cities(rt: Clash, p: int) -> int:
    return sum(1 for c in rt.cities_of(p) if not _near_city(rt, c, lambda owner: True))


def _units_next_to_rivals(rt: Clash, p: int, unit: str) -> int:
    return sum(1 for d in _land_units(rt, p, unit)
               if _near_city(rt, d["space"], lambda owner: owner >= 0 and owner != p))


def _remote_spaces(rt: Clash, p: int, unit: str) -> int:
    spaces = {d["space"] for d in _land_units(rt, p, unit)}
    return sum(1 for s in spaces if s not in rt.state["cities"] and not _near_city(rt, s, lambda owner: True))


def _farthest_city(rt: Clash, p: int) -> int:
    home = home_space(rt, p)
    dists = [rt.distance(home, c) for c in rt.cities_of(p)]
    return max((d for d in dists if d is not None), default=0)


# -- measures for the expansion's events and objectives
def _units_count(rt: Clash, p: int) -> int:
    """All your units on the board, of every type; a leader figure is not a unit."""
    leader = rt.defn.roles.get("leader")
    return sum(1 for u in rt.units_of(p) if rt.state["units"][u]["type"] != leader)


def _spaces_with_units(rt: Clash, p: int, unit: str) -> int:
    """Different spaces where units of yours of that type stand (aboard ships: the ship's space)."""
    return len({rt.state["units"][u]["space"] for u in rt.units_of(p, unit)})


MEASURES: dict[str, tuple[int, Callable[..., int]]] = {
    # name: (number of arguments before the optional player, fn(rt, p, *args))
    "cities_count": (0, lambda rt, p: len(rt.cities_of(p))),
    "advances_count": (0, lambda rt, p: len(rt.player(p)["advances"])),
    "max_city_size": (0, _max_city_size),
    "complete_categories": (0, _complete_categories),
    "categories_with_advances": (0, _categories_with_advances),
    "advances_in": (1, _advances_in),
    "cities_with": (1, _cities_with),
    "count_units": (1, _count_units),
    "cities_with_units": (1, _cities_with_units),
    "cities_in_mood": (1, _cities_in_mood),
    "piece_kinds": (0, _piece_kinds),
    "influenced_cities": (0, _influenced_cities),
    "influenced_pieces": (0, _influenced_pieces),
    "isolated_cities": (0, _isolated_cities),
    "units_next_to_rivals": (1, _units_next_to_rivals),
    "remote_spaces": (1, _remote_spaces),
    "farthest_city": (0, _farthest_city),
    # -- measures for the expansion's events and objectives
    "units_count": (0, _units_count),
    "spaces_with_units": (1, _spaces_with_units),
    "special_advances_count": (0, lambda rt, p: len(rt.special_advances(p))),
    "leaders_left": (0, lambda rt, p: len(rt.player(p).get("leaders_left") or [])),
    # -- issue 19: measures a modder reaches for
    "cities_of_size": (1, _cities_of_size),
    "cities_on": (1, _cities_on),
    "held": (1, _held),
    # -- issue 22: per-opponent counts
    "influenced_players": (0, _influenced_players),
}


def measure(rt: Clash, name: str, p: int | None, args: tuple) -> int:
    if p is None or p < 0:
        return 0
    return int(MEASURES[name][1](rt, p, *args))


def _measure_function(name: str) -> Callable[..., int]:
    nargs = MEASURES[name][0]

    def fn(rt: Clash, ctx: Ctx, *args: Any) -> int:
        who = args[nargs] if len(args) > nargs else ctx.me
        return measure(rt, name, who, tuple(args[:nargs]))

    return fn


def _others(rt: Clash, p: int) -> list[int]:
    return [q for q in range(rt.n) if q != p]


def _most(rt: Clash, ctx: Ctx, name: str, *args: Any) -> bool:
    """Strictly more than every other player (so never true when all have 0)."""
    if ctx.me < 0:
        return False
    mine = measure(rt, name, ctx.me, args)
    return all(mine > measure(rt, name, q, args) for q in _others(rt, ctx.me))


def _lead(rt: Clash, ctx: Ctx, name: str, *args: Any) -> int:
    """Your value minus the best other player's value."""
    if ctx.me < 0:
        return 0
    mine = measure(rt, name, ctx.me, args)
    return mine - max((measure(rt, name, q, args) for q in _others(rt, ctx.me)), default=0)


def _least(rt: Clash, ctx: Ctx, name: str, *args: Any) -> bool:
    """Strictly less than every other player."""
    if ctx.me < 0:
        return False
    mine = measure(rt, name, ctx.me, args)
    return all(mine < measure(rt, name, q, args) for q in _others(rt, ctx.me))


def _rivals(rt: Clash, ctx: Ctx, name: str, args: tuple, sign: int) -> int:
    """Other players whose measure is above yours (sign 1) or below it (sign -1)."""
    if ctx.me < 0:
        return 0
    mine = measure(rt, name, ctx.me, args)
    return sum(1 for q in _others(rt, ctx.me) if (measure(rt, name, q, args) - mine) * sign > 0)


def _category_complete(rt: Clash, ctx: Ctx, category: str, p: int | None = None) -> bool:
    who = ctx.me if p is None else p
    if who is None or who < 0:
        return False
    members = category_members(rt, category)
    return bool(members) and set(rt.player(who)["advances"]).issuperset(members)


def _tally_key(hook: str, opponent: Any = None) -> str:
    return hook if opponent is None else f"{hook}@{opponent}"


def _times_this_turn(rt: Clash, ctx: Ctx, hook: str, opponent: Any = None) -> int:
    """How often `hook` fired for you this turn (only against `opponent`, when given: a payload's opponent)."""
    if ctx.me < 0:
        return 0
    got = rt.player(ctx.me).get("hooks", {}).get(_tally_key(hook, opponent))
    return got[1] if got and got[0] == rt.state["turn_no"] else 0


def tally_hook(rt: Clash, p: int, hook: str, opponent: Any = None) -> None:
    """Count one firing of `hook` for p in the current turn (read by times_this_turn); a hook whose
    payload names an opponent is also counted per opponent."""
    if p < 0:
        return
    hooks = rt.player(p).setdefault("hooks", {})
    turn_no = rt.state["turn_no"]
    for key in {_tally_key(hook), _tally_key(hook, opponent)}:
        got = hooks.get(key)
        hooks[key] = [turn_no, got[1] + 1 if got and got[0] == turn_no else 1]


# -- functions for the expansion's events and objectives: the battle at hand
def _battle_at_hand(rt: Clash) -> Any:
    """The battle being fought, else the last one that ended (its battle_ended triggers read it)."""
    return getattr(rt, "battle", None) or getattr(rt, "last_battle", None)


def _battle_space(rt: Clash, ctx: Ctx) -> str | None:
    b = _battle_at_hand(rt)
    return b.space if b is not None else None


def _enemy_lost(rt: Clash, ctx: Ctx, unit: str) -> int:
    """Units of that type your opponent lost in the battle at hand (none if you were not in it)."""
    b = _battle_at_hand(rt)
    if b is None or ctx.me not in (b.attacker, b.defender):
        return 0
    return list(getattr(b, "removed_types", {}).get(b.other(ctx.me), [])).count(unit)


def _units_at(rt: Clash, ctx: Ctx, unit: str, space: Any) -> int:
    """Your units of that type at a space (those aboard ships there too)."""
    if ctx.me < 0 or space is None:
        return 0
    return len(rt.units_at(space, ctx.me, unit))


def _wonders_in(rt: Clash, ctx: Ctx, city: Any) -> int:
    c = rt.state["cities"].get(city) if city is not None else None
    return len(c["wonders"]) if c else 0


FUNCTIONS: dict[str, Callable[..., Any]] = {name: _measure_function(name) for name in MEASURES}
FUNCTIONS.update({
    "most": _most,
    "lead": _lead,
    "least": _least,
    "rivals_ahead": lambda rt, ctx, name, *args: _rivals(rt, ctx, name, args, 1),
    "rivals_behind": lambda rt, ctx, name, *args: _rivals(rt, ctx, name, args, -1),
    "category_complete": _category_complete,
    "is_barbarian": lambda rt, ctx, p: p is not None and p < 0,
    "home_space": lambda rt, ctx, p: home_space(rt, p) if p is not None and p >= 0 else None,
    "times_this_turn": _times_this_turn,
    "wonders_in": _wonders_in,
    "wonders_built": lambda rt, ctx: len(rt.state["wonders"]["built"]),
    "occurrences": lambda rt, ctx, items, x: list(items or []).count(x),
    "battle_space": _battle_space,
    "enemy_lost": _enemy_lost,
    "units_at": _units_at,
})

functions(FUNCTIONS)
