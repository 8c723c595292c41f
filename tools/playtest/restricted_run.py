"""Restricted play over paired seeds: for each seed, one game where every bot may take the id (the
baseline) and, for each seat in turn, one game where that seat's bot may not (tools/playtest/restricted.py).

The worth of the id is the seat's share of the win in the baseline minus its share when forbidden, paired
by seed and seat: averaged over the seats of a seed, then over the seeds, with a 95% interval across the
seeds. The forbidden bot plays against the same bots, allowed to take it.

Most seeds often end the same whether the seat may take the id or not: only the informative seeds (their
games differ) say anything. The report counts them, tests them with the exact sign test (how many favour
the id, how many the other way), and decides only with at least MIN_INFORMATIVE of them: a worth "decided"
on five informative seeds of twenty was seen to vanish on sixty others (issue 45).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from .paired import ALPHA
from .quality import share
from .restricted import Forbidding, held, redeal
from .selfplay import make_seats, play_recorded, run_tasks, settings_tasks
from .stats import mean_ci, wilson

MIN_INFORMATIVE = 20  # seeds whose games differ: fewer cannot decide a worth, whatever the p-value says


def play_restricted(task: dict) -> dict:
    """One game; with task["forbidden"] = seat, that seat's bot may not take task["restrict"]. A baseline
    game (no seat forbidden) records, for every id of task["ids"] (default: the one restricted), which
    seats took it."""
    content_id, seat = task["restrict"], task.get("forbidden")
    ids = list(task.get("ids") or [content_id])
    if seat is not None:
        task = redeal(task, seat, content_id)
    seats = make_seats(task)
    if seat is not None:
        seats[seat] = Forbidding(seats[seat], content_id)

    def taken(game) -> dict:
        by = {i: [held(game.state, p, i) > 0 for p in range(task["players"])] for i in ([content_id] if seat is not None
                                                                                      else ids)}
        return {"taken": by[content_id] if content_id in by else by[ids[0]], "taken_by": by,
                "leaks": seats[seat].leaks if seat is not None else 0}

    record = play_recorded({**task, "forkable": seat is not None}, seats, taken)
    return {**record, "forbidden": seat, "index": task["index"], "restrict": content_id}


def restricted_tasks(settings: dict, ids: list[str] | str) -> list[dict]:
    """For each seed: one baseline game, then for each id and each seat a game where that seat may not take it."""
    ids = [ids] if isinstance(ids, str) else list(ids)
    stride = 1 + len(ids) * settings["players"]
    out = []
    for base in settings_tasks(settings):
        g = base["game"]
        out.append({**base, "index": g, "game": g * stride, "restrict": ids[0] if len(ids) == 1 else None,
                    "ids": ids, "forbidden": None})
        for j, cid in enumerate(ids):
            for seat in range(settings["players"]):
                out.append({**base, "index": g, "game": g * stride + 1 + j * settings["players"] + seat,
                            "restrict": cid, "forbidden": seat})
    return out


def sign_test(positive: int, negative: int) -> float:
    """The exact two-sided sign test (binomial, p = 1/2) of `positive` against `negative` informative pairs."""
    n = positive + negative
    if n == 0:
        return 1.0
    k = min(positive, negative)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def restricted_report(records: list[dict], settings: dict, content_id: str) -> dict:
    """The worth of one id: the per-seed differences (allowed minus forbidden, averaged over the seats),
    their mean with a 95% interval, the informative seeds (those whose games differ at all), the exact sign
    test on them, and whether the worth is decided (p <= 5% with at least MIN_INFORMATIVE informative seeds)."""
    base = {r["index"]: r for r in records if r["forbidden"] is None}
    limited = [r for r in records if r["forbidden"] is not None and r["index"] in base
               and r.get("restrict", content_id) == content_id]
    per_seed: dict[int, list[float]] = {}
    for r in limited:
        s = r["forbidden"]
        per_seed.setdefault(r["index"], []).append(share(base[r["index"]], s) - share(r, s))
    diffs = [sum(v) / len(v) for _, v in sorted(per_seed.items())]
    pairs = [d for v in per_seed.values() for d in v]
    positive, negative = sum(1 for d in diffs if d > 0), sum(1 for d in diffs if d < 0)
    p = sign_test(positive, negative)
    n_seats = settings["players"]

    def took(b: dict) -> list[bool]:
        return (b.get("taken_by") or {}).get(content_id, b.get("taken") or [])

    allowed_wins = sum(share(b, s) for b in base.values() for s in range(n_seats))
    forbidden_wins = sum(share(r, r["forbidden"]) for r in limited)
    others = [share(r, s) for r in limited for s in range(n_seats) if s != r["forbidden"]]
    informative = positive + negative
    return {
        "settings": settings, "restrict": content_id, "seeds": len(base), "games": len(records),
        "bots": sorted(set(b for r in records for b in r["bots"])),
        "worth": mean_ci(diffs),
        "informative_seeds": informative, "seeds_for": positive, "seeds_against": negative,
        "discordant_pairs": sum(1 for d in pairs if d != 0), "pairs": len(pairs),
        "sign_test_p": p, "min_informative": MIN_INFORMATIVE,
        "decided": p <= ALPHA and informative >= MIN_INFORMATIVE,
        "allowed_win_rate": list(wilson(allowed_wins, len(base) * n_seats)),
        "forbidden_win_rate": list(wilson(forbidden_wins, len(limited))),
        "others_win_rate": list(wilson(sum(others), len(others))),
        "taken_in_baseline": round(sum(sum(took(b)) for b in base.values()) / (len(base) * n_seats or 1), 4),
        "taken_by_forbidden": sum(1 for r in limited if r["taken"][r["forbidden"]]),
        "leaks": sum(r["leaks"] for r in limited),
    }


def run_restricted(settings: dict, content_id: str, workers: int = 1, out: Path | None = None,
                   variants: list | None = None) -> dict:
    records = list(run_tasks(play_restricted, restricted_tasks(settings, content_id), workers))
    rep = restricted_report(records, settings, content_id)
    if variants is not None:
        rep["variants"] = variants
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / "restricted.jsonl").write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in records))
        (out / "restricted.json").write_text(json.dumps(rep, indent=2, sort_keys=True) + "\n")
    return rep


def verdict(rep: dict) -> str:
    """What a worth means, in words: decided only with enough informative seeds and the exact test's say."""
    w = rep["worth"]
    if not rep["decided"]:
        if rep["informative_seeds"] < rep["min_informative"]:
            return (f"not decided: only {rep['informative_seeds']} informative seeds, at least "
                    f"{rep['min_informative']} needed")
        return "not decided"
    return "worth something" if w["mean"] > 0 else "a handicap to have"


def restricted_lines(rep: dict) -> list[str]:
    """The report of one id, as lines (wrapped by the caller)."""
    s, w = rep["settings"], rep["worth"]
    out = [f"restricted play of {rep['restrict']} in {s['game']}: {rep['seeds']} seeds x {s['players'] + 1} games "
           f"({rep['games']}), {s['players']} players, bots: {', '.join(rep['bots'])}",
           f"worth (a seat's win share allowed minus forbidden, paired by seed): {w['mean']:+.1%} "
           f"[{w['low']:+.1%}, {w['high']:+.1%}]: {verdict(rep)}",
           f"  informative seeds (allowed and forbidden games differ): {rep['informative_seeds']} of {rep['seeds']} "
           f"({rep['seeds_for']} for, {rep['seeds_against']} against); exact sign test p = {rep['sign_test_p']:.3g}; "
           f"discordant seat pairs: {rep['discordant_pairs']} of {rep['pairs']}"]
    for key, what in (("allowed_win_rate", "every seat allowed (baseline)"),
                      ("forbidden_win_rate", "the forbidden seat"), ("others_win_rate", "the others, allowed")):
        rate, lo, hi = rep[key]
        out.append(f"  win rate of {what}: {rate:.1%} ({lo:.1%}-{hi:.1%})")
    out.append(f"  in the baseline a seat took {rep['restrict']} in {rep['taken_in_baseline']:.1%} of games; "
               f"the forbidden seat took it {rep['taken_by_forbidden']} times"
               + (f" ({rep['leaks']} decisions had no other option)" if rep["leaks"] else ""))
    return out
