"""The A/A check of `--until-decided`: how often a comparison with nothing to find ends "decided".

From real game records of one set-up (a pool of per-game measure values), each simulated run draws its
pairs at random from the pool, both halves of a pair independently: the two "set-ups" are the same rules,
so every "decided" is false. The run looks after every `batch` pairs up to `cap`, as `compare
--until-decided --games batch --max-games cap` does, and ends at its first "decided". Two rules are run on
the very same draws:
- `naive`: what compare did before issue 45, a fixed 5% paired t test (Holm over the measures) at every look;
- `sequential`: the group-sequential design of sequential.py, the code compare runs.
The rates come with their 95% Wilson intervals (stats.py).
"""

from __future__ import annotations

import math
import random

from .paired import ALPHA, holm, t_two_sided_p
from .sequential import Sequential, plan
from .stats import wilson


def _p(total: float, squares: float, n: int) -> float:
    """The two-sided paired-t p-value of n differences from their sum and sum of squares."""
    mean = total / n
    var = (squares - n * mean * mean) / (n - 1) if n > 1 else 0.0
    if var <= 1e-12:
        return 1.0 if abs(mean) < 1e-12 else 0.0
    return t_two_sided_p(mean / math.sqrt(var / n), n - 1)


def aa_runs(pool: dict[str, list[float]], batch: int = 100, cap: int = 2000, runs: int = 1000,
            seed: int = 0) -> dict:
    """Simulate `runs` A/A comparisons of the measures in `pool` (measure -> per-game values of real games);
    the false "decided" rate of each rule, on the same draws."""
    rng = random.Random(seed)
    measures = list(pool)
    size = len(pool[measures[0]])
    schedule = plan(batch, cap)
    naive = sequential = 0
    looks_taken: list[int] = []
    for _ in range(runs):
        sums = dict.fromkeys(measures, 0.0)
        squares = dict.fromkeys(measures, 0.0)
        seq = Sequential(schedule)
        n = 0
        naive_hit = False
        for target in schedule:
            while n < target:
                i, j = rng.randrange(size), rng.randrange(size)
                for m in measures:
                    d = pool[m][j] - pool[m][i]
                    sums[m] += d
                    squares[m] += d * d
                n += 1
            pvalues = {m: _p(sums[m], squares[m], n) for m in measures}
            if not naive_hit and all(holm(list(pvalues.values()), ALPHA)[0]):
                naive_hit = True
            if not seq.all_decided():
                seq.look(pvalues)
            if seq.all_decided() and naive_hit:  # both rules have stopped
                break
        naive += naive_hit
        sequential += seq.all_decided()
        looks_taken.append(len(seq.thresholds))
    return {"runs": runs, "batch": batch, "cap": cap, "measures": measures, "pool": size,
            "naive": list(wilson(naive, runs)), "sequential": list(wilson(sequential, runs)),
            "mean_looks": round(sum(looks_taken) / runs, 2)}
