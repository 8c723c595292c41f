"""`rulewright play`: a whole game by bots, told round by round; `--human` takes a seat in the terminal."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console

from ...engine import games
from ...engine.bots import bot_error, bots_for
from ...engine.decision import IllegalAction
from ..common.clikit import check_game
from ..common.errors import output_file
from .account import play_game, print_game, summary
from .human import play_human, start
from .replay_html import write_viewer


def play(players: int = typer.Option(3, "--players", "-n", min=1, max=8, help="players (Clash: 2 to 4; 7 Wonders: 3 to 7)"),
         seed: int = typer.Option(1, "--seed", "-s", help="random seed: same seed, same game"),
         bots: str = typer.Option("greedy", "--bots", help="bot per seat, comma separated (random, greedy)"),
         pack: list[str] = typer.Option(["base"], "--pack", help="content packs to play with"),
         variant: list[str] = typer.Option([], "--variant", help="rule variant: an id (rulewright list variants) or a variant file's path; repeatable"),
         as_json: bool = typer.Option(False, "--json", help="print one JSON object instead of the account"),
         save: Path | None = typer.Option(None, "--save", callback=output_file, help="write the game (set-up + actions) to this file"),
         html: Path | None = typer.Option(None, "--html", callback=output_file, help="also write the replay viewer (one HTML file)"),
         as_player: int | None = typer.Option(None, "--as", help="with --json: add the final `view` of this "
                                              "player (seat 0, 1, ...): what that player may see"),
         human: list[str] = typer.Option([], "--human", help="a seat played by you (0, 1, ...; repeatable), "
                                         "or 'all' for hot-seat: you are asked each decision as a menu"),
         resume: Path | None = typer.Option(None, "--resume", help="continue a game saved by a --human game"),
         game_name: str = typer.Option("", "--game", "-g", help="the game to play (default: clash; e.g. wonders7)"),
         ) -> None:
    """Play a complete game (Clash of Cultures unless --game) with bots and tell it round by round; --human to take a seat."""
    game_id = check_game(game_name)
    lo, hi = games.find(game_id).extras.get("players", (2, 4))
    if not lo <= players <= hi:
        typer.echo(f"error: {game_id} is for {lo} to {hi} players, not {players}", err=True)
        raise typer.Exit(2)
    if (human or resume is not None) and not games.find(game_id).extras.get("seats", True):
        typer.echo(f"error: {game_id} has no terminal seats yet: play it with bots", err=True)
        raise typer.Exit(2)
    if human or resume is not None:
        if as_json or as_player is not None:
            typer.echo("error: --json and --as are for bot games; a game with --human is told as it goes", err=True)
            raise typer.Exit(2)
        kinds = [b.strip() for b in bots.split(",") if b.strip()] or ["greedy"]
        game = play_human(start(players, seed, kinds, list(pack), list(variant), list(human), resume, game_id),
                          save or resume)
        if html:
            typer.echo(write_viewer(game.save(), html), err=True)
        return
    if as_player is not None and not 0 <= as_player < players:
        typer.echo(f"error: --as takes a seat from 0 to {players - 1}, not {as_player}", err=True)
        raise typer.Exit(2)
    kinds = [b.strip() for b in bots.split(",") if b.strip()]
    unknown = [b for b in kinds if bot_error(b, game_id)]
    if unknown or not kinds:
        why = "; ".join(bot_error(b, game_id) or "" for b in unknown) or "no bot named"
        typer.echo(f"unknown bot(s): {', '.join(unknown) or '(none)'} ({why}); known: {', '.join(sorted(bots_for(game_id)))}",
                   err=True)
        raise typer.Exit(2)
    try:
        game = play_game(players, seed, kinds, list(pack), list(variant), game_id)
    except (ValueError, IllegalAction) as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    if save:
        save.write_text(json.dumps(game.save(), indent=1))
    if html:
        typer.echo(write_viewer(game.save(), html), err=True)
    if as_json:
        out = summary(game)
        if as_player is not None:  # a per-seat output: never the seed (docs/hidden-information.md)
            out.pop("seed", None)
            out["view"] = game.view(as_player)
        typer.echo(json.dumps(out, sort_keys=True))
    else:
        print_game(game, Console())


def register(app: typer.Typer) -> None:
    app.command("play")(play)
