"""`rulewright render`: draw a saved game at any step as an SVG picture (PNG with the `png` extra).

What is drawn comes from `game.view(player)` only: with `--as PLAYER` that player's view (their own hand
is listed in their panel), without it the public view of a spectator (`game.view(None)`: every hand is a
count). So a picture never shows another player's cards, the decks or an unrevealed region's terrain,
whoever it is made for.

The drawing is a list of independent *fragments* (the header, one per region, the region borders, the
legend, one per exhausted space, one per occupied space, one per player panel). `svg_document` joins them
into a standalone SVG; the replay viewer (tools/replay_html.py) stores each distinct fragment once and
each step as a list of fragment numbers, so a whole game stays small.

Every drawn region, hex, city and unit is an element with data attributes (`data-kind="region"
data-region="3"`, `data-kind="city" data-space="3,0"`, `data-kind="unit" data-unit="12"` ...) so tests
and tools can find them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from ..api import scores
from ..engine import games
from .errors import output_file
from .render_board import BoardRenderer
from .render_look import FONT, HEADER_H, HEX, SQRT3, player_colour

if TYPE_CHECKING:
    from ..engine.machine import Game

__all__ = ["FONT", "HEADER_H", "HEX", "SQRT3", "BoardRenderer", "Frame", "frame_of", "game_title", "parse_viewer",
           "player_colour", "render_game"]


# ----- what one step shows ----------------------------------------------------------------------------
@dataclass
class Frame:
    """Everything one picture shows, already cut to what the viewer may see."""

    state: dict  # game.view(viewer)
    vp: list[dict[str, float]]
    step: int
    steps: int
    viewer: int | None = None
    pending: dict | None = None  # {"player", "kind", "prompt" (only for the viewer's own decisions)}
    winners: list[int] = field(default_factory=list)
    over: bool = False
    title: str = ""
    show_step: bool = True  # the replay viewer shows the step number itself, outside the picture


def frame_of(game: Game, viewer: int | None = None, steps: int | None = None, title: str = "") -> Frame:
    """The frame of a game as it stands now, seen by `viewer` (None: public view)."""
    table = scores(game)  # the game's own score table (engine/games.py)
    vp = list(table["breakdown"])
    pending = None
    if game.pending is not None:
        d = game.pending
        pending = {"player": d.player, "kind": d.kind}
        if viewer is not None and d.player == viewer:
            pending["prompt"] = d.prompt
    winners = list(table["winners"]) if game.over else []
    step = len(game.actions)
    return Frame(game.view(viewer), vp, step, steps if steps is not None else step, viewer, pending, winners,
                 game.over, title)



# ----- whole-game helpers -----------------------------------------------------------------------------
def parse_viewer(value: str | None, names: list[str]) -> int | None:
    """`--as`: a seat index counted from 0 (as `game.view` takes it) or a player's name ("Player 2")."""
    if value is None:
        return None
    text = value.strip()
    if text.lstrip("-").isdigit():
        i = int(text)
        if 0 <= i < len(names):
            return i
        raise ValueError(f"there is no seat {i}: seats are 0 to {len(names) - 1} ({', '.join(names)})")
    for i, n in enumerate(names):
        if n.lower() == text.lower():
            return i
    raise ValueError(f"no player named {value!r}: players are {', '.join(names)} (or seats 0-{len(names) - 1})")


def game_title(game: Game) -> str:
    cfg = game.config
    # never the seed: with it, any seat could recompute every hand and deck order (docs/hidden-information.md)
    bits = [f"{len(game.state['players'])} players"]
    if cfg.get("variants"):
        bits.append("variants " + ", ".join(cfg["variants"]))
    packs = [p for p in cfg.get("packs", ["base"]) if p != "base"]
    if packs:
        bits.append("packs " + ", ".join(map(str, packs)))
    name = (getattr(game.definition, "rules", None) or {}).get("name", game.definition.game_id)
    return f"{name} — " + ", ".join(bits)


def render_game(game: Game, viewer: int | None = None, steps: int | None = None) -> str:
    """The SVG document of a game as it stands now: the game's own drawing (its descriptor's `render_svg`), else
    the hex board with its panels."""
    own = games.find(game.definition.game_id).render_svg
    if own is not None:
        return own(game, viewer, game_title(game))
    r = BoardRenderer(game.rt.defn, len(game.state["players"]), viewer)
    return r.svg_document(frame_of(game, viewer, steps, game_title(game)))


def svg_to_png(svg_text: str) -> bytes:
    """PNG bytes through resvg (the optional `png` extra: `pip install rulewright[png]`)."""
    try:
        import resvg_py
    except ImportError:
        raise RuntimeError("PNG output needs the optional resvg-py package: pip install 'rulewright[png]' "
                           "(or write an .svg)") from None
    return bytes(resvg_py.svg_to_bytes(svg_string=svg_text, background="#f4f1ea"))


def load_save(file: Path) -> dict:
    from .inputs import read_json

    return read_json(file, "save")


def render(file: Path = typer.Argument(..., help="a game saved with `play --save`"),
           step: int | None = typer.Option(None, "--step", min=0, help="draw the game after N actions (default: the end)"),
           as_player: str | None = typer.Option(None, "--as", help="draw what this player sees: seat 0.. or name"),
           out: Path | None = typer.Option(None, "--out", "-o", callback=output_file,
                                           help="FILE.svg (or FILE.png with the png extra); default SAVE.svg"),
           ) -> None:
    """Draw a saved game's board and player panels (at the end, or after N actions) as SVG."""
    from ..api import load_game
    from ..engine.decision import IllegalAction
    from ..engine.machine import validate_save

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

