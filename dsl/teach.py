"""Diagnostics that teach: what a type accepts, what a misplaced word really is, which hooks are near.

The checker finds the mistake; this module words the hint. Every list comes from the vocabulary of the
game at hand (no game is named here), and every suggestion is drawn only from words of the kind the place
wants, so `most(amount, idea)` is told that `amount` is a function and which measures exist, never that
it looks like a terrain.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable

from .vocabulary import NONE, Vocabulary

SHOWN = 10  # list at most this many accepted values; beyond, say how to list them all

# Types whose values are written, not named: what to say they accept besides names and calls.
_LITERALS = {"int": "a number", "str": "a quoted text", "list": "a list such as [a, b]",
             "bool": "a condition (a comparison, `has`, `and`/`or`/`not`)"}


def an(word: str) -> str:
    """'an int', 'a measure'."""
    vowel = word[:1] in "aeiou" and not word.startswith(("uni", "use", "usu"))
    return ("an " if vowel else "a ") + word


def listed(values: list[str], what: str, shown: int = SHOWN) -> str:
    """'a, b, c' in full, or the first `shown` and the command that lists them all."""
    if len(values) <= shown + 2:
        return ", ".join(values)
    return f"{', '.join(values[:shown])} ... ({len(values)} in all: `rulewright words {what}` lists them)"


def values_of(v: Vocabulary, typ: str, scope: dict[str, str], fits: Callable[[str, str], bool]) -> list[str]:
    """Every constant, bound name and function result that may stand where `typ` is wanted."""
    if v.members(typ):
        return v.members(typ)
    def named(t: str) -> bool:  # a name typed `any`, `entry` or `none` fits too many places to be worth listing
        return t == typ or (fits(typ, t) and t not in ("any", "entry", NONE))

    names = [n for n, t in scope.items() if named(t)]
    names += [n for n, t in v.constants.items() if named(t) and n not in names]
    calls = [f"{n}(...)" for n, s in v.functions.items() if s.returns != "any" and fits(typ, s.returns)]
    return names + calls


def accepts(v: Vocabulary, typ: str, scope: dict[str, str], fits: Callable[[str, str], bool]) -> str:
    """The hint for 'expected TYP': what TYP accepts, listed."""
    values = values_of(v, typ, scope, fits)
    head = f"{an(typ)} is "
    if typ in _LITERALS:
        head += _LITERALS[typ] + (", or one of: " if values else "")
    elif values:
        head += "one of: "
    else:
        return f"nothing here is {an(typ)}"
    return head + listed(values, typ)


def closest(word: str, candidates: Iterable[str]) -> list[str]:
    """Up to three candidates near `word` (calls listed as `f(...)` are matched by their name)."""
    names = {c.removesuffix("(...)") for c in candidates}
    return difflib.get_close_matches(word, sorted(n for n in names if not opposite(word, n)), n=3, cutoff=0.6)


def opposite(word: str, other: str) -> bool:
    """`not_angry` is the opposite of `angry`: never suggested for it, nor it for `not_angry`."""
    return other == "not_" + word or word == "not_" + other


def mean(words: list[str]) -> str:
    return "did you mean " + " or ".join(f"'{c}'" for c in words) + "?" if words else ""


def what_it_is(v: Vocabulary, name: str) -> list[str]:
    """Each thing `name` names in the language, with where it may be written."""
    out: list[str] = []
    if name in v.functions:
        s = v.functions[name]
        out.append(f"a function giving {an(s.returns)}: call it in a condition or an amount, `{name}(...)`")
    if name in v.primitives:
        out.append(f"a procedure: run it as a statement, `do {name}(...)`")
    if name in v.quantities:
        out.append(f"a quantity: change it with `modify {name} ...`")
    if name in v.forbids:
        out.append(f"a prohibition: `forbid {name} when ...`")
    if name in v.grants:
        out.append(f"a permission: `grant {name}(...)`, tested with `granted({name})`")
    if name in v.hooks:
        out.append(f"a hook: `on {name}: ...`")
    holders = [t for t, attrs in v.attributes.items() if name in attrs]
    if holders:
        out.append(f"an attribute of {' and '.join(an(h) for h in holders)}: write it after one, "
                   f"`{holders[0]}.{name}`")
    for verb, kinds in (("gain", v.gainable), ("pay", v.payable), ("lose", v.losable), ("draw", v.decks)):
        if name in kinds and name not in v.constants:
            out.append(f"something to {verb}: `{verb} 1 {name}`")
    bound = [h for h, payload in v.hooks.items() if name in payload]
    if bound and name not in v.globals:
        out.append(f"a name bound only in triggers on {', '.join(bound[:6])}{' ...' if len(bound) > 6 else ''}")
    ctx = [q for table in (v.quantities, v.grants, v.forbids) for q, s in table.items() if name in s.context]
    if ctx and name not in v.globals:
        out.append(f"a name bound only in the `when` of {', '.join(ctx[:6])}{' ...' if len(ctx) > 6 else ''}")
    return out


def misplaced(v: Vocabulary, name: str, place: str) -> tuple[str, str] | None:
    """(message, hint) when `name` is a real word of the language, just not a `place`; else None."""
    found = what_it_is(v, name)
    if not found:
        return None
    if found[0].startswith("a name bound only"):
        return f"'{name}' is not bound here", "only these bind it: " + "; ".join(
            f.removeprefix("a name bound only ") for f in found)
    first, _, how = found[0].partition(": ")
    message = f"'{name}' is {first}, not {an(place)}"
    rest = [how] + [w for w in found[1:]]
    return message, "; it is also ".join(x for x in rest if x)


def _alike(a: str, b: str) -> bool:
    """Words of hook names that are one word: 'gained' ~ 'gain', 'ideas' ~ 'idea'."""
    return a == b or (min(len(a), len(b)) >= 4 and (a.startswith(b) or b.startswith(a)))


def hook_family(name: str, hooks: dict[str, dict[str, str]]) -> list[str]:
    """The hooks sharing the most words with `name` (its family), else the family of the closest hook."""
    words = name.split("_")
    scored: dict[str, int] = {}
    for h in hooks:
        shared = sum(1 for w in words if any(_alike(w, x) for x in h.split("_")))
        if shared:
            scored[h] = shared
    if not scored:
        near = difflib.get_close_matches(name, list(hooks), n=1, cutoff=0.4)
        if not near:
            return []
        return hook_family(near[0], hooks)
    best = max(scored.values())
    order = list(hooks)
    return sorted((h for h, n in scored.items() if n == best), key=order.index)


def hook_hint(name: str, hooks: dict[str, dict[str, str]]) -> str:
    """Hint for an unknown hook: its family with their payloads, and where all hooks are listed."""
    family = hook_family(name, hooks)
    tail = f"`rulewright hooks` lists all {len(hooks)} with their payloads"
    typo = difflib.get_close_matches(name, list(hooks), n=1, cutoff=0.8)  # a slip of the keys, not a guess
    head = mean(typo) + " " if typo else ""
    if not family:
        return head + tail
    shown = "; ".join(f"{h} ({', '.join(hooks[h]) or 'no payload'})" for h in family[:8])
    return f"{head}the nearest hooks: {shown}; {tail}"


def signature(name: str, args: list[str], required: int) -> str:
    """`free_advance([category])`: how a call is written, optional arguments in brackets."""
    shown = [a if i < required else f"[{a}]" for i, a in enumerate(args)]
    return f"`{name}({', '.join(shown)})`"


def attribute_path(v: Vocabulary, name: str, have: str, want: str) -> str:
    """`city.owner` when `name` (of type `have`) has an attribute of type `want`; else ''."""
    for attr, typ in v.attributes.get(have, {}).items():
        if typ == want:
            return f"{name}.{attr}"
    return ""
