"""Civilization: The Board Game (FFG 2010, seed 002), base game for 2 to 4 players, on the same engine.

The game is its data (vocabulary.yaml, content.yaml, game.yaml) and the rule procedures of this
package: the map (board, pieces), what cities collect (economy), the five phases (start, manage,
movement, research; flow), culture, battles (combat, conquest), the victories and the greedy bot.
Importing this package registers the game (`civ_board`) and its greedy bot; every tool hook it hands
the generic tools is in tools_support.EXTRAS.
"""

from __future__ import annotations

from ...engine.bots import register
from ...engine.games import GameModule
from ...engine.games import register as register_game
from .bots import GreedyBot
from .definition import GAME_ID, definition, variant_files
from .tools_support import EXTRAS, scores

register("greedy", GreedyBot, game=GAME_ID)
GAME = register_game(GameModule(GAME_ID, definition, scores, extras={**EXTRAS, "variant_files": variant_files}))
