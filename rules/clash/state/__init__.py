"""The game's state and the runtime every rule works through, above the board: the game's definition
(content, rules data, boards), the set-up of a new state and scenario positions, and the `Clash`
runtime: a facade for players, cities, units, the board and hooks (runtime), with what abilities are
in force (in_force) and resources and payments (resources). Also per-player measures, marks, and what
one player may see (view).
"""
