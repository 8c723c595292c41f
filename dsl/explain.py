"""Render abilities back into card-like English, so a reader can compare them with the printed text.

The renderer is generic: names are spoken by replacing underscores with spaces; numbers and
conditions are always shown, so an explanation mentions every quantity of its effect.
"""

from __future__ import annotations

from contextvars import ContextVar

from . import ast as A

_OPS = {"=": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
        ">=": "is at least", "+": "plus", "-": "minus", "*": "times", "//": "divided by"}


def words(name: str) -> str:
    return name.replace("_", " ")


# the game's wordings of its functions and procedures ("call:NAME" -> number of arguments -> template, from
# rules/<game>/content.yaml `call_phrases`), in force while explain_ability renders one ability: expressions
# are rendered deep inside it, so the phrases reach them here rather than through every call
_CALLS: ContextVar[dict | None] = ContextVar("explain_calls", default=None)


def _called(name: str, args: list[A.Expr]) -> str | None:
    """A call in the game's words, if it words that call with this many arguments."""
    template = ((_CALLS.get() or {}).get(f"call:{name}") or {}).get(str(len(args)))
    return template.format(*(expr(a) for a in args)) if template else None


# how tightly each operator binds, as the grammar parses it: an operand that binds more loosely than its
# operator (or as loosely, on the right of a left-associative one) was written in brackets, and keeps them
_BINDS = {"or": 1, "and": 2, "=": 4, "!=": 4, "<": 4, "<=": 4, ">": 4, ">=": 4, "in": 4, "not in": 4, "has": 4,
          "+": 5, "-": 5, "*": 6, "//": 6}
_NOT = 3


def _binds(e: A.Expr) -> int:
    if isinstance(e, A.BinOp):
        return _BINDS.get(e.op, 7)
    return _NOT if isinstance(e, A.Not) else 8


def _operand(e: A.Expr, parent: int, right: bool) -> str:
    """An operand of an operator binding `parent`, in brackets where the text had to group it."""
    said = expr(e)
    inner = _binds(e)
    if inner < parent or (inner == parent and (right and parent >= 4 or parent == 4)):
        return f"({said})"
    # English has no precedence: `and` inside `or` is grouped too, so "a and b or c" never reads two ways
    return f"({said})" if parent == 1 and inner == 2 else said


def expr(e: A.Expr | None) -> str:
    if e is None:
        return ""
    if isinstance(e, A.Num):
        return str(e.value)
    if isinstance(e, A.Str):
        return f'"{e.value}"'
    if isinstance(e, A.Ref):
        if e.parts == ["me"]:
            return "you"
        if e.parts == ["self"]:
            return "this"
        if e.parts == ["holder"]:
            return "this card's holder"
        if e.parts == ["none"]:
            return "nothing"
        if len(e.parts) > 1:
            return f"the {words(e.parts[-1])} of {expr(A.Ref(e.parts[:-1]))}"
        return words(e.parts[0])
    if isinstance(e, A.Call):
        if e.name == "has" and len(e.args) == 1:
            return f"you have {expr(e.args[0])}"
        said = _called(e.name, e.args)
        if said is not None:
            return said
        args = ", ".join(expr(a) for a in e.args)
        return f"{words(e.name)}({args})" if args else f"{words(e.name)}"
    if isinstance(e, A.ListExpr):
        items = [expr(i) for i in e.items]
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1] if items else "nothing"
    if isinstance(e, A.Not):
        return f"not ({expr(e.operand)})"
    if isinstance(e, A.BinOp):
        op = e.op
        binds = _BINDS.get(op, 7)
        left, right = _operand(e.left, binds, False), _operand(e.right, binds, True)
        if op in ("and", "or"):
            return f"{left} {op} {right}"
        if op == "in":
            return f"{left} is {right}"
        if op == "not in":
            return f"{left} is not {right}"
        if op == "has":
            return f"{left} has {right}"
        return f"{left} {_OPS.get(op, op)} {right}"
    return "?"


def amount(n: A.Expr, what: str) -> str:
    if isinstance(n, A.Num):
        return f"{n.value} {words(what)}"
    return f"{words(what)} equal to {expr(n)}"


def costs(items: list[A.CostItem]) -> str:
    return ", ".join(" or ".join(" and ".join(amount(i.amount, i.what) for i in w) for w in c.ways)
                     if isinstance(c, A.CostChoice) else amount(c.amount, c.what) for c in items)


Phrases = dict[str, dict[str, str]]  # grant name -> number of arguments -> template ({0}, {1} ...)
GAIN_NOTES = "gain"  # the key of `phrases` holding the game's notes on gains (`gain_notes` of content.yaml)
REFUSES = "refuses"  # the key of `phrases` saying when a procedure can do nothing (`refusal_phrases`)


_CALLED = {A.Gain: "how many were gained", A.Pay: "how many were paid", A.Lose: "how many were lost",
           A.Draw: "the card drawn", A.Do: "its result", A.Give: "what was given", A.Take: "what was taken"}


def explain_stmt(s: A.Stmt, phrases: Phrases | None = None) -> str:
    said = _stmt(s, phrases)
    name = getattr(s, "bind", None)
    if name is not None and type(s) in _CALLED:
        said += f", calling {_CALLED[type(s)]} {words(name)}"
    return said


def _reach(s: A.Stmt, phrases: Phrases | None) -> str | None:
    """The language's reach in English: named values, chance, other players."""
    if isinstance(s, A.Let):
        return f"let {words(s.name)} be {expr(s.value)}"
    if isinstance(s, A.Roll):
        one = isinstance(s.count, A.Num) and s.count.value == 1
        dice = "1 die" if one else f"{expr(s.count)} dice"
        return f"roll {dice}, calling {'the result' if one else 'their total'} {words(s.bind or '')}"
    if isinstance(s, A.Pick):
        return f"pick one of {expr(s.items)} at random, calling it {words(s.bind or '')}"
    if isinstance(s, A.ChoosePlayer):
        said = f"choose {'another' if s.others else 'a'} player, calling them {words(s.bind or '')}"
        return said + (f" (one for whom {expr(s.when)})" if s.when is not None else "")
    if isinstance(s, A.ForPlayer):
        inner = "; ".join(explain_stmt(x, phrases) for x in s.body)
        return f"{expr(s.who)} does this, deciding for themselves: {inner}"
    if isinstance(s, A.Give):
        return f"give {amount(s.amount, s.what)} to {expr(s.to)}"
    if isinstance(s, A.Take):
        how = " at random" if s.random else ""
        return f"take {amount(s.amount, s.what)} from {expr(s.source)}{how}"
    if isinstance(s, A.Look):
        return f"look at the {words(s.what)}s of {expr(s.whose)}"
    if isinstance(s, A.Swap):
        return (f"look at the {words(s.what)}s of {expr(s.other)}, take {expr(s.amount)} of them and give them "
                f"as many of yours")
    return None


def _stmt(s: A.Stmt, phrases: Phrases | None = None) -> str:  # noqa: C901
    reach = _reach(s, phrases)
    if reach is not None:
        return reach
    if isinstance(s, A.Seq):
        return ", then ".join(explain_stmt(i, phrases) for i in s.items)
    if isinstance(s, A.Gain):
        where = f" in {expr(s.at)}" if s.at is not None else ""
        note = ((phrases or {}).get(GAIN_NOTES) or {}).get(s.what)
        return f"get {amount(s.amount, s.what)}{where}" + (f" ({note})" if note else "")
    if isinstance(s, A.Pay):
        return f"pay {amount(s.amount, s.what)}"
    if isinstance(s, A.Lose):
        return f"lose {amount(s.amount, s.what)}"
    if isinstance(s, A.Draw):
        return f"draw {amount(s.amount, s.what)}"
    if isinstance(s, A.Do):
        said = _called(s.call.name, s.call.args)
        if said is not None:
            return said
        args = ", ".join(expr(a) for a in s.call.args)
        return words(s.call.name) + (f" ({args})" if args else "")
    if isinstance(s, A.Cancel):
        return "cancel it"
    if isinstance(s, A.GrantTemp):
        return f"{_grant_words(s.call, phrases)} until the end of the {s.until}"
    if isinstance(s, A.Choose):
        parts = []
        for alt in s.alts:
            t = explain_stmt(alt.body, phrases)
            if alt.when is not None:
                t += f" (if {expr(alt.when)})"
            parts.append(t)
        return "choose one: " + "; or ".join(parts)
    if isinstance(s, A.If):
        out = f"if {expr(s.cond)}: " + "; ".join(explain_stmt(x, phrases) for x in s.then)
        if s.orelse:
            out += "; otherwise " + "; ".join(explain_stmt(x, phrases) for x in s.orelse)
        return out
    if isinstance(s, A.ForEachPlayer):
        inner = "; ".join(explain_stmt(x, phrases) for x in s.body)
        who = "each other player" if s.others else "each player"
        return f"{who}, in turn order from the first player: {inner}"
    if isinstance(s, A.Repeat):
        inner = "; ".join(explain_stmt(x, phrases) for x in s.body)
        if s.up_to:
            return f"up to {expr(s.count)} times: {inner}"
        return f"{expr(s.count)} times: {inner}"
    return "?"


def _grant_words(call: A.Call, phrases: Phrases | None = None) -> str:
    args = ", ".join(expr(a) for a in call.args)
    template = ((phrases or {}).get(call.name) or {}).get(str(len(call.args)))
    if template:  # the game words this grant itself (rules/<game>/content.yaml)
        return template.format(*(expr(a) for a in call.args))
    return f"you may {words(call.name)}" + (f" ({args})" if args else "")


def hook_words(hook: str, any_player: bool, phrases: Phrases | None) -> str | None:
    """The game's English for a hook (rules/<game>/content.yaml `hook_phrases`), if it words it."""
    said = (phrases or {}).get(f"on:{hook}") or {}
    return said.get("any" if any_player else "mine")


def limit_words(ab: A.Modify | A.Trigger | A.ActionDef) -> str:
    """How often a limited ability may be used: "once per turn", "twice per round", "at most 3 times per game"."""
    times = {1: "once", 2: "twice"}.get(ab.times, f"at most {ab.times} times")
    return f"{times} per {ab.per}"


def _opts(optional: bool, cost: list[A.CostItem], body: str) -> str:
    """'you may pay 1 gold to get 1 army'; a body that already says 'you may' is not said twice."""
    bits = []
    if optional:
        bits.append("you may")
    if cost:
        bits.append(f"pay {costs(cost)} to")
    if bits and body.startswith("you may "):
        body = body.removeprefix("you may ")
    return " ".join(bits + [body])


def explain_ability(ab: A.Ability, phrases: Phrases | None = None) -> str:
    """One ability in English; `phrases` are the game's own wordings of its grants, hooks and calls."""
    token = _CALLS.set(phrases)
    try:
        return _ability(ab, phrases)
    finally:
        _CALLS.reset(token)


def _ability(ab: A.Ability, phrases: Phrases | None = None) -> str:  # noqa: C901
    when = f" when {expr(ab.when)}" if getattr(ab, "when", None) is not None else ""
    if isinstance(ab, A.Grant):
        said = f"{_grant_words(ab.call, phrases)}{when}"
        return said.strip()[0].upper() + said[1:] + "."
    if isinstance(ab, A.Modify):
        q = words(ab.quantity.name)
        if ab.quantity.args:
            q += f" ({', '.join(expr(a) for a in ab.quantity.args)})"
        verb = {"=": "becomes", "+=": "increases by", "-=": "decreases by"}[ab.op]
        out = f"{q.capitalize()} {verb} {expr(ab.value)}"
        if ab.minimum is not None:
            out += f" (at least {expr(ab.minimum)})"
        if ab.maximum is not None:
            out += f" (at most {expr(ab.maximum)})"
        out += when
        if ab.optional or ab.cost:
            out += " if you choose" + (f" to pay {costs(ab.cost)}" if ab.cost else "")
        if ab.once_per_turn:
            out += f" ({limit_words(ab)})"
        return out + "."
    if isinstance(ab, A.Trigger):
        who = "any player's" if ab.any_player else "your"
        saids = [hook_words(h, ab.any_player, phrases) for h in ab.hooks]
        said = " or ".join(saids) if all(saids) else None
        head = f"Whenever {said}{when}" if said else f"On {who} {' or '.join(words(h) for h in ab.hooks)}{when}"
        body = _opts(ab.optional, ab.cost, "; ".join(explain_stmt(s, phrases) for s in ab.body))
        once = f" ({limit_words(ab)})" if ab.once_per_turn else ""
        return f"{head}: {body}{once}."
    if isinstance(ab, A.ActionDef):
        kind = "Free action" if ab.free else "As an action"
        bits = [kind]
        if ab.once_per_turn:
            bits.append(limit_words(ab))
        if ab.cost:
            bits.append(f"pay {costs(ab.cost)}")
        if ab.when is not None:
            bits.append(f"if {expr(ab.when)}")
        body = "; ".join(explain_stmt(s, phrases) for s in ab.body)
        lead = A.leading_do(ab.body)
        refused = ((phrases or {}).get(REFUSES) or {}).get(lead.name) if lead else None
        said = f" Not offered when {refused}." if refused else ""
        return f'{", ".join(bits)} ("{ab.title}"): {body}.{said}'
    if isinstance(ab, A.Forbid):
        return f"Nobody may {words(ab.what)}{when}."
    if isinstance(ab, A.Acquire):
        return f"Costs an extra {costs(ab.cost)} to acquire."
    if isinstance(ab, A.Requires):
        return f"Requires: {expr(ab.cond)}."
    if isinstance(ab, A.ObjectiveDef):
        said = hook_words(ab.hook, False, phrases) if ab.hook else None
        when_done = (f"immediately when {said}" if said else f"immediately on your {words(ab.hook)}") if ab.hook \
            else "in the status phase"
        cond = f" if {expr(ab.cond)}" if ab.cond is not None else ""
        return f'Objective "{ab.name}": completed {when_done}{cond}.'
    return "?"


def explain_effect(effect: A.Effect, phrases: Phrases | None = None) -> list[str]:
    return [explain_ability(ab, phrases) for ab in effect.abilities]
