"""The card language reference, generated from the grammar and the vocabulary (`rulewright docs`, tools/modding/docs.py).

Modules: model.py (the reference as data: forms, words with docs and bundled uses, the entry index),
markdown.py and html.py (the two renderings). Everything is read from the game's vocabulary and
content, so the reference of another game needs no change here.
"""

from __future__ import annotations

from pathlib import Path

from ....dsl.loader import load_content
from ....engine.games import default_game
from ...common.clikit import all_bundled
from .html import render_html
from .markdown import render_markdown
from .model import Reference, build_reference

MARKDOWN_FILE = "language.md"
HTML_FILE = "language.html"


def reference(game: str | None = None) -> Reference:
    """The reference of a game, with examples from all its bundled packs."""
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
