"""The running game above the map: the runtime that compiled card text calls and that says what is in
force for a player (runtime), effects that last a turn, a battle or a play (battle_effects), a
scenario's position (position), what cities collect: trade, production, culture, coins (economy), and
the four victory tracks with the end of the game (victory; rulebook "Winning the game").
"""
