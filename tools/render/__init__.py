"""Drawing a game: the board, pieces and player panels as SVG (game.py, board.py, pieces.py, panels.py,
look.py, svg.py), the pictures of an option (option_picture.py), and the `render` command (render.py).
Used by the seat (terminal board, browser, replay viewer) and by the PettingZoo environment's render
mode. It may import the engine, the public API and tools/common only.
"""
