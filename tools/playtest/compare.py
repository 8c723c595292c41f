"""`rulewright compare`: the command (its options, one call, the printing); what it runs is comparison.py."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..common import options
from ..common.clikit import invocation
from ..common.errors import fail, output_folder
from .comparison import run_compare, table_lines, write_outputs
from .families import compare_across, compare_lines
from .fit_table import terminal_width
from .reports import compare_html
from .setups import (
    chosen_measures,
    common_settings,
    resolve,
)


def compare(
    setups: Annotated[list[str], typer.Argument(help="set-ups, the baseline first: base, a variant, pack:ID or "
                                                     "pack:FOLDER, a setting PATH=VALUE, seed:N; joined with +")],
    games: Annotated[int, options.games("games per set-up (per batch with "
                                                                    "--until-decided)", least=2)] = 100,
    players: Annotated[int, options.players()] = 3,
    seed: Annotated[int, options.seed("run seed; game i uses seed*100003+i in every set-up")] = 1,
    bots: Annotated[list[str] | None, options.bot_families("bot per seat, cycled: greedy, search:50, greedy,search:50; "
                                                           "repeat --bots for verdicts across bot families")] = None,
    game: Annotated[str, options.game("the game (default: clash; e.g. wonders7, civ_board)")] = "",
    until_decided: Annotated[bool, typer.Option("--until-decided", help="play batches of --games until every "
                                                "chosen measure is decided or --max-games")] = False,
    max_games: Annotated[int, typer.Option("--max-games", min=2, help="cap for --until-decided")] = 2000,
    measure: Annotated[list[str] | None, options.measures("measure to decide (repeatable; vp means every seat's "
                                                          "vp), or a count of hook firings: 'NAME=HOOK when "
                                                          "CONDITION'; default: the game's own, all")] = None,
    workers: Annotated[int, options.workers(None)] = 1,
    backend: Annotated[str, options.backend("local or ray")] = "local",
    ray_address: Annotated[str | None, typer.Option("--ray-address", help="an existing Ray cluster")] = None,
    width: Annotated[int, typer.Option("--width", min=0, help="table width; 0: the terminal's")] = 0,
    out: Annotated[Path, typer.Option("--out", "-o", callback=output_folder)] = Path("out/compare"),
    quiet: Annotated[bool, options.quiet("no progress bar")] = False,
    allow_noop: Annotated[bool, options.allow_noop()] = False,
    report: Annotated[Path | None, options.report()] = None,
) -> None:
    """Compare rule set-ups over the same seeds: paired differences of every measure, with intervals, decided."""
    if len(setups) < 2:
        fail("compare needs at least two set-ups", 2, "e.g. `rulewright compare base four_round`")
    texts = list(bots or ["greedy"])
    game_id, kinds = resolve.setup(game, players, texts[0], backend)
    families = resolve.families(texts, game_id)
    common = common_settings(game_id, players, seed, kinds)
    chosen = chosen_measures(game_id, common, list(measure or []), setups[0])
    run = {"workers": workers, "backend": backend, "ray_address": ray_address, "progress": not quiet}
    out.mkdir(parents=True, exist_ok=True)
    if len(families) > 1:
        def one_family(k: list[str], folder: Path) -> dict:
            result = run_compare(list(setups), game_id, {**common, "bots": k}, folder, games, run, until_decided,
                                 max(max_games, games), chosen, allow_noop)
            write_outputs(result, folder)
            return result

        for line in compare_lines(compare_across(one_family, families, out), width or terminal_width()):
            typer.echo(line)
        typer.echo(f"wrote {out / 'compare_families.json'} and each family's compare.csv, .json and .png")
        return
    result = run_compare(list(setups), game_id, common, out, games, run, until_decided, max(max_games, games),
                         chosen, allow_noop)
    write_outputs(result, out)
    for line in table_lines(result, width or terminal_width()):
        typer.echo(line)
    if until_decided and not result["all_decided"]:
        typer.echo(f"not every measure decided within {result['games']} games (--max-games)")
    typer.echo(f"wrote {out / 'compare.csv'}, {out / 'compare.json'} and {out / 'compare.png'}")
    if report is not None:
        typer.echo(f"wrote {compare_html(result, invocation(), out / 'compare.png', report)}")


def register(app: typer.Typer) -> None:
    app.command("compare")(compare)
