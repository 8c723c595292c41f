"""The options commands share, defined once: flags, short names, bounds and types live here; a command
passes only its own help text (so `--help` reads as it did). Use them as `Annotated` metadata:

    players: Annotated[int, options.players("players (the game says how many it allows)")] = 3

What the values mean together (a game's player range, bot names, packs) is checked by resolve.py.
"""

from __future__ import annotations

from typing import Any

import typer

from .errors import output_file


def game(help: str = "the game (default: clash; e.g. wonders7, civ_board)", short: bool = False) -> Any:
    """`--game ID` (`-g` where the command has no `--games`)."""
    return typer.Option("--game", *(["-g"] if short else []), help=help)


def players(help: str | None = None) -> Any:
    """`--players/-n N`: 1 to 8 here; the game's own range is checked by resolve.players."""
    return typer.Option("--players", "-n", min=1, max=8, help=help)


def seed(help: str | None = None, short: bool = True) -> Any:
    """`--seed/-s N`: the same seed gives the same games."""
    return typer.Option("--seed", *(["-s"] if short else []), help=help)


def bots(help: str = "bot per seat, comma separated (cycled)") -> Any:
    """`--bots KINDS`: one bot per seat, cycled (`greedy`, `search:50`, `greedy,search:50`); resolve.bots checks them."""
    return typer.Option("--bots", help=help)


def bot_families(help: str = "bots: one family a time, comma separated per seat (cycled); give it again for "
                              "another family (--bots greedy --bots search:4): each verdict then says whether it "
                              "holds under every family") -> Any:
    """`--bots KINDS`, repeatable: each one a bot family (tools/playtest/families.py); resolve.families checks them."""
    return typer.Option("--bots", help=help)


def packs(help: str = "content pack (repeatable)", short: bool = False) -> Any:
    """`--pack ID|FOLDER`, repeatable."""
    return typer.Option("--pack", *(["-p"] if short else []), help=help)


def variants(help: str = "rule variant: an id or a variant file's path (repeatable)") -> Any:
    """`--variant ID|FILE`, repeatable."""
    return typer.Option("--variant", help=help)


def games(help: str = "number of games", least: int = 1) -> Any:
    """`--games/-g N`: how many games a study plays (at least `least`)."""
    return typer.Option("--games", "-g", min=least, help=help)


def workers(help: str | None = "parallel processes") -> Any:
    return typer.Option("--workers", "-w", min=1, help=help)


def quiet(help: str = "no progress bar") -> Any:
    return typer.Option("--quiet", "-q", help=help)


def backend(help: str = "local or ray") -> Any:
    """`--backend local|ray`: where a study's games run; resolve.backend checks it."""
    return typer.Option("--backend", help=help)


def allow_noop(help: str = "play a variant that changes nothing (refused otherwise: it can only measure chance)") -> Any:
    """`--allow-noop`: the variant guard (variant_guard.py) lets a variant that changes nothing play."""
    return typer.Option("--allow-noop", help=help)


def measures(help: str = "a measure of the game, or a count of hook firings 'NAME=HOOK when CONDITION' "
                         "(repeatable)") -> Any:
    """`--measure/-m TEXT`, repeatable: a game's measure or a custom one (tools/playtest/custom_measures.py)."""
    return typer.Option("--measure", "-m", help=help)


def report(help: str = "also write one self-contained HTML report here (tables, figures, command, variant diffs, "
                       "bots, seeds)") -> Any:
    """`--report FILE.html`: a study's shareable report (tools/playtest/reports.py)."""
    return typer.Option("--report", help=help, callback=output_file)
