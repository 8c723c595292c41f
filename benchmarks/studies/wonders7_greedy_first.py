"""Issue 46 item 2 in 7 Wonders over many seeds: greedy alone against two bots of another kind (first-option
by default), in every seat, on `--blocks` seeds of each base seed; a win is first place, a shared first
place a share. One ladder run (201 games) cannot tell 94% from 96%; this gives the rate over thousands of
games with a Wilson 95% interval, per base seed and in all.

    nice -n 10 python benchmarks/studies/wonders7_greedy_first.py --seeds 1,7,101,201,301,401,501,601 \
        --blocks 200 --workers 2 --out benchmarks/studies/ladder/wonders7_greedy_first.json
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rulewright.tools.playtest.ladder_run import play_one
from rulewright.tools.playtest.selfplay import game_seed, run_tasks
from rulewright.tools.playtest.stats import wilson


def tasks(seed: int, blocks: int, other: str) -> list[dict]:
    """Greedy alone in each of the 3 seats, on `blocks` game seeds of `seed` (the ladder's seeds)."""
    return [{"id": f"{seed}|{k}|{seat}", "pair": [other, "greedy"], "seed": game_seed(seed, k),
             "kinds": ["greedy" if q == seat else other for q in range(3)], "lone": seat, "game_id": "wonders7",
             "players": 3, "packs": []}
            for k in range(blocks) for seat in range(3)]


def share(records: list[dict]) -> float:
    return sum(1.0 / len(r["winners"]) for r in records if r["lone"] in r["winners"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1,7,101,201,301,401,501,601")
    ap.add_argument("--blocks", type=int, default=200, help="game seeds per base seed (3 games each)")
    ap.add_argument("--against", default="first")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    rows, every = [], []
    for seed in (int(s) for s in args.seeds.split(",")):
        records = list(run_tasks(play_one, tasks(seed, args.blocks, args.against), args.workers))
        won = share(records)
        rate, lo, hi = wilson(won, len(records))
        rows.append({"seed": seed, "games": len(records), "greedy_first": won, "rate": round(rate, 4),
                     "ci95": [round(lo, 4), round(hi, 4)]})
        every += records
        print(f"seed {seed:4}: {won:7.1f} of {len(records)} = {rate:.1%} [{lo:.1%}, {hi:.1%}]", flush=True)
    won = share(every)
    rate, lo, hi = wilson(won, len(every))
    print(f"all      : {won:7.1f} of {len(every)} = {rate:.1%} [{lo:.1%}, {hi:.1%}]")
    if args.out:
        args.out.write_text(json.dumps({"study": "wonders7 greedy alone against two " + args.against, "players": 3,
                                        "per_seed": rows, "games": len(every), "greedy_first": won,
                                        "rate": round(rate, 4), "ci95": [round(lo, 4), round(hi, 4)],
                                        "command": "python benchmarks/studies/wonders7_greedy_first.py --seeds "
                                                   f"{args.seeds} --blocks {args.blocks} --against {args.against}"},
                                       indent=1) + "\n")


if __name__ == "__main__":
    main()
