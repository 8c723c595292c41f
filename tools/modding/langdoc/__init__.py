"""`rulewright docs --out DIR`: the card language reference, generated from the grammar and the vocabulary.

Modules: model.py (the reference as data: forms, words with docs and bundled uses, the entry index),
markdown.py and html.py (the two renderings). Everything is read from the game's vocabulary and
content, so the reference of another game needs no change here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ...engine.games import default_game, installed
from ..clikit import all_bundled, console, fail, guarded
from .html import render_html
from .markdown import render_markdown
from .model import Reference, build_reference

MARKDOWN_FILE = "language.md"
HTML_FILE = "language.html"


def reference(game: str | None = None) -> Reference:
    """The reference of a game, with examples from all its bundled packs."""
    from ...dsl.loader import load_content

    game = game or default_game()
    return build_reference(load_content(all_bundled(game), game=game))


def write_docs(out: Path, game: str | None = None) -> list[Path]:
    """Write the Markdown and the HTML reference into `out`; return the files written."""
    ref = reference(game)
    out.mkdir(parents=True, exist_ok=True)
    md, page = out / MARKDOWN_FILE, out / HTML_FILE
    md.write_text(render_markdown(ref, out.resolve()), encoding="utf-8")
    page.write_text(render_html(ref, out.resolve()), encoding="utf-8")
    return [md, page]


def docs(
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder to write language.md and language.html into.",
                                      file_okay=False)],
    game: Annotated[str, typer.Option("--game", help="Game whose language to document (default: the installed game).")] = "",
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
    app.command("docs")(guarded(docs))
