"""A person at the table: the `play` and `replay` commands, the terminal seat (human.py, standing.py),
what any seat shows (seat.py: options in words, the seat's state as JSON), readable log lines and
scores (game_text.py), the HTML replay viewer (replay_html.py) and the browser seat (serve/). It may
import the engine, the public API, tools/common and tools/render; never modding, playtest or cli.
"""
