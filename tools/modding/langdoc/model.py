"""The language reference as data: forms of the language, the game's words with their docs and uses, entries.

Everything here is read from the grammar's syntax tree classes (dsl/ast.py), the game's vocabulary (its
`doc:` lines) and the loaded content; nothing names a word of a particular game. The Markdown and HTML
writers (markdown.py, html.py) and the language server's hover (tools/modding/lsp) render this one model.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ....dsl import ast as A
from ....dsl.content import Content, Entry
from ....dsl.vocabulary import WORD_SECTIONS, Signature, Vocabulary

MAX_USES = 3

SECTION_TITLES = {
    "hooks": "Hooks",
    "quantities": "Quantities",
    "grants": "Grants (permissions)",
    "forbids": "Forbids (prohibitions)",
    "functions": "Functions",
    "primitives": "Procedures",
}
SECTION_INTROS = {
    "hooks": "Moments the rules announce. `on HOOK [when COND]: ...` reacts to your own; `on any HOOK` to "
             "everyone's. The payload fields are variables inside the trigger.",
    "quantities": "Numbers the rules compute and content may change: `modify QUANTITY[(ARG)] [when COND]: = N` "
                  "(or `+= N`, `-= N`). The context fields are variables in the condition and the value.",
    "grants": "Standing permissions: `grant NAME(ARGS) [when COND]`, or `grant NAME(ARGS) until end of turn` "
              "as a statement. Context fields are variables in the condition.",
    "forbids": "Prohibitions checked for every player: `forbid NAME when COND` (`me` is the owner of the "
               "ability: the holder of an advance, wonder or card, and of an event card while it is in play, "
               "which its condition says with `in_play(self)`; for the standing rules, city pieces and units, "
               "which nobody owns, the player acting). Context fields are variables in the condition.",
    "functions": "Functions usable in any expression: `NAME(ARGS)`. Arguments in brackets may be left out.",
    "primitives": "Rule procedures an effect runs with `do NAME(ARGS)`. Arguments in brackets may be left out.",
}


@dataclass
class Use:
    """One place a bundled entry uses a word or a form: the entry, its file and line, the effect line."""

    entry: str
    kind: str
    file: str
    line: int
    text: str


@dataclass
class Word:
    section: str
    name: str
    signature: str
    doc: str
    fields: dict[str, str] = field(default_factory=dict)  # payload or context: name -> type
    meanings: dict[str, str] = field(default_factory=dict)  # a hook's payload: name -> what it means
    notes: list[str] = field(default_factory=list)  # returns, emits ...
    uses: list[Use] = field(default_factory=list)
    example: str = ""  # the vocabulary's `example:`, shown when no bundled entry uses the word


@dataclass
class Form:
    """A statement or ability form of the language, with the first bundled line that uses it."""

    keyword: str
    syntax: str
    doc: str
    node: type
    test: Callable[[Any], bool] = lambda node: True
    example: Use | None = None
    sample: str = ""  # written from the vocabulary when no bundled entry uses the form


ABILITY_FORMS = [
    Form("grant", "grant NAME[(ARGS)] [when COND]", "A standing permission while you hold the entry.", A.Grant),
    Form("modify", "modify QUANTITY[(ARG)] [when COND] [(once | twice | at most N times) per (turn | round | game)] [optional] [costs COST]: "
         "(= | += | -=) EXPR [min EXPR] [max EXPR]", "Changes a quantity the rules compute.", A.Modify),
    Form("on", "on [any] HOOK [when COND] [(once | twice | at most N times) per (turn | round | game)] [optional] [costs COST]: STATEMENTS",
         "A trigger: runs the statements when the hook fires (for you; `any`: for anyone).", A.Trigger),
    Form("action", 'action "TITLE" [free] [(once | twice | at most N times) per (turn | round | game)] [costs COST] [when COND]: STATEMENTS',
         "A special action: it takes one action, or none with `free`.", A.ActionDef),
    Form("forbid", "forbid NAME [when COND]", "A prohibition that binds every player.", A.Forbid),
    Form("acquire", "acquire costs COST", "An extra cost to acquire the entry itself.", A.Acquire),
    Form("requires", "requires COND", "A condition to acquire or build the entry.", A.Requires),
    Form("objective", 'objective "NAME" [on HOOK] [when COND]',
         "An objective: checked in the status phase, or at once when the hook fires.", A.ObjectiveDef),
]
STATEMENT_FORMS = [
    Form("gain", "gain AMOUNT KIND [at PLACE]", "Get resources, tokens, units or points.", A.Gain),
    Form("pay", "pay AMOUNT KIND", "Pay; the statement fails (and what follows it) when you cannot.", A.Pay),
    Form("lose", "lose AMOUNT KIND", "Lose up to that much.", A.Lose),
    Form("draw", "draw AMOUNT DECK", "Draw cards from a deck.", A.Draw),
    Form("do", "do PROCEDURE(ARGS)", "Run a rule procedure (see Procedures).", A.Do),
    Form("cancel", "cancel", "Call off the moment a trigger reacts to, where the hook allows it.", A.Cancel),
    Form("grant ... until end of turn", "grant NAME[(ARGS)] until end of (turn | round)",
         "A permission that lapses when the turn (or the round) ends.", A.GrantTemp),
    Form("choose", "choose: STATEMENT [when COND] | STATEMENT [when COND] ...",
         "The player picks one alternative whose condition holds.", A.Choose),
    Form("then", "STATEMENT then STATEMENT", "Run in order; a failed payment stops the rest.", A.Seq),
    Form("if", "if COND: BLOCK [else: BLOCK]", "Run a block when the condition holds.", A.If),
    Form("repeat N times", "repeat N times: BLOCK", "Run the block exactly N times.", A.Repeat,
         lambda n: not n.up_to),
    Form("repeat up to", "repeat up to N: BLOCK", "Run the block up to N times; the player may stop.", A.Repeat,
         lambda n: n.up_to),
    Form("for each player", "for each [other] player: BLOCK",
         "Run the block once per player in turn order, with `me` bound to that player.", A.ForEachPlayer),
    # -- the language's reach (issue 44): named values, chance, other players. `{gain}`, `{move}`, `{hand}` in a
    # sample are filled with a kind of the game (build_reference); a form the game cannot use says so
    Form("option", "choose: NEWLINE option [when COND]: BLOCK NEWLINE option [when COND]: BLOCK ...",
         "Alternatives of several statements: `choose:` then one indented `option` per alternative.", A.Choose,
         lambda n: any(a.block for a in n.alts), sample="option when turn > 1: gain 1 {gain}"),
    Form("let", "let NAME = EXPR", "Name a value for the statements after it, in its block and the blocks inside "
         "(`let n = n + 1` names it again).", A.Let, sample="let bonus = 2"),
    Form("as", "gain | pay | lose | draw | give | take | do ... as NAME",
         "Name what the statement did: how many were gained, paid, lost or moved, the card drawn or taken, a "
         "procedure's result (the procedures that have one say so).", A.Stmt,
         lambda n: getattr(n, "bind", None) is not None and not isinstance(n, (A.Roll, A.Pick, A.ChoosePlayer)),
         sample="gain 2 {gain} as got"),
    Form("roll", "roll N (die | dice) as NAME",
         "Roll N dice of the game's die and name their total: drawn from the game's random stream (hidden until "
         "rolled, the same for the same seed; a move that rolled cannot be undone).", A.Roll,
         sample="roll 2 dice as total"),
    Form("pick at random", "pick at random from LIST as NAME",
         "Pick one item of the list at random and name it (a name holding a kind may follow gain, pay, lose, "
         "give and take).", A.Pick, sample="pick at random from [{gain}, {gain2}] as found"),
    Form("choose a player", "choose (a | another) player as NAME [when COND]",
         "You choose a player (`another`: not you) for whom COND holds (COND names the candidate NAME); with "
         "none, the rest of the effect does not happen.", A.ChoosePlayer, sample="choose another player as rival"),
    Form("for PLAYER", "for PLAYER: BLOCK",
         "Run the block as that player: `me` is they, and they make its decisions.", A.ForPlayer,
         sample="for rival: gain 1 {gain}"),
    Form("give", "give N KIND to PLAYER [as NAME]",
         "Move up to N from you to the player: resources (a loss and a gain), cards of your hand (you pick), "
         "or what else the game moves between players.", A.Give, sample="give 1 {move} to rival"),
    Form("take", "take N KIND from PLAYER [at random] [as NAME]",
         "Move up to N from the player to you; cards are picked by you looking at theirs, or drawn at random.",
         A.Take, sample="take 1 {hand} from rival"),
    Form("look at", "look at DECK of PLAYER",
         "You see the player's cards of that deck (a decision of kind `look` to acknowledge); none moves.", A.Look,
         sample="look at {hand} of rival"),
    Form("swap", "swap N DECK with PLAYER",
         "Look at the player's cards of that deck, take N and give them N of yours.", A.Swap,
         sample="swap 1 {hand} with rival"),
]


def _sample(text: str, vocab: Vocabulary) -> str:
    """A form's sample in the words of the game, or what the game lacks for it."""
    gains, hands = vocab.kinds_of("gain"), vocab.kinds_of("hand")
    moves = [k for k in vocab.kinds_of("give") if k not in hands] or hands
    if ("{gain" in text and not gains) or ("{move}" in text and not moves) or ("{hand}" in text and not hands):
        return "(nothing this game's vocabulary declares can be written here)"
    return text.format(gain=gains[0] if gains else "", gain2=gains[1] if len(gains) > 1 else gains[0] if gains else "",
                       move=moves[0] if moves else "", hand=hands[0] if hands else "")


@dataclass
class Reference:
    game: str
    forms: list[Form]
    statements: list[Form]
    words: dict[str, list[Word]]
    enums: dict[str, list[str]]
    globals: dict[str, str]
    entries: dict[str, list[Entry]]

    def word(self, name: str) -> Word | None:
        """The first word of that name (hook, quantity, grant ...), for hovers."""
        for section in WORD_SECTIONS:
            for w in self.words.get(section, []):
                if w.name == name:
                    return w
        return None


# ---- signatures --------------------------------------------------------------------------------------


def _args(sig: Signature) -> str:
    need = sig.required
    shown = [t if i < need else f"[{t}]" for i, t in enumerate(sig.args)]
    return ", ".join(shown)


def signature(section: str, name: str, vocab: Vocabulary) -> tuple[str, dict[str, str], list[str]]:
    """How the word is written, its payload or context fields, and notes (returns, emits)."""
    if section == "hooks":
        return f"on {name}", dict(vocab.hooks[name]), []
    sig: Signature = getattr(vocab, section)[name]
    notes: list[str] = []
    if section == "quantities":
        text = f"modify {name}({sig.arg})" if sig.arg else f"modify {name}"
    elif section == "grants":
        text = f"grant {name}({_args(sig)})" if sig.args else f"grant {name}"
    elif section == "forbids":
        text = f"forbid {name} when ..."
    elif section == "functions":
        text = f"{name}({_args(sig)}) -> {sig.returns}"
    else:
        text = f"do {name}({_args(sig)})"
        if sig.emits:
            notes.append("may fire: " + ", ".join(sig.emits))
    return text, dict(sig.context), notes


# ---- where bundled content uses words and forms --------------------------------------------------------


def walk(node: Any) -> Iterator[Any]:
    """Every syntax-tree node under `node` (itself included), depth first, in source order."""
    if isinstance(node, list):
        for x in node:
            yield from walk(x)
        return
    if not dataclasses.is_dataclass(node) or isinstance(node, (type, A.Pos)):
        return
    yield node
    for f in dataclasses.fields(node):
        if f.name != "pos":
            yield from walk(getattr(node, f.name))


def words_used(node: Any, vocab: Vocabulary) -> list[tuple[str, str, A.Pos]]:
    """(section, name, position) of the vocabulary words one node uses directly."""
    out: list[tuple[str, str, A.Pos]] = []
    pos = getattr(node, "pos", A.NOWHERE)
    if isinstance(node, A.Trigger):
        out.extend(("hooks", h, pos) for h in node.hooks)
    elif isinstance(node, A.ObjectiveDef) and node.hook:
        out.append(("hooks", node.hook, pos))
    elif isinstance(node, A.Modify):
        out.append(("quantities", node.quantity.name, pos))
    elif isinstance(node, (A.Grant, A.GrantTemp)):
        out.append(("grants", node.call.name, pos))
    elif isinstance(node, A.Forbid):
        out.append(("forbids", node.what, pos))
    elif isinstance(node, A.Do):
        out.append(("primitives", node.call.name, pos))
    elif isinstance(node, A.Call) and node.name in vocab.functions:
        out.append(("functions", node.name, pos))
    return out


_EFFECT_KEY = re.compile(r"^(\s*)effect:\s*(.*)$")


def effect_first_line(lines: list[str], entry_line: int, combat: bool = False) -> int:
    """The file line (1-based) of the effect text's first line for the entry starting at `entry_line`."""
    i = entry_line - 1
    if combat:
        while i < len(lines) and not lines[i].strip().startswith("combat:"):
            i += 1
    for j in range(i, min(len(lines), i + 400)):
        if j > entry_line - 1 and lines[j].lstrip().startswith("- id:"):
            break
        m = _EFFECT_KEY.match(lines[j])
        if m:
            return j + 2 if m.group(2)[:1] in ("|", ">") else j + 1
    return entry_line


def entry_effects(entry: Entry) -> Iterator[tuple[A.Effect, str, bool]]:
    """(effect, its text, is the combat half) of an entry."""
    if entry.effect is not None:
        yield entry.effect, str(entry.data.get("effect") or ""), False
    combat = entry.data.get("combat")
    if entry.combat_effect is not None and isinstance(combat, dict):
        yield entry.combat_effect, str(combat.get("effect") or ""), True


def _use(content: Content, entry: Entry, text: str, combat: bool, pos: A.Pos) -> Use:
    lines = content.sources.get(entry.file) or []
    first = effect_first_line(lines, entry.line, combat)
    text_lines = text.split("\n")
    line_text = text_lines[pos.line - 1].strip() if 1 <= pos.line <= len(text_lines) else ""
    return Use(entry.id, entry.kind, entry.file, first + pos.line - 1, line_text[:120])


def build_reference(content: Content) -> Reference:
    """The whole reference for the content's game, examples drawn from the content in load order."""
    vocab = content.vocab
    words: dict[str, list[Word]] = {}
    index: dict[tuple[str, str], Word] = {}
    for section in WORD_SECTIONS:
        for name in getattr(vocab, section):
            sig, fields, notes = signature(section, name, vocab)
            meanings = {k: vocab.field_meaning(name, k) for k in fields} if section == "hooks" else {}
            w = Word(section, name, sig, vocab.docs.get(section, {}).get(name, ""), fields, meanings, notes,
                     example=vocab.examples.get(section, {}).get(name, ""))
            words.setdefault(section, []).append(w)
            index[(section, name)] = w
    forms = [dataclasses.replace(f) for f in ABILITY_FORMS]
    statements = [dataclasses.replace(f) for f in STATEMENT_FORMS]
    for entry in content.entries.values():
        for effect, text, combat in entry_effects(entry):
            for node in walk(effect.abilities):
                for form in forms + statements:
                    if form.example is None and isinstance(node, form.node) and form.test(node):
                        form.example = _use(content, entry, text, combat, node.pos)
                for section, name, pos in words_used(node, vocab):
                    w = index.get((section, name))
                    if w is not None and len(w.uses) < MAX_USES and all(u.entry != entry.id for u in w.uses):
                        w.uses.append(_use(content, entry, text, combat, pos))
    for form in statements:
        if form.example is None and form.keyword in ("gain", "pay", "lose", "draw"):
            kinds = vocab.kinds_of(form.keyword)
            form.sample = f"{form.keyword} 1 {kinds[0]}" if kinds else ""
        elif form.example is None and form.sample:
            form.sample = _sample(form.sample, vocab)
    entries: dict[str, list[Entry]] = {}
    for e in content.entries.values():
        entries.setdefault(e.kind, []).append(e)
    return Reference(content.game, forms, statements, words, dict(vocab.enums), dict(vocab.globals),
                     {k: entries[k] for k in sorted(entries)})
