"""The bots, above every rule they play: the greedy bot along one road to victory (bots), its trades
(negotiation_bot), where it aims map cards (bot_aims) and marches (bot_war), and what the search bot
guesses of hidden cards and how far a player is along each road (search_support, search_worth).
"""
