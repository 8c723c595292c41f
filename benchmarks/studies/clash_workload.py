"""A fixed Clash workload for instruction counts: `python clash_workload.py random|greedy|none`.

`random`: 3 random-bot 4-player games listing the legal actions at every decision (as the bench does);
`greedy`: 2 greedy 2-player games; `none`: the set-up only (content loaded, one game made), which
benchmarks/studies/clash_instructions.sh subtracts. Run under valgrind's callgrind, the count is the same
on every run whatever else loads the machine.
"""

import sys

from rulewright.api import new_game
from rulewright.engine.bots import RandomBot, make_bot
from rulewright.engine.playout import play_out

new_game(players=2, seed=1)
mode = sys.argv[1]
if mode == "random":
    for s in range(3):
        bot = RandomBot(s)
        g = new_game(players=4, seed=1000 + s)
        play_out(g, lambda _p, b=bot: b, on_step=lambda g, _s: g.legal_actions())
elif mode == "greedy":
    for s in range(2):
        g = new_game(players=2, seed=100 + s)
        play_out(g, {p: make_bot("greedy", s * 10 + p) for p in range(2)})
