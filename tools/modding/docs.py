"""`rulewright docs --out DIR`: write the card language reference (tools/modding/langdoc/)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ...engine.games import default_game, installed
from ..common import options
from ..common.clikit import console
from ..common.errors import fail
from .langdoc import write_docs


def docs(
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder to write language.md and language.html into.",
                                      file_okay=False)],
    game: Annotated[str, options.game("Game whose language to document (default: the installed game).")] = "",
) -> None:
    """Write the card language reference (Markdown, and one HTML page with a search box)."""
    game = game or default_game()
    if game not in installed():
        fail(f"unknown game '{game}'", 2, f"installed games: {', '.join(installed())}")
    try:
        files = write_docs(out, game)
    except OSError as err:
        fail(f"cannot write the reference into '{out}': {err.strerror or err}", 1)
    for f in files:
        console().print(f"wrote {f}")


def register(app: typer.Typer) -> None:
    app.command("docs")(docs)
