"""What one finished game of Clash of Cultures measured, for simulate, compare and sweep (engine/measures.py).

Read from the state and from the rule hooks the runtime counted as they fired (`rt.fired`), never from the
log's wording: battles are `battle_start` firings (barbarian attacks included), captures `city_captured`,
events the cards drawn (`rt.note`, whether or not the effect applied), trades `trade_made`. A player eliminated is one left without a city at the end.
"""

from __future__ import annotations

from typing import Any

from ...engine.measures import DECISIONS, GameMeasures, Measure, Standings, decisions
from .phases.scoring import final_scores

STANDINGS = Standings()

MEASURES = (
    *STANDINGS.measures,
    Measure("rounds", "rounds played"),
    DECISIONS,
    Measure("battles", "battles"),
    Measure("captures", "cities captured"),
    Measure("wonders", "wonders built"),
    Measure("advances", "advances owned per player"),
    Measure("city_pieces", "city pieces per player"),
    Measure("objectives", "objectives completed"),
    Measure("events", "events drawn"),
    Measure("trades", "trades between players"),
    Measure("eliminations", "players left without a city"),
)


def _fired(rt: Any, hook: str) -> int:
    return sum(rt.fired.get(hook, {}).values())


def end_of_game_measures(game: Any) -> dict[str, float | list[float]]:
    """The measures of MEASURES for a finished (or stopped) game."""
    rt, st = game.rt, game.state
    n = len(st["players"])
    scores = final_scores(rt)
    wonders = sum(len(c["wonders"]) for c in st["cities"].values())
    pieces = [sum(1 for c in st["cities"].values() for owner in c["pieces"].values() if owner == p) for p in range(n)]
    return {
        **STANDINGS.values(scores["vp"], scores["winners"]),
        "rounds": float(st["round"]),
        "decisions": decisions(game),
        "battles": float(_fired(rt, "battle_start")),
        "captures": float(_fired(rt, "city_captured")),
        "wonders": float(wonders),
        "advances": sum(len(p["advances"]) for p in st["players"]) / n,
        "city_pieces": sum(pieces) / n,
        "objectives": float(sum(len(p.get("completed", [])) for p in st["players"])),
        "events": float(_fired(rt, "event_card_drawn")),
        "trades": float(_fired(rt, "trade_made")),
        "eliminations": float(sum(1 for p in range(n) if not rt.cities_of(p))),
    }


CLASH_MEASURES = GameMeasures(MEASURES, end_of_game_measures)
