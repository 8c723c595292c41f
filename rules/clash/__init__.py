"""Clash of Cultures (2012): the game's vocabulary, flow, basic actions and rule primitives."""

from ...engine.bots import register
from .bots import GreedyBot

register("greedy", GreedyBot)
