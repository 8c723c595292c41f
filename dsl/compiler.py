"""Compile checked effects into engine abilities: closures for values, generators for bodies.

Everything game-specific goes through the runtime object on the context (`ctx.rt`), which the game
rules provide: attribute and function lookups, gain/pay/lose/draw, procedures, and decisions.
"""

from __future__ import annotations

import operator
from collections.abc import Generator
from dataclasses import replace
from typing import Any

from ..engine import abilities as E
from ..engine.abilities import Ctx
from . import ast as A
from . import compiler_reach as R
from .explain import explain_ability, explain_stmt
from .limits import cap
from .vocabulary import NONE, Vocabulary

_CMP = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
        ">=": operator.ge}
_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul,
          "//": lambda a, b: a // b if b else 0}
# comparisons written out, so evaluating one calls only its operands: (left, right) and (left, constant)
_CMP_BOTH = {
    "=": lambda f, g: lambda ctx: f(ctx) == g(ctx),
    "!=": lambda f, g: lambda ctx: f(ctx) != g(ctx),
    "<": lambda f, g: lambda ctx: f(ctx) < g(ctx),
    "<=": lambda f, g: lambda ctx: f(ctx) <= g(ctx),
    ">": lambda f, g: lambda ctx: f(ctx) > g(ctx),
    ">=": lambda f, g: lambda ctx: f(ctx) >= g(ctx),
}
_CMP_CONST = {
    "=": lambda f, c: lambda ctx: f(ctx) == c,
    "!=": lambda f, c: lambda ctx: f(ctx) != c,
    "<": lambda f, c: lambda ctx: f(ctx) < c,
    "<=": lambda f, c: lambda ctx: f(ctx) <= c,
    ">": lambda f, c: lambda ctx: f(ctx) > c,
    ">=": lambda f, c: lambda ctx: f(ctx) >= c,
}


def _const(value: Any):
    """A value known when compiling: evaluating it needs nothing from the context."""
    f = lambda ctx: value  # noqa: E731
    f.const = value  # type: ignore[attr-defined]
    return f


def _is_const(f) -> bool:
    return hasattr(f, "const")


def _folded(op, a: Any, b: Any):
    """op(a, b) as a constant, or None when it fails (it then fails at run time, as it always did)."""
    try:
        return _const(op(a, b))
    except Exception:  # noqa: BLE001 - any failure is left to run time, unchanged
        return None


class Compiler:
    def __init__(self, vocab: Vocabulary):
        self.v = vocab
        self._kinds: dict[str, frozenset[str]] = {}

    def kinds(self, verb: str) -> frozenset[str]:
        """What a verb takes (the vocabulary's lists expanded), worked out once per compiler."""
        got = self._kinds.get(verb)
        if got is None:
            got = self._kinds[verb] = frozenset(self.v.kinds_of(verb))
        return got

    # ---- expressions
    def expr(self, e: A.Expr):
        """A closure `fn(ctx) -> value`; a node whose operands are all known when compiling is folded into
        a constant, and each shape is written out so an evaluation makes as few calls as it can."""
        if isinstance(e, (A.Num, A.Str)):
            return _const(e.value)
        if isinstance(e, A.ListExpr):
            items = [self.expr(i) for i in e.items]
            return lambda ctx: [f(ctx) for f in items]
        if isinstance(e, A.Ref):
            return self.ref(e)
        if isinstance(e, A.Call):
            return self.call(e)
        if isinstance(e, A.Not):
            f = self.expr(e.operand)
            if _is_const(f):
                return _const(not f.const)
            return lambda ctx: not f(ctx)
        if isinstance(e, A.BinOp):
            return self.binop(e.op, self.expr(e.left), self.expr(e.right))
        raise TypeError(f"cannot compile {e!r}")

    def call(self, e: A.Call):
        """A function of the rules, called through the runtime; its arguments are evaluated without a
        loop for the usual arities (none, one, two)."""
        name = e.name
        args = [self.expr(a) for a in e.args]
        if not args:
            return lambda ctx: ctx.rt.call(ctx, name, [])
        if len(args) == 1:
            a = args[0]
            return lambda ctx: ctx.rt.call(ctx, name, [a(ctx)])
        if len(args) == 2:
            a, b = args
            return lambda ctx: ctx.rt.call(ctx, name, [a(ctx), b(ctx)])
        return lambda ctx: ctx.rt.call(ctx, name, [f(ctx) for f in args])

    def binop(self, op: str, left, right):  # noqa: C901 - one case per operator reads best
        if op == "and":
            return lambda ctx: bool(left(ctx) and right(ctx))
        if op == "or":
            return lambda ctx: bool(left(ctx) or right(ctx))
        if op == "in":
            return lambda ctx: left(ctx) in (right(ctx) or [])
        if op == "not in":
            return lambda ctx: left(ctx) not in (right(ctx) or [])
        if op == "has":
            return lambda ctx: ctx.rt.has(ctx, left(ctx), right(ctx))
        if op in _CMP:
            cmp = _CMP[op]
            if _is_const(left) and _is_const(right):
                return _folded(cmp, left.const, right.const) or _CMP_BOTH[op](left, right)
            if _is_const(right):
                return _CMP_CONST[op](left, right.const)
            return _CMP_BOTH[op](left, right)
        arith = _ARITH[op]
        if _is_const(left) and _is_const(right):
            return _folded(arith, left.const or 0, right.const or 0) or (
                lambda ctx: arith(left(ctx) or 0, right(ctx) or 0))
        if _is_const(right):
            c = right.const or 0
            if op == "+":
                return lambda ctx: (left(ctx) or 0) + c
            if op == "-":
                return lambda ctx: (left(ctx) or 0) - c
            return lambda ctx: arith(left(ctx) or 0, c)
        return lambda ctx: arith(left(ctx) or 0, right(ctx) or 0)

    def ref(self, e: A.Ref):
        head, attrs = e.parts[0], e.parts[1:]
        if head == "me":
            base = lambda ctx: ctx.me  # noqa: E731
        elif head == "self":
            base = lambda ctx: ctx.source  # noqa: E731
        elif head == "holder" and head in self.v.globals:
            base = R.holder
        elif head == NONE and self.v.constants.get(head) == NONE and head not in self._context_names:
            base = _const(None)
        elif head in ("round", "turn"):
            base = lambda ctx: ctx.rt.call(ctx, head, [])  # noqa: E731
        elif head in self.v.constants and head not in self._context_names:
            base = _const(head)
        else:
            name = head
            base = lambda ctx: ctx.vars.get(name)  # noqa: E731
        for attr in attrs:
            base = self._attr(base, attr)
        return base

    @staticmethod
    def _attr(inner, attr: str):
        return lambda ctx: ctx.rt.attr(ctx, inner(ctx), attr)

    # ---- statements (generator functions)
    def body(self, stmts: list[A.Stmt]):
        compiled = [self.stmt(s) for s in stmts]

        def run(ctx: Ctx) -> Generator:
            for f in compiled:
                if ctx.cancelled or ctx.stopped:
                    return
                yield from f(ctx)

        run.pays = self.first_pays(stmts)  # type: ignore[attr-defined]
        lead = A.leading_do(stmts)
        run.leads = (lead.name, [self.expr(a) for a in lead.args]) if lead else None  # type: ignore[attr-defined]
        return run

    def first_pays(self, stmts: list[A.Stmt]) -> list[tuple[str, Any]]:
        """Payments a body makes before anything optional: a body is only worth starting if affordable."""
        out: list[tuple[str, Any]] = []
        for s in stmts:
            if isinstance(s, A.Seq):
                out.extend(self.first_pays(s.items))
            elif isinstance(s, A.Pay):
                out.append((s.what, self.expr(s.amount)))
            elif isinstance(s, A.Repeat):
                out.extend(self.first_pays(s.body))
                break
            else:
                break
        return out

    def stmt(self, s: A.Stmt):  # noqa: C901
        if isinstance(s, A.Seq):
            return self.body(s.items)
        if type(s) in R.REACH:
            return R.REACH[type(s)](self, s)
        if isinstance(s, (A.Gain, A.Pay, A.Lose)) and s.what not in self.kinds(R.VERB[type(s)]) \
                and s.what not in self.v.constants:
            return R.named_kind(self, s)  # `gain 1 windfall`: the kind a name holds
        if getattr(s, "bind", None) is not None:
            return self.bound(s)
        if isinstance(s, A.Gain):
            amount, what = self.expr(s.amount), s.what
            at = self.expr(s.at) if s.at is not None else None
            kind = "actions" if what == "actions" else "gain"  # run-time caps: dsl/limits.py
            return lambda ctx: ctx.rt.gain(ctx, what, cap(ctx.rt, ctx.source, kind, amount(ctx)), at(ctx) if at else None)
        if isinstance(s, A.Pay):
            return self.pay(s)
        if isinstance(s, A.Lose):
            amount, what = self.expr(s.amount), s.what
            return lambda ctx: ctx.rt.lose(ctx, what, cap(ctx.rt, ctx.source, "lose", amount(ctx)))
        if isinstance(s, A.Draw):
            amount, what = self.expr(s.amount), s.what
            return lambda ctx: ctx.rt.draw(ctx, what, cap(ctx.rt, ctx.source, "draw", amount(ctx)))
        if isinstance(s, A.Do):
            name = s.call.name
            args = [self.expr(a) for a in s.call.args]
            return lambda ctx: ctx.rt.do(ctx, name, [f(ctx) for f in args])
        if isinstance(s, A.GrantTemp):
            name = s.call.name
            args = [self.expr(a) for a in s.call.args]
            until = s.until

            def grant(ctx: Ctx) -> Generator:
                if until == "turn":
                    ctx.rt.grant_until_end_of_turn(ctx, name, [f(ctx) for f in args])
                else:
                    ctx.rt.grant_until_end_of(ctx, until, name, [f(ctx) for f in args])
                yield from ()

            return grant
        if isinstance(s, A.Cancel):
            def cancel(ctx: Ctx) -> Generator:
                ctx.cancelled = True
                ctx.rt.cancel(ctx)
                yield from ()

            return cancel
        if isinstance(s, A.Choose):
            return self.choose(s)
        if isinstance(s, A.If):
            cond, then, orelse = self.expr(s.cond), self.body(s.then), self.body(s.orelse)

            def if_(ctx: Ctx) -> Generator:
                yield from (then(ctx) if cond(ctx) else orelse(ctx))

            return if_
        if isinstance(s, A.Repeat):
            return self.repeat(s)
        if isinstance(s, A.ForEachPlayer):
            body, others, names = self.body(s.body), s.others, R.bound_names(s.body)

            def each(ctx: Ctx) -> Generator:
                for p in ctx.rt.players_in_turn_order():
                    if others and p == ctx.me:
                        continue
                    sub = Ctx(ctx.rt, p, ctx.source, dict(ctx.vars), ctx.ability)
                    sub.vars.setdefault("drawer", ctx.me)
                    yield from body(sub)
                    R.carry_back(ctx, sub, names)

            return each
        raise TypeError(f"cannot compile {s!r}")

    def pay(self, s: A.Pay, what: Any = None):
        """A payment; one that cannot be made (a price counted after something happened, a named amount)
        stops the rest of the effect instead of failing. `what(ctx)` gives the kind a name holds."""
        amount, kind = self.expr(s.amount), s.what

        def run(ctx: Ctx) -> Generator:
            n = cap(ctx.rt, ctx.source, "pay", amount(ctx))
            cost = [(what(ctx) if what else kind, n)]
            if cost[0][0] is None or not ctx.rt.can_pay(ctx, cost):
                ctx.stopped = True
                ctx.rt.log(f"  {R.player_name(ctx.rt, ctx.me)} cannot pay {n} {str(cost[0][0]).replace('_', ' ')} "
                           f"({R.source_name(ctx)}): the rest of it does not happen")
                return 0
            return (yield from ctx.rt.pay(ctx, cost))

        return run

    def bound(self, s: A.Stmt, what: Any = None):
        """A gain, payment, loss, draw or procedure whose result is named (`as NAME`): how many were gained,
        paid or lost, the last card drawn, the procedure's result."""
        name = s.bind
        if isinstance(s, A.Pay):
            inner = self.pay(s, what)
        elif isinstance(s, (A.Gain, A.Lose)) and what is not None:
            amount, verb = self.expr(s.amount), ("gain" if isinstance(s, A.Gain) else "lose")

            def inner(ctx: Ctx) -> Generator:
                kind = what(ctx)
                if kind is None:
                    return 0
                return (yield from getattr(ctx.rt, verb)(ctx, kind, cap(ctx.rt, ctx.source, verb, amount(ctx))))
        else:
            inner = self.stmt(replace(s, bind=None))
        asked = self.expr(s.amount) if isinstance(s, (A.Gain, A.Pay, A.Lose)) else None
        card = isinstance(s, A.Draw)

        def run(ctx: Ctx) -> Generator:
            got = yield from inner(ctx)
            if card:
                got = (got[-1] if got else None) if isinstance(got, list) else got
            elif asked is not None:
                got = sum(got.values()) if isinstance(got, dict) else int(asked(ctx)) if got is None else got
            if name is not None:
                ctx.vars[name] = got

        return run

    def choose(self, s: A.Choose):
        alts = []
        for alt in s.alts:
            when = self.expr(alt.when) if alt.when is not None else None
            pays = [(p.what, self.expr(p.amount)) for p in R.lines(alt.body.items) if isinstance(p, A.Pay)]
            alts.append((explain_stmt(alt.body), when, pays, self.body(alt.body.items)))

        def run(ctx: Ctx) -> Generator:
            open_alts = [a for a in alts
                         if (a[1] is None or a[1](ctx))
                         and ctx.rt.can_pay(ctx, [(w, f(ctx)) for w, f in a[2]])]
            if not open_alts:
                return
            if len(open_alts) == 1:
                i = 0
            else:
                i = yield from ctx.rt.choose(ctx, [a[0] for a in open_alts], "Choose one")
            yield from open_alts[i][3](ctx)

        return run

    def repeat(self, s: A.Repeat):
        count, body, up_to = self.expr(s.count), self.body(s.body), s.up_to
        label = explain_stmt(A.Seq(s.body))

        def run(ctx: Ctx) -> Generator:
            n = cap(ctx.rt, ctx.source, "repeat", count(ctx))
            for i in range(n):
                if not ctx.rt.can_pay(ctx, [(w, f(ctx)) for w, f in body.pays]):
                    return
                if up_to:
                    go = yield from ctx.rt.confirm(ctx, f"{label} ({i + 1} of up to {n})?")
                    if not go:
                        return
                yield from body(ctx)
                if ctx.cancelled:
                    return

        return run

    # ---- abilities
    _context_names: frozenset[str] = frozenset()

    def costs(self, items: list[A.CostItem]) -> list[E.CostSpec]:
        return [E.CostChoice([self.costs(w) for w in c.ways]) if isinstance(c, A.CostChoice)
                else E.CostSpec(c.what, self.expr(c.amount)) for c in items]

    def ability(self, source: str, index: int, ab: A.Ability) -> E.Ability:
        # names bound by the ability's context shadow constants of the same name
        self._context_names = frozenset(self._scope_of(ab))
        text = ""
        when = self.expr(ab.when) if isinstance(getattr(ab, "when", None), A.Expr) else None
        if isinstance(ab, A.Grant):
            return E.Grant(source, index, text, ab.call.name, [self.expr(a) for a in ab.call.args], when)
        if isinstance(ab, A.Modify):
            arg = self.expr(ab.quantity.args[0]) if ab.quantity.args else None
            return E.Modifier(source, index, text, ab.quantity.name, arg, ab.op, self.expr(ab.value), when,
                              self.expr(ab.minimum) if ab.minimum is not None else None,
                              self.expr(ab.maximum) if ab.maximum is not None else None,
                              ab.once_per_turn, ab.optional, self.costs(ab.cost), ab.per, ab.times)
        if isinstance(ab, A.Trigger):
            return E.Trigger(source, index, text, ab.hook, self.body(ab.body), when, ab.once_per_turn,
                             ab.optional, ab.any_player, self.costs(ab.cost), ab.per, ab.times)
        if isinstance(ab, A.ActionDef):
            return E.SpecialAction(source, index, text, ab.title, self.body(ab.body), ab.free,
                                   ab.once_per_turn, self.costs(ab.cost), when, ab.per, ab.times)
        if isinstance(ab, A.Forbid):
            return E.Forbid(source, index, text, ab.what, when)
        if isinstance(ab, A.Acquire):
            return E.Cost(source, index, text, self.costs(ab.cost))
        if isinstance(ab, A.Requires):
            return E.Requirement(source, index, text, self.expr(ab.cond))
        if isinstance(ab, A.ObjectiveDef):
            return E.Objective(source, index, text, ab.name, ab.hook,
                               self.expr(ab.cond) if ab.cond is not None else None)
        raise TypeError(f"cannot compile {ab!r}")

    def _scope_of(self, ab: A.Ability) -> dict[str, Any]:
        if isinstance(ab, A.Trigger):  # several hooks: the names any of them binds
            return {k: t for h in ab.hooks for k, t in self.v.hooks.get(h, {}).items()}
        if isinstance(ab, A.ObjectiveDef):
            return self.v.hooks.get(ab.hook, {}) if ab.hook else {}
        if isinstance(ab, A.Modify):
            sig = self.v.quantities.get(ab.quantity.name)
            return sig.context if sig else {}
        if isinstance(ab, A.Grant):
            sig = self.v.grants.get(ab.call.name)
            return sig.context if sig else {}
        if isinstance(ab, A.Forbid):
            sig = self.v.forbids.get(ab.what)
            return sig.context if sig else {}
        if isinstance(ab, A.Requires):
            return dict(self.v.language.get("requires_context") or {})
        return {}

    def entry(self, source: str, effect: A.Effect) -> E.CompiledEntry:
        abilities = []
        for i, ab in enumerate(effect.abilities):
            compiled = self.ability(source, i, ab)
            compiled.describe = _describer(ab, self.v.phrases)
            abilities.append(compiled)
            if isinstance(ab, A.Trigger) and ab.also:  # one trigger per hook, counting its uses together
                compiled.shared = "|".join(ab.hooks)
                for hook, _ in ab.also:
                    twin = replace(compiled, hook=hook)
                    twin.describe = compiled.describe
                    abilities.append(twin)
        return E.CompiledEntry(source, abilities)


def _describer(node: A.Ability, phrases: dict):
    return lambda: explain_ability(node, phrases)
