"""What the language server knows: the loaded packs, the checks of open documents, the language reference.

A document is checked against its pack (a folder with pack.yaml: the pack and the packs it depends on,
as `rulewright lint FOLDER` loads them) or, for a loose file, against the base pack (as `rulewright lint
FILE`). Those packs are loaded once (through the on-disk cache) and kept until a file is saved; each
change then re-checks the changed file alone (dsl/loader.check_document), which keeps diagnostics fast.
"""

from __future__ import annotations

from pathlib import Path

from ....dsl.content import Content, Entry
from ....dsl.loader import check_document, load_content
from ....dsl.vocabulary import WORD_SECTIONS
from ....engine.diagnostics import Diagnostic
from ....engine.games import default_game, game_dir
from ...common.clikit import all_bundled
from ..langdoc.model import Reference, build_reference
from ..variants import is_variant_file, lint_variant


def pack_folder(path: Path) -> Path | None:
    """The pack folder a file belongs to (its folder when that holds a pack.yaml), else None."""
    folder = path.resolve().parent
    if folder.name == "variants" and (folder.parent / "pack.yaml").is_file():
        return folder.parent  # a pack's variant: checked against the rules with its pack
    return folder if (folder / "pack.yaml").is_file() else None


class Session:
    def __init__(self, game: str | None = None) -> None:
        self.game = game or default_game()
        self._contexts: dict[Path | None, Content] = {}
        self._bundled: Content | None = None
        self._reference: Reference | None = None
        self.checked: dict[str, Content] = {}  # by file: the last check of an open document

    # ---- content ------------------------------------------------------------------------------------

    def context(self, path: Path) -> Content:
        """The content a document is checked against (its pack and their dependencies, or the base pack)."""
        folder = pack_folder(path)
        if folder not in self._contexts:
            self._contexts[folder] = load_content([folder] if folder else None, game=self.game)
        return self._contexts[folder]

    def bundled(self) -> Content:
        """Every pack shipped with the game: ids to jump to, examples for the reference."""
        if self._bundled is None:
            self._bundled = load_content(all_bundled(self.game), game=self.game)
        return self._bundled

    def reference(self) -> Reference:
        if self._reference is None:
            self._reference = build_reference(self.bundled())
        return self._reference

    def forget(self) -> None:
        """Drop the loaded packs (a file was saved): the next request loads them again."""
        self._contexts.clear()
        self._bundled = None
        self._reference = None

    # ---- documents ----------------------------------------------------------------------------------

    def check(self, path: Path, text: str) -> list[Diagnostic]:
        """Lint's diagnostics for the document as the editor holds it."""

        if is_variant_file(path, text):  # a rule variant, not content: the checks of `rulewright lint FILE`
            base = self.context(path)
            result = Content(base.game, base.vocab, packs=list(base.packs), entries=dict(base.entries),
                             documents=dict(base.documents))
            result.diagnostics = lint_variant(result, path, text)
        else:
            result = check_document(self.context(path), path, text)
        self.checked[str(path.resolve())] = result
        return result.diagnostics

    def current(self, path: Path) -> Content:
        """The last check of the document (its entries as typed), else its pack as loaded."""
        return self.checked.get(str(path.resolve())) or self.context(path)

    def find(self, entry_id: str, path: Path) -> Entry | None:
        """An entry by id: the document's own (as typed), its pack's and dependencies', then any bundled."""
        for content in (self.current(path), self.bundled()):
            entry = content.entries.get(entry_id)
            if entry is not None:
                return entry
        return None

    def declaration(self, word: str) -> tuple[str, int, int] | None:
        """Where the game's vocabulary declares a word (hook, quantity, grant ...): (file, line, column)."""
        path = game_dir(self.game) / "vocabulary.yaml"
        try:
            lines = path.read_text(encoding="utf-8").split("\n")
        except OSError:
            return None
        section = ""
        for i, line in enumerate(lines):
            if line[:1].isalpha():
                section = line.split(":", 1)[0]
            elif section in WORD_SECTIONS and line.startswith(f"  {word}:"):
                return str(path), i + 1, 3
        return None

    def ids(self, path: Path) -> dict[str, Entry]:
        """Every content id the document may name (its own as typed, its packs', the bundled ones)."""
        out = dict(self.bundled().entries)
        out.update(self.current(path).entries)
        return out
