"""The game's bots: the greedy bot (greedy), what the search bot guesses and evaluates
(search_support) and the features the fitted evaluation reads (eval_features). Bots only choose among
legal actions; they change no rule.
"""
