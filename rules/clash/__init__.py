"""Clash of Cultures (2012): the game's vocabulary, flow, basic actions and rule primitives.

Importing this package registers the game with the engine's game registry (engine/games.py) and its
bot with the bot registry; tools, the API and the service find it there by its id, `clash`.
"""

from ...engine.bots import register
from ...engine.games import GameModule
from ...engine.games import register as register_game
from .bots.bots import GreedyBot
from .phases.scoring import final_scores
from .state.definition import definition

GAME_ID = "clash"


def scores(game) -> dict:
    """The final score table of a running game."""
    return final_scores(game.rt)


register("greedy", GreedyBot)
GAME = register_game(GameModule(GAME_ID, definition, scores))
