"""A whole game by bots and its account for people: its summary as JSON, log lines with board labels,
the round-by-round telling and the final scores. What play, replay, the terminal seat, the replay
viewer and simulate share (the lowest module of the seat room)."""

from __future__ import annotations

import re

from rich import box
from rich.console import Console
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from ...api import summary
from ...engine import games
from ...engine.hexgrid import axial_to_label
from ...engine.machine import Game

_SPACE = re.compile(r"(?<![\w.])(-?\d+),(-?\d+)(?![\w.])")


def readable(line: str) -> str:
    """Space ids ("3,-1") shown as board labels ("D1") for people."""
    def label(m: re.Match) -> str:
        try:
            return axial_to_label((int(m.group(1)), int(m.group(2))))
        except ValueError:
            return m.group(0)
    return _SPACE.sub(label, line)


def print_game(game: Game, console: Console) -> None:
    for line in map(readable, game.log):  # log lines hold names from content and players: text, not markup
        if line.startswith("---") or line.startswith("Set-up"):
            console.print(Text(line, style="bold cyan"))
        elif line.startswith("Round "):
            console.print(Text(line, style="bold"))
        elif line.startswith("Game over") or line.startswith("Winner"):
            console.print(Text(line, style="bold green"))
        else:
            console.print(Text(line), highlight=False)
    print_scores(game, console)


def print_scores(game: Game, console: Console) -> None:
    data = summary(game)
    table = _score_table(game, data, (0, 1))
    wide = Measurement.get(console, console.options.update(width=10_000), table).maximum
    if wide > console.width:  # one space between columns then: no heading is cut at 80
        table = _score_table(game, data, (0, 0))
    console.print(table)
    console.print(Text(f"Winner: {' and '.join(data['winner'])}", style="bold green"))


def _score_table(game: Game, data: dict, padding: tuple[int, int]) -> Table:
    columns = list(games.find(game.definition.game_id).score_columns or data["players"][0]["vp_breakdown"])
    # light rules between columns: eight columns of a 4-player Civilizations game fit 80 without cutting a heading
    table = Table(title=Text(f"Final scores (seed {data['seed']}, {data['rounds']} rounds, {data['actions']} decisions)"),
                  box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True, padding=padding)
    civs = any("civilization" in p for p in data["players"])
    names = ("player", "bot") + (("civ",) if civs else ())
    for col in names + tuple(c.replace("_", " ") for c in columns) + ("VP",):
        if col in names:  # names are read whole; long headings of numbers fold onto two lines
            table.add_column(col, justify="left", no_wrap=True)
        else:
            table.add_column(col, justify="right", overflow="fold")
    for p in data["players"]:
        b = p["vp_breakdown"]
        civ = (p.get("civilization") or "-",) if civs else ()
        table.add_row(Text(p["name"]), Text(p["bot"] or "-"), *map(Text, civ), *(f"{b.get(c, 0):g}" for c in columns),
                      f"[bold]{p['vp']:g}[/]")
    return table
