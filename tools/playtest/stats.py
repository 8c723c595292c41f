"""Statistics over simulated games: win rates with Wilson intervals, means, per advance and per card.

Everything here is a pure function of the game records, so the same records give the same report,
whatever machine, worker count or backend produced them.
"""

from __future__ import annotations

import math
from collections import defaultdict
from statistics import fmean, pstdev

Z95 = 1.959964


def wilson(wins: float, n: int) -> tuple[float, float, float]:
    """(rate, low, high): the 95% Wilson score interval for a proportion; ties count fractionally."""
    if n == 0:
        return 0.0, 0.0, 0.0
    p = wins / n
    denom = 1 + Z95 ** 2 / n
    centre = (p + Z95 ** 2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / denom
    return round(p, 4), round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)


def mean_ci(values: list[float]) -> dict:
    """Mean with a normal-approximation 95% interval."""
    if not values:
        return {"mean": 0.0, "low": 0.0, "high": 0.0, "n": 0}
    m = fmean(values)
    half = Z95 * pstdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return {"mean": round(m, 4), "low": round(m - half, 4), "high": round(m + half, 4), "n": len(values)}


def measure_means(records: list[dict]) -> dict:
    """Each of the game's end-of-game measures (flattened: `vp[0]` ...) as a mean with its 95% interval."""
    columns: dict[str, list[float]] = defaultdict(list)
    for r in records:
        for key, v in (r.get("measures") or {}).items():
            if isinstance(v, list):
                for i, x in enumerate(v):
                    columns[f"{key}[{i}]"].append(float(x))
            else:
                columns[key].append(float(v))
    return {k: mean_ci(v) for k, v in columns.items()}


def _share(record: dict, seat: int) -> float:
    """A win shared by k joint winners counts 1/k, so win rates add up to 1."""
    winners = record["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def report(records: list[dict], settings: dict) -> dict:
    records = sorted(records, key=lambda r: r["game"])
    out: dict = {"settings": settings, "games": len(records)}
    by_seat: dict[int, list[tuple[dict, dict]]] = defaultdict(list)
    by_bot: dict[str, list[tuple[dict, dict]]] = defaultdict(list)
    for r in records:
        for pl in r["players"]:
            by_seat[pl["seat"]].append((r, pl))
            by_bot[pl["bot"]].append((r, pl))

    def group(rows: list[tuple[dict, dict]]) -> dict:
        wins = sum(_share(r, pl["seat"]) for r, pl in rows)
        rate, lo, hi = wilson(wins, len(rows))
        keys = sorted({k for _, pl in rows for k in pl["breakdown"]})
        return {
            "games": len(rows),
            "win_rate": rate, "win_rate_ci95": [lo, hi],
            "vp": mean_ci([pl["vp"] for _, pl in rows]),
            "vp_breakdown": {k: round(fmean(pl["breakdown"][k] for _, pl in rows), 4) for k in keys},
            "game_length_actions": round(fmean(r["actions"] for r, _ in rows), 2),
            "rounds": round(fmean(r["rounds"] for r, _ in rows), 3),
            **{k: round(fmean(r[k] for r, _ in rows), 3) for k in ("battles", "events") if k in rows[0][0]},
        }

    out["per_seat"] = {str(s): group(rows) for s, rows in sorted(by_seat.items())}
    out["per_bot"] = {b: group(rows) for b, rows in sorted(by_bot.items())}
    out["game_length_actions"] = mean_ci([r["actions"] for r in records])
    out["rounds"] = mean_ci([r["rounds"] for r in records])
    for key in ("battles", "events", "captures", "trades"):  # a game without them (7 Wonders) has no such field
        if records and key in records[0]:
            out[f"{key}_per_game"] = mean_ci([r.get(key, 0) for r in records])
    out["measures"] = measure_means(records)

    players = [(r, pl) for r in records for pl in r["players"]]
    adv: dict[str, list[float]] = defaultdict(list)
    for r, pl in players:
        for a in pl["advances"]:
            adv[a].append(_share(r, pl["seat"]))
    n_players = len(players) or 1
    out["per_advance"] = {
        a: {"pick_rate": round(len(v) / n_players, 4), "owners": len(v),
            "win_rate_of_owners": wilson(sum(v), len(v))[0], "win_rate_ci95": list(wilson(sum(v), len(v))[1:])}
        for a, v in sorted(adv.items())}
    cards: dict[str, list[float]] = defaultdict(list)
    for r, pl in players:
        for c in pl.get("cards_played", []):
            cards[c].append(_share(r, pl["seat"]))
    out["per_card"] = {c: {"plays": len(v), "win_rate_of_players": wilson(sum(v), len(v))[0]}
                       for c, v in sorted(cards.items())}
    civs: dict[str, list[float]] = defaultdict(list)
    for r, pl in players:
        if pl.get("civilization"):
            civs[pl["civilization"]].append(_share(r, pl["seat"]))
    if civs:
        out["per_civilization"] = {c: {"games": len(v), "win_rate": wilson(sum(v), len(v))[0],
                                       "win_rate_ci95": list(wilson(sum(v), len(v))[1:])}
                                   for c, v in sorted(civs.items())}
    return out
