"""The board, the lowest layer: map set-up and exploration placement from the map data (map), and the
questions abilities ask about places (proximity, places, markers on regions). It knows no action and
reaches the runtime only through the `rt` it is handed.
"""
