"""`rulewright sweep`: the command (its options, one call, the printing); what it runs is sweeping.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ..common import options
from ..common.clikit import invocation
from ..common.errors import output_folder
from .comparison import run_compare
from .fit_table import terminal_width
from .reports import sweep_html
from .setups import (
    chosen_measures,
    columns,
    common_settings,
    folder,
    measures_of,
    resolve,
)
from .sweeping import base_value, parse_sweep, sweep_lines, sweep_result, write_sweep


def sweep(
    spec: Annotated[str, typer.Argument(metavar="PATH=V1,V2,...", help="a rules-data path and its values, e.g. "
                                        "params.grow_cost.food=0,1,2 or params.rounds=4,5,6")],
    games: Annotated[int, options.games("games per value", least=2)] = 100,
    players: Annotated[int, options.players()] = 3,
    seed: Annotated[int, options.seed("run seed; game i uses seed*100003+i for every value")] = 1,
    bots: Annotated[str, options.bots("bot per seat, cycled: greedy, search:50, greedy,search:50")]
    = "greedy",
    game: Annotated[str, options.game("the game (default: clash; e.g. wonders7, civ_board)")] = "",
    pack: Annotated[list[str] | None, options.packs("content pack under every value")] = None,
    variant: Annotated[list[str] | None, options.variants("variant under every value")] = None,
    workers: Annotated[int, options.workers(None)] = 1,
    backend: Annotated[str, options.backend("local or ray")] = "local",
    ray_address: Annotated[str | None, typer.Option("--ray-address", help="an existing Ray cluster")] = None,
    width: Annotated[int, typer.Option("--width", min=0, help="table width; 0: the terminal's")] = 0,
    out: Annotated[Path, typer.Option("--out", "-o", callback=output_folder)] = Path("out/sweep"),
    quiet: Annotated[bool, options.quiet("no progress bar")] = False,
    allow_noop: Annotated[bool, options.allow_noop("play a --variant that changes nothing")] = False,
    measure: Annotated[list[str] | None, options.measures()] = None,
    report: Annotated[Path | None, options.report()] = None,
) -> None:
    """Play one rules value at several settings on the same seeds: every measure against the value, with intervals."""
    path, values = parse_sweep(spec)
    game_id, kinds = resolve.setup(game, players, bots, backend)
    under = "+".join([*(f"pack:{p}" for p in pack or []), *(variant or [])])
    names = [f"{under}+{path}={v}" if under else f"{path}={v}" for v in values]
    common = common_settings(game_id, players, seed, kinds)
    chosen = chosen_measures(game_id, common, list(measure or []), names[0])
    out.mkdir(parents=True, exist_ok=True)
    run = {"workers": workers, "backend": backend, "ray_address": ray_address, "progress": not quiet}
    compared = run_compare(names, game_id, common, out, games, run, chosen=chosen, allow_noop=allow_noop,
                           settings_may_be_noop=True)
    records = []
    for s in compared["setups"]:
        rows = (folder(out, s["label"], s["name"]) / "games.jsonl").read_text().splitlines()
        records.append(sorted((json.loads(x) for x in rows if x.strip()), key=lambda r: r["game"]))
    result = sweep_result(compared, path, values, columns(records, measures_of(game_id, common.get("custom"))),
                          base_value(game_id, under, path), chosen)
    write_sweep(result, out)
    for line in sweep_lines(result, width or terminal_width()):
        typer.echo(line)
    typer.echo(f"wrote {out / 'sweep.csv'}, {out / 'sweep.json'} and {out / 'sweep.png'}")
    if report is not None:
        typer.echo(f"wrote {sweep_html(result, invocation(), out / 'sweep.png', report)}")


def register(app: typer.Typer) -> None:
    app.command("sweep")(sweep)
