"""Cards: playing action cards (card_play, cardrules), event cards and their effects (events,
event_effects), and objective cards (objectives).
"""
