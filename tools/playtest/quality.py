"""Game-quality measures from self-play (after Browne's and Ludii's): pure functions of game records.

A record's `trajectory` is the score table (VP per seat) at the start of every turn of the game, then
the final scores. The measures (docs/balance.md defines each one):

- balance: seat win rates with Wilson intervals and a chi-square test of equal shares;
- decisiveness: the point from which the eventual winner leads for good, as a fraction of the game;
- lead changes: how often the sole leader changes;
- drama: how often, and by how many VP at worst, the eventual winner was behind;
- duration and branching factor: rounds, turns, decisions, options per decision;
- choices: how often each kind of choice was made (`action:grow`, `pick:sell`), per game.
"""

from __future__ import annotations

import math
from collections import defaultdict
from statistics import fmean

from .stats import mean_ci, wilson


def share(record: dict, seat: int) -> float:
    """A win shared by k joint winners counts 1/k for each of them."""
    winners = record["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with integer df (closed forms; no scipy import to wait for)."""
    if x <= 0:
        return 1.0
    half = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= half / i
            total += term
        return min(1.0, math.exp(-half) * total)
    total = math.erfc(math.sqrt(half))
    for i in range(1, (df - 1) // 2 + 1):
        total += math.exp(-half + (i - 0.5) * math.log(half) - math.lgamma(i + 0.5))
    return min(1.0, total)


def chi_square_equal(wins: list[float]) -> dict:
    """Goodness of fit of the (fractional) wins per seat against equal shares: statistic, df, p-value."""
    k, n = len(wins), sum(wins)
    if k < 2 or n <= 0:
        return {"statistic": 0.0, "df": max(0, k - 1), "p_value": 1.0}
    expected = n / k
    stat = sum((w - expected) ** 2 / expected for w in wins)
    return {"statistic": round(stat, 4), "df": k - 1, "p_value": round(chi2_sf(stat, k - 1), 6)}


def sole_leader(scores: list[float]) -> int | None:
    """The seat with strictly the most VP, or None while the most VP are shared."""
    best = max(scores)
    top = [i for i, s in enumerate(scores) if s == best]
    return top[0] if len(top) == 1 else None


def leaders(trajectory: list[list[float]], winner: int) -> list[int | None]:
    """The sole leader at each point; at the last point the winner leads (the tie-break decided)."""
    out = [sole_leader(s) for s in trajectory]
    if out:
        out[-1] = winner
    return out


def decided_at(trajectory: list[list[float]], winner: int) -> float:
    """The fraction of the game (0 = the first point, 1 = the final scores) from which the winner is the
    sole leader at every point: lower means decided earlier."""
    lead = leaders(trajectory, winner)
    if len(lead) < 2:
        return 0.0
    first = len(lead) - 1
    while first > 0 and lead[first - 1] == winner:
        first -= 1
    return first / (len(lead) - 1)


def lead_changes(trajectory: list[list[float]], winner: int) -> int:
    """How many times the sole leader changes; points where the lead is shared are skipped."""
    seq = [x for x in leaders(trajectory, winner) if x is not None]
    return sum(1 for a, b in zip(seq, seq[1:], strict=False) if a != b)


def deficit(trajectory: list[list[float]], winner: int) -> float:
    """The winner's worst deficit: the most VP some other seat was ahead of it at one point (0 if never)."""
    worst = 0.0
    for s in trajectory:
        others = [v for i, v in enumerate(s) if i != winner]
        if others:
            worst = max(worst, max(others) - s[winner])
    return worst


def quality(records: list[dict]) -> dict:
    """Decisiveness, lead changes, drama, duration and branching factor over the records with a trajectory.
    Games with a shared win have no single winner to follow: counted, not measured."""
    single = [r for r in records if len(r["winners"]) == 1 and r.get("trajectory")]
    out: dict = {"games": len(records), "shared_wins": sum(1 for r in records if len(r["winners"]) > 1)}
    if single:
        pairs = [(r["trajectory"], r["winners"][0]) for r in single]
        deficits = [deficit(t, x) for t, x in pairs]
        behind = [d for d in deficits if d > 0]
        out.update({
            "decided_at": mean_ci([decided_at(t, x) for t, x in pairs]),
            "lead_changes": mean_ci([float(lead_changes(t, x)) for t, x in pairs]),
            "drama_rate": list(wilson(len(behind), len(single))),
            "drama_depth": mean_ci(behind),
            "final_margin": mean_ci([_margin(t[-1], x) for t, x in pairs]),
        })
    if records:
        out["rounds"] = mean_ci([float(r["rounds"]) for r in records])
        out["turns"] = mean_ci([float(len(r.get("trajectory") or []) - 1) for r in records])
        out["decisions"] = mean_ci([float(r["actions"]) for r in records])
        asked = sum(r.get("asked", 0) for r in records)
        keys = sorted({k for r in records for k in r.get("choices", {})})
        out["choices_per_game"] = {k: round(sum(r.get("choices", {}).get(k, 0) for r in records) / len(records), 3)
                                   for k in keys}
        out["branching"] = round(sum(r.get("options", 0) for r in records) / asked, 3) if asked else 0.0
    return out


def _margin(final: list[float], winner: int) -> float:
    others = [v for i, v in enumerate(final) if i != winner]
    return final[winner] - max(others) if others else 0.0


def seats(records: list[dict]) -> dict:
    """Win rate per seat (Wilson 95%), mean VP, and the chi-square test of equal shares."""
    n_seats = max((len(r["vp"]) for r in records), default=0)
    wins = [sum(share(r, s) for r in records) for s in range(n_seats)]
    rows = {}
    for s in range(n_seats):
        rate, lo, hi = wilson(wins[s], len(records))
        rows[str(s)] = {"games": len(records), "wins": round(wins[s], 3), "win_rate": rate, "win_rate_ci95": [lo, hi],
                        "vp": mean_ci([float(r["vp"][s]) for r in records])}
    return {"per_seat": rows, "equality": chi_square_equal(wins)}


def first_player(records: list[dict]) -> dict | None:
    """The win rate of the player who moved first in round 1 (an equal share is 1/players), or None
    when the game has no first player (7 Wonders: everyone picks at once)."""
    rows = [r for r in records if r.get("first") is not None]
    if not rows:
        return None
    wins = sum(share(r, r["first"]) for r in rows)
    rate, lo, hi = wilson(wins, len(rows))
    fair = fmean(1.0 / len(r["vp"]) for r in rows)
    by_position: dict[int, list[float]] = defaultdict(list)  # 0 = first in turn order, 1 = second ...
    for r in rows:
        n = len(r["vp"])
        for seat in range(n):
            by_position[(seat - r["first"]) % n].append(share(r, seat))
    return {"games": len(rows), "win_rate": rate, "win_rate_ci95": [lo, hi], "equal_share": round(fair, 4),
            "by_turn_position": {str(k): list(wilson(sum(v), len(v))) for k, v in sorted(by_position.items())}}


def per_label(records: list[dict]) -> dict:
    """Win rate per civilisation (Clash) or wonder board (7 Wonders): what each seat played as."""
    rows: dict[str, list[float]] = defaultdict(list)
    for r in records:
        for seat, label in enumerate(r.get("labels") or []):
            if label:
                rows[label].append(share(r, seat))
    return {k: {"games": len(v), "win_rate": wilson(sum(v), len(v))[0], "win_rate_ci95": list(wilson(sum(v), len(v))[1:])}
            for k, v in sorted(rows.items())}
