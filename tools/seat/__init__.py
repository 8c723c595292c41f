"""A person at the table: the `play` and `replay` commands, the terminal seat (human.py, standing.py),
what any seat shows (seat.py: options in words, the seat's state as JSON), a whole game by bots with
its summary, readable log lines and scores (account.py), the HTML replay viewer (replay_html.py) and
the browser seat (serve/). It may import the engine, the public API, tools/common and tools/render;
never modding, playtest or cli.
"""
