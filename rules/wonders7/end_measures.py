"""What one finished game of 7 Wonders measured, for simulate, compare and sweep (engine/measures.py).

Read from the final state and the score table, never from the log: VP and win per seat, the game's length,
military (points, defeat tokens), wonder stages built, coins kept, science points and the cards each
colour has in the cities.
"""

from __future__ import annotations

from typing import Any

from ...engine.measures import DECISIONS, GameMeasures, Measure, Standings, decisions
from .names import COLOURS
from .scoring.points import final_scores

STANDINGS = Standings()

MEASURES = (
    *STANDINGS.measures,
    DECISIONS,
    Measure("military", "military points per player"),
    Measure("defeats", "defeat tokens taken"),
    Measure("stages", "wonder stages built"),
    Measure("coins", "coins kept per player"),
    Measure("science", "science points per player"),
    Measure("cards", "cards built per player"),
    *(Measure(f"cards_{c}", f"{c} cards built per player") for c in COLOURS),
)


def end_of_game_measures(game: Any) -> dict[str, float | list[float]]:
    """The measures of MEASURES for a finished game."""
    st = game.state
    players = st["players"]
    n = len(players)
    scores = final_scores(game.rt)
    entries = game.definition.content.entries
    colours = {c: 0 for c in COLOURS}
    for pl in players:
        for card in pl["built"]:
            colour = entries[card].data.get("colour") if card in entries else None
            if colour in colours:
                colours[colour] += 1
    return {
        **STANDINGS.values(scores["vp"], scores["winners"]),
        "decisions": decisions(game),
        "military": sum(b["military"] for b in scores["breakdown"]) / n,
        "defeats": float(sum(1 for pl in players for token in pl["military"] if token < 0)),
        "stages": float(sum(pl["stages"] for pl in players)),
        "coins": sum(pl["coins"] for pl in players) / n,
        "science": sum(b["science"] for b in scores["breakdown"]) / n,
        "cards": sum(len(pl["built"]) for pl in players) / n,
        **{f"cards_{c}": k / n for c, k in colours.items()},
    }


WONDERS7_MEASURES = GameMeasures(MEASURES, end_of_game_measures)
