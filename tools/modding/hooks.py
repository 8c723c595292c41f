"""`rulewright hooks`: the catalog of hooks content can react to, with the payload each carries."""

import json
from typing import Annotated

import typer
from rich.table import Table

from ...dsl.explain import hook_words
from ...dsl.loader import game_vocab
from ...engine.games import default_game
from ..common import options
from ..common.clikit import OutputFormat, console
from ..common.errors import fail


def hooks(
    game: Annotated[str, options.game("Game whose vocabulary to show (default: the installed game).")] = "",
    format: Annotated[OutputFormat, typer.Option("--format", "-f", help="Output format.")] = OutputFormat.text,
) -> None:
    """Print the hook catalog: each hook's name, its payload fields with their types and meanings, and when
    it fires."""
    game = game or default_game()
    try:
        vocab = game_vocab(game)
    except FileNotFoundError:
        fail(f"unknown game '{game}'", 2)
    if format is OutputFormat.json:
        typer.echo(json.dumps(vocab.hooks, indent=2))
        return
    table = Table(title=f"{len(vocab.hooks)} hooks ({game})", title_justify="left")
    table.add_column("hook", style="bold")
    table.add_column("payload: type - meaning")
    table.add_column("fires when")  # the game's English for the hook, where it words it (hook_phrases)
    for name, payload in vocab.hooks.items():
        fields = [f"{k}: {v} - {vocab.field_meaning(name, k)}" for k, v in payload.items()]
        table.add_row(name, "\n".join(fields) or "-", hook_words(name, False, vocab.phrases)
                      or vocab.docs.get("hooks", {}).get(name, ""))
    console().print(table)


def register(app: typer.Typer) -> None:
    app.command("hooks")(hooks)
