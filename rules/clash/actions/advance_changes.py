"""Advances taken away and governments changed by effects (the card language's `do lose_advance(...)` and
`do change_government(...)`).

Losing an advance takes all it gave: its abilities stop at once (even permissions lasting the turn), the
special advance it grants goes with it, city pieces it unlocks stay in their cities but their powers need
it again (as for a captured city's pieces, rulebook page 12), a lowered resource limit cuts holdings down
(resource_lost), and it no longer counts for victory points. Culture and happiness levels stay where they
are: a border marks a track already climbed. `advance_lost` fires (also when a change of government moves
an advance's cube), with the advance and a cause.

- do lose_advance(A)     you lose advance A, if you hold it;
- do lose_advance()      you lose one advance of your choice among those that leave no gap behind: none
                         of your other advances requires it, and it is not the first advance of a category
                         in which you hold others;
- do change_government([C])  your government becomes C (any government category you may enter, if none is
                         given; not your current one): you get its first advance, your government advances
                         are moved, and you place the rest of their cubes in the new category (the rules of
                         buying a government advance, page 7), without paying.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ..registry import procedures, refusals
from .advances import can_get, gain_advance, remove_advance

if TYPE_CHECKING:
    from ..state.runtime import Clash


def losable(rt: Clash, p: int, advance: Any = None) -> list[str]:
    """The advances p could lose now: the one named (if held), else those that leave no gap behind."""
    held = rt.player(p)["advances"]
    if advance is not None:
        return [advance] if advance in held else []
    d = rt.defn
    needed = {r for a in held for r in d.advances[a].data.get("requires", [])} if held else set()
    entered = {}
    for a in held:
        entered[d.category_of.get(a)] = entered.get(d.category_of.get(a), 0) + 1
    return [a for a in held if a not in needed
            and not (d.top_advance.get(d.category_of.get(a)) == a and entered.get(d.category_of.get(a), 0) > 1)]


def lose_advance(rt: Clash, p: int, advance: Any = None, ctx=None) -> Generator:
    options = losable(rt, p, advance)
    if not options:
        return None
    adv = options[0]
    if len(options) > 1:
        adv = yield from rt.ask(p, "advance", "Which advance do you lose?", options,
                                [rt.defn.advances[a].name for a in options])
    yield from take_advance(rt, p, adv, rt.cause_of(ctx.source) if ctx is not None else "rules")
    return adv


def take_advance(rt: Clash, p: int, adv: str, cause: str) -> Generator:
    """p loses `adv`: its abilities stop, limits are enforced again, and advance_lost fires."""
    remove_advance(rt, p, adv)
    rt.log(f"{rt.name(p)} loses {rt.defn.advances[adv].name}")
    yield from rt.enforce_limits(p)
    if rt.hears("advance_lost"):
        yield from rt.emit("advance_lost", p, advance=adv, cause=cause)


def _no_advance(rt: Clash, p: int, advance: Any = None) -> str | None:
    if losable(rt, p, advance):
        return None
    return "you do not hold that advance" if advance is not None else "you have no advance to lose"


def governments(rt: Clash, p: int, category: Any = None) -> list[str]:
    """The first advances of the government categories p could change to (not p's own government)."""
    d = rt.defn
    own = {d.category_of.get(a) for a in rt.player(p)["advances"]} & d.government_categories
    cats = [c for c in d.categories if c in d.government_categories and c not in own
            and (category is None or c == category)]
    return [d.top_advance[c] for c in cats if can_get(rt, p, d.top_advance[c])]


def change_government(rt: Clash, p: int, category: Any = None, ctx=None) -> Generator:
    options = governments(rt, p, category)
    if not options:
        return None
    top = options[0]
    if len(options) > 1:
        labels = [f"{rt.defn.categories[rt.defn.category_of[a]].name} ({rt.defn.advances[a].name})" for a in options]
        top = yield from rt.ask(p, "advance", "Change to which government?", options, labels)
    yield from gain_advance(rt, p, top)
    return top


def _no_government(rt: Clash, p: int, category: Any = None) -> str | None:
    return None if governments(rt, p, category) else "no other government is open to you"


procedures({"lose_advance": lose_advance, "change_government": change_government})
refusals({"lose_advance": _no_advance, "change_government": _no_government})
