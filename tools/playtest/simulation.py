"""What `rulewright simulate` runs (simulate.py is the command): many bot games, in parallel or on Ray, with a report, a CSV and plots.

Each game is a pure function of its settings and its own seed (derived from the run's seed and
the game's index), so the report is the same for any number of workers and either backend. Games
are appended to DIR/games.jsonl as they finish: Ctrl-C keeps what is done and `--resume` goes on.
"""

from __future__ import annotations

import csv
import json
import time
from collections.abc import Callable, Iterator
from multiprocessing import get_context
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from ...api import play_game, summary
from ...engine import games as game_registry
from .coverage import catalog, coverage_line, never_used, per_event, per_objective, per_wonder, used_content
from .custom_measures import compile_watch, custom_of, measures_with
from .fit_table import wrap
from .plots import write_plots
from .stats import report

SEED_STRIDE = 100_003


def game_seed(seed: int, index: int) -> int:
    return seed * SEED_STRIDE + index


def game_measures(game_id: str | None, custom: list[str] | None = None):
    """The end-of-game measures the game supplies (engine/measures.py), then the custom ones named."""
    return measures_with(game_registry.find(game_id or game_registry.default_game()).measures, custom_of(custom or []))


def run_one(task: dict) -> dict:
    """Play one game and describe it as a record (no timing in the fields the report reads).

    `measures` holds the game's own end-of-game measures (the rows of compare and sweep); the other fields
    feed simulate's report (per seat, per advance, per card, coverage)."""

    start = time.perf_counter()
    players, bots = task["players"], task["bots"]
    custom = task.get("custom") or []  # measures of hook firings (custom_measures.py), counted by a watch
    game_id = task.get("game_id") or game_registry.default_game()
    watch = compile_watch(game_id, task["packs"], task["variants"], custom) if custom else None
    game = play_game(players, task["seed"], bots, task["packs"], task["variants"], task.get("game_id"), watch)
    data = summary(game)
    module = game_registry.find(game.definition.game_id)
    measures = measures_with(module.measures, custom_of(custom)).of(game)
    base = {"game": task["game"], "seed": task["seed"], "actions": len(game.actions),
            "winners": [i for i, p in enumerate(game.state["players"]) if p["name"] in data["winner"]],
            "measures": measures}
    own = module.simulation_record
    if own is not None:  # the game describes its own games (7 Wonders: the boards, the cards built)
        return {**base, **own(game, data, bots), "seconds": round(time.perf_counter() - start, 4)}
    played = getattr(game.rt, "cards_played", {})
    used = used_content(game)
    return {
        **base, "rounds": game.state["round"],
        **{k: int(measures.get(k, 0)) for k in ("battles", "captures", "events", "trades")},
        "players": [
            {"seat": i, "name": p["name"], "bot": bots[i % len(bots)], "vp": p["vp"], "breakdown": p["vp_breakdown"],
             "advances": p["advances"], "cards_played": list(played.get(i, [])),
             "civilization": game.state["players"][i].get("civilization"), **used[i]}
            for i, p in enumerate(data["players"])
        ],
        "seconds": round(time.perf_counter() - start, 4),
    }


def _tasks(settings: dict, done: set[int]) -> list[dict]:
    return [{"game": i, "seed": game_seed(settings["seed"], i), "players": settings["players"],
             "bots": settings["bots"], "packs": settings["packs"], "variants": settings["variants"],
             "game_id": settings.get("game"), "custom": settings.get("custom") or []}
            for i in range(settings["games"]) if i not in done]


def _local(tasks: list[dict], workers: int) -> Iterator[dict]:
    if workers <= 1:
        for t in tasks:
            yield run_one(t)
        return
    with get_context("spawn").Pool(workers) as pool:
        yield from pool.imap(run_one, tasks, chunksize=1)


def _ray(tasks: list[dict], workers: int, address: str | None, fn: Callable[[dict], dict] | None = None) \
        -> Iterator[dict]:
    """Run `fn` (run_one: one simulated game) on each task on Ray workers; results in the tasks' order."""
    try:
        import ray
    except ImportError:
        raise typer.BadParameter("the ray backend needs `pip install -e '.[ray]'`") from None
    started = False
    if not ray.is_initialized():
        if address:
            ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
        else:
            ray.init(num_cpus=max(1, workers), ignore_reinit_error=True, log_to_driver=False,
                     include_dashboard=False)
        started = True
    try:
        remote = ray.remote(fn or run_one)
        refs = [remote.remote(t) for t in tasks]
        for ref in refs:  # in order: the same records in the same order as the local backend
            yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def simulate_run(settings: dict, out: Path, workers: int = 1, backend: str = "local", ray_address: str | None = None,
                 resume: bool = False, progress: bool = True, plots: bool = True, variants: list | None = None) -> dict:
    """Play the settings' games into `out` (games.jsonl, report.json, games.csv, plots); `variants`: what the
    variant guard reported of them (tools/common/variant_guard.py), recorded in report.json."""
    out.mkdir(parents=True, exist_ok=True)
    jsonl = out / "games.jsonl"
    records: list[dict] = []
    if resume and jsonl.exists():
        old = json.loads((out / "settings.json").read_text()) if (out / "settings.json").exists() else settings
        if {k: v for k, v in old.items() if k != "games"} != {k: v for k, v in settings.items() if k != "games"}:
            raise typer.BadParameter("--resume needs the same settings as the interrupted run")
        records = [json.loads(line) for line in jsonl.read_text().splitlines() if line.strip()]
    else:
        jsonl.write_text("")
    (out / "settings.json").write_text(json.dumps(settings, indent=2, sort_keys=True))
    done = {r["game"] for r in records}
    tasks = _tasks(settings, done)
    source = _ray(tasks, workers, ray_address) if backend == "ray" else _local(tasks, workers)
    console = Console(stderr=True)
    start = time.perf_counter()
    interrupted = False
    with Progress(TextColumn("[bold]simulating[/]"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[rate]:.2f} games/s"), TimeRemainingColumn(),
                  console=console, disable=not progress) as bar:
        job = bar.add_task("games", total=settings["games"], completed=len(done), rate=0.0)
        try:
            with jsonl.open("a") as fh:
                for rec in source:
                    records.append(rec)
                    fh.write(json.dumps(rec, sort_keys=True) + "\n")
                    fh.flush()
                    elapsed = time.perf_counter() - start
                    bar.update(job, advance=1, rate=(len(records) - len(done)) / elapsed if elapsed else 0.0)
        except KeyboardInterrupt:
            interrupted = True
            console.print(f"[yellow]interrupted[/]: {len(records)} of {settings['games']} games kept; "
                          "run again with --resume to go on")
    rep = report(records, settings)
    rep.update(per_wonder=per_wonder(records), per_objective=per_objective(records), per_event=per_event(records))
    rep["never_used"] = never_used(rep, catalog(settings["packs"], settings["variants"], settings.get("game")))
    rep["complete"] = len(records) == settings["games"] and not interrupted
    if variants is not None:
        rep["variants"] = variants
    (out / "report.json").write_text(json.dumps(rep, indent=2, sort_keys=True))
    write_csv(records, out / "games.csv")
    if plots:
        write_plots(records, rep, out)
    return rep


def write_csv(records: list[dict], path: Path) -> None:
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        keys = list(records[0]["players"][0]["breakdown"]) if records else []
        w.writerow(["game", "seed", "seat", "name", "bot", "vp", "won", *keys,
                    "n_advances", "rounds", "actions", "battles", "civilization"])
        for r in sorted(records, key=lambda r: r["game"]):
            for p in r["players"]:
                b = p["breakdown"]
                w.writerow([r["game"], r["seed"], p["seat"], p["name"], p["bot"], p["vp"], int(p["seat"] in r["winners"]),
                            *(b.get(k, 0) for k in keys),
                            len(p["advances"]), r["rounds"], r["actions"], r.get("battles", ""), p.get("civilization") or ""])


def bots_line(settings: dict) -> str:
    """Which bots played which seats (the bot list is cycled over the seats)."""
    bots, n = settings["bots"], settings["players"]
    return "bots: " + ", ".join(f"seat {i} {bots[i % len(bots)]}" for i in range(n))


def print_summary(rep: dict, console: Console) -> None:
    table = Table(title=f"{rep['games']} games", title_justify="left")
    for col in ("seat/bot", "games", "win rate", "95% CI", "mean VP", "VP 95% CI"):
        table.add_column(col, justify="right" if col not in ("seat/bot",) else "left")
    for label, group in [(f"seat {s}", g) for s, g in rep["per_seat"].items()] + \
                        [(f"bot {b}", g) for b, g in rep["per_bot"].items()]:
        lo, hi = group["win_rate_ci95"]
        vp = group["vp"]
        table.add_row(label, str(group["games"]), f"{group['win_rate']:.1%}", f"{lo:.1%}-{hi:.1%}",
                      f"{vp['mean']:.2f}", f"{vp['low']:.2f}-{vp['high']:.2f}")
    console.print(table)
    if rep.get("per_civilization"):
        word = game_registry.find(rep["settings"].get("game") or game_registry.default_game()).seat_label_word
        civ = Table(title=f"win rate per {word}", title_justify="left")
        for col in (word, "games", "win rate", "95% CI"):
            civ.add_column(col, justify="left" if col == word else "right")
        for name, g in rep["per_civilization"].items():
            lo, hi = g["win_rate_ci95"]
            civ.add_row(Text(str(name)), str(g["games"]), f"{g['win_rate']:.1%}", f"{lo:.1%}-{hi:.1%}")
        console.print(civ)
    console.print(f"mean length: {rep['game_length_actions']['mean']:.0f} decisions, "
                  f"{rep['rounds']['mean']:.2f} rounds")
    counts = [f"{rep[f'{k}_per_game']['mean']:.2f} {k}" for k in ("battles", "events", "trades")
              if f"{k}_per_game" in rep]
    if counts:
        console.print("per game: " + ", ".join(counts))
    console.print(bots_line(rep["settings"]), highlight=False)
    if "never_used" in rep:
        settings = rep["settings"]
        console.print(coverage_line(rep["never_used"], catalog(settings["packs"], settings["variants"],
                                                               settings.get("game"))), highlight=False)




def custom_lines(rep: dict, custom: list[str], width: int) -> list[str]:
    """The custom measures of a simulation (custom_measures.py): in all and per seat, each a mean a game with
    its 95% interval."""
    out: list[str] = []
    means = rep.get("measures") or {}
    for c in custom_of(custom):
        total = means.get(f"{c.name}_total")
        if total is None:
            continue
        seats = sorted((k for k in means if k.startswith(f"{c.name}[")), key=lambda k: int(k[len(c.name) + 1:-1]))
        per = ", ".join(f"seat {k[len(c.name) + 1:-1]} {means[k]['mean']:.2f}" for k in seats)
        out += wrap(f"{c.name} ({c.label}): {total['mean']:.2f} [{total['low']:.2f}, {total['high']:.2f}] a game in "
                    f"all; {per}", width, "  ")
    return out
