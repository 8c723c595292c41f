"""Separate the seat from greedy's seat-indexed plan (companion of seat_balance.py): over the first 300
games of each greedy phase (plans turned by 0, 1, 2), every seat plays every plan on the same 300 seeds.
Pooled by seat (each seat averaged over the three plans) and by plan (each plan over the three seats),
with 95% Wilson intervals and the chi-square test of equal shares; the search bots' seats; and, per phase,
each seat's VP minus the mean of the others' (paired per game, so it needs fewer games than win rates).

Run: python benchmarks/studies/seat_balance_pool.py  (reads seat_balance/*.jsonl, writes seat_balance/pooled.json)
"""

from __future__ import annotations

import json
from pathlib import Path

from rulewright.tools.playtest.quality import chi_square_equal, share
from rulewright.tools.playtest.stats import mean_ci, wilson

OUT = Path(__file__).resolve().parent / "seat_balance"
PHASES = {0: "greedy", 1: "greedy_plans_turned_1", 2: "greedy_plans_turned_2"}


def load(name: str) -> list[dict]:
    path = OUT / f"{name}.jsonl"
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()] if path.exists() else []


def main() -> None:
    n = 300
    by_seat, by_plan, cells = [0.0] * 3, [0.0] * 3, {}
    for k, name in PHASES.items():
        records = [r for r in load(name) if r["game"] < n]
        assert len(records) == n, f"{name}: {len(records)} games"
        for seat in range(3):
            w = sum(share(r, seat) for r in records)
            by_seat[seat] += w
            by_plan[(seat + k) % 3] += w
            cells[f"seat {seat} plan {(seat + k) % 3}"] = list(wilson(w, n))
    total = 3 * n
    out = {"games_per_phase": n, "cells": cells,
           "by_seat": {str(s): list(wilson(w, total)) for s, w in enumerate(by_seat)},
           "by_seat_equality": chi_square_equal(by_seat),
           "by_plan": {str(p): list(wilson(w, total)) for p, w in enumerate(by_plan)},
           "by_plan_equality": chi_square_equal(by_plan)}
    # a more sensitive measure on few games: each seat's VP minus the mean of the other two, paired per game
    out["vp_gap"] = {name: {str(seat): mean_ci([r["vp"][seat] - (sum(r["vp"]) - r["vp"][seat]) / 2 for r in load(name)])
                            for seat in range(3)}
                     for name in (*PHASES.values(), "search4") if load(name)}
    search = load("search4")
    if search:
        wins = [sum(share(r, s) for r in search) for s in range(3)]
        out["search4"] = {"games": len(search), "by_seat": {str(s): list(wilson(w, len(search))) for s, w in enumerate(wins)},
                          "equality": chi_square_equal(wins)}
    (OUT / "pooled.json").write_text(json.dumps(out, indent=2, sort_keys=True) + "\n")
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
