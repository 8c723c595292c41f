"""Paired differences of set-ups played on the same seeds: Student's t interval and Holm's correction.

Why paired t: game i of every set-up uses the same seed, so the same deal, board and bot seeds; the
per-seed difference d_i = m(set-up, i) - m(baseline, i) removes what the seed alone decides, and the
mean of the d_i with its t interval (mean +- t(0.975, n-1) * sd / sqrt(n)) is the difference the rules
make. With hundreds of games the t interval is the normal one; with few it is honestly wider. No
resampling: the same records give the same interval, which a hand computation can check.

Why Holm: a comparison tests many measures at once; with 20 measures at 5% each, one false "decided"
is expected by chance. Holm's step-down keeps the chance of any false one at 5% and is never less
powerful than Bonferroni. The 95% interval is per measure; "decided" is Holm's verdict over all the
measures of one set-up against the baseline.

The t distribution is computed here (the regularised incomplete beta function by its continued
fraction), so the project needs no statistics library.
"""

from __future__ import annotations

import math
from statistics import fmean, stdev

ALPHA = 0.05


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny, qab, qap, qam = 1e-300, a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)), -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):
            d = 1.0 + aa * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
            last = d * c
        if abs(last - 1.0) < 1e-14:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_two_sided_p(t: float, df: int) -> float:
    """P(|T| >= |t|) for Student's t with df degrees of freedom."""
    if math.isinf(t):
        return 0.0
    return _betainc(df / 2.0, 0.5, df / (df + t * t))


def t_quantile(p: float, df: int) -> float:
    """The p-quantile (p > 0.5) of Student's t, by bisection on the distribution function."""
    lo, hi = 0.0, 1.0
    while t_two_sided_p(hi, df) > 2 * (1 - p):
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if t_two_sided_p(mid, df) > 2 * (1 - p):
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def paired(base: list[float], other: list[float]) -> dict:
    """The paired difference other - base (same seeds, same order): mean, 95% interval, p-value, n."""
    if len(base) != len(other):
        raise ValueError("paired measures need the same games in both set-ups")
    d = [b - a for a, b in zip(base, other, strict=True)]
    n = len(d)
    if n == 0:
        return {"n": 0, "diff": 0.0, "low": 0.0, "high": 0.0, "p": 1.0}
    mean = fmean(d)
    sd = stdev(d) if n > 1 else 0.0
    if sd == 0.0:  # every pair differs by the same amount: no spread, the difference is exact
        return {"n": n, "diff": mean, "low": mean, "high": mean, "p": 1.0 if mean == 0 else 0.0}
    se = sd / math.sqrt(n)
    half = t_quantile(0.975, n - 1) * se
    return {"n": n, "diff": mean, "low": mean - half, "high": mean + half, "p": t_two_sided_p(mean / se, n - 1)}


def holm(pvalues: list[float], alpha: float = ALPHA) -> tuple[list[bool], list[float]]:
    """Holm's step-down over a family of tests: which are rejected at `alpha`, and the adjusted p-values."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return [a <= alpha for a in adjusted], adjusted


def mean_interval(values: list[float]) -> dict:
    """A mean with its 95% t interval (one set-up's measure, as a sweep draws it)."""
    n = len(values)
    if n == 0:
        return {"n": 0, "mean": 0.0, "low": 0.0, "high": 0.0}
    mean = fmean(values)
    half = t_quantile(0.975, n - 1) * stdev(values) / math.sqrt(n) if n > 1 else 0.0
    return {"n": n, "mean": mean, "low": mean - half, "high": mean + half}
