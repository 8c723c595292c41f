"""A designer's workbench: many bot games and what they say. The commands (simulate, compare, sweep,
balance, tournament, analyze, bench) are thin; what they run is simulation.py, comparison.py,
sweeping.py, balancing.py, matches.py, analysis.py and measuring.py, built on set-ups played on the
same seeds (setups.py, with `with_settings` for PATH=VALUE settings), paired statistics (paired.py,
stats.py, quality.py), honest sequential stopping (sequential.py, checked by aa_check.py), custom
measures of hook firings (custom_measures.py), self-play and restricted play (selfplay.py,
restricted*.py), coverage, plots (plots.py, study_plots.py), tables (fit_table.py) and shareable HTML
reports (html_report.py, reports.py). Every command that plays runs the variant guard first
(tools/common/variant_guard.py). It may import every room below it (common, render, modding, seat),
never cli.
"""
