"""Honest sequential stopping for `compare --until-decided`: a group-sequential design with alpha spending.

Looking at the data after every batch and stopping at the first "decided" inflates the error rate: with
a fixed 5% test at each of 20 looks, a variant with no effect is "decided" about a third of the time. Here
the looks are planned: look k comes after n_k pairs, at the information fraction t_k = n_k / N (N = the
cap, --max-games), and the family-wise error rate alpha is spent over the looks by the Lan-DeMets spending
function of O'Brien-Fleming type, alpha(t) = 2 - 2 Phi(z_{1-alpha/2} / sqrt(t)): almost nothing at the
first looks, the bulk near the cap. The critical value c_k of each look is the one that makes the chance
of crossing first at look k, when nothing differs, equal to alpha(t_k) - alpha(t_{k-1}); it is found by
the recursive numerical integration of Armitage, McPherson and Rowe (Jennison & Turnbull, "Group
Sequential Methods", 2000, ch. 19), over the paired differences' standardised sums, whose increments are
independent.

Several measures: Holm's step-down in its group-sequential form (Maurer & Bretz 2013): each undecided
measure is tested at alpha / (measures still undecided), with the boundaries of that level; when one is
decided its share goes to the others, whose boundaries are worked out again at the higher level and
checked against every look taken so far. A decided measure stays decided. The family-wise error rate of
"decided" stays at alpha across all looks and measures.

A look's statistic is the paired t of the differences so far; it is compared with the normal boundary by
its p-value (nominal p <= 2 (1 - Phi(c_k)) decides), so few pairs are judged by their t distribution.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
from scipy.special import ndtr, ndtri

from .paired import ALPHA

METHOD = ("group-sequential: Lan-DeMets alpha spending of O'Brien-Fleming type over the planned looks "
          "(information fraction = pairs / --max-games), boundaries by recursive numerical integration; "
          f"Holm's step-down over the measures with alpha recycled (Maurer-Bretz); family-wise error {ALPHA:.0%} "
          "across all looks")
GRID = 241  # points of the integration grid per look (odd: Simpson's rule)


def norm_cdf(x: float) -> float:
    return float(ndtr(x))


def norm_quantile(p: float) -> float:
    return float(ndtri(p))


def spent(t: float, alpha: float) -> float:
    """The alpha spent by information fraction t (0 < t <= 1): O'Brien-Fleming type, two-sided."""
    if t <= 0:
        return 0.0
    z = ndtri(1 - alpha / 2)
    return float(min(alpha, 2 - 2 * ndtr(z / math.sqrt(min(1.0, t)))))


def _simpson(n: int) -> np.ndarray:
    w = np.where(np.arange(n) % 2 == 0, 2.0, 4.0)
    w[0] = w[-1] = 1.0
    return w / 3


def _exit(b: float, grid: np.ndarray, mass: np.ndarray, sd: float) -> float:
    """The chance of a path still inside at the last look (its mass on the grid) being beyond +-b at the next."""
    return float(np.sum(mass * (ndtr((-b - grid) / sd) + ndtr((grid - b) / sd))))


@lru_cache(maxsize=256)
def boundaries(fractions: tuple[float, ...], alpha: float) -> tuple[float, ...]:
    """The two-sided critical values c_1 .. c_K (of |Z|) of looks at these increasing information fractions,
    spending `alpha` as `spent` says. Z_k = S_k / sqrt(t_k), S a Brownian motion in t: the density of S at a
    look, among paths that have not crossed yet, is carried from look to look on a grid (Simpson's rule)."""
    out: list[float] = []
    grid = dens = None
    prev_t, prev_spent = 0.0, 0.0
    weights = _simpson(GRID)
    for t in fractions:
        target = max(0.0, spent(t, alpha) - prev_spent)
        dt = t - prev_t
        if grid is None:
            c = min(40.0, float(-ndtri(target / 2))) if target > 0 else 40.0
        else:
            sd, mass = math.sqrt(dt), weights * (grid[1] - grid[0]) * dens
            lo, hi = 0.0, 40.0
            for _ in range(60):
                mid = (lo + hi) / 2
                if _exit(mid * math.sqrt(t), grid, mass, sd) > target:
                    lo = mid
                else:
                    hi = mid
            c = hi
        out.append(c)
        b = c * math.sqrt(t)
        new_grid = np.linspace(-b, b, GRID)
        if grid is None:
            new_dens = np.exp(-0.5 * (new_grid / math.sqrt(t)) ** 2) / math.sqrt(2 * math.pi * t)
        else:
            sd = math.sqrt(dt)
            kernel = np.exp(-0.5 * ((new_grid[:, None] - grid[None, :]) / sd) ** 2) / (sd * math.sqrt(2 * math.pi))
            new_dens = kernel @ (weights * (grid[1] - grid[0]) * dens)
        grid, dens = new_grid, new_dens
        prev_t, prev_spent = t, prev_spent + target
    return tuple(out)


def nominal(c: float) -> float:
    """The two-sided nominal p-value a look's statistic must reach to cross boundary c."""
    return 2 * (1 - norm_cdf(c))


def plan(batch: int, cap: int) -> tuple[int, ...]:
    """The pairs at each planned look: every `batch` pairs, the last at the cap."""
    looks = list(range(batch, cap, batch)) if batch < cap else []
    return (*looks, cap)


@dataclass
class Sequential:
    """A group-sequential comparison of several measures under way: the planned looks (`schedule`, pairs at
    each), the looks taken, each measure's nominal p-value at every look, and at which look it was decided."""

    schedule: tuple[int, ...]
    alpha: float = ALPHA
    history: dict[str, list[float]] = field(default_factory=dict)
    decided_at: dict[str, int] = field(default_factory=dict)
    thresholds: list[dict] = field(default_factory=list)

    @property
    def cap(self) -> int:
        return self.schedule[-1]

    def bounds(self, level: float) -> tuple[float, ...]:
        """The critical values of every planned look at this level (a look's do not depend on later ones)."""
        return boundaries(tuple(n / self.cap for n in self.schedule), level)

    def look(self, pvalues: dict[str, float]) -> dict[str, bool]:
        """Take the next planned look with each measure's paired-t p-value; which measures are decided."""
        k = len(self.thresholds)
        if k >= len(self.schedule):
            raise ValueError("every planned look was taken")
        for m, p in pvalues.items():
            self.history.setdefault(m, []).append(p)
        steps: list[dict] = []  # the levels tried at this look, the first one and each after a recycling
        while True:  # Holm's step-down, alpha recycled to the measures still undecided
            open_ = [m for m in self.history if m not in self.decided_at]
            if not open_:
                break
            level = self.alpha / len(open_)
            bounds = self.bounds(level)
            steps.append({"level": level, "z": round(bounds[k], 3), "nominal_p": nominal(bounds[k])})
            new = [m for m in open_ if any(p <= nominal(c) for p, c in zip(self.history[m], bounds, strict=False))]
            if not new:
                break
            for m in new:
                self.decided_at[m] = k
        first = steps[0] if steps else {"level": self.alpha, "z": round(self.bounds(self.alpha)[k], 3),
                                        "nominal_p": nominal(self.bounds(self.alpha)[k])}
        self.thresholds.append({"look": k + 1, "pairs": self.schedule[k], "fraction": round(self.schedule[k] / self.cap, 4),
                                **first, "recycled": steps[1:],
                                "decided": sorted(m for m, at in self.decided_at.items() if at == k)})
        return {m: m in self.decided_at for m in self.history}

    def all_decided(self) -> bool:
        return bool(self.history) and len(self.decided_at) == len(self.history)

    def to_json(self) -> dict:
        return {"method": METHOD, "cap": self.cap, "planned": list(self.schedule), "alpha": self.alpha,
                "looks": self.thresholds, "decided_at_look": {m: k + 1 for m, k in sorted(self.decided_at.items())}}


def look_lines(seq: dict) -> list[str]:
    """The looks taken and the threshold of each, for the report."""
    out = [f"sequential: {len(seq['looks'])} of {len(seq['planned'])} planned looks taken (every "
           f"{seq['planned'][0]} pairs up to {seq['cap']}); {seq['method']}"]
    for t in seq["looks"]:
        said = f"; decided: {', '.join(t['decided'])}" if t["decided"] else ""
        then = "".join(f", then |z| >= {r['z']:.2f} at level {r['level']:.3g}" for r in t.get("recycled", []))
        out.append(f"  look {t['look']}: {t['pairs']} pairs (t = {t['fraction']:.2f}), threshold |z| >= {t['z']:.2f} "
                   f"(nominal p <= {t['nominal_p']:.2g} at level {t['level']:.3g}){then}{said}")
    return out
