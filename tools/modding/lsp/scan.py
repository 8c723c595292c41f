"""A line scanner of content YAML as it is being typed: entries, effect blocks, the word and ability at a place.

It reads lines, not YAML, on purpose: while a modder types, the file is often no valid YAML, and
completion, hover and symbols must still work. The checker (dsl/loader.check_document) is the one
that parses properly and reports errors. Lines and columns here are 0-based, as in the protocol.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_ENTRY = re.compile(r"^(\s*)-\s+id:\s*['\"]?([A-Za-z0-9_\-]+)")
_NAME = re.compile(r"^\s*name:\s*(.+?)\s*$")
_KIND = re.compile(r"^kind:\s*([A-Za-z0-9_]+)")
_EFFECT = re.compile(r"^(\s*)(?:-\s+)?effect:\s*(.*)$")
_KEY = re.compile(r"^(\s*)(?:-\s+)?([A-Za-z_][A-Za-z0-9_]*):(?:\s|$)")
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass
class EntryAt:
    id: str
    name: str
    line: int  # the `- id:` line
    column: int  # of the id
    end_line: int  # last line of the entry
    keys: int = 0  # the column of the entry's keys (`id`, `name` ...)


@dataclass
class Block:
    """An effect's text in the file: lines first..last (inclusive), each starting at `indent`."""

    first: int
    last: int
    indent: int
    entry: str
    inline: bool = False  # `effect: text` on the key's own line

    def contains(self, line: int) -> bool:
        return self.first <= line <= self.last


@dataclass
class Scan:
    lines: list[str]
    kind: str
    entries: list[EntryAt]
    blocks: list[Block]

    def block_at(self, line: int) -> Block | None:
        return next((b for b in self.blocks if b.contains(line)), None)

    def entry_at(self, line: int) -> EntryAt | None:
        return next((e for e in self.entries if e.line <= line <= e.end_line), None)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def scan(text: str) -> Scan:
    lines = text.split("\n")
    kind = ""
    entries: list[EntryAt] = []
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        m = _KIND.match(line)
        if m:
            kind = m.group(1)
        m = _ENTRY.match(line)
        if m:
            if entries:
                entries[-1].end_line = _last_text_line(lines, entries[-1].line, i - 1)
            entries.append(EntryAt(m.group(2), m.group(2), i, m.start(2), len(lines) - 1, len(m.group(1)) + 2))
        elif entries and (n := _NAME.match(line)) and _indent(line) == entries[-1].keys:
            if entries[-1].name == entries[-1].id:
                entries[-1].name = n.group(1).strip("'\"")
        m = _EFFECT.match(line)
        if m:
            key_indent = _indent(line) if not line.lstrip().startswith("-") else _indent(line) + 2
            value = m.group(2)
            owner = entries[-1].id if entries else ""
            if value[:1] in ("|", ">"):
                j = i + 1
                while j < len(lines) and (not lines[j].strip() or _indent(lines[j]) > key_indent):
                    j += 1
                last = _last_text_line(lines, i + 1, j - 1)
                body = [ln for ln in lines[i + 1:last + 1] if ln.strip()]
                indent = min((_indent(ln) for ln in body), default=key_indent + 2)
                blocks.append(Block(i + 1, max(last, i + 1), indent, owner))
                i = j
                continue
            if value.strip():
                blocks.append(Block(i, i, m.start(2), owner, inline=True))
        i += 1
    if entries:
        entries[-1].end_line = _last_text_line(lines, entries[-1].line, len(lines) - 1)
    return Scan(lines, kind, entries, blocks)


def _last_text_line(lines: list[str], first: int, last: int) -> int:
    while last > first and not lines[last].strip():
        last -= 1
    return last


def word_at(line: str, col: int) -> tuple[str, int, int]:
    """The identifier under (or just before) the cursor: (word, start, end), or ("", col, col)."""
    for m in WORD.finditer(line):
        if m.start() <= col <= m.end():
            return m.group(0), m.start(), m.end()
    return "", col, col


def key_of_line(line: str) -> str:
    """The YAML key a line starts with (`requires` in `  requires: [a, b]`), or ""."""
    m = _KEY.match(line)
    return m.group(2) if m else ""


def ability_lines(s: Scan, block: Block, line: int) -> tuple[int, int]:
    """The lines (first, last) of the ability the cursor is in: its head at the block's indent and the
    deeper lines that follow."""
    if block.inline:
        return block.first, block.first
    head = line
    while head > block.first and (not s.lines[head].strip() or _indent(s.lines[head]) > block.indent):
        head -= 1
    end = head + 1
    while end <= block.last and (not s.lines[end].strip() or _indent(s.lines[end]) > block.indent):
        end += 1
    return head, _last_text_line(s.lines, head, end - 1)


def ability_text(s: Scan, block: Block, first: int, last: int) -> str:
    """The effect text of lines first..last, with the block's indent removed."""
    if block.inline:
        return s.lines[first][block.indent:].strip().strip("'\"")
    return "\n".join(ln[block.indent:] if ln.strip() else "" for ln in s.lines[first:last + 1])
