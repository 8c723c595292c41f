"""What the generic tools (play, simulate, list) need of Civilization, handed over as fields of the game's
descriptor (engine/games.py GameModule): the score table (the advanced tie-breaker's victory score, the winner by the rules' victory),
per-player summary fields, progress (turns) and how `list` shows an entry."""

from __future__ import annotations

from typing import Any

from .state.economy import coins
from .state.victory import victory_score

SCORE_COLUMNS = ("techs", "culture_spaces", "coins")
# the kinds whose effects mutation testing changes (each ability of an entry on its own, too)
MUTATED = ("civ_tech", "civ_wonder", "civ_government", "civ_civilization", "civ_culture_card", "civ_great_person",
           "civ_building")


def scores(game) -> dict:
    """{vp, breakdown, winners}: vp is the victory score; the winners are whoever won by the rules."""
    rt = game.rt
    parts = [victory_score(rt, p) for p in range(rt.n)]
    return {"vp": [sum(b.values()) for b in parts], "breakdown": parts, "winners": list(rt.state["winner"]),
            "victory": rt.state.get("victory")}


def player_summary(game, p: int) -> dict[str, Any]:
    pl = game.state["players"][p]
    return {"civilization": pl["civ"], "government": pl["government"], "techs": list(pl["techs"]),
            "culture_space": pl["track"], "coins": coins(game.rt, p), "cities": len(game.rt.cities(p)),
            "victory": game.state.get("victory") if p in game.state["winner"] else None}


def progress(game) -> int:
    return int(game.state.get("turn", 0))


def seat_label(game, p: int) -> str:
    return game.state["players"][p]["civ"]


def entry_fields(entry) -> dict[str, Any]:
    keys = ("level", "era", "cost", "type", "copies", "home", "players", "phase", "reward", "resource")
    return {k: entry.data[k] for k in keys if k in entry.data}


def simulation_record(game, data: dict, bots: list[str]) -> dict[str, Any]:
    """What `simulate` keeps of one game besides its measures: per player the civilisation (win rates are
    reported per civilisation), the techs learned (as `advances`) and the victory."""
    players = []
    for i, p in enumerate(data["players"]):
        pl = game.state["players"][i]
        players.append({"seat": i, "name": p["name"], "bot": bots[i % len(bots)], "vp": p["vp"],
                        "breakdown": p["vp_breakdown"], "advances": list(pl["techs"]), "cards_played": [],
                        "civilization": pl["civ"], "wonders": [], "objectives": [], "events_drawn": [],
                        "victory": p.get("victory")})
    return {"rounds": int(game.state.get("turn", 0)), "players": players}
