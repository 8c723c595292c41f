"""Syntax errors of the card language as diagnostics: where, what was found, and what was expected."""

from __future__ import annotations

from lark import UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.exceptions import UnexpectedEOF

from ..engine.diagnostics import Diagnostic

_TOKEN_WORDS = {
    "_NL": "a new line", "_INDENT": "an indented block", "_DEDENT": "the end of a block",
    "NAME": "a name", "NUMBER": "a number", "STRING": "a quoted title", "COLON": "':'",
    "LPAR": "'('", "RPAR": "')'", "LSQB": "'['", "RSQB": "']'", "COMMA": "','", "VBAR": "'|'",
    "ASSIGN": "'=', '+=' or '-='", "CMP": "a comparison", "ADDOP": "'+' or '-'", "MULOP": "'*' or '//'",
    "ONCE_PER_TURN": "'once per turn' (or per round, per game, at most N times per turn)", "UP_TO": "'up to'", "UNTIL_END_OF_TURN": "'until end of turn' (or of round)",
    "$END": "the end of the effect",
}


def _describe(name: str) -> str:
    if name in _TOKEN_WORDS:
        return _TOKEN_WORDS[name]
    if name.isupper() and name.replace("_", "").isalpha():
        return f"'{name.lower().replace('_', ' ')}'"
    return name


def _expected_text(expected: set[str]) -> str:
    words = sorted({_describe(e) for e in expected if not e.startswith("__")})
    if len(words) > 8:
        words = words[:8] + ["..."]
    return ", ".join(words)


_EXAMPLES = {
    "ability": "an effect starts each line with grant, modify, on, action, forbid, acquire, requires or objective",
    "colon": "abilities and blocks end their header with ':' (e.g. `on advance_gained: gain 1 idea`)",
    "modify": "a modifier puts its change after ':' (e.g. `modify move_range when ...: += 1`)",
}
_STATEMENT_WORDS = {"GAIN", "PAY", "LOSE", "DRAW", "DO", "CHOOSE", "IF", "REPEAT", "CANCEL", "GRANT"}


def syntax_diagnostic(err: UnexpectedInput, src: str, file: str) -> Diagnostic:
    """The diagnostic for a parse error in `src`, with a hint in the words of the language."""
    line = getattr(err, "line", 1) or 1
    col = getattr(err, "column", 1) or 1
    if isinstance(err, UnexpectedCharacters):
        ch = src[err.pos_in_stream] if err.pos_in_stream < len(src) else "?"
        hint = "names are lowercase words with underscores; titles go in double quotes"
        allowed = getattr(err, "allowed", None) or set()
        if allowed:
            hint = f"expected {_expected_text(set(allowed))}"
        return Diagnostic(file, line, col, "E0101", f"unexpected character {ch!r}", hint, end_column=col + 1)
    if isinstance(err, UnexpectedEOF):
        lines = src.rstrip("\n").split("\n")
        return Diagnostic(file, len(lines), len(lines[-1]) + 1, "E0102", "the effect ends too early",
                          f"expected {_expected_text(set(err.expected))}")
    if isinstance(err, UnexpectedToken):
        tok = err.token
        expected = set(err.expected)
        if tok.type == "$END":
            lines = src.rstrip("\n").split("\n")
            return Diagnostic(file, len(lines), len(lines[-1]) + 1, "E0102", "the effect ends too early",
                              f"expected {_expected_text(expected)}")
        shown = {"_NL": "end of line", "_INDENT": "indentation", "_DEDENT": "end of block"}.get(
            tok.type, repr(str(tok)))
        hint = f"expected {_expected_text(expected)}"
        if tok.type == "_INDENT":
            hint = "this line is indented more than a block allows here; " + hint
        elif {"GRANT", "MODIFY", "ON", "ACTION"} & expected and tok.type == "NAME":
            hint = _EXAMPLES["ability"]
        elif tok.type in ("ASSIGN", "ADDOP") and "COLON" in expected:
            hint = _EXAMPLES["modify"]
        elif "COLON" in expected and (len(expected) <= 4 or tok.type in _STATEMENT_WORDS):
            hint = _EXAMPLES["colon"]
        end = (tok.end_column or col + 1) if tok.type not in ("_NL", "_INDENT", "_DEDENT") else col + 1
        return Diagnostic(file, tok.line or line, tok.column or col, "E0103", f"unexpected {shown}", hint,
                          end_column=end)
    return Diagnostic(file, line, col, "E0100", str(err).splitlines()[0])
