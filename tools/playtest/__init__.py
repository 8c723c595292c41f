"""A designer's workbench: many bot games and what they say. The commands (simulate, compare, sweep,
balance, tournament, analyze, bench) are thin; what they run is simulation.py, comparison.py,
sweeping.py, balancing.py, matches.py, analysis.py and measuring.py, built on set-ups played on the
same seeds (setups.py), paired statistics (paired.py, stats.py, quality.py), self-play and restricted
play (selfplay.py, restricted*.py), coverage, plots and tables. It may import every room below it
(common, render, modding, seat), never cli.
"""
