"""Parse effect text into our AST (Lark LALR, positions propagated, errors as diagnostics)."""

from __future__ import annotations

import dataclasses
import hashlib
import os
import tempfile
from functools import cache
from pathlib import Path

import lark
from lark import (
    Lark,
    Token,
    Transformer,
    Tree,
    UnexpectedInput,
    v_args,
)
from lark.exceptions import LarkError, VisitError
from lark.indenter import DedentError, Indenter

from .. import __version__
from ..engine.diagnostics import Diagnostic
from . import ast as A
from .parse_common import _a, _bound, _pos
from .parse_errors import syntax_diagnostic
from .parser_reach import ReachToAst


class _EffectIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB"]
    CLOSE_PAREN_types = ["RPAR", "RSQB"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 4

    def handle_NL(self, token: Token):
        levels = list(self.indent_level)
        try:
            yield from super().handle_NL(token)
        except DedentError:
            indent = token.rsplit("\n", 1)[1]
            raise _BadDedent(token.end_line or token.line or 1, len(indent) + 1, levels) from None


class _BadDedent(Exception):
    """A line indented less than its block but more than the enclosing one (Lark's DedentError, located)."""

    def __init__(self, line: int, column: int, levels: list[int]):
        super().__init__(f"line {line}")
        self.line, self.column, self.levels = line, column, levels


MAX_NESTING = 64  # real effects nest about 12 deep; far deeper text would only exhaust the recursion


def _nesting(root, children, pos) -> tuple[int, A.Pos]:
    """Depth of a tree (walked without recursion) and the position of its deepest node."""
    best, where = 0, A.NOWHERE
    stack = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > best:
            best, where = depth, pos(node) or where
        if depth > MAX_NESTING:
            break
        stack.extend((c, depth + 1) for c in children(node))
    return best, where


def _tree_children(node) -> list:
    return [c for c in node.children if isinstance(c, Tree)] if isinstance(node, Tree) else []


def _tree_pos(node) -> A.Pos | None:
    meta = getattr(node, "_meta", None)
    return None if meta is None or getattr(meta, "empty", True) else _pos(meta)


def _ast_children(node) -> list:
    if isinstance(node, (list, tuple)):
        return list(node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return [v for f in dataclasses.fields(node) if isinstance(v := getattr(node, f.name), (list, tuple))
                or (dataclasses.is_dataclass(v) and not isinstance(v, (type, A.Pos)))]
    return []


def _ast_pos(node) -> A.Pos | None:
    pos = getattr(node, "pos", None)
    return pos if isinstance(pos, A.Pos) and pos != A.NOWHERE else None


def _grammar_cache(grammar: str) -> Path | None:
    """Where Lark keeps the analysed grammar, so start-up skips building the tables: one file per grammar,
    Lark and rulewright version (one cache folder serves every installed version)."""
    from .cache import cache_dir

    d = cache_dir()
    if d is None:
        return None
    tag = hashlib.sha256(f"{__version__}\0{lark.__version__}\0{grammar}".encode()).hexdigest()[:24]
    return d / f"grammar-{tag}.lark-cache"


@cache
def _parser() -> Lark:
    grammar = (Path(__file__).with_name("grammar.lark")).read_text()
    options = dict(parser="lalr", postlex=_EffectIndenter(), propagate_positions=True, maybe_placeholders=False)
    target = _grammar_cache(grammar)
    if target is None:
        return Lark(grammar, **options)
    if target.is_file():  # Lark checks the file against the grammar and rebuilds it when it does not match
        return Lark(grammar, cache=str(target), **options)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".grammar.", suffix=".tmp")
        os.close(fd)
        os.unlink(tmp)  # Lark writes the file itself
    except OSError:
        return Lark(grammar, **options)
    parser = Lark(grammar, cache=tmp, **options)
    try:  # written beside it, then renamed into place: a reader never sees half a file
        os.replace(tmp, target)
    except OSError:
        pass
    return parser


def _limit(text: str) -> tuple[str, int]:
    """`once per round` -> ("round", 1); `twice per turn` -> ("turn", 2); `at most 3 times per game` -> ("game", 3)."""
    words = text.split()
    times = 1 if words[0] == "once" else 2 if words[0] == "twice" else int(words[2])
    return words[-1], times


@v_args(meta=True)
class _ToAst(ReachToAst, Transformer):
    """Lark tree -> our AST. Keyword tokens are filtered out; positions come from meta."""

    # -- expressions
    def number(self, meta, c):
        return A.Num(int(c[0]), pos=_pos(c[0]))

    def string(self, meta, c):
        return A.Str(str(c[0])[1:-1], pos=_pos(c[0]))

    def ref(self, meta, c):
        return A.Ref([str(t) for t in c], pos=_pos(meta))

    def call(self, meta, c):
        return A.Call(str(c[0]), [x for x in c[1:] if not isinstance(x, Token)], pos=_pos(meta))

    def bare_call(self, meta, c):
        return A.Call(str(c[0]), [], pos=_pos(c[0]))

    def list(self, meta, c):
        return A.ListExpr([x for x in c if not isinstance(x, Token)], pos=_pos(meta))

    def _chain(self, meta, c):
        left = c[0]
        i = 1
        while i < len(c):
            op, right = str(c[i]), c[i + 1]
            left = A.BinOp(op, left, right, pos=_pos(meta))
            i += 2
        return left

    or_expr = and_expr = sum = term = _chain

    def compare(self, meta, c):
        c = _a(c)
        return A.BinOp(str(c[1]), c[0], c[2], pos=_pos(meta))

    def in_(self, meta, c):
        c = _a(c)
        return A.BinOp("in", c[0], c[1], pos=_pos(meta))

    def not_in(self, meta, c):
        c = _a(c)
        return A.BinOp("not in", c[0], c[1], pos=_pos(meta))

    def has_(self, meta, c):
        c = _a(c)
        return A.BinOp("has", c[0], c[1], pos=_pos(meta))

    def not_(self, meta, c):
        c = _a(c)
        return A.Not(c[0], pos=_pos(meta))

    # -- statements
    def bind(self, meta, c):
        name = _a(c)[0]
        return ("bind", str(name), _pos(name))

    def gain(self, meta, c):
        c, bind = _bound(_a(c))
        at = c[2] if len(c) > 2 else None
        return A.Gain(c[0], str(c[1]), at, pos=_pos(meta), **bind)

    def pay(self, meta, c):
        c, bind = _bound(_a(c))
        return A.Pay(c[0], str(c[1]), pos=_pos(meta), **bind)

    def lose(self, meta, c):
        c, bind = _bound(_a(c))
        return A.Lose(c[0], str(c[1]), pos=_pos(meta), **bind)

    def draw(self, meta, c):
        c, bind = _bound(_a(c))
        return A.Draw(c[0], str(c[1]), pos=_pos(meta), **bind)

    def do_stmt(self, meta, c):
        c, bind = _bound(_a(c))
        return A.Do(c[0], pos=_pos(meta), **bind)

    def cancel(self, meta, c):
        return A.Cancel(pos=_pos(meta))

    def grant_stmt(self, meta, c):
        until = str(c[-1]).split()[-1]  # the period: turn, round, or one the game declares
        c = _a(c)
        return A.GrantTemp(c[0], until, pos=_pos(meta))

    def line(self, meta, c):
        items = [x for x in c if not isinstance(x, Token)]
        return A.Seq(items, pos=_pos(meta))

    def alt(self, meta, c):
        items = [x for x in c if isinstance(x, A.Stmt)]
        when = next((x for x in c if isinstance(x, tuple) and x[0] == "when"), None)
        return A.Alt(A.Seq(items, pos=_pos(meta)), when[1] if when else None, _pos(meta))

    def choose(self, meta, c):
        return A.Choose([x for x in c if isinstance(x, A.Alt)], pos=_pos(meta))

    def body(self, meta, c):
        return [x for x in c if isinstance(x, A.Stmt)]

    def else_part(self, meta, c):
        c = _a(c)
        return ("else", c[0])

    def if_stmt(self, meta, c):
        c = _a(c)
        orelse = c[2][1] if len(c) > 2 else []
        return A.If(c[0], c[1], orelse, pos=_pos(meta))

    def foreach_stmt(self, meta, c):
        raw, c = c, _a(c)
        others = any(isinstance(x, Token) and x.type == "FOR_EACH_PLAYER" and "other" in str(x) for x in raw)
        return A.ForEachPlayer(c[0], others, pos=_pos(meta))

    def objective_def(self, meta, c):
        c = _a(c)
        name = str(c[0])[1:-1]
        hook = next((x for x in c[1:] if isinstance(x, Token) and x.type == "NAME"), None)
        when = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "when"), None)
        return A.ObjectiveDef(name, when, str(hook) if hook else None, pos=_pos(meta),
                              hook_pos=_pos(hook) if hook else A.NOWHERE)

    def repeat_up_to(self, meta, c):
        c = _a(c)
        return A.Repeat(c[0], True, c[1], pos=_pos(meta))

    def repeat_times(self, meta, c):
        c = _a(c)
        return A.Repeat(c[0], False, c[1], pos=_pos(meta))

    # -- ability parts
    def when(self, meta, c):
        c = _a(c)
        return ("when", c[0])

    def cost_item(self, meta, c):
        c = _a(c)
        return A.CostItem(c[0], str(c[1]), _pos(meta))

    def cost(self, meta, c):
        """The items of a cost; `A or B` (ways to pay split by OR) one CostChoice of those ways."""
        ways: list[list[A.CostItem]] = [[]]
        for x in c:
            if isinstance(x, A.CostItem):
                ways[-1].append(x)
            elif getattr(x, "type", None) == "OR":
                ways.append([])
        return ways[0] if len(ways) == 1 else [A.CostChoice(ways, pos=_pos(meta))]

    def opt_once(self, meta, c):
        return ("once", _limit(str(c[0])))

    def opt_optional(self, meta, c):
        return ("optional", True)

    def opt_free(self, meta, c):
        return ("free", True)

    def opt_cost(self, meta, c):
        c = _a(c)
        return ("cost", c[0])

    def opt_when(self, meta, c):
        c = _a(c)
        return ("when", c[0])

    def clamp_min(self, meta, c):
        c = _a(c)
        return ("min", c[0])

    def clamp_max(self, meta, c):
        c = _a(c)
        return ("max", c[0])

    def mod_op(self, meta, c):
        clamps = dict(x for x in c[2:] if isinstance(x, tuple))
        return ("op", str(c[0]), c[1], clamps)

    @staticmethod
    def _opts(c) -> dict:
        opts: dict = {}
        for x in c:
            if isinstance(x, tuple):
                key = x[0]
                if key == "cost":
                    opts.setdefault("cost", []).extend(x[1])
                else:
                    opts[key] = x[1]
        return opts

    # -- abilities
    def grant(self, meta, c):
        c = _a(c)
        opts = self._opts(c)
        return A.Grant(c[0], opts.get("when"), pos=_pos(meta))

    def modify(self, meta, c):
        c = _a(c)
        opts = self._opts(c)
        op = next(x for x in c if isinstance(x, tuple) and x[0] == "op")
        per, times = opts.get("once") or ("turn", 1)
        return A.Modify(c[0], op[1], op[2], opts.get("when"), op[3].get("min"), op[3].get("max"),
                        bool(opts.get("once")), bool(opts.get("optional")), opts.get("cost", []),
                        per, times, pos=_pos(meta))

    def trigger(self, meta, c):
        raw, c = c, _a(c)
        opts = self._opts(c)
        body = next(x for x in c if isinstance(x, list))
        any_player = any(isinstance(x, Token) and x.type == "ANY" for x in raw)
        per, times = opts.get("once") or ("turn", 1)
        names = [x for x in c if isinstance(x, Token) and x.type == "NAME"]
        return A.Trigger(str(c[0]), body, opts.get("when"), bool(opts.get("once")),
                         bool(opts.get("optional")), opts.get("cost", []), any_player=any_player,
                         pos=_pos(meta), hook_pos=_pos(c[0]), per=per, times=times,
                         also=[(str(n), _pos(n)) for n in names[1:]])

    def action_def(self, meta, c):
        c = _a(c)
        opts = self._opts(c)
        body = next(x for x in c if isinstance(x, list))
        per, times = opts.get("once") or ("turn", 1)
        return A.ActionDef(str(c[0])[1:-1], body, bool(opts.get("free")), bool(opts.get("once")),
                           opts.get("cost", []), opts.get("when"), per, times, pos=_pos(meta))

    def forbid(self, meta, c):
        c = _a(c)
        opts = self._opts(c)
        return A.Forbid(str(c[0]), opts.get("when"), pos=_pos(meta), what_pos=_pos(c[0]))

    def acquire(self, meta, c):
        c = _a(c)
        return A.Acquire(c[0], pos=_pos(meta))

    def requires(self, meta, c):
        c = _a(c)
        return A.Requires(c[0], pos=_pos(meta))

    def start(self, meta, c):
        return A.Effect([x for x in c if isinstance(x, A.Ability)])


def parse_effect(text: str, file: str = "<effect>") -> tuple[A.Effect | None, list[Diagnostic]]:
    """Parse effect text. Returns (effect, []) or (None, [diagnostic]) with a location and a hint."""
    src = text if text.endswith("\n") else text + "\n"
    try:
        tree = _parser().parse(src)
    except UnexpectedInput as err:
        return None, [syntax_diagnostic(err, src, file)]
    except _BadDedent as err:
        blocks = ", ".join(str(n + 1) for n in err.levels)
        return None, [Diagnostic(file, err.line, err.column, "E0104", "this line's indentation matches no block",
                                 f"start it in the column of an enclosing block ({blocks})",
                                 end_column=err.column + 1)]
    except LarkError as err:  # any other complaint of the parser: still a diagnostic, never a crash
        return None, [Diagnostic(file, 1, 1, "E0100", f"cannot read effect: {str(err).splitlines()[0]}")]
    for root, children, pos in ((tree, _tree_children, _tree_pos), (None, _ast_children, _ast_pos)):
        if root is None:
            try:
                root = effect = _ToAst().transform(tree)
            except VisitError as err:  # a malformed tree should never happen; still never crash
                return None, [Diagnostic(file, 1, 1, "E0100", f"cannot read effect: {err.orig_exc}")]
            if isinstance(effect, Tree):
                return None, [Diagnostic(file, 1, 1, "E0100", "cannot read effect")]
        depth, where = _nesting(root, children, pos)
        if depth > MAX_NESTING:
            return None, [Diagnostic(file, where.line, where.column, "E0105",
                                     f"the effect nests too deeply (more than {MAX_NESTING} levels)",
                                     "split the expression or the blocks into simpler abilities")]
    effect.source = text
    return effect, []
