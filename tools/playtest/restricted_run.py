"""Restricted play over paired seeds: for each seed, one game where every bot may take the id (the
baseline) and, for each seat in turn, one game where that seat's bot may not (tools/playtest/restricted.py).

The worth of the id is the seat's share of the win in the baseline minus its share when forbidden, paired
by seed and seat: averaged over the seats of a seed, then over the seeds, with a 95% interval across the
seeds. The forbidden bot plays against the same bots, allowed to take it.
"""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from rich.text import Text

from .quality import share
from .restricted import Forbidding, held, redeal
from .selfplay import make_seats, play_recorded, run_tasks, settings_tasks
from .stats import mean_ci, wilson


def play_restricted(task: dict) -> dict:
    """One game; with task["forbidden"] = seat, that seat's bot may not take task["restrict"]."""
    content_id, seat = task["restrict"], task.get("forbidden")
    if seat is not None:
        task = redeal(task, seat, content_id)
    seats = make_seats(task)
    if seat is not None:
        seats[seat] = Forbidding(seats[seat], content_id)

    def taken(game) -> dict:
        return {"taken": [held(game.state, p, content_id) > 0 for p in range(task["players"])],
                "leaks": seats[seat].leaks if seat is not None else 0}

    record = play_recorded({**task, "forkable": seat is not None}, seats, taken)
    return {**record, "forbidden": seat, "index": task["index"]}


def restricted_tasks(settings: dict, content_id: str) -> list[dict]:
    out = []
    for base in settings_tasks(settings):
        for k, seat in enumerate([None, *range(settings["players"])]):
            out.append({**base, "index": base["game"], "game": base["game"] * (settings["players"] + 1) + k,
                        "restrict": content_id, "forbidden": seat})
    return out


def restricted_report(records: list[dict], settings: dict, content_id: str) -> dict:
    base = {r["index"]: r for r in records if r["forbidden"] is None}
    limited = [r for r in records if r["forbidden"] is not None and r["index"] in base]
    per_seed: dict[int, list[float]] = {}
    for r in limited:
        s = r["forbidden"]
        per_seed.setdefault(r["index"], []).append(share(base[r["index"]], s) - share(r, s))
    diffs = [sum(v) / len(v) for _, v in sorted(per_seed.items())]
    n_seats = settings["players"]
    allowed_wins = sum(share(b, s) for b in base.values() for s in range(n_seats))
    forbidden_wins = sum(share(r, r["forbidden"]) for r in limited)
    others = [share(r, s) for r in limited for s in range(n_seats) if s != r["forbidden"]]
    return {
        "settings": settings, "restrict": content_id, "seeds": len(base), "games": len(records),
        "bots": sorted(set(b for r in records for b in r["bots"])),
        "worth": mean_ci(diffs),
        "allowed_win_rate": list(wilson(allowed_wins, len(base) * n_seats)),
        "forbidden_win_rate": list(wilson(forbidden_wins, len(limited))),
        "others_win_rate": list(wilson(sum(others), len(others))),
        "taken_in_baseline": round(sum(sum(b["taken"]) for b in base.values()) / (len(base) * n_seats or 1), 4),
        "taken_by_forbidden": sum(1 for r in limited if r["taken"][r["forbidden"]]),
        "leaks": sum(r["leaks"] for r in limited),
    }


def run_restricted(settings: dict, content_id: str, workers: int = 1, out: Path | None = None) -> dict:
    records = list(run_tasks(play_restricted, restricted_tasks(settings, content_id), workers))
    rep = restricted_report(records, settings, content_id)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / "restricted.jsonl").write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in records))
        (out / "restricted.json").write_text(json.dumps(rep, indent=2, sort_keys=True) + "\n")
    return rep


def print_restricted(rep: dict, console: Console) -> None:
    s, w = rep["settings"], rep["worth"]
    console.print(Text(f"restricted play of {rep['restrict']} in {s['game']}: {rep['seeds']} seeds x "
                       f"{s['players'] + 1} games ({rep['games']}), {s['players']} players, bots: "
                       f"{', '.join(rep['bots'])}", style="bold"))
    verdict = "worth something" if w["low"] > 0 else "a handicap to have" if w["high"] < 0 else "not decided"
    console.print(f"worth (a seat's win share allowed minus forbidden, paired by seed): {w['mean']:+.1%} "
                  f"[{w['low']:+.1%}, {w['high']:+.1%}]: {verdict}")
    for key, what in (("allowed_win_rate", "every seat allowed (baseline)"),
                      ("forbidden_win_rate", "the forbidden seat"), ("others_win_rate", "the others, allowed")):
        rate, lo, hi = rep[key]
        console.print(f"  win rate of {what}: {rate:.1%} ({lo:.1%}-{hi:.1%})")
    console.print(f"  in the baseline a seat took {rep['restrict']} in {rep['taken_in_baseline']:.1%} of games; "
                  f"the forbidden seat took it {rep['taken_by_forbidden']} times"
                  + (f" ({rep['leaks']} decisions had no other option)" if rep["leaks"] else ""))
