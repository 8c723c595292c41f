"""Parse tree to syntax tree for the language's reach: named values, chance, other players (a mixin of the
parser's transformer, dsl/parser.py, which binds `as NAME` on gain, pay, lose, draw and do itself)."""

from __future__ import annotations

from lark import Token, v_args

from . import ast as A
from .parse_common import _a, _bound, _pos


class ReachToAst:
    """let, roll, pick at random, choose a player, for PLAYER, give, take, swap, and the `option` blocks of
    `choose` (called with the node's meta and children, as the transformer's own methods are)."""

    @v_args(meta=True)
    def let_stmt(self, meta, c):
        c = _a(c)
        return A.Let(str(c[0]), c[2], str(c[1]), pos=_pos(meta), name_pos=_pos(c[0]))

    @v_args(meta=True)
    def roll(self, meta, c):
        c, bind = _bound(_a(c))
        return A.Roll(c[0], pos=_pos(meta), **bind)

    @v_args(meta=True)
    def pick(self, meta, c):
        c, bind = _bound(_a(c))
        return A.Pick(c[0], pos=_pos(meta), **bind)

    @v_args(meta=True)
    def choose_player(self, meta, c):
        others = "another" in str(c[0])
        c = _a(c)
        bind = c[0]
        when = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "when"), None)
        return A.ChoosePlayer(others, when, pos=_pos(meta), bind=bind[1], bind_pos=bind[2])

    @v_args(meta=True)
    def for_player(self, meta, c):
        c = _a(c)
        return A.ForPlayer(c[0], c[1], pos=_pos(meta))

    @v_args(meta=True)
    def give(self, meta, c):
        c, bind = _bound(_a(c))
        return A.Give(c[0], str(c[1]), c[2], pos=_pos(meta), **bind)

    @v_args(meta=True)
    def take(self, meta, c):
        raw = c
        c, bind = _bound(_a(c))
        random = any(isinstance(x, Token) and x.type == "AT_RANDOM" for x in raw)
        return A.Take(c[0], str(c[1]), c[2], random, pos=_pos(meta), **bind)

    @v_args(meta=True)
    def swap(self, meta, c):
        c = _a(c)
        return A.Swap(c[0], str(c[1]), c[2], pos=_pos(meta))

    @v_args(meta=True)
    def option(self, meta, c):
        when = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "when"), None)
        body = next(x for x in c if isinstance(x, list))
        return A.Alt(A.Seq(body, pos=_pos(meta)), when, _pos(meta), block=True)

    @v_args(meta=True)
    def choose_block(self, meta, c):
        return A.Choose([x for x in c if isinstance(x, A.Alt)], pos=_pos(meta))

    @v_args(meta=True)
    def look(self, meta, c):
        c = _a(c)
        return A.Look(str(c[0]), c[1], pos=_pos(meta))
