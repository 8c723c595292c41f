"""`rulewright list KIND`: the entries of one kind, as a table or JSON."""

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from ..dsl.loader import Content, Entry, known_kinds
from ..dsl.references import content_spec
from ..engine import games
from ..engine.diagnostics import did_you_mean
from .clikit import (
    OutputFormat,
    check_game,
    console,
    err_console,
    fail,
    game_option,
    guarded,
    load_packs,
    plural,
)

# Schemas that describe whole documents or manifests, not lists of entries.
NOT_ENTRY_KINDS = {"pack", "map"}


def entry_kinds() -> list[str]:
    return [k for k in known_kinds() if k not in NOT_ENTRY_KINDS]


def cli_word(kind: str) -> str:
    """`city_piece` -> `city-pieces`, `category` -> `categories`."""
    word = kind.replace("_", "-")
    return word[:-1] + "ies" if word.endswith("y") else word + "s"


def kind_from_word(word: str, game: str | None = None) -> str | None:
    """Accept plural or singular, with dashes or underscores, any case, and the game's own words
    (rules/<game>/content.yaml `list_words`, e.g. `cards` for 7 Wonders' age cards)."""
    w = word.strip().lower().replace("-", "_")
    words = content_spec(game or games.default_game()).get("list_words") or {}
    if w in words:
        return words[w]
    for kind in entry_kinds():
        if w in (kind, cli_word(kind).replace("-", "_")):
            return kind
    return None


def copies_of(e: Entry, game: str) -> int:
    """Physical cards an entry stands for: its `copies`, or the length of the list field the game names
    (content.yaml `copies_from`), at least one."""
    field = (content_spec(game).get("copies_from") or {}).get(e.kind)
    if field:
        value = e.data.get(field)
        return max(1, len(value)) if isinstance(value, list) else 1
    copies = e.data.get("copies")
    return copies if isinstance(copies, int) and copies > 1 else 1


def entry_json(e: Entry, content: Content | None = None) -> dict:
    out = {"id": e.id, "name": e.name, "kind": e.kind, "pack": e.pack, "source": e.data.get("source")}
    if content is not None:
        extra = games.find(content.game).entry_fields
        if extra is not None:
            out.update(extra(e))
    if e.kind == "advance":
        out["category"] = e.data.get("category")
    if e.kind in ("special_advance", "leader"):
        out["civilization"] = e.data.get("civilization")
    if e.kind == "special_advance":
        out["granted_by"] = e.data.get("granted_by")
    if e.kind == "leader":
        out["abilities"] = e.data.get("abilities", [])
    if e.kind == "civilization" and content is not None:
        # a board lists what names it: its special advances (with what grants each) and its leaders
        out["special_advances"] = [{"id": x.id, "name": x.name, "granted_by": x.data.get("granted_by")}
                                   for x in content.of_kind("special_advance") if x.data.get("civilization") == e.id]
        out["leaders"] = [{"id": x.id, "name": x.name} for x in content.of_kind("leader")
                          if x.data.get("civilization") == e.id]
        if e.data.get("start_region"):
            out["start_region"] = e.data["start_region"]
    if "copies" in e.data:
        out["copies"] = e.data["copies"]
    out["text"] = e.text
    return out


def list_entries(
    kind: Annotated[str, typer.Argument(help="advances, wonders, city-pieces, units, categories, civilizations, leaders, special-advances, action-cards, event-cards, objective-cards or variants.",
                                        show_default=False)],
    pack: Annotated[list[str] | None, typer.Option(
        "--pack", "-p", help="Only entries of this pack (bundled id or pack folder); repeatable.")] = None,
    format: Annotated[OutputFormat, typer.Option("--format", "-f", help="Output format.")] = OutputFormat.text,
    game: Annotated[str, game_option()] = "",
) -> None:
    """List the entries of one kind (or the rule variants: `rulewright list variants`)."""
    game = check_game(game)
    if kind.lower().rstrip("s") == "variant":
        _list_variants(format, load_packs(pack, game))
        return
    k = kind_from_word(kind, game)
    if k is None:
        words = [cli_word(x) for x in entry_kinds()] + list(content_spec(game).get("list_words") or {})
        fail(f"unknown kind '{kind}'", 2, did_you_mean(kind.lower(), words) or f"kinds: {', '.join(words)}")
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


def _list_variants(format: OutputFormat, content: Content) -> None:
    """Variants are overlays of the game's rules data (rules/<game>/variants/*.yaml, and a pack's variants/);
    each row says what it changes (`rulewright variant diff ID` prints it in full)."""
    from .variants import variant_rows

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
    app.command("list")(guarded(list_entries))
