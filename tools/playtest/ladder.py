"""`rulewright ladder`: the command (its options, one call, the printing); what it runs is ladder_run.py,
how it rates is ratings.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ..common import options, resolve
from . import ladder_run
from .ratings import fit


def ladder(
    game: Annotated[str, options.game()] = "",
    bots: Annotated[str, options.bots("the bots, comma separated (default: random, first, greedy, learned, "
                                      "search:4, search:16, ismcts:16; those a game cannot seat are left out)")] = "",
    games: Annotated[int, options.games("games per pair of bots that do not search (whole blocks: each bot "
                                        "alone in every seat)", least=1)] = 200,
    search_games: Annotated[int, typer.Option("--search-games", min=1,
                                              help="games per pair with a searching bot")] = 20,
    players: Annotated[int | None, options.players("players (default: 2; 7 Wonders 3)")] = None,
    seed: Annotated[int, options.seed()] = 1,
    pack: Annotated[list[str] | None, options.packs()] = None,
    workers: Annotated[int, options.workers()] = 1,
    reference: Annotated[str, typer.Option("--reference", help="the bot rated 0")] = "greedy",
    log: Annotated[Path | None, typer.Option("--log", help="one JSON line a game; a rerun skips the games in it")]
    = None,
    out: Annotated[Path | None, typer.Option("--out", help="merge the ladder into this JSON list "
                                             "(benchmarks/bots.json)")] = None,
    log_only: Annotated[bool, typer.Option("--log-only", help="rate the games already in --log and play no "
                                           "more (a long run stopped early; pairs may have fewer games)")] = False,
    quiet: Annotated[bool, options.quiet()] = False,
) -> None:
    """Rate bots against each other: paired games between every two, Bradley-Terry ratings with 95% intervals
    on the Elo scale (200 points: about 76% ahead; the reference bot at 0). Each pair plays the same seeds;
    in each game one bot is alone against the other in the remaining seats, every seat in turn, and then the
    other way round."""
    game_id = resolve.game(game)
    count = resolve.players(game_id, players or (3 if game_id == "wonders7" else 2))
    names = _seatable(bots, game_id)
    if reference not in names:
        raise typer.BadParameter(f"the reference bot {reference!r} is not among the bots ({', '.join(names)})")
    packs = resolve.packs(pack)
    tasks = ladder_run.schedule(names, count, games, search_games, seed, game_id, packs)
    if log_only:
        if log is None or not log.exists():
            raise typer.BadParameter("--log-only needs the --log file of an earlier run")
        tasks = [t for t in tasks if t["id"] in ladder_run.logged_ids(log)]
    with Progress(TextColumn("[bold]ladder[/]"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), disable=quiet) as bar:
        job = bar.add_task("games", total=len(tasks))
        records = ladder_run.run(tasks, workers, log, progress=lambda: bar.update(job, advance=1))
    result = summarise(records, names, game_id, count, seed, reference, games, search_games, packs)
    if log_only:
        result["log_only"] = True  # the games of a run stopped early: each pair's count is in "pairs"
    for line in table(result):
        typer.echo(line)
    if out:
        merge(out, result)
        typer.echo(f"wrote {out}")


def table(result: dict) -> list[str]:
    """The ladder as text within 80 columns: the ratings, then per pair how often the first bot finished
    ahead and each bot's rate of first places when alone against the other."""
    ref = result["reference"]
    lines = [f"{result['game']}, {result['players']} players: Elo scale, {ref} 0, 95% intervals",
             f"{'bot':>12} {'rating':>8} {'interval':>15} {'ms/decision':>12}"]
    for bot, r in sorted(result["ratings"].items(), key=lambda kv: -kv[1]["elo"]):
        span = f"[{r['low']:.0f}, {r['high']:.0f}]"
        lines.append(f"{bot:>12} {r['elo']:8.0f} {span:>15} {result['decision_ms'].get(bot, 0):12.2f}")
    lines.append("pairs: a ahead of b; first place when alone against the other")
    lines.append(f"{'a':>12}  {'b':<12} {'games':>6} {'a ahead':>8} {'a first':>8} {'b first':>8}")
    for row in result["pairs"]:
        fa, fb = row["first_place"][row["a"]], row["first_place"][row["b"]]
        lines.append(f"{row['a']:>12}  {row['b']:<12} {row['games']:6d} {row['a_ahead']:8.1%} "
                     f"{fa['rate']:8.1%} {fb['rate']:8.1%}")
    return lines


def _seatable(text: str, game_id: str) -> list[str]:
    """The bots asked for (or the default list), checked; from the default list those the game cannot seat
    (no learned policy for it yet, say) are left out, an explicitly named one is an error."""
    if text:
        return resolve.bots(text, game_id)
    from ...engine.bots import bot_error

    return [k for k in ladder_run.DEFAULT_BOTS if bot_error(k, game_id) is None]


def summarise(records: list[dict], names: list[str], game_id: str, players: int, seed: int, reference: str,
              games: int, search_games: int, packs: list[str]) -> dict:
    """The ladder as a bots.json row: ratings, the pair table, CPU per decision and how it was run."""
    comps = [c for r in records for c in ladder_run.comparisons(r)]
    return {"study": "ladder", "game": game_id, "players": players, "seed": seed, "packs": packs,
            "bots": names, "reference": reference, "games_per_pair": games, "search_games_per_pair": search_games,
            "games": len(records), "ratings": fit(names, comps, reference),
            "decision_ms": ladder_run.decision_ms(records, names), "pairs": ladder_run.pair_table(records, names),
            "measure": "Bradley-Terry on who finished ahead (Elo scale, 95% Laplace intervals, reference 0)"}


def merge(path: Path, result: dict) -> None:
    """Replace the ladder row of the same game and player count (or add it) in a JSON list file."""
    rows = json.loads(path.read_text()) if path.exists() else []
    rows = [r for r in rows if not (r.get("study") == "ladder" and r.get("game") == result["game"]
                                    and r.get("players") == result["players"])]
    rows.append(result)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(rows, indent=2) + "\n")


def register(app: typer.Typer) -> None:
    app.command("ladder")(ladder)
