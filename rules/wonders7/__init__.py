"""7 Wonders (seed 003) for 3 to 7 players, on the same engine as Clash of Cultures.

The game is its data (vocabulary.yaml, content.yaml, game.yaml, variants/) and a few rule procedures:
runtime (what card text calls), commerce (production and payment options), turn (secret picks and
their resolution), flow (ages, hands passed, conflicts), scoring, the greedy bot and what the search
bot needs (search_support). Importing this package registers the game (`wonders7`) with
engine/games.py and its greedy bot for this game only; the common search bot plays it through the
definition's search_support().
"""

from __future__ import annotations

from ...engine.bots import register
from ...engine.games import GameModule
from ...engine.games import register as register_game
from . import turn  # noqa: F401 - registers build_from_discard
from .bots import GreedyBot
from .definition import definition, variant_files
from .end_measures import WONDERS7_MEASURES
from .render_svg import render_parts, render_svg
from .scoring import final_scores
from .seat import seat_panel
from .tools_support import (
    SCORE_COLUMNS,
    entry_fields,
    player_summary,
    progress,
    seat_label,
    simulation_record,
)

GAME_ID = "wonders7"

# The layers of this package, lowest first (docs/architecture.md): a module imports only modules of its own
# layer or lower ones; a call that must go up is looked up by name in registry.py (tests/test_layers.py).
LAYERS = (
    ("registry", "commerce", "scoring"),        # rule code by name; production and payment; the points
    ("runtime", "turn", "content_checks"),      # the verbs card text calls; one turn of picks; a pack's lint
    ("flow", "bots"),                           # ages, hands passed, conflicts; the greedy bot
    "eval_features",                            # what the fitted evaluation reads of a position
    "search_support",                           # what the search bot guesses
    "definition",                               # the game as a definition for the engine's machine
    ("end_measures", "tools_support", "seat", "render_svg"),  # what the generic tools read
)


def scores(game) -> dict:
    """The final score table of a running (or finished) game."""
    return final_scores(game.rt)


register("greedy", GreedyBot, game=GAME_ID)
GAME = register_game(GameModule(
    GAME_ID, definition, scores, WONDERS7_MEASURES, variant_files=variant_files,
    progress=progress, player_summary=player_summary, score_columns=SCORE_COLUMNS,
    simulation_record=simulation_record, seat_label=seat_label, seat_label_word="wonder board",
    entry_fields=entry_fields, mutation_kinds=("age_card", "wonder_board"), mutation_packs=("base",),
    seat_panel=seat_panel, seat_turn_kinds=("pick", "discard_pile"),
    render_svg=render_svg, render_parts=render_parts))
