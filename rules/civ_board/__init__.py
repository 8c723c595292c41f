"""Civilization: The Board Game (FFG 2010, seed 002), base game for 2 to 4 players, on the same engine.

The game is its data (vocabulary.yaml, content.yaml, game.yaml) and the rule procedures of this
package, in layers that follow the rulebook: the map (board/), the runtime, what cities collect and the
victories (state/), techs, culture and abilities (cards/), battles (combat/), the set-up and the five
phases (phases/) and the bots (bots/); above them, what a person's seat shows (seat/: meanings, targets,
headers, the drawing). Importing this package registers the game (`civ_board`) and its greedy bot; every
tool hook it hands the generic tools is a named field of its descriptor (engine/games.py GameModule).
"""

from __future__ import annotations

from ...engine.bots import register
from ...engine.games import GameModule
from ...engine.games import register as register_game
from .bots.bots import GreedyBot
from .definition import GAME_ID, definition, variant_files
from .end_measures import CIV_MEASURES
from .seat.meaning import option_text
from .seat.panel import seat_columns, seat_panel
from .seat.progress import progress_words
from .seat.render_svg import render_parts, render_svg
from .seat.targets import option_targets
from .state.labels import board_labels
from .tools_support import (
    MUTATED,
    SCORE_COLUMNS,
    entry_fields,
    player_summary,
    progress,
    scores,
    seat_label,
    simulation_record,
)

# The layers of this package, lowest first, following the rulebook (docs/architecture.md): a module imports
# only its own layer or lower ones; a call that must go up is looked up by name in registry.py
# (tests/test_layers.py). Each subpackage's docstring says what it owns.
LAYERS = (
    "registry",                                 # where rule code is found by name
    "board",                                    # the map, figures and markers, the squares within reach
    "state",                                    # the runtime, lasting effects, positions, economy, victories
    "cards",                                    # techs, culture and culture cards, abilities and their costs
    "combat",                                   # battles, loot and conquest
    "phases",                                   # set-up and the turn's five phases
    "bots",                                     # the greedy bot, its trades and aims; the search bot's guesses
    # the game as a definition for the engine's machine; what the generic tools and a person's seat read
    ("definition", "end_measures", "tools_support", "seat"),
)

register("greedy", GreedyBot, game=GAME_ID)
GAME = register_game(GameModule(
    GAME_ID, definition, scores, CIV_MEASURES, variant_files=variant_files,
    progress=progress, player_summary=player_summary, score_columns=SCORE_COLUMNS,
    simulation_record=simulation_record, seat_label=seat_label, seat_label_word="civilisation",
    entry_fields=entry_fields, mutation_kinds=MUTATED, mutation_packs=("base",),
    mutation_per_ability=MUTATED,
    seat_panel=seat_panel, seat_columns=seat_columns, seat_turn_kinds=("city_action", "move", "research", "trade_offer", "trade_answer"),
    render_svg=render_svg, render_parts=render_parts, option_text=option_text, option_targets=option_targets,
    progress_words=progress_words, board_labels=board_labels))
