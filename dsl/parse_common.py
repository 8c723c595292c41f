"""What the parser's transformers share: positions of the parse tree and its children without keywords."""

from __future__ import annotations

from lark import Token

from . import ast as A


def _pos(meta_or_token) -> A.Pos:
    if isinstance(meta_or_token, Token):
        t = meta_or_token
        return A.Pos(t.line or 1, t.column or 1, t.end_line or t.line or 1, t.end_column or t.column or 1)
    m = meta_or_token
    if getattr(m, "empty", True):
        return A.NOWHERE
    return A.Pos(m.line, m.column, m.end_line, m.end_column)


_VALUE_TOKENS = {"NAME", "NUMBER", "STRING", "ASSIGN", "CMP", "ADDOP", "MULOP"}


def _a(children) -> list:
    """Children without keyword tokens: what is left are values, names and sub-trees."""
    return [x for x in children if not (isinstance(x, Token) and x.type not in _VALUE_TOKENS)]


def _bound(c: list) -> tuple[list, dict]:
    """The children without a trailing `as NAME`, and the keywords binding it (`bind`, `bind_pos`)."""
    if c and isinstance(c[-1], tuple) and c[-1][0] == "bind":
        return c[:-1], {"bind": c[-1][1], "bind_pos": c[-1][2]}
    return c, {}
