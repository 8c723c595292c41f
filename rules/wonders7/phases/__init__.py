"""The flow of a game read from game.yaml (flow): the set-up step and the turns of an age, dealing
and passing hands (deal), military conflicts at each age's end (conflicts) and the end (endgame).
"""
