"""Study: what one decision of a greedy 2-player Clash game costs, by kind: the bot's choice and the
rules' apply (which asks the next menu), in CPU microseconds (issue 30, item 3).

A 2-player game between two default search bots makes about 118,754 greedy decisions (play-outs and
unsearched ones: search_cost_anatomy.py), so 3 s of one core leaves 25 us a decision for choosing and
applying together. This prints how far each kind of decision is from that, and the cheapest kind: the
floor of a decision's bookkeeping in this engine (asking, checking the choice, resuming the rules).

Run: python benchmarks/studies/decision_floor.py > benchmarks/studies/decision_floor.txt
"""

from __future__ import annotations

import collections
import statistics
import time

from rulewright.api import new_game
from rulewright.engine.bots import make_bot

PLAYOUT_DECISIONS = 118_754  # a default search game's greedy decisions (search_cost/anatomy_default_search_game.json)


def main() -> None:
    new_game(players=2, seed=1)  # content loaded before timing
    apply: dict[str, list[float]] = collections.defaultdict(list)
    choose: dict[str, list[float]] = collections.defaultdict(list)
    for seed in range(3):
        game = new_game(players=2, seed=100 + seed)
        bots = {p: make_bot("greedy", seed * 10 + p) for p in range(2)}
        while game.pending is not None:
            d = game.pending
            t0 = time.process_time()
            choice = bots[d.player].choose(game, d)
            t1 = time.process_time()
            game.apply({"player": d.player, "choice": choice})
            apply[d.kind].append(time.process_time() - t1)
            choose[d.kind].append(t1 - t0)
    n = sum(len(v) for v in apply.values())
    a = statistics.fmean(x for v in apply.values() for x in v) * 1e6
    c = statistics.fmean(x for v in choose.values() for x in v) * 1e6
    print(f"3 greedy 2-player games, {n} decisions: apply {a:.0f} us and choose {c:.0f} us on average "
          f"({a + c:.0f} us; a 3 s search game allows {3e6 / PLAYOUT_DECISIONS:.0f} us)")
    print(f"{'kind':20s} {'decisions':>9s} {'apply p50 us':>13s} {'choose p50 us':>14s}")
    for kind, v in sorted(apply.items(), key=lambda kv: -len(kv[1])):
        print(f"{kind:20s} {len(v):9d} {statistics.median(v) * 1e6:13.0f} {statistics.median(choose[kind]) * 1e6:14.0f}")


if __name__ == "__main__":
    main()
