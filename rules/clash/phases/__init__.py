"""The flow of a game: rounds and turns read from game.yaml (flow), a player's turn (turn), the status
phase (status), the end of the game (endgame) and scoring; and the registries that name rule procedures
and card-language functions for game.yaml and the card language (procedures, functions).
"""
