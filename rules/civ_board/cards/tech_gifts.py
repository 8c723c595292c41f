"""Techs learned for free from another player: one a rival knows (a wonder at the start of turn), or an
exchange with a rival of the player's choice (culture event cards: each learns one of the other's).

A tech learned for free follows the pyramid rule like a researched one: it must be unknown to the
learner and have a legal place (level I always; level N on two of level N-1), so a tech that cannot be
placed cannot be learned. The learner picks the tech (or none); in an exchange the card's owner picks
the rival first and learns first, then the rival picks from the owner's techs.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ..registry import procedure
from ..state.economy import pyramid_row
from .research import learn
from .rivals import others

if TYPE_CHECKING:
    from ..state.runtime import Civ


def learnable(rt: Civ, p: int, source: int, top: int) -> list[str]:
    """Techs of level <= top that `source` knows and p may place in its pyramid now."""
    known = rt.player(p)["techs"]
    return [t for t in rt.player(source)["techs"]
            if t not in known and rt.d.level(t) <= top and pyramid_row(rt, p, rt.d.level(t))]


def learn_one(rt: Civ, p: int, options: list[str], why: str) -> Generator:
    """p picks one of `options` (or none) and learns it for free."""
    if not options:
        return
    choice = yield from rt.ask(p, "free_tech", f"{rt.name(p)}: learn a tech for free ({why})?", ["none", *options],
                               ["none", *(f"{rt.entry_name(t)} (level {rt.d.level(t)})" for t in options)])
    if choice != "none":
        yield from learn(rt, p, choice)


@procedure("learn_rival_tech")
def learn_rival_tech(rt: Civ, p: int, top: int, ctx: Any = None) -> Generator:
    """Learn for free a tech of level <= top that another player knows."""
    options = sorted({t for q in others(rt, p) for t in learnable(rt, p, q, int(top))},
                     key=lambda t: (-rt.d.level(t), t))
    yield from learn_one(rt, p, options, rt.entry_name(ctx.source) if ctx else "a tech another player knows")


@procedure("exchange_techs")
def exchange_techs(rt: Civ, p: int, top: int, ctx: Any = None) -> Generator:
    """p chooses a rival; p learns one of the rival's techs of level <= top, then the rival one of p's."""
    top = int(top)
    rivals = [q for q in others(rt, p) if learnable(rt, p, q, top) or learnable(rt, q, p, top)]
    if not rivals:
        return
    why = rt.entry_name(ctx.source) if ctx else "an exchange of techs"
    q = int((yield from rt.ask(p, "exchange_with", f"{rt.name(p)}: exchange techs with whom ({why})?",
                               [str(q) for q in rivals], [f"{rt.name(q)} (techs of level {top} or lower)" for q in rivals])))
    rt.log(f"{rt.name(p)} exchanges techs with {rt.name(q)}")
    yield from learn_one(rt, p, learnable(rt, p, q, top), why)
    yield from learn_one(rt, q, learnable(rt, q, p, top), why)
