"""The bottom layer: the game's definition (content, rules data, board), the set-up of a new state, and the
`Clash` runtime through which every rule reads and changes a running game: players, cities, units,
resources, abilities in force, payments, hooks and decisions. Also what one player may see (view),
scenario positions, per-player measures and the invariants checked after every action.
"""
