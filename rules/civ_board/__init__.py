"""Civilization: The Board Game (FFG 2010, seed 002), base game for 2 to 4 players, on the same engine.

The game is its data (vocabulary.yaml, content.yaml, game.yaml) and the rule procedures of this
package: the map (board, pieces), what cities collect (economy), the five phases (start, manage,
movement, research; flow), culture, battles (combat, conquest), the victories and the greedy bot.
Importing this package registers the game (`civ_board`) and its greedy bot; every tool hook it hands
the generic tools is a named field of its descriptor (engine/games.py GameModule), made in tools_support.
"""

from __future__ import annotations

from ...engine.bots import register
from ...engine.games import GameModule
from ...engine.games import register as register_game
from .bots import GreedyBot
from .definition import GAME_ID, definition, variant_files
from .end_measures import CIV_MEASURES
from .render_svg import render_parts, render_svg
from .seat import seat_panel
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

# The layers of this package, lowest first (docs/architecture.md): a module imports only modules of its own
# layer or lower ones; a call that must go up is looked up by name in registry.py (tests/test_layers.py).
LAYERS = (
    ("registry", "board"),                      # where rule code is found by name; the map
    # pieces on the map; what cities collect; cards aimed at rivals; cancel windows; paying an ability's cost;
    # the squares within reach; a free figure or harvest; where the greedy bot's military road marches
    ("pieces", "economy", "rivals", "reactions", "payment", "reach", "city_gifts", "bot_war"),
    ("victory", "battle_effects", "position"),  # the four victories; effects that last; a scenario's position
    # the verbs card text calls; research; the culture track; techs learnt from rivals
    ("runtime", "research", "culture", "tech_gifts"),
    "abilities",                                # abilities and culture cards offered in each phase
    ("combat", "start", "negotiation"),         # battles; the start of turn; trading between players
    "conquest",                                 # what entering a square starts, what a battle's winner takes
    ("manage", "movement", "map_events"),       # city management; movement; culture cards aimed at the map
    # the set-up and the turn's five phases; the greedy bot, its trading and its aim of map cards
    ("flow", "bots", "negotiation_bot", "bot_aims"),
    # what the search bot guesses (it plays on with the greedy bot); how far a player is along each road
    ("search_support", "search_worth"),
    "definition",                               # the game as a definition for the engine's machine
    ("end_measures", "tools_support", "seat", "render_svg"),  # what the generic tools read
)

register("greedy", GreedyBot, game=GAME_ID)
GAME = register_game(GameModule(
    GAME_ID, definition, scores, CIV_MEASURES, variant_files=variant_files,
    progress=progress, player_summary=player_summary, score_columns=SCORE_COLUMNS,
    simulation_record=simulation_record, seat_label=seat_label, seat_label_word="civilisation",
    entry_fields=entry_fields, mutation_kinds=MUTATED, mutation_packs=("base",),
    mutation_per_ability=MUTATED,
    seat_panel=seat_panel, seat_turn_kinds=("city_action", "move", "research", "trade_offer", "trade_answer"),
    render_svg=render_svg, render_parts=render_parts))
