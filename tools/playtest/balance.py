"""`rulewright balance`: the command (its options, one call, the printing); what it runs is balancing.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ...engine import games as game_registry
from ..common import options, resolve
from ..common.errors import fail, output_folder
from .balancing import print_balance, run_balance
from .comparison import terminal_width
from .families import balance_across, restricted_across
from .families import balance_lines as balance_family_lines
from .families import restricted_lines as restricted_family_lines
from .restricted_run import print_restricted, run_restricted


def balance(
    game: Annotated[str, options.game("the game (default: clash; e.g. wonders7, civ_board)")] = "",
    players: Annotated[int, options.players("players")] = 3,
    games_count: Annotated[int, options.games("games (restricted play: seeds)")] = 100,
    seed: Annotated[int, options.seed("run seed; game i uses seed*100003+i")] = 1,
    bots: Annotated[list[str] | None, options.bot_families("bot per seat, comma separated (cycled), e.g. greedy or "
                                                           "search:4; repeat --bots for seat balance (or worth) "
                                                           "per bot family")] = None,
    workers: Annotated[int, options.workers("parallel processes")] = 1,
    pack: Annotated[list[str] | None, options.packs("content pack (repeatable)")] = None,
    variant: Annotated[list[str] | None, options.variants("rule variant (repeatable)")] = None,
    restrict: Annotated[str | None, typer.Option("--restrict", help="restricted play: an advance, wonder, card, "
                                                 "civilisation or board id the forbidden bot may not take")] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="write balance.json and games.jsonl here",
                                                        callback=output_folder)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the report as JSON")] = False,
) -> None:
    """Is the game good? Seat win rates and a test of equality, first-player advantage, win rate per
    civilisation or wonder board, decisiveness, lead changes, drama, duration, branching factor; with
    --restrict ID, the worth of ID by restricted play."""
    texts = list(bots or ["greedy"])
    game_id, kinds = resolve.setup(game, players, texts[0])  # the game, its player range and the bots
    families = resolve.families(texts, game_id)
    module = game_registry.find(game_id)
    packs = list(pack or module.default_packs)
    for p in module.default_packs:
        if p not in packs:
            packs.insert(0, p)
    settings = {"game": game_id, "games": games_count, "players": players, "seed": seed, "bots": kinds,
                "packs": packs, "variants": list(variant or [])}
    try:
        defn = module.definition(packs, settings["variants"])  # fail fast on unknown packs or variants
    except Exception as err:
        fail(str(err), 2)
    if restrict is not None and restrict not in defn.content.entries:
        fail(f"--restrict {restrict!r}: no such id in {game_id} with packs {', '.join(packs)}", 2)
    if len(families) > 1:
        across_families(settings, families, restrict, workers, out, as_json)
        return
    if restrict is not None:
        rep = run_restricted(settings, restrict, workers, out)
        typer.echo(json.dumps(rep, sort_keys=True)) if as_json else print_restricted(rep, Console(soft_wrap=True))
        return
    rep = run_balance(settings, workers, out)
    if as_json:
        typer.echo(json.dumps(rep, sort_keys=True))
    else:
        print_balance(rep, Console(soft_wrap=True))
        if out is not None:
            typer.echo(f"wrote {out / 'balance.json'} and {out / 'games.jsonl'}")


def across_families(settings: dict, families: list[list[str]], restrict: str | None, workers: int, out: Path | None,
                    as_json: bool) -> None:
    """balance (or restricted play) once per bot family, the verdicts side by side (families.py)."""
    width = terminal_width()
    if restrict is not None:
        across = restricted_across(lambda k, folder: run_restricted({**settings, "bots": k}, restrict, workers, folder),
                                   families, out)
        lines = restricted_family_lines(across, width)
    else:
        across = balance_across(lambda k, folder: run_balance({**settings, "bots": k}, workers, folder), families, out)
        lines = balance_family_lines(across, width)
    if as_json:
        typer.echo(json.dumps(across, sort_keys=True))
        return
    for line in lines:
        typer.echo(line)
    if out is not None:
        typer.echo(f"wrote {out}/*_families.json and each family's report in its folder")


def register(app: typer.Typer) -> None:
    app.command("balance")(balance)
