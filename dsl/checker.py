"""Check an effect against the game's vocabulary: unknown names, wrong types, wrong arity.

Every problem becomes a diagnostic at the offending token, with a "did you mean" hint where a
close name exists. Types are simple names (int, bool, city, advance, ...); `any` matches all and
`entry` matches every content kind, so the checker catches real mistakes without a type system
the content authors would have to learn.
"""

from __future__ import annotations

from ..engine.diagnostics import Diagnostic, did_you_mean
from . import ast as A
from .vocabulary import Signature, Vocabulary


def compatible(expected: str, actual: str | None, entry_types: frozenset[str] = frozenset(),
               stands_on: dict[str, str] | None = None) -> bool:
    """May a value of type `actual` stand where `expected` is wanted? Every content type is an `entry`;
    `entry_types` and `stands_on` are the game's own widenings (rules/<game>/content.yaml `language:`)."""
    if actual is None or expected == "any" or actual == "any":
        return True
    if expected == actual:
        return True
    if expected == "entry" and actual in entry_types:
        return True
    if actual == "entry" and expected in entry_types:
        return True
    return bool(stands_on) and stands_on.get(actual) == expected


class Checker:
    def __init__(self, vocab: Vocabulary, file: str = "<effect>", entry_kind: str = ""):
        self.v = vocab
        self.file = file
        self.entry_kind = entry_kind
        self.diags: list[Diagnostic] = []
        self.entry_types = frozenset(vocab.language.get("entry_types") or ()) | {"entry"}
        self.stands_on: dict[str, str] = vocab.language.get("stands_on") or {}
        self.containers: list[str] = list(vocab.language.get("containers") or [])

    def compatible(self, expected: str, actual: str | None) -> bool:
        return compatible(expected, actual, self.entry_types, self.stands_on)

    # ---- reporting
    def error(self, pos: A.Pos, code: str, message: str, hint: str = "") -> None:
        end = pos.end_column if pos.end_line == pos.line else pos.column + 1
        self.diags.append(Diagnostic(self.file, pos.line, pos.column, code, message, hint, end_column=end))

    # ---- entry point
    def check(self, effect: A.Effect) -> list[Diagnostic]:
        for ab in effect.abilities:
            self.ability(ab)
        return self.diags

    def ability(self, ab: A.Ability) -> None:
        scope = dict(self.v.globals)
        if isinstance(ab, A.Grant):
            sig = self.lookup(self.v.grants, ab.call.name, ab.call.pos, "E0206", "permission")
            if sig:
                scope.update(sig.context)
                self.call_args(ab.call, sig, scope)
            self.cond(ab.when, scope)
        elif isinstance(ab, A.Modify):
            sig = self.lookup(self.v.quantities, ab.quantity.name, ab.quantity.pos, "E0205", "quantity")
            if sig:
                scope.update(sig.context)
                expect = [sig.arg] if sig.arg else []
                self.arity(ab.quantity, len(expect), len(expect))
                for a, t in zip(ab.quantity.args, expect, strict=False):
                    self.expect(a, t, scope)
            self.cond(ab.when, scope)
            self.expect(ab.value, "int", scope)
            for m in (ab.minimum, ab.maximum):
                if m is not None:
                    self.expect(m, "int", scope)
            self.costs(ab.cost, scope)
        elif isinstance(ab, A.Trigger):
            payload = self.v.hooks.get(ab.hook)
            if payload is None:
                self.error(ab.hook_pos, "E0202", f"unknown hook '{ab.hook}'",
                           did_you_mean(ab.hook, self.v.hooks) or "`rulewright hooks` lists every hook")
                return  # its condition and body would only report follow-on errors
            scope.update(payload)
            self.cond(ab.when, scope)
            self.costs(ab.cost, scope)
            self.stmts(ab.body, scope, in_trigger=True)
            self.self_loop(ab)
        elif isinstance(ab, A.ActionDef):
            self.cond(ab.when, scope)
            self.costs(ab.cost, scope)
            self.stmts(ab.body, scope, in_trigger=False)
        elif isinstance(ab, A.Forbid):
            sig = self.v.forbids.get(ab.what)
            if sig is None:
                self.error(ab.what_pos, "E0212", f"unknown prohibition '{ab.what}'",
                           did_you_mean(ab.what, self.v.forbids))
            else:
                scope.update(sig.context)
            self.cond(ab.when, scope)
        elif isinstance(ab, A.Acquire):
            self.costs(ab.cost, scope)
        elif isinstance(ab, A.Requires):
            scope.update(self.v.language.get("requires_context") or {})
            self.cond(ab.cond, scope)
        elif isinstance(ab, A.ObjectiveDef):
            if ab.hook is not None:
                payload = self.v.hooks.get(ab.hook)
                if payload is None:
                    self.error(ab.hook_pos, "E0202", f"unknown hook '{ab.hook}'",
                               did_you_mean(ab.hook, self.v.hooks) or "`rulewright hooks` lists every hook")
                    return
                scope.update(payload)
            self.cond(ab.cond, scope)

    def self_loop(self, ab: A.Trigger) -> None:
        """W0301: an unconditional trigger on hook H whose body always runs a procedure that emits H."""
        if ab.when is not None or ab.once_per_turn or ab.optional or ab.cost:
            return  # a condition, a once-per-turn, a choice or a price may stop it: not obviously a loop
        todo = list(ab.body)
        while todo:
            s = todo.pop()
            if isinstance(s, A.Seq):
                todo.extend(s.items)
            elif isinstance(s, (A.Repeat, A.ForEachPlayer)):
                todo.extend(s.body)
            elif isinstance(s, A.Do):
                sig = self.v.primitives.get(s.call.name)
                if sig is not None and ab.hook in sig.emits:
                    end = s.pos.end_column if s.pos.end_line == s.pos.line else s.pos.column + 1
                    self.diags.append(Diagnostic(
                        self.file, s.pos.line, s.pos.column, "W0301",
                        f"this trigger on '{ab.hook}' does {s.call.name}, which emits '{ab.hook}' again: "
                        "it sets itself off without end", "add a `when` condition or `once per turn` that stops "
                        "it (at run time the loop is cut after a few nested triggers)", "warning", end))

    # ---- helpers
    def lookup(self, table: dict[str, Signature], name: str, pos: A.Pos, code: str, what: str):
        sig = table.get(name)
        if sig is None:
            self.error(pos, code, f"unknown {what} '{name}'", did_you_mean(name, table))
        return sig

    def arity(self, call: A.Call, lo: int, hi: int) -> bool:
        n = len(call.args)
        if n < lo or n > hi:
            want = str(lo) if lo == hi else f"{lo} to {hi}"
            self.error(call.pos, "E0203", f"'{call.name}' takes {want} argument{'s' if hi != 1 else ''}, "
                       f"got {n}")
            return False
        return True

    def call_args(self, call: A.Call, sig: Signature, scope: dict[str, str]) -> None:
        if self.arity(call, sig.required, len(sig.args)):
            for a, t in zip(call.args, sig.args, strict=False):
                self.expect(a, t, scope)

    def costs(self, items: list[A.CostItem], scope: dict[str, str]) -> None:
        for c in items:
            self.expect(c.amount, "int", scope)
            self.kind(c.what, "pay", c.pos)

    def kind(self, what: str, verb: str, pos: A.Pos) -> None:
        allowed = self.v.kinds_of(verb)
        if what not in allowed:
            self.error(pos, "E0209", f"cannot {verb} '{what}'",
                       did_you_mean(what, allowed) or f"{verb} takes one of: {', '.join(sorted(allowed)[:12])}")

    def cond(self, e: A.Expr | None, scope: dict[str, str]) -> None:
        if e is not None:
            self.expect(e, "bool", scope)

    def expect(self, e: A.Expr, typ: str, scope: dict[str, str]) -> None:
        got = self.expr(e, scope)
        if isinstance(e, A.Ref) and len(e.parts) == 1 and e.parts[0] not in scope \
                and e.parts[0] in self.v.enums.get(typ, ()):
            return  # a content id that is also a member of the wanted enum (a card named like a resource)
        if not self.compatible(typ, got):
            self.error(e.pos, "E0204", f"expected {typ}, found {got}")

    # ---- statements
    def stmts(self, body: list[A.Stmt], scope: dict[str, str], in_trigger: bool) -> None:
        for s in body:
            self.stmt(s, scope, in_trigger)

    def stmt(self, s: A.Stmt, scope: dict[str, str], in_trigger: bool) -> None:
        if isinstance(s, A.Seq):
            self.stmts(s.items, scope, in_trigger)
        elif isinstance(s, A.Gain):
            self.expect(s.amount, "int", scope)
            self.kind(s.what, "gain", s.pos)
            if s.at is not None:
                self.expect(s.at, "space", scope)
        elif isinstance(s, A.Pay):
            self.expect(s.amount, "int", scope)
            self.kind(s.what, "pay", s.pos)
        elif isinstance(s, A.Lose):
            self.expect(s.amount, "int", scope)
            self.kind(s.what, "lose", s.pos)
        elif isinstance(s, A.Draw):
            self.expect(s.amount, "int", scope)
            self.kind(s.what, "draw", s.pos)
        elif isinstance(s, A.Do):
            sig = self.lookup(self.v.primitives, s.call.name, s.call.pos, "E0208", "procedure")
            if sig:
                self.call_args(s.call, sig, scope)
        elif isinstance(s, A.GrantTemp):
            sig = self.lookup(self.v.grants, s.call.name, s.call.pos, "E0206", "permission")
            if sig:
                self.call_args(s.call, sig, scope)
        elif isinstance(s, A.Cancel):
            if not in_trigger:
                self.error(s.pos, "E0211", "'cancel' only makes sense in a trigger",
                           "use it in `on <hook> ...:` to stop what the hook announced")
        elif isinstance(s, A.Choose):
            for alt in s.alts:
                self.cond(alt.when, scope)
                self.stmt(alt.body, scope, in_trigger)
        elif isinstance(s, A.If):
            self.cond(s.cond, scope)
            self.stmts(s.then, scope, in_trigger)
            self.stmts(s.orelse, scope, in_trigger)
        elif isinstance(s, A.Repeat):
            self.expect(s.count, "int", scope)
            self.stmts(s.body, scope, in_trigger)
        elif isinstance(s, A.ForEachPlayer):
            self.stmts(s.body, scope, in_trigger)

    # ---- expressions
    def expr(self, e: A.Expr, scope: dict[str, str]) -> str | None:
        if isinstance(e, A.Num):
            return "int"
        if isinstance(e, A.Str):
            return "str"
        if isinstance(e, A.Ref):
            return self.ref(e, scope)
        if isinstance(e, A.ListExpr):
            for item in e.items:
                self.expr(item, scope)
            return "list"
        if isinstance(e, A.Call):
            sig = self.lookup(self.v.functions, e.name, e.pos, "E0207", "function")
            if sig is None:
                return None
            self.call_args(e, sig, scope)
            return sig.returns
        if isinstance(e, A.Not):
            self.expect(e.operand, "bool", scope)
            return "bool"
        if isinstance(e, A.BinOp):
            return self.binop(e, scope)
        return None

    def ref(self, e: A.Ref, scope: dict[str, str]) -> str | None:
        head = e.parts[0]
        typ = scope.get(head) or self.v.constants.get(head)
        if typ is None:
            names = list(scope) + list(self.v.constants)
            self.error(e.pos, "E0201", f"unknown name '{head}'", did_you_mean(head, names))
            return None
        for attr in e.parts[1:]:
            attrs = self.v.attributes.get(typ, {})
            if attr not in attrs:
                self.error(e.pos, "E0210", f"a {typ} has no attribute '{attr}'",
                           did_you_mean(attr, attrs) or (f"attributes: {', '.join(attrs)}" if attrs else ""))
                return None
            typ = attrs[attr]
        return typ

    def binop(self, e: A.BinOp, scope: dict[str, str]) -> str | None:
        op = e.op
        if op in ("and", "or"):
            self.expect(e.left, "bool", scope)
            self.expect(e.right, "bool", scope)
            return "bool"
        left = self.expr(e.left, scope)
        right = self.expr(e.right, scope)
        if op in ("+", "-", "*", "//"):
            for side, t in ((e.left, left), (e.right, right)):
                if not self.compatible("int", t):
                    self.error(side.pos, "E0204", f"expected int, found {t}")
            return "int"
        if op in ("in", "not in"):
            if not self.compatible("list", right):
                self.error(e.right.pos, "E0204", f"expected a list after '{op}', found {right}")
            return "bool"
        if op == "has":
            if not any(self.compatible(t, left) for t in self.containers + ["list"]):
                what = " or a ".join(self.containers + ["list"])
                self.error(e.left.pos, "E0204", f"'has' needs a {what} on its left, found {left}")
            return "bool"
        # comparisons
        if op in ("<", "<=", ">", ">="):
            for side, t in ((e.left, left), (e.right, right)):
                if not self.compatible("int", t):
                    self.error(side.pos, "E0204", f"expected int, found {t}")
        elif not (self.compatible(left or "any", right) or self.compatible(right or "any", left)):
            self.error(e.pos, "E0204", f"cannot compare {left} with {right}")
        return "bool"


def check_effect(effect: A.Effect, vocab: Vocabulary, file: str = "<effect>", entry_kind: str = "") -> list[Diagnostic]:
    return Checker(vocab, file, entry_kind).check(effect)
