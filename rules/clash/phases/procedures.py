"""The registry of named rule procedures: flow steps, per-player steps, and `do` primitives.

game.yaml names flow steps and actions by these names; effects call the primitives with `do`.
Every procedure is a generator (it may stop for decisions): STEPS take the runtime, PROCEDURES
take the runtime and a player (and the effect's context when called from the card language).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING

from ..actions import advances, cities, influence, wonders
from ..actions.trade import use_trade_routes
from ..cards.events import draw_event, event_lower_mood
from ..civilizations import civilizations
from ..combat.barbarians import barbarian_attack, barbarians_spawn, exhaust_land
from . import endgame, status, turn

if TYPE_CHECKING:
    from ..state.runtime import Clash


def _setup(rt: Clash) -> Generator:
    """The set-up's choices, after the board and pieces are out: the steps a pack's rules add
    (`params.setup_steps`, e.g. picking civilisations and leaders)."""
    rt.log(f"Set-up: {rt.n} players, first player {rt.name(rt.state['first'])}")
    for step in rt.params.get("setup_steps", []):
        yield from STEPS[step](rt)
    rt.state["phase"] = "turn"


def place_new_units(rt: Clash, p: int, utype: str, n: int, at: str | None) -> Generator:
    """Put free units into play (component limits apply); `at` None lets the player pick a city."""
    limit = rt.defn.limit(utype)
    army = rt.is_army(utype)
    cap = rt.params["max_armies_per_space"]

    def room(space: str) -> bool:  # the stacking limit binds free armies too (army units of every kind)
        return not army or cities.armies_in(rt, p, space) < cap

    for _ in range(n):
        if len(rt.units_of(p, utype)) >= limit:
            break
        where = at
        if where is not None and not room(where):
            where = None
        if where is None:
            options = [c for c in rt.cities_of(p) if room(c)]
            if not options:
                return
            where = yield from rt.ask(p, "city", f"Place the new {rt.defn.units[utype].name} in which city?",
                                      sorted(options))
        rt.new_unit(p, utype, where)
        rt.log(f"  {rt.name(p)} gets a {rt.defn.units[utype].name} at {where}")


def _raise_mood(rt: Clash, p: int, steps: int = 1, ctx=None) -> Generator:
    options = sorted(c for c in rt.cities_of(p) if rt.state["cities"][c]["mood"] != "happy")
    if not options:
        return
    city = yield from rt.ask(p, "city", "Raise the mood of which city?", options)
    cities.raise_mood_steps(rt, city, int(steps))
    rt.log(f"  the city at {city} becomes {rt.state['cities'][city]['mood']}")


def _influence_from(rt: Clash, p: int, city: str, ctx=None) -> Generator:
    yield from influence.cultural_influence(rt, p, source=city)


def _move_ship(rt: Clash, p: int, ctx=None) -> Generator:
    from ..actions.movement import _execute, describe_units, destinations

    ship = rt.role("ship")
    options = []
    for u in sorted(rt.units_of(p, ship)):
        d = rt.state["units"][u]
        if not d["battled"] and destinations(rt, p, d["space"], [u])[0]:
            options.append(u)
    if not options:
        return
    uid = yield from rt.ask(p, "unit", "Move which ship?", options,
                            [f"ship at {rt.state['units'][u]['space']}" for u in options])
    origin = rt.state["units"][uid]["space"]
    dests, how = destinations(rt, p, origin, [uid])
    dest = yield from rt.ask(p, "move_to", f"Move the {describe_units(rt, [uid])} to?", dests)
    yield from _execute(rt, p, origin, dest, [uid], how[dest])


def _place_free_unit(rt: Clash, p: int, utype: str, ctx=None) -> Generator:
    yield from place_new_units(rt, p, utype, 1, None)


STEPS: dict[str, Callable[[Clash], Generator]] = {
    "setup": _setup,
    "end_roll_check": endgame.end_roll_check,
    "wonder_end_check": endgame.wonder_end_check,
    "check_game_end": status.check_game_end,
    "determine_first_player": status.determine_first_player,
    "choose_civilization": civilizations.choose_civilization,
    "deal_leaders": civilizations.deal_leaders,
}

PROCEDURES: dict[str, Callable[..., Generator]] = {
    # per-player flow steps
    "player_turn": turn.player_turn,
    "complete_objectives": status.complete_objectives,
    "free_advance": lambda rt, p, category=None, ctx=None: advances.free_advance(rt, p, category),
    "draw_status_cards": status.draw_status_cards,
    "offer_raze": status.offer_raze,
    "new_leader": civilizations.new_leader,
    # primitives for effects (`do name(args)`)
    "cultural_influence": lambda rt, p, ctx=None: influence.cultural_influence(rt, p),
    "cultural_influence_from": _influence_from,
    "civic_improvement": cities.civic_improvement,
    "reveal_wonder": wonders.reveal_wonder,
    "reserve_wonder": wonders.reserve_wonder,
    "build_wonder": wonders.build_wonder,
    "build_reserved_wonder": wonders.build_reserved_wonder,
    "raise_mood": _raise_mood,
    "move_ship": _move_ship,
    "place_free_unit": _place_free_unit,
    "draw_event": draw_event,
    "barbarians_spawn": barbarians_spawn,
    "barbarian_attack": barbarian_attack,
    "exhaust_land": exhaust_land,
    "lower_mood": event_lower_mood,
    "revive_units": cities.revive_units,
    "use_trade_routes": use_trade_routes,
}

# Procedures the action cards brought (reveal_region, barbarian_raid, strike ...): cardrules.py.
from ..cards.cardrules import PROCEDURES as _CARD_PROCEDURES  # noqa: E402

PROCEDURES.update(_CARD_PROCEDURES)

# Procedures the event cards brought (choose_city, destroy_city, lose_units, keep_in_play ...): event_effects.py.
from ..cards.event_effects import PROCEDURES as _EVENT_PROCEDURES  # noqa: E402

PROCEDURES.update(_EVENT_PROCEDURES)

# The pirates' primitives (place_pirate, pirate_raid, pirate_spawn): pirates.py.
from ..combat.pirates import PROCEDURES as _PIRATE_PROCEDURES  # noqa: E402

PROCEDURES.update(_PIRATE_PROCEDURES)

# Primitives first needed by Carthage, Egypt and Rome: founding.py, fleets.py, marks.py, city_effects.py.
from ..actions.city_effects import PROCEDURES as _CITY_EFFECT_PROCEDURES  # noqa: E402
from ..actions.fleets import PROCEDURES as _FLEET_PROCEDURES  # noqa: E402
from ..actions.founding import PROCEDURES as _FOUNDING_PROCEDURES  # noqa: E402
from ..state.marks import PROCEDURES as _MARK_PROCEDURES  # noqa: E402

for _more in (_FOUNDING_PROCEDURES, _FLEET_PROCEDURES, _MARK_PROCEDURES, _CITY_EFFECT_PROCEDURES):
    PROCEDURES.update(_more)

# Primitives for moving cities and converting units, battle-long effects, region markers and set-aside
# pieces, redirected barbarians: relocation.py, battle_effects.py, markers.py, barbarians.py.
from ..actions.relocation import PROCEDURES as _RELOCATION_PROCEDURES  # noqa: E402
from ..board.markers import PROCEDURES as _MARKER_PROCEDURES  # noqa: E402
from ..combat.barbarians import PROCEDURES as _BARBARIAN_PROCEDURES  # noqa: E402
from ..combat.battle_effects import PROCEDURES as _BATTLE_EFFECT_PROCEDURES  # noqa: E402

for _more in (_RELOCATION_PROCEDURES, _BATTLE_EFFECT_PROCEDURES, _MARKER_PROCEDURES, _BARBARIAN_PROCEDURES):
    PROCEDURES.update(_more)

# Primitives first needed by Greece and China: unit_changes.py (convert_units, free_moves).
from ..actions.unit_changes import PROCEDURES as _UNIT_CHANGE_PROCEDURES  # noqa: E402

PROCEDURES.update(_UNIT_CHANGE_PROCEDURES)
