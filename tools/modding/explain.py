"""`rulewright explain ID`: the printed text next to the English generated from the effect."""

import json
from typing import Annotated

import typer
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...engine import games
from ..common import options, resolve
from ..common.clikit import OutputFormat, console, display_path, load_packs
from .explaining import combat_half, english, find_entry, lookup
from .variants import explain_variant, game_named_by, is_variant


def explain(
    entry_id: Annotated[str, typer.Argument(metavar="ID", help="Id of an advance, wonder, city piece ...",
                                            show_default=False)],
    pack: Annotated[list[str] | None, options.packs("Load this pack (bundled id or folder) instead of all bundled packs; repeatable.", short=True)] = None,
    format: Annotated[OutputFormat, typer.Option("--format", "-f", help="Output format.")] = OutputFormat.text,
    game: Annotated[str, options.game("Game to use (default: the installed default game; e.g. wonders7, civ_board).", short=True)] = "",
) -> None:
    """Show an entry's printed text next to the English generated from its effect (for a rule variant, by id
    or file: what it changes in the rules data)."""
    if not game:

        game = game_named_by(entry_id)  # a variant file that names its game
    content = load_packs(pack, resolve.game(game))
    if not game and not pack and lookup(content, entry_id) is None:
        # no game named: an id of another installed game's bundled packs is found there
        for other in games.installed():
            if other != content.game:
                there = load_packs(None, other)
                if lookup(there, entry_id) is not None:
                    content = there
                    break
    if lookup(content, entry_id) is None:

        if is_variant(content, entry_id):  # a rule variant (an id or a file): what it changes
            explain_variant(content, entry_id, format)
            return
    entry = find_entry(content, entry_id)
    lines = english(content, entry)
    effect_src = str(entry.data.get("effect") or "").rstrip()
    if format is OutputFormat.json:
        typer.echo(json.dumps({
            "id": entry.id, "name": entry.name, "kind": entry.kind, "pack": entry.pack,
            "source": entry.data.get("source"), "file": entry.file, "line": entry.line,
            "text": entry.text, "effect": effect_src, "english": lines, "combat": combat_half(content, entry),
        }, indent=2))
        return
    out = console()
    head = Text()
    head.append(entry.name, style="bold")
    head.append(f"  ({entry.id})  ", style="dim")
    head.append(entry.kind.replace("_", " "))
    if entry.kind == "advance" and entry.data.get("category"):
        head.append(f", {entry.data['category']}")
    head.append(f"  source: {entry.data.get('source', '?')}  pack: {entry.pack}  ")
    head.append(f"{display_path(entry.file)}:{entry.line}", style="dim")
    out.print(head)
    table = Table(show_lines=False, expand=True)
    table.add_column("Printed text", ratio=1)
    table.add_column("Generated from the effect", ratio=1)
    generated = Group(*(Text(f"• {line}") for line in lines)) if lines else Text("(no effect)", style="dim")
    combat = combat_half(content, entry)
    if combat is not None:  # an action card: civil half, then combat half
        table.add_row(Text("Civil: " + (entry.text or "(no text)")), generated)
        said = Group(*(Text(f"• {line}") for line in combat["english"])) if combat["english"] else \
            Text("(no effect)", style="dim")
        table.add_row(Text(f"Combat ({combat['title']}): {combat['text'] or '(no text)'}"), said)
    else:
        table.add_row(Text(entry.text or "(no text)"), generated)
    out.print(table)
    if effect_src:
        out.print(Panel(Text(effect_src), title="effect", title_align="left", border_style="dim"))
    if combat is not None and combat["effect"]:
        out.print(Panel(Text(combat["effect"]), title="combat effect", title_align="left", border_style="dim"))


def register(app: typer.Typer) -> None:
    app.command("explain")(explain)
