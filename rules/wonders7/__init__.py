"""7 Wonders (seed 003) for 3 to 7 players, on the same engine as Clash of Cultures.

The game is its data (vocabulary.yaml, content.yaml, game.yaml, variants/) and a few rule procedures
in layers that follow the rulebook (LAYERS below, lowest first): the state and runtime, what a city
has on the table, commerce and scoring, a turn's actions, the phases of the flow, the bots, and what
the seats and the generic tools read. Importing this package imports every module of the game (each
registers the procedures, functions, flow steps and services it writes with registry.py), then
registers the game (`wonders7`) with engine/games.py and its greedy bot for this game only; the
common search bot plays it through the definition's search_support().
"""

from __future__ import annotations

import importlib
import pkgutil

from ...engine.bots import register
from ...engine.games import GameModule
from ...engine.games import register as register_game
from .bots.greedy import GreedyBot
from .end_measures import WONDERS7_MEASURES
from .names import GAME_ID
from .scoring.points import final_scores
from .seat.hand import seat_card
from .seat.options import option_targets, option_text
from .seat.panel import seat_notes, seat_panel
from .seat.render_svg import render_parts, render_svg
from .state.definition import definition, variant_files
from .tools_support import (
    SCORE_COLUMNS,
    entry_fields,
    player_summary,
    progress,
    progress_words,
    seat_label,
    simulation_record,
)

# The layers of this package, lowest first (docs/architecture.md): a module imports only its own layer or
# lower ones; a call that must go up is looked up by name in registry.py (tests/test_layers.py).
LAYERS = (
    ("names", "registry"),      # shared names; rule code and services by name
    "state",                    # definition, set-up, scenario positions, the runtime
    "city",                     # what a city produces and its shields
    ("commerce", "scoring"),    # prices and payments; the points
    "actions",                  # a turn's pick and its resolution
    "phases",                   # the flow: ages, dealing and passing, conflicts, the end
    "bots",                     # greedy, search support, evaluation features
    ("content_checks", "end_measures", "seat", "tools_support"),  # what lint, measures, seats and tools read
)


def _import_all() -> None:
    """Import every module below this package, in name order, so that each registers what it writes."""
    for info in pkgutil.walk_packages(__path__, f"{__name__}."):
        importlib.import_module(info.name)


def scores(game) -> dict:
    """The final score table of a running (or finished) game."""
    return final_scores(game.rt)


_import_all()
register("greedy", GreedyBot, game=GAME_ID)
GAME = register_game(GameModule(
    GAME_ID, definition, scores, WONDERS7_MEASURES, variant_files=variant_files,
    progress=progress, player_summary=player_summary, score_columns=SCORE_COLUMNS,
    simulation_record=simulation_record, seat_label=seat_label, seat_label_word="wonder board",
    entry_fields=entry_fields, mutation_kinds=("age_card", "wonder_board"), mutation_packs=("base",),
    seat_panel=seat_panel, seat_notes=seat_notes, seat_card=seat_card, seat_turn_kinds=("pick", "discard_pile"),
    option_text=option_text, option_targets=option_targets,
    render_svg=render_svg, render_parts=render_parts, progress_words=progress_words))
