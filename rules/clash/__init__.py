"""Clash of Cultures (2012): the game's vocabulary, flow, basic actions and rule primitives."""
