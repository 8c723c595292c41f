"""Content as loaded: entries, packs and the whole result, with where bundled content lives."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.diagnostics import Diagnostic
from ..engine.games import GAMES_ROOT, PACKAGE_ROOT
from . import ast as A
from .vocabulary import Vocabulary

CONTENT_ROOT = PACKAGE_ROOT / "content"
RULES_ROOT = GAMES_ROOT
SCHEMA_ROOT = CONTENT_ROOT / "schema"


@dataclass
class Entry:
    kind: str
    id: str
    data: dict[str, Any]
    pack: str
    file: str
    line: int
    column: int
    effect: A.Effect | None = None
    combat_effect: A.Effect | None = None  # an action card's combat half
    # effects of the items of a list field the game declares (content.yaml `part_effects`), e.g. the
    # stages of a wonder board: "stages.0" -> the first stage's effect
    parts: dict[str, A.Effect] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return str(self.data.get("name", self.id))

    @property
    def text(self) -> str:
        return str(self.data.get("text", ""))


@dataclass
class Pack:
    id: str
    name: str
    version: str
    game: str
    depends: list[str]
    root: Path
    manifest: dict[str, Any]


@dataclass
class Content:
    """Everything a game needs from its packs, with the diagnostics found on the way."""

    game: str
    vocab: Vocabulary
    packs: list[Pack] = field(default_factory=list)
    entries: dict[str, Entry] = field(default_factory=dict)
    documents: dict[str, Any] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, list[str]] = field(default_factory=dict)
    # entry id -> what the variants in force changed of it (dsl/content_overlay.py; a seat says it beside the
    # entry's printed text)
    variant_changes: dict[str, list] = field(default_factory=dict)

    def of_kind(self, kind: str) -> list[Entry]:
        return [e for e in self.entries.values() if e.kind == kind]

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for e in self.entries.values():
            copies = int(e.data.get("copies", 1)) if isinstance(e.data.get("copies", 1), int) else 1
            out[e.kind] = out.get(e.kind, 0) + copies
        return out
