"""The board: map set-up and exploration placement from the map data (map), and the questions abilities
ask about places (proximity, places, markers on regions). Reads the state; knows no action.
"""
