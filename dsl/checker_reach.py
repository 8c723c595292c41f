"""The checker's part for the language's reach: names bound by statements (`as NAME`, `let`), chance
(`roll`, `pick at random`) and other players (`choose a player`, `for PLAYER:`, `give`, `take`, `swap`).

A bound name is seen by the statements after it in its block and in the blocks inside it, never outside
(an alternative of `choose` keeps its names to itself); it may not hide a word of the language or of the
game, so a card never reads two ways. A name bound and never read is a warning (W0320).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import ast as A
from . import teach

if TYPE_CHECKING:
    from .vocabulary import Vocabulary

_DONE = {"gain": "gained", "pay": "paid", "lose": "lost", "draw": "drawn", "give": "given", "take": "taken",
         "swap": "swapped"}


class Reach:
    """Binding names and typing a kind given by a name; mixed into the Checker (needs v, bound, read, error)."""

    v: Vocabulary
    bound: dict[str, A.Pos]
    read: set[str]
    error: Callable[..., None]

    def dynamic_kind(self, what: str, verb: str, pos: A.Pos, typ: str, allowed: list[str]) -> None:
        """E0209 unless every value of the bound name's type is a kind the verb takes (`any` is trusted: the
        rules do nothing with a value the verb cannot take)."""
        if what in self.bound:
            self.read.add(what)
        members = self.v.members(typ)
        if typ == "any" or (members and set(members) <= set(allowed)):
            return
        self.error(pos, "E0209", f"cannot {verb} '{what}': it names {teach.an(typ)}, which is not something "
                   f"{_DONE.get(verb, verb)}", f"{verb} takes one of: {teach.listed(allowed, verb)}")

    def bind(self, name: str | None, pos: A.Pos, typ: str | None, scope: dict[str, str]) -> None:
        """Name a statement's result for the statements after it; E0220 when the name is taken (a word of the
        language, a field of the hook, a content id, a function)."""
        if name is None:
            return
        taken = None
        if name in ("me", "self") or name in self.v.globals:
            taken = "a name the language always binds"
        elif name in scope and name not in self.bound:
            taken = "already a name here (a field of the hook or of the rule's context)"
        elif name in self.v.constants:
            taken = f"a word of the game ({teach.an(self.v.constants[name])})"
        elif name in self.v.functions or name in self.v.primitives:
            taken = "the name of a " + ("function" if name in self.v.functions else "procedure")
        if taken:
            self.error(pos, "E0220", f"'{name}' cannot be bound here: it is {taken}",
                       "choose a new name, e.g. 'rolled', 'rival', 'made'")
            return
        scope[name] = typ or "any"
        self.bound.setdefault(name, pos)


def _item_type(ck: Any, e: A.Expr, scope: dict[str, str]) -> str:
    """The type of the items of a written list when they all have one (`[food, wood]`: resource), else any."""
    if not isinstance(e, A.ListExpr) or not e.items:
        return "any"
    types = set()
    for item in e.items:
        if isinstance(item, A.Num):
            types.add("int")
        elif isinstance(item, A.Ref) and len(item.parts) == 1:
            types.add(scope.get(item.parts[0]) or ck.v.constants.get(item.parts[0]) or "any")
        else:
            types.add("any")
    return types.pop() if len(types) == 1 else "any"


def _let(ck: Any, s: A.Let, scope: dict[str, str], in_trigger: bool) -> None:
    typ = ck.expr(s.value, scope)
    if s.op != "=":
        ck.error(s.pos, "E0221", f"`let` gives a name its value with '=', not '{s.op}'",
                 f"to change a named number, write `let {s.name} = {s.name} {s.op[0]} ...`")
    ck.bind(s.name, s.name_pos, typ, scope)


def _roll(ck: Any, s: A.Roll, scope: dict[str, str], in_trigger: bool) -> None:
    ck.expect(s.count, "int", scope)
    ck.bind(s.bind, s.bind_pos, "int", scope)


def _pick(ck: Any, s: A.Pick, scope: dict[str, str], in_trigger: bool) -> None:
    typ = ck.expr(s.items, scope)
    if not ck.compatible("list", typ):
        ck.error(s.items.pos, "E0204", f"expected a list after 'from', found {typ}",
                 "a list is written in brackets, e.g. `pick at random from [food, wood, ore] as windfall`")
    elif isinstance(s.items, A.ListExpr) and len(s.items.items) < 2:
        pos = s.items.pos
        ck.error(pos, "W0321", "a pick at random from fewer than two items leaves nothing to chance",
                 "list two choices or more, or write the item itself", "warning")
    ck.bind(s.bind, s.bind_pos, _item_type(ck, s.items, scope), scope)


def _choose_player(ck: Any, s: A.ChoosePlayer, scope: dict[str, str], in_trigger: bool) -> None:
    ck.bind(s.bind, s.bind_pos, "player", scope)  # the condition speaks of the candidate by that name
    ck.cond(s.when, scope)


def _for_player(ck: Any, s: A.ForPlayer, scope: dict[str, str], in_trigger: bool) -> None:
    ck.expect(s.who, "player", scope)
    ck.stmts(s.body, scope, in_trigger)


def _moved(ck: Any, what: str) -> str:
    """What `as NAME` holds after a give or take: the card moved (a deck of the hand), else how many."""
    return "entry" if what in ck.v.kinds_of("hand") else "int"


def _give(ck: Any, s: A.Give, scope: dict[str, str], in_trigger: bool) -> None:
    ck.expect(s.amount, "int", scope)
    ck.kind(s.what, "give", s.pos, scope)
    ck.expect(s.to, "player", scope)
    ck.bind(s.bind, s.bind_pos, _moved(ck, s.what), scope)


def _take(ck: Any, s: A.Take, scope: dict[str, str], in_trigger: bool) -> None:
    ck.expect(s.amount, "int", scope)
    ck.kind(s.what, "take", s.pos, scope)
    ck.expect(s.source, "player", scope)
    if s.random and s.what not in ck.v.kinds_of("hand") and s.what in ck.v.kinds_of("take"):
        hands = ck.v.kinds_of("hand")
        ck.error(s.pos, "E0223", f"'{s.what}' is not taken at random: only cards are",
                 f"leave `at random` out (cards of a hand: {', '.join(hands) or 'none in this game'})")
    ck.bind(s.bind, s.bind_pos, _moved(ck, s.what), scope)


def _swap(ck: Any, s: A.Swap, scope: dict[str, str], in_trigger: bool) -> None:
    ck.expect(s.amount, "int", scope)
    ck.kind(s.what, "swap", s.pos)
    ck.expect(s.other, "player", scope)


def _look(ck: Any, s: A.Look, scope: dict[str, str], in_trigger: bool) -> None:
    ck.kind(s.what, "swap", s.pos)
    ck.expect(s.whose, "player", scope)


REACH: dict[type, Callable[[Any, Any, dict[str, str], bool], None]] = {
    A.Let: _let, A.Roll: _roll, A.Pick: _pick, A.ChoosePlayer: _choose_player, A.ForPlayer: _for_player,
    A.Give: _give, A.Take: _take, A.Swap: _swap, A.Look: _look,
}
