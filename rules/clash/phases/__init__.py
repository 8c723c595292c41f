"""The flow of a game: rounds and turns read from game.yaml (flow), a player's turn (turn), the status
phase (status), the end of the game (endgame) and scoring; the set-up step and general primitives of
the card language (procedures, functions); and the invariants checked after every action (invariants).
"""
