"""`rulewright lsp`: a language server for content YAML files, over stdio (pygls).

Editors get lint's diagnostics as you type (mapped into the `effect:` text), completion of hooks,
quantities, grants, procedures, variables and ids, hover with the reference entry of a word and the
English of the ability, go to definition of content ids, and the entries of a file as symbols.
docs/editors.md shows how to hook it into VS Code, Neovim and Helix.

Modules: session.py (loaded packs, checks), scan.py (a line scanner that survives broken YAML),
complete.py, hover.py, server.py (the pygls handlers). pygls is imported only when the command runs.
"""

from __future__ import annotations

from typing import Annotated

import typer

from ....engine.games import default_game, installed
from ...common import options
from ...common.errors import fail


def lsp(
    game: Annotated[str, options.game("Game whose language to serve (default: the installed game).")] = "",
) -> None:
    """Run the language server on stdin/stdout (start it from your editor; see docs/editors.md)."""
    game = game or default_game()
    if game not in installed():
        fail(f"unknown game '{game}'", 2, f"installed games: {', '.join(installed())}")
    try:
        from .server import create_server
    except ImportError as err:
        fail(f"the language server needs pygls ({err})", 1, "pip install pygls lsprotocol")
    create_server(game).start_io()


def register(app: typer.Typer) -> None:
    app.command("lsp")(lsp)
