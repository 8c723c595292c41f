"""The tools around the rules: the command line and what it runs, in rooms named for the people they serve.

Rooms, lowest first; a room imports only rooms below it (tests/test_layers.py checks it):
common (options, set-up resolver, errors, inputs), render (drawing), modding (a modder's tools),
seat (a person at the table), playtest (a designer's studies), cli (the app that registers every command).
docs/architecture.md draws the whole house.
"""
