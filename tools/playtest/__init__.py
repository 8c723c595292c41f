"""A designer's workbench: many bot games and what they say. Commands simulate, compare, sweep, balance,
tournament, analyze and bench; the studies' parts: set-ups played on the same seeds (setups.py),
paired statistics (paired.py, stats.py, quality.py), self-play and restricted play (selfplay.py,
restricted*.py), coverage, plots and tables. It may import every room below it (common, render,
modding, seat), never cli.
"""
