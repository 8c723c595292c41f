"""Completion: what may come next at the cursor, read from the line before it and the game's vocabulary.

Inside an effect: hooks after `on` (and `on any`), quantities after `modify`, grants after `grant`,
prohibitions after `forbid`, procedures after `do`, kinds after `gain N` (pay, lose, draw), the
values of an argument's declared type inside a call's parentheses; elsewhere
the names of expressions: the variables in scope (the payload of the trigger's hook, the context of the
quantity, grant or prohibition), the always-bound names, functions, enum values and content ids. Outside
effects, a field that names other entries (`requires:`, `category:` ...) completes their ids.
"""

from __future__ import annotations

import re
from pathlib import Path

from lsprotocol import types as T

from ....dsl.references import content_spec
from ....dsl.vocabulary import Vocabulary
from .scan import Block, Scan, ability_lines, key_of_line
from .session import Session

ABILITY_KEYWORDS = ["grant", "modify", "on", "action", "forbid", "acquire", "requires", "objective"]
STATEMENT_KEYWORDS = ["gain", "pay", "lose", "draw", "do", "cancel", "choose", "if", "else", "repeat",
                      "for each player", "for each other player", "then", "when", "and", "or", "not", "in",
                      "has", "once per turn", "optional", "costs", "until end of turn", "any", "free",
                      # the language's reach: named values, chance, other players
                      "let", "as", "option", "roll", "pick at random from", "choose a player as",
                      "choose another player as", "for", "give", "take", "swap", "at random", "look at", "none"]
AFTER = {"on": "hooks", "any": "hooks", "modify": "quantities", "grant": "grants", "forbid": "forbids",
         "do": "primitives"}
KINDS = {"hooks": T.CompletionItemKind.Event, "quantities": T.CompletionItemKind.Property,
         "grants": T.CompletionItemKind.Constant, "forbids": T.CompletionItemKind.Constant,
         "primitives": T.CompletionItemKind.Function, "functions": T.CompletionItemKind.Function}
_HEAD = re.compile(r"^\s*(on(?:\s+any)?|modify|grant|forbid|objective\s+\"[^\"]*\"\s+on)\s+([A-Za-z_]\w*)")


def _item(label: str, kind: T.CompletionItemKind, detail: str = "", doc: str = "") -> T.CompletionItem:
    return T.CompletionItem(label=label, kind=kind, detail=detail or None,
                            documentation=T.MarkupContent(kind=T.MarkupKind.Markdown, value=doc) if doc else None)


def word_items(session: Session, section: str) -> list[T.CompletionItem]:
    """Every word of a vocabulary section, with its signature and doc."""
    return [_item(w.name, KINDS[section], w.signature, w.doc) for w in session.reference().words.get(section, [])]


def scope(vocab: Vocabulary, head: str) -> dict[str, str]:
    """The variables an ability's head line brings into scope: hook payload or quantity/grant/forbid context."""
    m = _HEAD.match(head)
    if not m:
        return {}
    word, name = m.group(1).split()[0], m.group(2)
    if word in ("on", "objective"):
        return dict(vocab.hooks.get(name, {}))
    table = {"modify": vocab.quantities, "grant": vocab.grants, "forbid": vocab.forbids}[word]
    sig = table.get(name)
    return dict(sig.context) if sig else {}


def expression_items(session: Session, path: Path, variables: dict[str, str]) -> list[T.CompletionItem]:
    vocab = session.current(path).vocab
    items = [_item(k, T.CompletionItemKind.Variable, t, "variable in scope") for k, t in variables.items()]
    items += [_item(k, T.CompletionItemKind.Variable, t, "always bound") for k, t in vocab.globals.items()
              if k not in variables]
    items += word_items(session, "functions")
    for enum, members in vocab.enums.items():
        items += [_item(m, T.CompletionItemKind.EnumMember, enum) for m in members]
    items += [_item(i, T.CompletionItemKind.Reference, f"{e.kind.replace('_', ' ')}: {e.name}")
              for i, e in session.ids(path).items()]
    items += [_item(k, T.CompletionItemKind.Keyword) for k in STATEMENT_KEYWORDS]
    seen: set[str] = set()
    return [i for i in items if not (i.label in seen or seen.add(i.label))]


def open_call(text: str) -> tuple[str, int] | None:
    """The call the cursor is inside of, from the text before it: (name, argument index), or None."""
    depth, commas = 0, 0
    for i in range(len(text) - 1, -1, -1):
        ch = text[i]
        if ch in ")]":
            depth += 1
        elif ch == "[" and depth:
            depth -= 1
        elif ch == "(":
            if depth:
                depth -= 1
                continue
            m = re.search(r"([A-Za-z_]\w*)\s*$", text[:i])
            return (m.group(1), commas) if m else None
        elif ch == "," and not depth:
            commas += 1
        elif ch == "[" or ch == ":":
            return None
    return None


def argument_type(vocab: Vocabulary, name: str, index: int) -> str:
    """The declared type of a call's argument ("" when unknown or past the end)."""
    for table in (vocab.functions, vocab.primitives, vocab.grants):
        sig = table.get(name)
        if sig is not None:
            return sig.args[index] if index < len(sig.args) else ""
    sig = vocab.quantities.get(name)
    return (sig.arg or "") if sig is not None and index == 0 else ""


def typed_items(vocab: Vocabulary, typ: str, variables: dict[str, str]) -> list[T.CompletionItem]:
    """Constants (enum values, ids, actions ...) and variables of one type."""
    items = [_item(k, T.CompletionItemKind.Variable, t) for k, t in {**vocab.globals, **variables}.items() if t == typ]
    items += [_item(k, T.CompletionItemKind.EnumMember, t) for k, t in vocab.constants.items() if t == typ]
    return items


def _in_effect(session: Session, s: Scan, block: Block, line: int, col: int, path: Path) -> list[T.CompletionItem]:
    before = s.lines[line][:col]
    head_text = before[: len(before) - len(re.search(r"[A-Za-z0-9_]*$", before).group(0))]
    tokens = head_text.split()
    if not tokens or (not block.inline and not head_text.strip() and len(head_text) <= block.indent):
        return [_item(k, T.CompletionItemKind.Keyword) for k in ABILITY_KEYWORDS + STATEMENT_KEYWORDS]
    last = tokens[-1]
    if last in AFTER and not head_text.endswith(("(", "[")) and (last != "any" or tokens[-2:-1] == ["on"]):
        return word_items(session, AFTER[last])
    vocab = session.current(path).vocab
    if len(tokens) >= 2 and tokens[-2] in ("gain", "pay", "lose", "draw") and not head_text.rstrip().endswith(","):
        what = tokens[-2]
        return [_item(k, T.CompletionItemKind.EnumMember, what) for k in dict.fromkeys(vocab.kinds_of(what))]
    first, _ = ability_lines(s, block, line)
    variables = scope(vocab, s.lines[first][block.indent:])
    call = open_call(head_text)
    if call is not None:
        typed = typed_items(vocab, argument_type(vocab, *call), variables)
        if typed:
            return typed
    return expression_items(session, path, variables)


def completions(session: Session, s: Scan, line: int, col: int, path: Path) -> list[T.CompletionItem]:
    if line >= len(s.lines):
        return []
    block = s.block_at(line)
    if block is not None and col >= min(block.indent, len(s.lines[line])):
        return _in_effect(session, s, block, line, col, path)
    key = key_of_line(s.lines[line])
    target = (content_spec(session.game).get("references") or {}).get(s.kind, {}).get(key)
    if not target or s.lines[line].find(":") >= col:
        return []
    kinds = target.split("|")
    return [_item(i, T.CompletionItemKind.Reference, f"{e.kind.replace('_', ' ')}: {e.name}")
            for i, e in session.ids(path).items() if e.kind in kinds]
