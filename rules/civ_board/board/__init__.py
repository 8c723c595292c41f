"""The map, the lowest layer (rulebook: the map, map tiles, figures): squares and tiles with their
terrain and markers (board), the figures, cities and markers placed on them and the unit decks
(pieces), and the squares within reach of a move or a card (reach). It knows no phase and reaches the
runtime only through the `rt` it is handed.
"""
