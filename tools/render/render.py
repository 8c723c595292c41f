"""`rulewright render SAVE`: a saved game's board and panels as SVG (or PNG), at the end or after N actions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ...api import load_game
from ...engine.decision import IllegalAction
from ...engine.machine import validate_save
from ..common.errors import fail, output_file
from ..common.inputs import load_save
from .game import parse_viewer, render_game, svg_to_png


def render(
    file: Annotated[Path, typer.Argument(help="a game saved with `play --save`")],
    step: Annotated[int | None, typer.Option("--step", min=0, help="draw the game after N actions (default: the end)")] = None,
    as_player: Annotated[str | None, typer.Option("--as", help="draw what this player sees: seat 0.. or name")] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", callback=output_file, help="FILE.svg (or FILE.png with the png extra); default SAVE.svg")] = None,
) -> None:
    """Draw a saved game's board and player panels (at the end, or after N actions) as SVG."""
    try:
        data = load_save(file)
        total = len(validate_save(data)["actions"])
        if step is not None and not 0 <= step <= total:
            fail(f"--step must be between 0 and {total} for {file}", 2)
        game = load_game(data, step)
    except (OSError, json.JSONDecodeError, IllegalAction, KeyError, ValueError, TypeError) as err:
        fail(f"cannot replay {file}: {err}", 1)
    try:
        viewer = parse_viewer(as_player, [p["name"] for p in game.state["players"]])
    except ValueError as err:
        fail(f"{err}", 2)
    target = out or file.with_suffix(".svg")
    text = render_game(game, viewer, total)
    if target.suffix.lower() == ".png":
        try:
            target.write_bytes(svg_to_png(text))
        except RuntimeError as err:
            fail(f"{err}", 2)
    else:
        target.write_text(text, encoding="utf-8")
    typer.echo(f"wrote {target} (step {len(game.actions)} of {total})")


def register(app: typer.Typer) -> None:
    app.command("render")(render)

