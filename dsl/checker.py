"""Check an effect against the game's vocabulary: unknown names, wrong types, wrong arity.

Every problem becomes a diagnostic at the offending token, with a "did you mean" hint where a
close name exists. Types are simple names (int, bool, city, advance, ...); `any` matches all and
`entry` matches every content kind, so the checker catches real mistakes without a type system
the content authors would have to learn.
"""

from __future__ import annotations

from ..engine.diagnostics import Diagnostic, did_you_mean
from . import ast as A
from . import teach
from .checker_reach import REACH, Reach
from .vocabulary import NONE, Signature, Vocabulary


def compatible(expected: str, actual: str | None, entry_types: frozenset[str] = frozenset(),
               stands_on: dict[str, str] | None = None) -> bool:
    """May a value of type `actual` stand where `expected` is wanted? Every content type is an `entry`;
    `entry_types` and `stands_on` are the game's own widenings (rules/<game>/content.yaml `language:`)."""
    if actual is None or expected == "any" or actual == "any" or actual == NONE:
        return True
    if expected == actual:
        return True
    if expected == "entry" and actual in entry_types:
        return True
    if actual == "entry" and expected in entry_types:
        return True
    return bool(stands_on) and stands_on.get(actual) == expected


class Checker(Reach):
    def __init__(self, vocab: Vocabulary, file: str = "<effect>", entry_kind: str = ""):
        self.v = vocab
        self.file = file
        self.entry_kind = entry_kind
        self.diags: list[Diagnostic] = []
        self.entry_types = frozenset(vocab.language.get("entry_types") or ()) | {"entry"}
        self.stands_on: dict[str, str] = vocab.language.get("stands_on") or {}
        self.containers: list[str] = list(vocab.language.get("containers") or [])
        self.bound: dict[str, A.Pos] = {}  # per ability (see ability): names bound by its statements
        self.read: set[str] = set()

    def compatible(self, expected: str, actual: str | None) -> bool:
        return compatible(expected, actual, self.entry_types, self.stands_on)

    # ---- reporting
    def error(self, pos: A.Pos, code: str, message: str, hint: str = "", severity: str = "error") -> None:
        end = pos.end_column if pos.end_line == pos.line else pos.column + 1
        self.diags.append(Diagnostic(self.file, pos.line, pos.column, code, message, hint, severity, end))

    # ---- entry point
    def check(self, effect: A.Effect) -> list[Diagnostic]:
        for ab in effect.abilities:
            self.ability(ab)
        return self.diags

    def periods(self) -> list[str]:
        """The periods a grant may last and a use limit may count in: the game's enum `period`, else turn, round."""
        return list(self.v.enums.get("period") or ["turn", "round"])

    def ability(self, ab: A.Ability) -> None:
        self.bound: dict[str, A.Pos] = {}  # names the ability's statements bind (`as NAME`, `let`), where
        self.read: set[str] = set()        # the bound names some expression reads
        self._ability(ab)
        for name, pos in self.bound.items():
            if name not in self.read:
                self.error(pos, "W0320", f"'{name}' is named but nothing reads it",
                           "use it in a later amount or condition, or leave `as`/`let` out", "warning")

    def _ability(self, ab: A.Ability) -> None:
        scope = dict(self.v.globals)
        if getattr(ab, "once_per_turn", False) and getattr(ab, "per", "turn") not in ("game", *self.periods()):
            self.error(ab.pos, "E0213", f"an ability cannot be limited per '{ab.per}'",
                       f"limits of this game: per {', per '.join((*self.periods(), 'game'))}")
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
            payloads = [self.hook(h, pos) for h, pos in [(ab.hook, ab.hook_pos), *ab.also]]
            if any(p is None for p in payloads):
                return  # its condition and body would only report follow-on errors
            # several hooks: the fields every one of them carries, alike
            payload = {k: t for k, t in payloads[0].items() if all(p.get(k) == t for p in payloads[1:])}
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
            sig = self.lookup(self.v.forbids, ab.what, ab.what_pos, "E0212", "prohibition")
            if sig is None:
                return  # its condition would only report names its context would have bound
            scope.update(sig.context)
            self.cond(ab.when, scope)
        elif isinstance(ab, A.Acquire):
            self.costs(ab.cost, scope, choices=False)
        elif isinstance(ab, A.Requires):
            scope.update(self.v.language.get("requires_context") or {})
            self.cond(ab.cond, scope)
        elif isinstance(ab, A.ObjectiveDef):
            if ab.hook is not None:
                payload = self.hook(ab.hook, ab.hook_pos)
                if payload is None:
                    return
                scope.update(payload)
            self.cond(ab.cond, scope)

    def self_loop(self, ab: A.Trigger) -> None:
        """W0301: an unconditional trigger on hook H whose body always runs a procedure that emits H."""
        if ab.when is not None or ab.once_per_turn or ab.optional or ab.cost:
            return  # a condition, a once-per-turn, a choice or a price may stop it: not obviously a loop
        verbs = {A.Gain: "gain", A.Pay: "pay", A.Lose: "lose", A.Draw: "draw"}
        emitted = self.v.language.get("statement_hooks") or {}  # what the game's gain, pay ... emit
        todo = list(ab.body)
        while todo:
            s = todo.pop()
            if isinstance(s, A.Seq):
                todo.extend(s.items)
            elif isinstance(s, (A.Repeat, A.ForEachPlayer)):
                todo.extend(s.body)
            elif isinstance(s, A.Do) or type(s) in verbs:
                if isinstance(s, A.Do):
                    sig = self.v.primitives.get(s.call.name)
                    name, emits = s.call.name, (sig.emits if sig is not None else [])
                else:
                    name = verbs[type(s)]
                    emits = emitted.get(name) or []
                if set(ab.hooks) & set(emits):
                    end = s.pos.end_column if s.pos.end_line == s.pos.line else s.pos.column + 1
                    self.diags.append(Diagnostic(
                        self.file, s.pos.line, s.pos.column, "W0301",
                        f"this trigger on '{ab.hook}' does {name}, which emits '{ab.hook}' again: "
                        "it sets itself off without end", "add a `when` condition or `once per turn` that stops "
                        "it (at run time the loop is cut after a few nested triggers)", "warning", end))

    # ---- helpers
    def hook(self, name: str, pos: A.Pos) -> dict[str, str] | None:
        """The payload of hook `name`, or an error naming its nearest family of hooks."""
        payload = self.v.hooks.get(name)
        if payload is None:
            wrong = teach.misplaced(self.v, name, "hook")
            if wrong:
                self.error(pos, "E0202", wrong[0], wrong[1] + "; " + teach.hook_hint(name, self.v.hooks))
            else:
                self.error(pos, "E0202", f"unknown hook '{name}'", teach.hook_hint(name, self.v.hooks))
        return payload

    def lookup(self, table: dict[str, Signature], name: str, pos: A.Pos, code: str, what: str,
               want: str | None = None):
        """The signature of `name` in `table`; else an error that says what the word is, or lists the
        names of this kind (of a result that fits `want`) near it."""
        sig = table.get(name)
        if sig is None:
            wrong = teach.misplaced(self.v, name, what)
            if wrong:
                self.error(pos, code, *wrong)
                return None
            names = [n for n, s in table.items() if not want or self.compatible(want, s.returns)] or list(table)
            hint = teach.mean(teach.closest(name, names)) or f"{what}s: {teach.listed(names, what)}"
            self.error(pos, code, f"unknown {what} '{name}'", hint)
        return sig

    def arity(self, call: A.Call, lo: int, hi: int) -> bool:
        n = len(call.args)
        if n < lo or n > hi:
            want = str(lo) if lo == hi else f"{lo} to {hi}"
            self.error(call.pos, "E0203", f"'{call.name}' takes {want} argument{'s' if hi != 1 else ''}, "
                       f"got {n}", f"write it {teach.signature(call.name, self.arg_types(call.name), lo)}")
            return False
        return True

    def arg_types(self, name: str) -> list[str]:
        for table in (self.v.functions, self.v.primitives, self.v.grants):
            if name in table:
                return table[name].args
        sig = self.v.quantities.get(name)
        return [sig.arg] if sig and sig.arg else []

    def call_args(self, call: A.Call, sig: Signature, scope: dict[str, str]) -> None:
        if self.arity(call, sig.required, len(sig.args)):
            for a, t in zip(call.args, sig.args, strict=False):
                self.expect(a, t, scope)

    def costs(self, items: list[A.CostItem], scope: dict[str, str], choices: bool = True) -> None:
        for c in items:
            if isinstance(c, A.CostChoice):
                if not choices or not self.v.language.get("cost_choices"):
                    where = "an extra cost to acquire" if not choices else "a cost of this game"
                    self.error(c.pos, "E0214", f"{where} cannot be one of several ways to pay ('or')",
                               "write one way to pay, e.g. `costs 1 gold, 1 ore`")
                for way in c.ways:
                    self.costs(way, scope, choices)
                continue
            self.expect(c.amount, "int", scope)
            self.kind(c.what, "pay", c.pos)

    def kind(self, what: str, verb: str, pos: A.Pos, scope: dict[str, str] | None = None) -> None:
        allowed = self.v.kinds_of(verb)
        if what not in allowed and scope is not None and what in scope and what not in self.v.constants:
            self.dynamic_kind(what, verb, pos, scope[what], allowed)  # a name bound to a kind: `gain 1 windfall`
            return
        if what not in allowed:
            others = [v for v in ("gain", "pay", "lose", "draw") if v != verb and what in self.v.kinds_of(v)]
            where = f"'{what}' can be {' or '.join(v + ('ed' if v != 'draw' else 'n') for v in others)}, " \
                    "not " + (verb + "ed" if verb != "draw" else "drawn") + "; " if others else ""
            where = where.replace("payed", "paid").replace("loseed", "lost").replace("gained", "gained")
            hint = teach.mean(teach.closest(what, allowed)) or f"{verb} takes one of: {teach.listed(allowed, verb)}"
            self.error(pos, "E0209", f"cannot {verb} '{what}'", where + hint)

    def cond(self, e: A.Expr | None, scope: dict[str, str]) -> None:
        if e is not None:
            self.expect(e, "bool", scope)

    def expect(self, e: A.Expr, typ: str, scope: dict[str, str]) -> None:
        got = self.expr(e, scope, typ)
        if isinstance(e, A.Ref) and len(e.parts) == 1 and e.parts[0] not in scope \
                and e.parts[0] in self.v.members(typ):
            return  # a content id that is also a member of the wanted enum (a card named like a resource)
        if not self.compatible(typ, got):
            self.mismatch(e, typ, got, scope)

    def mismatch(self, e: A.Expr, typ: str, got: str | None, scope: dict[str, str]) -> None:
        """E0204 with what the expected type accepts, and what the written word is if it is a hook or grant."""
        written = e.parts[0] if isinstance(e, A.Ref) and len(e.parts) == 1 else None
        found = f"{got} '{written}'" if written else f"{got}"
        hint = teach.accepts(self.v, typ, scope, self.compatible)
        if written:
            near = teach.closest(written, teach.values_of(self.v, typ, scope, self.compatible))
            if near and got not in ("hook", "grant"):
                hint = teach.mean(near) + " " + hint
            if got in ("hook", "grant"):
                hint = f"'{written}' is {teach.what_it_is(self.v, written)[0]}; " + hint
        self.error(e.pos, "E0204", f"expected {typ}, found {found}", hint)

    # ---- statements
    def stmts(self, body: list[A.Stmt], scope: dict[str, str], in_trigger: bool) -> None:
        """A block: the names its statements bind are seen by the statements after them, not outside it."""
        scope = dict(scope)
        for s in body:
            self.stmt(s, scope, in_trigger)

    def stmt(self, s: A.Stmt, scope: dict[str, str], in_trigger: bool) -> None:  # noqa: C901
        if isinstance(s, A.Seq):  # a line (`a then b`): one with the block it stands in
            for item in s.items:
                self.stmt(item, scope, in_trigger)
        elif isinstance(s, A.Gain):
            self.expect(s.amount, "int", scope)
            self.kind(s.what, "gain", s.pos, scope)
            if s.at is not None:
                self.expect(s.at, "space", scope)
            self.bind(s.bind, s.bind_pos, "int", scope)
        elif isinstance(s, A.Pay):
            self.expect(s.amount, "int", scope)
            self.kind(s.what, "pay", s.pos, scope)
            self.bind(s.bind, s.bind_pos, "int", scope)
        elif isinstance(s, A.Lose):
            self.expect(s.amount, "int", scope)
            self.kind(s.what, "lose", s.pos, scope)
            self.bind(s.bind, s.bind_pos, "int", scope)
        elif isinstance(s, A.Draw):
            self.expect(s.amount, "int", scope)
            self.kind(s.what, "draw", s.pos)
            self.bind(s.bind, s.bind_pos, "entry", scope)
        elif isinstance(s, A.Do):
            sig = self.lookup(self.v.primitives, s.call.name, s.call.pos, "E0208", "procedure")
            if sig:
                self.call_args(s.call, sig, scope)
                if s.bind is not None and not sig.returns:
                    gives = [n for n, g in self.v.primitives.items() if g.returns]
                    self.error(s.bind_pos, "E0222", f"'{s.call.name}' gives no result to name",
                               "procedures with a result: " + (teach.listed(gives, "procedure") or "none in this game"))
                    scope.setdefault(s.bind, "any")  # read later without a second complaint
                elif s.bind is not None:
                    self.bind(s.bind, s.bind_pos, sig.returns, scope)
        elif type(s) in REACH:
            REACH[type(s)](self, s, scope, in_trigger)
        elif isinstance(s, A.GrantTemp):
            periods = self.periods()
            if s.until not in periods:
                self.error(s.pos, "E0213", f"a grant cannot last until the end of the '{s.until}'",
                           f"periods of this game: {', '.join(periods)} (the vocabulary's enum `period`)")
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
                self.stmt(alt.body, dict(scope), in_trigger)  # an alternative's names stay in it
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
    def expr(self, e: A.Expr, scope: dict[str, str], want: str | None = None) -> str | None:
        if isinstance(e, A.Num):
            return "int"
        if isinstance(e, A.Str):
            return "str"
        if isinstance(e, A.Ref):
            return self.ref(e, scope, want)
        if isinstance(e, A.ListExpr):
            for item in e.items:
                self.expr(item, scope)
            return "list"
        if isinstance(e, A.Call):
            sig = self.lookup(self.v.functions, e.name, e.pos, "E0207", "function", want)
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

    def ref(self, e: A.Ref, scope: dict[str, str], want: str | None = None) -> str | None:
        head = e.parts[0]
        if head in scope and head in self.bound:
            self.read.add(head)
        typ = scope.get(head) or self.v.constants.get(head)
        if typ is None:
            self.unknown_name(e, head, scope, want)
            return None
        for attr in e.parts[1:]:
            attrs = self.v.attributes.get(typ, {})
            if attr not in attrs:
                self.error(e.pos, "E0210", f"a {typ} has no attribute '{attr}'",
                           did_you_mean(attr, attrs) or (f"attributes: {', '.join(attrs)}" if attrs
                                                         else f"{teach.an(typ)} has no attributes"))
                return None
            typ = attrs[attr]
        return typ

    def compare_hint(self, e: A.BinOp, left: str | None, right: str | None) -> str:
        """Compare like with like; point at an attribute that would make the two sides match."""
        for side, have, want in ((e.left, left, right), (e.right, right, left)):
            if isinstance(side, A.Ref) and have and want:
                path = teach.attribute_path(self.v, ".".join(side.parts), have, want)
                if path:
                    return f"both sides must be of one type; did you mean `{path}`?"
        return "both sides must be of one type"

    def unknown_name(self, e: A.Ref, head: str, scope: dict[str, str], want: str | None) -> None:
        """E0201: say what the word is if the language knows it; else suggest only names of the kind wanted."""
        if head in self.bound:  # named by a statement of a block that has ended
            where = self.bound[head]
            self.read.add(head)
            self.error(e.pos, "E0224", f"'{head}' is named inside a block (line {where.line}) and not seen here",
                       f"name it before the block (`let {head} = 0`) and name it again inside, or use it inside")
            return
        place = want if want and want != "any" else "name on its own"
        wrong = teach.misplaced(self.v, head, place)
        if wrong and not (want in (None, "any") and head in self.v.functions):
            message, hint = wrong
            if want and want != "any" and want not in ("bool", "int"):
                hint += "; " + teach.accepts(self.v, want, scope, self.compatible)
            self.error(e.pos, "E0201", message, hint)
            return
        if want and want != "any":
            names = teach.values_of(self.v, want, scope, self.compatible)
            hint = teach.mean(teach.closest(head, names)) or teach.accepts(self.v, want, scope, self.compatible)
        else:
            hint = did_you_mean(head, list(scope) + list(self.v.constants))
        if wrong:
            hint = f"'{head}' is {teach.what_it_is(self.v, head)[0]}" + ("; " + hint if hint else "")
        self.error(e.pos, "E0201", f"unknown name '{head}'", hint)

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
                    self.mismatch(side, "int", t, scope)
            return "int"
        if op in ("in", "not in"):
            if not self.compatible("list", right):
                self.error(e.right.pos, "E0204", f"expected a list after '{op}', found {right}",
                           "a list is written in brackets, e.g. `x in [a, b]`; to compare with one value use `=`")
            return "bool"
        if op == "has":
            if not any(self.compatible(t, left) for t in self.containers + ["list"]):
                what = " or a ".join(self.containers + ["list"])
                hint = "the left of 'has' is what holds the thing"
                if "has" in self.v.functions:
                    hint += f"; to ask whether you hold it, call {teach.signature('has', self.v.functions['has'].args, 1)}"
                self.error(e.left.pos, "E0204", f"'has' needs a {what} on its left, found {left}", hint)
            return "bool"
        # comparisons
        if op in ("<", "<=", ">", ">="):
            for side, t in ((e.left, left), (e.right, right)):
                if not self.compatible("int", t):
                    self.mismatch(side, "int", t, scope)
        elif not (self.compatible(left or "any", right) or self.compatible(right or "any", left)):
            self.error(e.pos, "E0204", f"cannot compare {left} with {right}", self.compare_hint(e, left, right))
        return "bool"


def check_effect(effect: A.Effect, vocab: Vocabulary, file: str = "<effect>", entry_kind: str = "") -> list[Diagnostic]:
    return Checker(vocab, file, entry_kind).check(effect)
