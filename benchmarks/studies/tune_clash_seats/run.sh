#!/usr/bin/env bash
# The 3-player Clash seat-fairness study of docs/designers.md ("Tuning"): four knobs of the rules data,
# greedy bots in every seat, 16 trials of up to 60 games (successive halving at 15 and 30), the chosen
# values confirmed on 100 fresh seeds. Run from the repository root, niced (the machine is shared).
set -euo pipefail
out="${1:-benchmarks/studies/tune_clash_seats/out}"
nice -n 10 rulewright tune \
    params.rounds=4..8 params.advance_cost.food=1..3 params.free_advances_per_status=0..2 \
    params.starting_resources.food=0..4 \
    --fair-seats --keep vp_mean=25% --players 3 --bots greedy \
    --trials 16 --games 60 --min-games 15 --confirm 100 --seed 1 --width 100 --out "$out" "${@:2}"
