"""`rulewright explain ID`: the printed text next to the English generated from the effect."""

import json
from typing import Annotated

import typer
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...dsl.explain import explain_effect
from ...dsl.loader import Content, Entry
from ...engine import games
from ...engine.diagnostics import did_you_mean
from ..common import options, resolve
from ..common.clikit import OutputFormat, console, display_path, load_packs
from ..common.errors import fail
from .variant import explain_variant, game_named_by, is_variant


def lookup(content: Content, entry_id: str) -> Entry | None:
    """An entry by id (any case, dashes for underscores) or by name."""
    entry = content.entries.get(entry_id) or content.entries.get(entry_id.strip().lower().replace("-", "_"))
    if entry is None:
        by_name = {e.name.lower(): e for e in content.entries.values()}
        entry = by_name.get(entry_id.strip().lower())
    return entry


def find_entry(content: Content, entry_id: str) -> Entry:
    entry = lookup(content, entry_id)
    if entry is None:
        fail(f"unknown id '{entry_id}'", 1,
             did_you_mean(entry_id, content.entries) or "`rulewright list KIND` shows the ids")
    return entry


def english(content: Content, entry: Entry) -> list[str]:
    """Generated English; exits 1 when the effect did not compile (the loader reported why). The effects of
    an entry's parts (a wonder board's stages) follow, each line headed by its part."""
    out: list[str] = []
    if entry.data.get("effect"):
        if entry.effect is None:
            fail(f"the effect of '{entry.id}' has errors, so it cannot be explained", 1,
                 f"run `rulewright lint` to see them ({display_path(entry.file)}:{entry.line})")
        out += explain_effect(entry.effect, content.vocab.phrases)
    for key in sorted(entry.parts, key=lambda k: (k.rsplit(".", 1)[0], int(k.rsplit(".", 1)[1]))):
        field, _, i = key.rpartition(".")
        head = f"{field.rstrip('s').replace('_', ' ')} {int(i) + 1}: "
        out += [head + line for line in explain_effect(entry.parts[key], content.vocab.phrases)]
    for key, said in content.vocab.phrases.items():  # the game's words for data fields (an advance's border)
        if key.startswith("field:") and str(entry.data.get(key[6:])) in said:
            out.append(said[str(entry.data[key[6:]])])
    return out


def combat_half(content: Content, entry: Entry) -> dict | None:
    """An action card's combat half: its title, printed text, effect and English (None for other entries)."""
    combat = entry.data.get("combat")
    if not isinstance(combat, dict):
        return None
    lines = explain_effect(entry.combat_effect, content.vocab.phrases) if entry.combat_effect else []
    return {"title": combat.get("title", ""), "text": combat.get("text", ""),
            "effect": str(combat.get("effect") or "").rstrip(), "english": lines}


def explain(
    entry_id: Annotated[str, typer.Argument(metavar="ID", help="Id of an advance, wonder, city piece ...",
                                            show_default=False)],
    pack: Annotated[list[str] | None, options.packs("Load this pack (bundled id or folder) instead of all bundled packs; repeatable.", short=True)] = None,
    format: Annotated[OutputFormat, typer.Option("--format", "-f", help="Output format.")] = OutputFormat.text,
    game: Annotated[str, options.game("Game to use (default: the installed default game; e.g. wonders7).", short=True)] = "",
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
