"""Hover: the reference entry of the word under the cursor and the English of the ability it belongs to.

The English is the explainer's (`rulewright explain`), run on the ability under the cursor alone, so a
syntax error elsewhere in the effect does not hide it. A content id shows the entry's name, kind, printed
text and where it is defined.
"""

from __future__ import annotations

from pathlib import Path

from ....dsl.explain import explain_ability
from ....dsl.parser import parse_effect
from ...common.clikit import display_path
from ..langdoc.model import Word
from .complete import scope
from .scan import Block, Scan, ability_lines, ability_text, word_at
from .session import Session

SINGULAR = {"hooks": "hook", "quantities": "quantity", "grants": "grant", "forbids": "prohibition",
            "functions": "function", "primitives": "procedure"}


def word_markdown(w: Word) -> str:
    """A vocabulary word as the reference shows it: signature, doc, payload or context."""
    out = [f"**{w.name}** ({SINGULAR.get(w.section, w.section)})", "",
           f"`{w.signature}`", "", w.doc]
    if w.fields:
        label = "Payload" if w.section == "hooks" else "Context"
        out += ["", f"{label}: " + ", ".join(f"`{k}`: {t}" for k, t in w.fields.items())]
    out += [f"{n[:1].upper()}{n[1:]}." for n in w.notes]
    return "\n".join(out)


def explanation(session: Session, s: Scan, block: Block, line: int, path: Path) -> str:
    """The English of the ability whose lines hold `line` ("" when it does not parse)."""
    first, last = ability_lines(s, block, line)
    effect, errors = parse_effect(ability_text(s, block, first, last))
    if errors or effect is None or not effect.abilities:
        return ""
    phrases = session.current(path).vocab.phrases
    return " ".join(explain_ability(ab, phrases) for ab in effect.abilities)


def hover_markdown(session: Session, s: Scan, line: int, col: int, path: Path) -> str | None:
    if line >= len(s.lines):
        return None
    word, _, _ = word_at(s.lines[line], col)
    block = s.block_at(line)
    parts: list[str] = []
    if word:
        ref = session.reference()
        parts += [word_markdown(w) for section in ref.words.values() for w in section if w.name == word]
        entry = session.find(word, path)
        if entry is not None:
            text = f"\n\n{entry.text}" if entry.text else ""
            parts.append(f"**{entry.name}** ({entry.kind.replace('_', ' ')}, `{entry.id}`){text}\n\n"
                         f"{display_path(entry.file)}:{entry.line}")
        vocab = session.current(path).vocab
        enum = next((k for k, vs in vocab.enums.items() if word in vs), None)
        if enum and entry is None:
            parts.append(f"`{word}`: a value of `{enum}`")
        if word in vocab.globals:
            parts.append(f"`{word}`: {vocab.globals[word]}, always bound")
        if block is not None:
            head = s.lines[ability_lines(s, block, line)[0]][block.indent:]
            variables = scope(vocab, head)
            if word in variables:
                parts.append(f"`{word}`: {variables[word]}, in scope in this ability (`{head.split(':')[0].strip()}`)")
    if block is not None:
        english = explanation(session, s, block, line, path)
        if english:
            parts.append(f"**In English:** {english}")
    return "\n\n---\n\n".join(parts) if parts else None
