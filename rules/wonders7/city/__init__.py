"""What a city has on the table, which every player sees and every rule above reads: what it
produces (production) and its military strength (military).
"""
