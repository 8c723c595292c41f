"""What `rulewright tournament` runs (tournament.py is the command): one bot against another over many seeded 2-player games, seats alternating.

Game i uses the seed of pair i // 2, and the two games of a pair swap the seats, so neither bot gains
from the first-player order or a lucky set-up. The result is the first bot's win rate (a shared win
counts 1/k) with its 95% Wilson interval and the first bot's time per decision (decisions with a
choice), written to the console and, with --out, merged into a JSON list such as benchmarks/bots.json.
"""

from __future__ import annotations

import json
import statistics
from multiprocessing import get_context
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ...api import new_game, scores
from ...engine import games
from ...engine.bots import make_bot
from ...engine.playout import Step, play_out
from .simulation import _ray, game_seed
from .stats import wilson


def play_match(task: dict) -> dict:
    """One game: the first bot's share of the win and its decision times (ms, decisions with a choice)."""

    game_id = task.get("game_id") or games.default_game()
    games.find(game_id)  # imports the game's package: its bots register

    first, second, seed, swap = task["first"], task["second"], task["seed"], task["swap"]
    kinds = [second, first] if swap else [first, second]
    seat = 1 if swap else 0
    game = new_game(players=2, seed=seed, packs=task["packs"], variants=task.get("variants") or [], forkable=True,
                    game_id=game_id)
    bots = [make_bot(k, seed * 1000 + i, game_id) for i, k in enumerate(kinds)]
    ms: list[float] = []

    def timed(_game, step: Step) -> None:
        if step.decision.player == seat and len(step.decision.options) > 1:
            ms.append(step.seconds * 1000)

    play_out(game, bots, on_step=timed)
    s = scores(game)
    share = 1.0 / len(s["winners"]) if seat in s["winners"] else 0.0
    searched = [x * 1000 for x in getattr(bots[seat], "decision_seconds", [])]  # a search bot's own account
    return {"game": task["game"], "seed": seed, "seat": seat, "share": share, "vp": s["vp"], "ms": ms,
            "searched_ms": searched}


def run_tournament(first: str, second: str, games: int, seed: int, packs: list[str], workers: int = 1,
                   progress: bool = True, backend: str = "local", ray_address: str | None = None,
                   game_id: str | None = None, variants: list[str] | None = None) -> dict:
    """`game_id` None: the default game (and the result does not name it, as before games were chosen)."""
    tasks = [{"game": i, "first": first, "second": second, "seed": game_seed(seed, i // 2), "swap": i % 2 == 1,
              "packs": packs, "game_id": game_id, "variants": list(variants or [])} for i in range(games)]
    results: list[dict] = []
    with Progress(TextColumn("[bold]tournament[/]"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), disable=not progress) as bar:
        job = bar.add_task("games", total=games)
        if backend == "ray":  # Ray workers (this machine's, or a cluster's at ray_address); same games, same order
            for r in _ray(tasks, workers, ray_address, play_match):
                results.append(r)
                bar.update(job, advance=1)
        elif workers <= 1:
            source = map(play_match, tasks)
            for r in source:
                results.append(r)
                bar.update(job, advance=1)
        else:
            with get_context("spawn").Pool(workers) as pool:
                for r in pool.imap(play_match, tasks, chunksize=1):
                    results.append(r)
                    bar.update(job, advance=1)
    wins = sum(r["share"] for r in results)
    rate, lo, hi = wilson(wins, len(results))
    ms = [x for r in results for x in r["ms"]]
    return {"bots": f"{first.partition(':')[0]} vs {second.partition(':')[0]}", "first": first, "second": second,
            "games": len(results), "win_rate": rate, "win_rate_ci95": [lo, hi],
            "decision_ms_p50": round(statistics.median(ms), 3) if ms else 0.0,
            "decision_ms_p90": round(sorted(ms)[int(0.9 * (len(ms) - 1))], 3) if ms else 0.0,
            **_searched(results),
            "seed": seed, "packs": packs, "players": 2, **({"game": game_id} if game_id else {}),
            **({"variant_refs": list(variants)} if variants else {}),
            "mean_vp": [round(statistics.fmean(r["vp"][r["seat"]] for r in results), 2),
                        round(statistics.fmean(r["vp"][1 - r["seat"]] for r in results), 2)]}


def _searched(results: list[dict]) -> dict:
    """For a searching first bot: how many decisions it searched and their time (the rest it left to its
    fast policy)."""
    ms = [x for r in results for x in r.get("searched_ms", [])]
    if not ms:
        return {}
    return {"searched_decisions_per_game": round(len(ms) / len(results), 1),
            "searched_decision_ms_p50": round(statistics.median(ms), 1)}


def merge_result(path: Path, result: dict) -> list[dict]:
    """Replace the entry for the same pair of bots (or add it) in a JSON list file."""
    rows = json.loads(path.read_text()) if path.exists() else []
    rows = [r for r in rows if (r.get("first"), r.get("second")) != (result["first"], result["second"])]
    rows.append(result)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(rows, indent=2) + "\n")
    return rows


