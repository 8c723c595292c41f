#!/usr/bin/env bash
# The Civilization study of docs/designers.md ("Tuning"): technology victories end most greedy games; two
# knobs of the rules data, one goal (technology wins in 40% of games), games stopped without a victory kept
# within 10 points of the base game. Greedy bots, 2 players, 16 trials of up to 24 games (successive
# halving at 6 and 12), confirmed on 40 fresh seeds. Run from the repository root, niced.
set -euo pipefail
out="${1:-benchmarks/studies/tune_civ_technology/out}"
nice -n 10 rulewright tune --game civ_board \
    params.research_step=4..8 params.coins_to_win=10..20 \
    --target victory_technology=0.4 --keep no_victory=0.1 --players 2 --bots greedy \
    --trials 16 --games 24 --min-games 6 --confirm 40 --seed 1 --width 100 --out "$out" "${@:2}"
