"""`rulewright render SAVE`: a saved game's board and panels as SVG (or PNG), at the end or after N actions."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from ...api import load_game
from ...engine.decision import IllegalAction
from ...engine.machine import validate_save
from ..common.errors import output_file
from ..common.inputs import load_save
from .game import parse_viewer, render_game, svg_to_png


def render(file: Path = typer.Argument(..., help="a game saved with `play --save`"),
           step: int | None = typer.Option(None, "--step", min=0, help="draw the game after N actions (default: the end)"),
           as_player: str | None = typer.Option(None, "--as", help="draw what this player sees: seat 0.. or name"),
           out: Path | None = typer.Option(None, "--out", "-o", callback=output_file,
                                           help="FILE.svg (or FILE.png with the png extra); default SAVE.svg"),
           ) -> None:
    """Draw a saved game's board and player panels (at the end, or after N actions) as SVG."""
    try:
        data = load_save(file)
        total = len(validate_save(data)["actions"])
        if step is not None and not 0 <= step <= total:
            typer.echo(f"error: --step must be between 0 and {total} for {file}", err=True)
            raise typer.Exit(2)
        game = load_game(data, step)
    except (OSError, json.JSONDecodeError, IllegalAction, KeyError, ValueError, TypeError) as err:
        typer.echo(f"error: cannot replay {file}: {err}", err=True)
        raise typer.Exit(1) from None
    try:
        viewer = parse_viewer(as_player, [p["name"] for p in game.state["players"]])
    except ValueError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    target = out or file.with_suffix(".svg")
    text = render_game(game, viewer, total)
    if target.suffix.lower() == ".png":
        try:
            target.write_bytes(svg_to_png(text))
        except RuntimeError as err:
            typer.echo(f"error: {err}", err=True)
            raise typer.Exit(2) from None
    else:
        target.write_text(text, encoding="utf-8")
    typer.echo(f"wrote {target} (step {len(game.actions)} of {total})")


def register(app: typer.Typer) -> None:
    app.command("render")(render)

