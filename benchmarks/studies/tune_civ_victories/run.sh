#!/usr/bin/env bash
# The Civilization study of docs/designers.md ("Tuning"): technology victories dominate greedy games; three
# knobs of the rules data, two goals (a Pareto front, NSGA-II): technology wins near 40% of games and
# economic wins near 30%. Greedy bots, 2 players, 12 trials of 20 games, confirmed on 40 fresh seeds.
# Run from the repository root, niced (the machine is shared).
set -euo pipefail
out="${1:-benchmarks/studies/tune_civ_victories/out}"
nice -n 10 rulewright tune --game civ_board \
    params.research_step=4..8 params.research_first=5..9 params.coins_to_win=10..20 \
    --target victory_technology=0.4 --target victory_economic=0.3 --players 2 --bots greedy \
    --trials 12 --games 20 --confirm 40 --seed 1 --width 100 --out "$out" "${@:2}"
