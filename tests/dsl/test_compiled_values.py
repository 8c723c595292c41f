"""Compiled values: constants are folded when compiling, every operator gives what the language defines,
and a rule function gets its arguments evaluated in order whatever their number. The compiler writes each
shape out for speed (dsl/compiler.py); these pin that the written-out shapes agree with the definitions."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from rulewright.dsl import ast as A
from rulewright.dsl.compiler import Compiler
from rulewright.engine.abilities import Ctx


class Runtime:
    """A runtime that answers `n(x)` with the bound variable x, and counts the calls it answers."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, list]] = []

    def call(self, ctx: Ctx, name: str, args: list):
        self.calls.append((name, list(args)))
        return sum(args) if name == "total" else ctx.vars.get(name)


def compiled(e: A.Expr):
    return Compiler(SimpleNamespace(constants={"food"})).expr(e)


def ref(name: str) -> A.Ref:
    return A.Ref([name])


@pytest.mark.parametrize(("op", "a", "b", "want"), [
    ("=", 2, 2, True), ("!=", 2, 2, False), ("<", 1, 2, True), ("<=", 3, 2, False), (">", 3, 2, True),
    (">=", 2, 2, True), ("+", 2, 3, 5), ("-", 2, 3, -1), ("*", 2, 3, 6), ("//", 7, 2, 3), ("//", 7, 0, 0),
    ("and", 1, 0, False), ("and", 1, 2, True), ("or", 0, 0, False), ("or", 0, 3, True),
])
def test_operators_agree_folded_or_not(op: str, a: int, b: int, want) -> None:
    folded = compiled(A.BinOp(op, A.Num(a), A.Num(b)))
    rt = Runtime()
    ctx = Ctx(rt, 0, "src", {"x": a, "y": b})
    assert folded(ctx) == want and type(folded(ctx)) is type(want)
    assert compiled(A.BinOp(op, ref("x"), ref("y")))(ctx) == want  # both evaluated at run time
    assert compiled(A.BinOp(op, ref("x"), A.Num(b)))(ctx) == want  # constant on the right
    assert compiled(A.BinOp(op, A.Num(a), ref("y")))(ctx) == want  # constant on the left


def test_constants_are_folded_when_compiling() -> None:
    f = compiled(A.Not(A.BinOp(">=", A.BinOp("+", A.Num(2), A.Num(3)), A.Num(5))))
    assert f.const is False  # known before any game exists
    assert compiled(A.Str("food")).const == "food"
    assert compiled(ref("food")).const == "food"  # a vocabulary constant
    assert not hasattr(compiled(ref("city")), "const")  # a bound name is read at run time


def test_a_missing_value_counts_as_zero_in_arithmetic() -> None:
    ctx = Ctx(Runtime(), 0, "src", {})
    assert compiled(A.BinOp("+", ref("x"), A.Num(2)))(ctx) == 2
    assert compiled(A.BinOp("-", ref("x"), ref("y")))(ctx) == 0


def test_a_fold_that_fails_is_left_to_run_time() -> None:
    f = compiled(A.BinOp("<", A.Num(1), A.Str("a")))  # the checker refuses it; the compiler must not crash
    with pytest.raises(TypeError):
        f(Ctx(Runtime(), 0, "src"))


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
def test_rule_functions_get_every_argument_in_order(n: int) -> None:
    rt = Runtime()
    args = [A.BinOp("*", ref("x"), A.Num(10 ** i)) for i in range(n)]
    got = compiled(A.Call("total", args))(Ctx(rt, 0, "src", {"x": 1}))
    assert got == sum(10 ** i for i in range(n))
    assert rt.calls == [("total", [10 ** i for i in range(n)])]


def test_context_is_light_and_keeps_its_fields() -> None:
    rt = Runtime()
    ctx = Ctx(rt, 1, "src")
    assert (ctx.rt, ctx.me, ctx.source, ctx.vars, ctx.ability, ctx.cancelled) == (rt, 1, "src", {}, None, False)
    assert Ctx(rt, 1, "src").vars is not ctx.vars  # each context its own variables
    with pytest.raises(AttributeError):
        ctx.other = 1  # type: ignore[attr-defined]
    sub = Ctx(rt, 1, "src", {"a": 1}).with_vars(b=2)
    assert sub.vars == {"a": 1, "b": 2}


def test_a_grant_of_constants_without_condition_is_answered_without_a_context() -> None:
    from rulewright.engine.abilities import Grant

    c = Compiler(SimpleNamespace(constants={"food"}))
    plain = Grant("src", 0, name="collect", args=[c.expr(ref("food")), c.expr(A.Num(2))])
    assert plain.fixed == ("food", 2)
    assert Grant("src", 0, name="collect", args=[c.expr(ref("city"))]).fixed is None  # read at run time
    assert Grant("src", 0, name="collect", args=[c.expr(A.Num(1))], when=c.expr(ref("x"))).fixed is None
    assert Grant("src", 0, name="collect").fixed == ()
