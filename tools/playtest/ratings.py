"""Bradley-Terry ratings of bots from pairwise results, on the Elo scale, with 95% intervals.

A game between bots gives pairwise results: in a 2-player game one comparison, in a 3-player game one for
each pair of seats held by different bots (who finished ahead; level scores are a draw, half a win each).
Bradley-Terry says bot i finishes ahead of bot j with probability 1 / (1 + 10^((r_j - r_i) / 400)), the
Elo scale, so a 200-point gap is about 76%.

Why a prior: a bot that never wins (random, against everyone else) has no finite maximum-likelihood
rating. Each bot plays PRIOR_GAMES virtual draws against a virtual bot of rating 0 (a weak Gaussian
prior), which keeps every rating finite and barely moves those the games pin down. The fit is Newton's
method on the log-posterior (concave: one answer, found in a few steps); the intervals come from its
Hessian (the Laplace approximation), for each rating's difference to the reference bot, whose rating is
0 by definition. Pure functions of the results: the same games give the same table.
"""

from __future__ import annotations

import math

import numpy as np

SCALE = 400.0 / math.log(10.0)  # natural-log strength to Elo points
PRIOR_GAMES = 1.0  # virtual draws of each bot against a virtual bot rated 0
Z95 = 1.959964


def fit(names: list[str], results: list[tuple[str, str, float]], reference: str | None = None) -> dict:
    """Ratings from (bot a, bot b, a's score: 1 ahead, 0.5 level, 0 behind) results; `reference` (default:
    the first name) is rated 0. Returns {bot: {"elo", "low", "high", "se", "comparisons"}}."""
    index = {n: i for i, n in enumerate(names)}
    k = len(names)
    wins = np.zeros((k, k))  # wins[i, j]: i's score against j, summed over comparisons
    games = np.zeros((k, k))
    for a, b, score in results:
        i, j = index[a], index[b]
        wins[i, j] += score
        wins[j, i] += 1.0 - score
        games[i, j] += 1.0
        games[j, i] += 1.0
    theta = np.zeros(k)
    for _ in range(100):
        grad, hess = _derivatives(theta, wins, games)
        step = np.linalg.solve(hess, grad)
        theta -= step
        if np.max(np.abs(step)) < 1e-10:
            break
    _, hess = _derivatives(theta, wins, games)
    cov = np.linalg.inv(-hess)
    ref = index[reference if reference is not None else names[0]]
    out = {}
    for n, i in index.items():
        diff = (theta[i] - theta[ref]) * SCALE
        var = cov[i, i] + cov[ref, ref] - 2 * cov[i, ref]
        se = math.sqrt(max(0.0, var)) * SCALE
        out[n] = {"elo": round(float(diff), 1), "low": round(float(diff - Z95 * se), 1),
                  "high": round(float(diff + Z95 * se), 1), "se": round(float(se), 1),
                  "comparisons": int(games[i].sum())}
    return out


def _derivatives(theta: np.ndarray, wins: np.ndarray, games: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Gradient and Hessian of the log-posterior in natural-log strengths."""
    diff = theta[:, None] - theta[None, :]
    p = 1.0 / (1.0 + np.exp(-diff))  # p[i, j]: i ahead of j
    grad = (wins - games * p).sum(axis=1)
    w = games * p * (1.0 - p)
    hess = w.copy()
    np.fill_diagonal(hess, 0.0)
    hess[np.diag_indices_from(hess)] = -w.sum(axis=1)
    # the prior: PRIOR_GAMES draws against a bot of strength 0
    q = 1.0 / (1.0 + np.exp(-theta))
    grad += PRIOR_GAMES * (0.5 - q)
    hess[np.diag_indices_from(hess)] -= PRIOR_GAMES * q * (1.0 - q)
    return grad, hess


def expected(elo_a: float, elo_b: float) -> float:
    """The probability that a bot rated elo_a finishes ahead of one rated elo_b."""
    return 1.0 / (1.0 + 10.0 ** ((elo_b - elo_a) / 400.0))
