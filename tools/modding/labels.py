"""`rulewright labels [SCENARIO]`: every board label with its region, terrain and what stands there.

A scenario names spaces by label (`D2`); which label is which region and terrain, and where the units and
cities of a position stand, is this table: of a scenario's position before its first action, or of a new
game's set-up (`--players`, `--seed`, `--pack`). A game without a board says so.
"""

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ...api import new_game
from ...engine import games
from ...engine.diagnostics import PositionError
from ..common import options, resolve
from ..common.clikit import OutputFormat, console
from ..common.errors import fail
from .scenarios import load_scenario, scenario_game


def _game(scenario: Path | None, game: str, players: int, seed: int, packs: list[str] | None):
    if scenario is None:
        gid = resolve.game(game)
        return new_game(players=resolve.players(gid, players), seed=seed, packs=resolve.packs(packs), game_id=gid)
    if not scenario.is_file():
        fail(f"no scenario file {scenario}", 1, "give a scenario file, or nothing for a new game's board")
    try:
        spec = load_scenario(scenario, resolve.game(game) if game else None)
        return scenario_game(spec, str(scenario))
    except PositionError as err:
        fail(f"{scenario}: cannot set up the position: " + "; ".join(m for _, m in err.problems[:5]), 1)
    except ValueError as err:
        fail(f"{scenario}: {err}", 1)


def labels(
    scenario: Annotated[Path | None, typer.Argument(help="a scenario file: the board of its position (default: a "
                                                          "new game's set-up)")] = None,
    game: Annotated[str, options.game()] = "",
    players: Annotated[int, options.players("players of the new game")] = 2,
    seed: Annotated[int, options.seed("seed of the new game (the regions' places)")] = 1,
    pack: Annotated[list[str] | None, options.packs("pack of the new game (repeatable)")] = None,
    format: Annotated[OutputFormat, typer.Option("--format", "-f", help="Output format.")] = OutputFormat.text,
) -> None:
    """Print every board label with its region, terrain and what stands there."""
    g = _game(scenario, game, players, seed, pack)
    gid = g.definition.game_id
    module = games.find(gid)
    if module.board_labels is None:
        fail(f"{gid} has no board: its scenarios name no spaces", 1)
    rows = module.board_labels(g)
    if format is OutputFormat.json:
        typer.echo(json.dumps(rows, indent=2))
        return
    table = Table(title=f"{len(rows)} spaces ({gid})", title_justify="left")
    for column in ("label", "id", "region", "terrain", "here"):
        table.add_column(column, style="bold" if column == "label" else None)
    for r in rows:
        table.add_row(r["label"], r["id"], r["region"], r["terrain"], r["here"])
    console().print(table)


def register(app: typer.Typer) -> None:
    app.command("labels")(labels)
