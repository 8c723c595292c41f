"""`rulewright play`: a whole game by bots, told round by round; `--human` takes a seat in the terminal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ...api import play_game, summary
from ...engine import games
from ...engine.decision import IllegalAction
from ..common import options, resolve
from ..common.errors import fail, output_file
from ..common.variant_guard import check_variants, notice_lines
from .account import print_game
from .human import play_human, start
from .replay_html import write_viewer


def play(players: Annotated[int, options.players("players (Clash: 2 to 4; 7 Wonders: 3 to 7; civ_board: 2 to 4)")] = 3,
         seed: Annotated[int, options.seed("random seed: same seed, same game")] = 1,
         bots: Annotated[str, options.bots("bot per seat, comma separated (random, greedy, search:N)")] = "greedy",
         pack: Annotated[list[str], options.packs("content packs to play with")] = ["base"],  # noqa: B006 - Typer copies it
         variant: Annotated[list[str], options.variants(
             "rule variant: an id (rulewright list variants) or a variant file's path; repeatable")] = [],  # noqa: B006
         as_json: Annotated[bool, typer.Option("--json", help="print one JSON object instead of the account")] = False,
         save: Annotated[Path | None, typer.Option("--save", callback=output_file,
                                                   help="write the game (set-up + actions) to this file")] = None,
         html: Annotated[Path | None, typer.Option("--html", callback=output_file,
                                                   help="also write the replay viewer (one HTML file)")] = None,
         as_player: Annotated[int | None, typer.Option("--as", help="with --json: add the final `view` of this "
                                                       "player (seat 0, 1, ...): what that player may see")] = None,
         human: Annotated[list[str], typer.Option("--human", help="a seat played by you (0, 1, ...; repeatable), "
                                                  "or 'all' for hot-seat: you are asked each decision as a menu")]
         = [],  # noqa: B006
         resume: Annotated[Path | None, typer.Option("--resume", help="continue a game saved by a --human game")] = None,
         game_name: Annotated[str, options.game("the game to play (default: clash; e.g. wonders7, civ_board)", short=True)] = "",
         allow_noop: Annotated[bool, options.allow_noop()] = False,
         ) -> None:
    """Play a complete game (Clash of Cultures unless --game) with bots and tell it round by round; --human to take a seat."""
    game_id = resolve.game(game_name)
    resolve.players(game_id, players)
    found = check_variants(game_id, list(pack), list(variant), allow_noop) if resume is None else []
    notices = notice_lines(found)
    if human or resume is not None:
        if not games.find(game_id).terminal_seats:
            fail(f"{game_id} has no terminal seats yet: play it with bots", 2)
        if as_json or as_player is not None:
            fail("--json and --as are for bot games; a game with --human is told as it goes", 2)
        for line in notices:
            typer.echo(line)
        game = play_human(start(players, seed, resolve.bot_names(bots, ["greedy"]), list(pack), list(variant),
                                list(human), resume, game_id), save or resume)
        if html:
            typer.echo(write_viewer(game.save(), html), err=True)
        return
    if as_player is not None and not 0 <= as_player < players:
        fail(f"--as takes a seat from 0 to {players - 1}, not {as_player}", 2)
    kinds = resolve.bots(bots, game_id)
    try:
        game = play_game(players, seed, kinds, list(pack), list(variant), game_id)
    except (ValueError, IllegalAction) as err:
        fail(str(err), 2)
    if save:
        save.write_text(json.dumps(game.save(), indent=1))
    if html:
        typer.echo(write_viewer(game.save(), html), err=True)
    if as_json:
        out = summary(game)
        if found:
            out["variants"] = found
        if as_player is not None:  # a per-seat output: never the seed (docs/hidden-information.md)
            out.pop("seed", None)
            out["view"] = game.view(as_player)
        typer.echo(json.dumps(out, sort_keys=True))
    else:
        for line in notices:
            typer.echo(line)
        print_game(game, Console())


def register(app: typer.Typer) -> None:
    app.command("play")(play)
