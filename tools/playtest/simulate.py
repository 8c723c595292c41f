"""`rulewright simulate`: the command (its options, one call, the printing); what it runs is simulation.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ...engine import games as game_registry
from ..common import options, resolve
from ..common.errors import output_folder
from ..common.variant_guard import check_variants, notice_lines
from ..seat.replay_html import write_interesting_viewers
from .fit_table import terminal_width
from .setups import chosen_measures
from .simulation import custom_lines, print_summary, simulate_run


def simulate(
    games_count: Annotated[int, options.games("number of games")] = 100,
    players: Annotated[int, options.players("players (the game says how many it allows)")] = 3,
    seed: Annotated[int, options.seed("run seed; game i uses seed*100003+i")] = 1,
    out: Annotated[Path, typer.Option("--out", "-o", help="output folder", callback=output_folder)] = Path("out/simulation"),
    bots: Annotated[str, options.bots("bot per seat, comma separated (cycled)")] = "greedy",
    variant: Annotated[list[str] | None, options.variants("rule variant: an id or a variant file's path (repeatable)")] = None,
    pack: Annotated[list[str] | None, options.packs("content pack (repeatable)")] = None,
    workers: Annotated[int, options.workers("parallel processes")] = 1,
    backend: Annotated[str, options.backend("local or ray")] = "local",
    ray_address: Annotated[str | None, typer.Option("--ray-address", help="an existing Ray cluster")] = None,
    resume: Annotated[bool, typer.Option("--resume", help="go on with an interrupted run in --out")] = False,
    quiet: Annotated[bool, options.quiet("no progress bar")] = False,
    viewers: Annotated[bool, typer.Option("--viewers/--no-viewers",
                                          help="write HTML viewers of the shortest, the longest and one won "
                                               "game per seat")] = True,
    game: Annotated[str, options.game("the game to simulate (default: clash; e.g. wonders7, civ_board)")] = "",
    allow_noop: Annotated[bool, options.allow_noop()] = False,
    measure: Annotated[list[str] | None, options.measures("a count of hook firings 'NAME=HOOK when CONDITION', "
                                                          "reported per seat and in all (repeatable)")] = None,
) -> None:
    """Play many bot games and report win rates (with 95% intervals), VP, advances and cards, with plots."""

    game_id, kinds = resolve.setup(game, players, bots, backend)
    packs = resolve.packs(pack)
    settings = {"games": games_count, "players": players, "seed": seed, "bots": kinds, "packs": packs,
                "variants": list(variant or [])}
    if game_id != game_registry.default_game():
        settings["game"] = game_id
    resolve.rules(game_id, packs, settings["variants"])  # fail fast on unknown packs or variants
    found = check_variants(game_id, packs, settings["variants"], allow_noop)
    if measure:
        common: dict = {}
        chosen_measures(game_id, common, list(measure), "+".join([*(f"pack:{p}" for p in packs), *settings["variants"]]))
        if common.get("custom"):
            settings["custom"] = common["custom"]
    for line in notice_lines(found, terminal_width()):
        typer.echo(line)
    rep = simulate_run(settings, out, workers, backend, ray_address, resume, progress=not quiet, variants=found)
    print_summary(rep, Console())
    for line in custom_lines(rep, settings.get("custom") or [], terminal_width()):
        typer.echo(line)
    typer.echo(f"wrote {out / 'report.json'}, {out / 'games.csv'} and plots in {out}")
    if viewers:
        records = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines() if line.strip()]
        files = write_interesting_viewers(records, settings, out)
        typer.echo(f"wrote {len(files)} game viewers in {out} (see {out / 'viewers.json'})")


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)
