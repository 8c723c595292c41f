"""`rulewright list KIND`: the entries of one kind, as a table or JSON."""

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from ...dsl.loader import Content
from ...dsl.references import content_spec
from ...engine.diagnostics import did_you_mean
from ..common import options, resolve
from ..common.clikit import OutputFormat, console, load_packs, plural
from ..common.errors import err_console, fail
from .listing import cli_word, copies_of, entry_json, entry_kinds, kind_from_word
from .variants import variant_rows


def list_entries(
    kind: Annotated[str, typer.Argument(help="advances, wonders, city-pieces, units, categories, civilizations, leaders, special-advances, action-cards, event-cards, objective-cards or variants; `kinds`: every kind of the game with its counts.",
                                        show_default=False)],
    pack: Annotated[list[str] | None, options.packs("Only entries of this pack (bundled id or pack folder); repeatable.", short=True)] = None,
    format: Annotated[OutputFormat, typer.Option("--format", "-f", help="Output format.")] = OutputFormat.text,
    game: Annotated[str, options.game("Game to use (default: the installed default game; e.g. wonders7, civ_board).", short=True)] = "",
) -> None:
    """List the entries of one kind (or the rule variants: `rulewright list variants`; every kind with its
    counts: `rulewright list kinds`)."""
    game = resolve.game(game)
    if kind.lower().rstrip("s") == "variant":
        _list_variants(format, load_packs(pack, game))
        return
    if kind.lower() in ("kinds", "kind"):
        _list_kinds(format, load_packs(pack, game), game)
        return
    k = kind_from_word(kind, game)
    if k is None:
        words = [cli_word(x) for x in entry_kinds()] + list(content_spec(game).get("list_words") or {})
        fail(f"unknown kind '{kind}'", 2, did_you_mean(kind.lower(), words)
             or f"kinds of {game}: `rulewright list kinds --game {game}` counts them")
    content = load_packs(pack, game)
    wanted = None
    if pack:
        # the packs named on the command line (folders resolve to their manifest id); not their dependencies
        by_root = {str(p.root.resolve()): p.id for p in content.packs}
        wanted = set()
        for p in pack:
            path = Path(p)
            wanted.add(by_root.get(str(path.resolve()), p) if path.is_dir() else p)
    entries = [e for e in content.of_kind(k) if wanted is None or e.pack in wanted]
    if content.errors:
        err_console().print(f"[yellow]warning[/]: the content has {plural(len(content.errors), 'error')}; "
                            "run `rulewright lint` for details")
    if format is OutputFormat.json:
        # a deck lists its physical cards: an entry with `copies: n` appears n times (copy 1..n)
        rows = []
        for e in entries:
            copies = copies_of(e, game)
            if copies > 1:
                rows.extend({**entry_json(e, content), "copy": k} for k in range(1, copies + 1))
            else:
                rows.append(entry_json(e, content))
        typer.echo(json.dumps(rows, indent=2))
        return
    table = Table(title=f"{plural(len(entries), k.replace('_', ' '))}", title_justify="left")
    table.add_column("id", style="bold")
    table.add_column("name")
    if k == "advance":
        table.add_column("category")
    if k in ("special_advance", "leader"):
        table.add_column("civilisation")
    if k == "civilization":
        table.add_column("special advances")
        table.add_column("leaders")
    table.add_column("source")
    table.add_column("pack")
    for e in entries:
        row = [e.id, e.name]
        if k == "advance":
            row.append(str(e.data.get("category", "")))
        if k in ("special_advance", "leader"):
            row.append(str(e.data.get("civilization", "")))
        if k == "civilization":
            j = entry_json(e, content)
            row += [", ".join(x["name"] for x in j["special_advances"]), ", ".join(x["name"] for x in j["leaders"])]
        row += [str(e.data.get("source", "")), e.pack]
        table.add_row(*map(Text, row))  # names come from content: text, never markup
    console().print(table)


def kind_counts(content: Content, game: str) -> list[dict]:
    """Each kind the game's content holds: its entries and its physical pieces (an entry's copies), so the
    counts a pack's sources justify (e.g. 36 techs, 53 unit cards) are one command away."""
    rows = []
    for k in entry_kinds():
        entries = content.of_kind(k)
        if entries:
            rows.append({"kind": cli_word(k), "entries": len(entries),
                         "copies": sum(copies_of(e, game) for e in entries)})
    return rows


def _list_kinds(format: OutputFormat, content: Content, game: str) -> None:
    rows = kind_counts(content, game)
    if format is OutputFormat.json:
        typer.echo(json.dumps(rows, indent=2))
        return
    table = Table(title=f"{plural(len(rows), 'kind')} of {game}", title_justify="left")
    for column in ("kind", "entries", "copies"):
        table.add_column(column, justify="left" if column == "kind" else "right")
    for r in rows:
        table.add_row(Text(r["kind"]), str(r["entries"]), str(r["copies"]))
    console().print(table)


def _list_variants(format: OutputFormat, content: Content) -> None:
    """Variants are overlays of the game's rules data (rules/<game>/variants/*.yaml, and a pack's variants/);
    each row says what it changes (`rulewright variant diff ID` prints it in full)."""

    rows = variant_rows(content)
    if format is OutputFormat.json:
        typer.echo(json.dumps(rows, indent=2, default=str))
        return
    table = Table(title=f"{plural(len(rows), 'variant')}", title_justify="left")
    table.add_column("id", style="bold", overflow="fold")
    table.add_column("name", overflow="fold")
    table.add_column("what it changes", ratio=1, overflow="fold")
    for r in rows:
        table.add_row(Text(str(r["id"])), Text(str(r["name"])), Text(str(r["summary"])))
    console().print(table)


def register(app: typer.Typer) -> None:
    app.command("list")(list_entries)
