"""The six basic actions of the rulebook (advance, found, activate a city, move, cultural influence,
increase happiness) and the rule verbs that belong to them: cities (collect, build, grow, moods), movement
and exploration, fleets, relocation, unit changes, trade, wonders.
"""
