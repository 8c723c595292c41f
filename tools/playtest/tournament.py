"""`rulewright tournament`: the command (its options, one call, the printing); what it runs is matches.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ...engine import games as game_registry
from ..common import options, resolve
from ..common.variant_guard import check_variants, notice_lines
from .fit_table import terminal_width
from .matches import merge_result, run_tournament


def tournament(
    bots: Annotated[str, options.bots("two bots, the measured one first: search:16,greedy")]
    = "search,greedy",
    games: Annotated[int, options.games("games (pairs with seats swapped)", least=2)] = 100,
    seed: Annotated[int, options.seed()] = 1,
    pack: Annotated[list[str] | None, options.packs("content pack (repeatable)")] = None,
    workers: Annotated[int, options.workers(None)] = 1,
    out: Annotated[Path | None, typer.Option("--out", help="merge the result into this JSON list")] = None,
    quiet: Annotated[bool, options.quiet("no progress bar")] = False,
    backend: Annotated[str, options.backend("local or ray")] = "local",
    ray_address: Annotated[str | None, typer.Option("--ray-address", help="an existing Ray cluster")] = None,
    game: Annotated[str, options.game()] = "",
    variant: Annotated[list[str] | None, options.variants()] = None,
    allow_noop: Annotated[bool, options.allow_noop()] = False,
) -> None:
    """Play one bot against another in seeded 2-player games, seats alternating: win rate and time per decision.

    The first bot is the one measured: its win rate with a 95% interval and its time per decision."""

    game_id = resolve.game(game)
    resolve.players(game_id, 2)
    kinds = resolve.bots(bots, game_id, exactly=2)
    packs = resolve.packs(pack)
    variants = list(variant or [])
    resolve.rules(game_id, packs, variants)
    found = check_variants(game_id, packs, variants, allow_noop)
    for line in notice_lines(found, terminal_width()):
        typer.echo(line)
    result = run_tournament(kinds[0], kinds[1], games, seed, packs, workers, progress=not quiet,
                            backend=resolve.backend(backend), ray_address=ray_address,
                            game_id=None if game_id == game_registry.default_game() else game_id,
                            variants=variants)
    if found:
        result["variants"] = found
    lo, hi = result["win_rate_ci95"]
    typer.echo(f"{kinds[0]} vs {kinds[1]}: {result['games']} games, win rate {result['win_rate']:.1%} "
               f"(95% CI {lo:.1%}-{hi:.1%}), {result['decision_ms_p50']} ms per decision (p50)"
               + (f", {result['searched_decision_ms_p50']} ms per searched decision (p50)"
                  if "searched_decision_ms_p50" in result else ""))
    if out:
        merge_result(out, result)
        typer.echo(f"wrote {out}")
    typer.echo(json.dumps(result, sort_keys=True))


def register(app: typer.Typer) -> None:
    app.command("tournament")(tournament)
