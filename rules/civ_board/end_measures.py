"""What one finished game of Civilization measured, for simulate, compare and sweep (engine/measures.py):
the win per seat, which victory ended it (one measure per kind, 1 or 0, so a run's mean is the share of
games won that way; `no_victory` for a game stopped by the turn bound), its length, and per player the
techs, culture spaces, coins and cities reached; the trade offers and trades between players. Read from
the final state, never from the log."""

from __future__ import annotations

from typing import Any

from ...engine.measures import DECISIONS, GameMeasures, Measure, Standings, decisions
from .state.economy import coins
from .state.victory import KINDS

STANDINGS = Standings("victory_score", "victory score", mean_label=None)

MEASURES = (
    *STANDINGS.measures,
    *(Measure(f"victory_{k}", f"games won by a {k} victory") for k in KINDS),
    Measure("no_victory", "games stopped without a victory"),
    Measure("turns", "turns played"),
    DECISIONS,
    Measure("techs", "techs known per player"),
    Measure("culture_spaces", "culture spaces per player"),
    Measure("coins", "coins per player"),
    Measure("cities", "cities per player"),
    Measure("trade_offers", "trade offers between players"),
    Measure("trades", "trades accepted between players"),
)


def end_of_game_measures(game: Any) -> dict[str, float | list[float]]:
    st, rt = game.state, game.rt
    n = len(st["players"])
    kind = st.get("victory")
    techs = [len(pl["techs"]) for pl in st["players"]]
    spaces = [pl["track"] for pl in st["players"]]
    money = [coins(rt, p) for p in range(n)]
    return {
        **STANDINGS.values([techs[p] + spaces[p] + money[p] for p in range(n)], list(st["winner"])),
        **{f"victory_{k}": float(kind == k) for k in KINDS},
        "no_victory": float(not st["winner"]),
        "turns": float(st["turn"]),
        "decisions": decisions(game),
        "techs": sum(techs) / n,
        "culture_spaces": sum(spaces) / n,
        "coins": sum(money) / n,
        "cities": len(st["cities_built"]) / n,
        "trade_offers": float((st.get("trade_counts") or {}).get("offers", 0)),
        "trades": float((st.get("trade_counts") or {}).get("trades", 0)),
    }


CIV_MEASURES = GameMeasures(MEASURES, end_of_game_measures)
