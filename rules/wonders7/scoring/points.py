"""Victory points at the end of age III, by the rulebook's categories, and the tie-break by coins.

Science is science.py's; the wild symbols (`science_wild`) are chosen at the end, each as the symbol
that scores most. A `copy_guild` grant copies the neighbours' guild that scores most for its owner.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .science import science_points

if TYPE_CHECKING:
    from ..state.runtime import Wonders

CATEGORIES = ("civilian", "wonder", "commerce", "guild")


def breakdown(rt: Wonders, p: int, extra: tuple[str, ...] = ()) -> dict[str, int]:
    """p's points by category; `extra` sources count as p's own (a copied guild, a bot's what-if)."""
    pl = rt.player(p)
    out = {"military": sum(pl["military"]),
           "treasury": pl["coins"] // int(rt.d.params["treasury_coins_per_point"])}
    cats = dict.fromkeys(CATEGORIES, 0)
    for cat, n in rt.grants(p, "points", extra):
        cats[cat] += int(n)
    for cat, countable, who, n in rt.grants(p, "points_per", extra):
        cats[cat] += int(n) * rt.count_of(p, countable, who)
    symbols = Counter(args[0] for args in rt.grants(p, "science", extra))
    wilds = sum(1 for _ in rt.grants(p, "science_wild", extra))
    out.update({"wonder": cats["wonder"], "civilian": cats["civilian"], "science": science_points(symbols, wilds, rt.d.params["science_set_points"]),
                "commerce": cats["commerce"], "guild": cats["guild"]})
    return out


def copied_guild(rt: Wonders, p: int) -> str | None:
    """The neighbours' guild p's copy_guild grant copies (the one that scores most), if any."""
    if not rt.granted("copy_guild", p):
        return None
    guild = rt.d.params.get("guild_colour", "purple")
    mine = {rt.d.content.entries[c].name for c in rt.player(p)["built"]}
    found = [c for q in rt.neighbours(p) for c in rt.player(q)["built"]
             if rt.d.colour(c) == guild and rt.d.content.entries[c].name not in mine]
    if not found:
        return None
    return max(sorted(set(found)), key=lambda c: sum(breakdown(rt, p, (c,)).values()))


def player_points(rt: Wonders, p: int) -> dict[str, int]:
    copy = copied_guild(rt, p)
    return breakdown(rt, p, (copy,) if copy else ())


def final_scores(rt: Wonders) -> dict:
    """{vp, breakdown, winners}: most points wins; a tie goes to the most coins, then is shared."""
    parts = [player_points(rt, p) for p in range(rt.n)]
    vp = [sum(b.values()) for b in parts]
    best = max(vp)
    tied = [p for p in range(rt.n) if vp[p] == best]
    decided = None  # the tie-break step that settled a tie on points
    for key in rt.d.rules.get("params", {}).get("tiebreak", ["coins"]):
        if len(tied) <= 1:
            break
        values = {p: rt.player(p).get(key, 0) for p in tied}
        top = max(values.values())
        before, tied = len(tied), [p for p in tied if values[p] == top]
        if len(tied) < before:
            decided = f"the most {key} ({top})"
    return {"vp": vp, "breakdown": parts, "winners": tied, "decided_by": decided,
            "coins": [rt.player(p)["coins"] for p in range(rt.n)]}
