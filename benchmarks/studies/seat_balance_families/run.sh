#!/usr/bin/env bash
# Verdicts across bot families (issue 46 item 4; docs/balance.md and docs/designers.md): the 3-player seat
# balance of Clash under greedy and random bots (300 games each on the same seeds), then with search:1 as a
# third family on the first 30 of those seeds (a search game costs about 10 s of one core), and a compare of
# cheap growth under greedy and random. Run from the repository root, niced (the machine is shared).
set -euo pipefail
here=benchmarks/studies/seat_balance_families
nice -n 10 rulewright balance --players 3 --games 300 --bots greedy --bots random --out $here/greedy_random \
    > $here/greedy_random.txt
nice -n 10 rulewright balance --players 3 --games 30 --bots greedy --bots random --bots search:1 \
    --out $here/with_search > $here/with_search.txt
nice -n 10 rulewright compare base pack:examples/cheap_growth+cheap_growth --players 4 --games 100 \
    --bots greedy --bots random -m vp_mean -m city_pieces -m wonders -m trades -m decisions -m rounds \
    -q --width 100 --out $here/cheap_growth > $here/cheap_growth.txt
# Issue 46 re-run, after greedy's rework: four families on the same 300 seeds (first-option and learned
# joined), and greedy with its seat-indexed government plan turned by one seat (turned.py).
nice -n 10 rulewright balance --players 3 --games 300 --bots greedy --bots first --bots random --bots learned \
    --width 100 --out $here/issue46 > $here/issue46/families.txt
nice -n 10 python $here/turned.py 1 300
