"""The game's state and the runtime every rule works through: the definition (content, rules data,
compiled abilities, the machine's protocol), a new game's set-up, a scenario's position, and the
`Wonders` runtime (players, neighbours, what is in force, the verbs card text calls).
"""
