"""Combat (rulebook: combat, aftermath, looting after battle): a battle's hands, fronts and unit
cards played in turn (combat), and what entering an enemy square starts and what the winner takes:
loot, a destroyed or captured city, a killed great person (conquest).
"""
