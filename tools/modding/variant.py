"""`rulewright variant diff NAME|PATH`: exactly which rules-data paths a variant changes, from what to what
(the variant group of commands; what a variant is and changes is variants.py)."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from ..common import options, resolve
from ..common.clikit import OutputFormat, load_packs
from ..common.errors import fail
from .variants import game_named_by, print_changes, report

app = typer.Typer(help="Rule variants: what one changes in the rules data.", no_args_is_help=True)


@app.command("diff")
def diff_cmd(
    variant: Annotated[str, typer.Argument(metavar="NAME|PATH", help="a variant id or the path of a variant file",
                                           show_default=False)],
    pack: Annotated[list[str] | None, options.packs("load this pack (bundled id or folder) under the variant; repeatable", short=True)] = None,
    format: Annotated[OutputFormat, typer.Option("--format", "-f", help="Output format.")] = OutputFormat.text,
    game: Annotated[str, options.game(short=True, help="Game of the variant (default: the one its `game:` names, else the default game).")] = "",
) -> None:
    """Print exactly which rules-data paths a variant changes, from what to what, and what it removes."""
    content = load_packs(pack, resolve.game(game or game_named_by(variant)))
    try:
        rep = report(content, variant)
    except ValueError as err:
        fail(str(err), 1, "`rulewright list variants` shows the ids; a path names a .yaml file")
    if format is OutputFormat.json:
        typer.echo(json.dumps(rep, indent=2, default=str))
    else:
        print_changes(rep)


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="variant")
