"""`do choose_space(filter, ...)`: the player picks any revealed space of the board passing every filter.

The chosen space becomes `chosen_space`, and the city standing on it (anyone's) `chosen`, for the rest of
the effect (none when nothing passed: the effect goes on with nothing chosen, and a card action that starts
with it is not offered). Its sibling `choose_city` (event_effects.py) picks among your own cities only.

Filters (the vocabulary's enum `space_filter`; `rulewright words space_filter`): a terrain (`forest`, `sea`
...), `land`, `coastal` (land next to the sea), `with_city` / `without_city`, `my_city` / `foreign_city`
(a city of another player or of the barbarians), `with_my_units` / `with_foreign_units` / `without_units`,
`next_to_my_city`, and a mood (`angry`, `neutral`, `happy`: a city in that mood stands there).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from ..registry import procedures, refusals

if TYPE_CHECKING:
    from ..state.runtime import Clash

MOODS = ("angry", "neutral", "happy")


def _units(rt: Clash, s: str, mine: bool, p: int) -> bool:
    units = rt.state["units"]
    return any((units[u]["owner"] == p) == mine for u in rt.units_at(s))


def _owner(rt: Clash, s: str) -> int | None:
    c = rt.state["cities"].get(s)
    return c["owner"] if c is not None else None


SPACE_FILTERS: dict[str, Callable[[Clash, str, int], bool]] = {
    "land": lambda rt, s, p: rt.is_land(s),
    "coastal": lambda rt, s, p: rt.is_land(s) and any(rt.is_water(n) for n in rt.board.neighbors(s)),
    "with_city": lambda rt, s, p: s in rt.state["cities"],
    "without_city": lambda rt, s, p: s not in rt.state["cities"],
    "my_city": lambda rt, s, p: _owner(rt, s) == p,
    "foreign_city": lambda rt, s, p: s in rt.state["cities"] and _owner(rt, s) != p,
    "with_my_units": lambda rt, s, p: _units(rt, s, True, p),
    "with_foreign_units": lambda rt, s, p: _units(rt, s, False, p),
    "without_units": lambda rt, s, p: not rt.units_at(s),
    "next_to_my_city": lambda rt, s, p: any(_owner(rt, n) == p for n in rt.board.neighbors(s)),
}


def space_passes(rt: Clash, s: str, p: int, name: str) -> bool:
    """One filter: a named one above, a mood (a city in that mood stands there), else a terrain."""
    if name in SPACE_FILTERS:
        return SPACE_FILTERS[name](rt, s, p)
    if name in MOODS:
        c = rt.state["cities"].get(s)
        return c is not None and c["mood"] == name
    return rt.terrain(s) == name


def passing_spaces(rt: Clash, p: int, filters: tuple) -> list[str]:
    """The revealed spaces passing every filter given (none: every revealed space), in board order."""
    wanted = [str(f) for f in filters if f is not None]
    return [s.id for s in rt.board.spaces
            if s.revealed and all(space_passes(rt, s.id, p, f) for f in wanted)]


def _label(rt: Clash, s: str) -> str:
    c = rt.state["cities"].get(s)
    where = f"{s} ({rt.terrain(s)}"
    if c is not None:
        where += f", a {c['mood']} city of {rt.name(c['owner'])}, size {rt.city_size(s)}"
    return where + ")"


def choose_space(rt: Clash, p: int, *filters: Any, ctx=None) -> Generator:
    options = passing_spaces(rt, p, filters)
    chosen = None
    if options:
        chosen = yield from rt.ask(p, "space", "Which space?", options, [_label(rt, s) for s in options])
    else:
        rt.log(f"  {rt.name(p)}: {_no_space(rt, p, *filters)}")
    if ctx is not None:
        ctx.vars["chosen_space"] = chosen
        ctx.vars["chosen"] = chosen if chosen in rt.state["cities"] else None
    return chosen


def _no_space(rt: Clash, p: int, *filters: Any) -> str | None:
    """Why choose_space could choose nothing now, or None."""
    if passing_spaces(rt, p, filters):
        return None
    wanted = [str(f).replace("_", " ") for f in filters if f is not None]
    return f"no space passes {' and '.join(wanted)}"


procedures({"choose_space": choose_space})
refusals({"choose_space": _no_space})
