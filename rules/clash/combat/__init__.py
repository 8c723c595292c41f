"""Fighting: land and naval battles with their rounds, casualties and captures (combat), what abilities
do across a whole battle (battle_effects), and the neutral sides: barbarians and pirates.
"""
