"""`rulewright replay`: a saved game replayed to its end (or to action N), told or written as a viewer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from ...api import load_game, summary
from ...engine.decision import IllegalAction
from ..common.errors import fail, output_file
from ..common.inputs import read_json
from .account import print_game
from .replay_html import write_viewer


def replay(
    file: Annotated[Path, typer.Argument(help="a game saved with `play --save`")],
    as_json: Annotated[bool, typer.Option("--json", help="print the result as JSON")] = False,
    upto: Annotated[int | None, typer.Option("--upto", min=0, help="replay only the first N actions")] = None,
    html: Annotated[Path | None, typer.Option("--html", callback=output_file, help="write the step-by-step viewer (one HTML file) "
                                                                "instead of printing the account")] = None,
    as_player: Annotated[str | None, typer.Option("--as", help="with --html: only what this player sees "
                                                                  "(seat 0.. or name)")] = None,
) -> None:
    """Replay a saved game to the same end (or to action N) and print it, or write it as an HTML viewer."""
    if as_player is not None and html is None:
        fail("--as goes with --html", 2)
    try:
        data = read_json(file, "save")
        game = load_game(data, upto)
    except (OSError, json.JSONDecodeError, IllegalAction, KeyError, ValueError, TypeError) as err:
        fail(f"cannot replay {file}: {err}", 1)
    for note in game.notes:
        typer.echo(f"note: {note}", err=True)
    if html is not None:
        try:
            typer.echo(write_viewer(game.save(), html, as_player), err=as_json)
        except ValueError as err:
            fail(f"{err}", 2)
        if not as_json:
            return
    if as_json:
        out = summary(game) if game.over else {"actions": len(game.actions),
                                               "pending": game.pending.to_json() if game.pending else None}
        typer.echo(json.dumps(out, sort_keys=True))
    elif game.over:
        print_game(game, Console())
    else:
        console = Console()
        for line in game.log:
            console.print(Text(line), highlight=False)
        console.print(Text(f"Waiting for: {game.pending.prompt}", style="bold"),
                      Text(f"options: {', '.join(game.pending.options)}"))


def register(app: typer.Typer) -> None:
    app.command("replay")(replay)
