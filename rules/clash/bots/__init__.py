"""The game's bots: the greedy bot (bots) and how it values action cards by reading their effects
(bot_cards). Bots only choose among legal actions; they change no rule.
"""
