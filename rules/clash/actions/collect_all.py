"""A whole collection as one option, for a person's seat (issue 35: fewer clicks for the same rules).

(The same `all:` prefix marks a trade's kind and amount as one option, in actions/trade.py.)

When the game's set-up says a person sits at the table (`config.seat_shortcuts`, set by the terminal and
browser seats), the first step of a Collect also offers every whole collection the city may take: each
distinct set of resources, once, with the resources the player holds least of first. Choosing one takes
exactly what the same picks made one by one would take; the step-by-step options stay, so a save made
either way replays. Games without a person (bots, simulations, tests) are asked as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..state.runtime import Clash

ALL = "all:"  # the prefix of a whole-collection option: all:<space>:<resource>;<space>:<resource>...
MAX_OFFERED = 12  # whole collections offered at most (the step-by-step options always stay)


def wanted(rt: Clash) -> bool:
    return bool(rt.game.config.get("seat_shortcuts"))


def collections(rt: Clash, opts: dict[str, list[str]], limits: dict[str, int], count: int) -> list[tuple[str, str]]:
    """(option, label) for each distinct largest collection of up to `count` resources, best first."""
    # states: (resources taken, sorted) + terrains used -> the picks that reach it (the first found)
    states: dict[tuple, list[tuple[str, str]]] = {((), ()): []}
    for space, whats in opts.items():
        terrain = rt.terrain(space)
        for key, picks in list(states.items()):
            got, used = key
            if len(got) >= count:
                continue
            used_d = dict(used)
            if terrain in limits and used_d.get(terrain, 0) >= limits[terrain]:
                continue
            used_d[terrain] = used_d.get(terrain, 0) + 1
            for w in whats:
                new = (tuple(sorted(got + (w,))), tuple(sorted(used_d.items())))
                states.setdefault(new, picks + [(space, w)])
    by_set: dict[tuple, list[tuple[str, str]]] = {}
    for (got, _), picks in states.items():
        by_set.setdefault(got, picks)
    most = max((len(g) for g in by_set), default=0)
    if most < 2:
        return []  # one resource: the step-by-step options say it already
    return [(ALL + ";".join(f"{s}:{w}" for s, w in picks), _label(rt, picks))
            for got, picks in by_set.items() if len(got) == most]


def ranked(rt: Clash, p: int, found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Best first: the collections of what p holds least of (then by their words), at most MAX_OFFERED."""
    res = rt.player(p)["res"]

    def key(item: tuple[str, str]) -> tuple:
        picks = [part.split(":")[-1] for part in item[0].removeprefix(ALL).split(";")]
        return (sum(res.get(w, 0) for w in picks) - len(set(picks)), item[1])
    return sorted(found, key=key)[:MAX_OFFERED]


def _label(rt: Clash, picks: list[tuple[str, str]]) -> str:
    tally: dict[str, int] = {}
    for _, w in picks:
        tally[w] = tally.get(w, 0) + 1
    where = "; ".join(f"{w} from the {rt.terrain(s)} at {s}" for s, w in picks)
    return f"all at once: {', '.join(f'{n} {w}' for w, n in sorted(tally.items()))} ({where})"


def take(rt: Clash, option: str, taken: dict[str, int], used_terrain: dict[str, int]) -> list[str]:
    """The resources of a whole-collection option, its spaces and terrains marked as used as the step by
    step picks would mark them."""
    got = []
    for part in option.removeprefix(ALL).split(";"):
        space, _, what = part.rpartition(":")
        taken[space] = 1
        used_terrain[rt.terrain(space)] = used_terrain.get(rt.terrain(space), 0) + 1
        got.append(what)
    return got
