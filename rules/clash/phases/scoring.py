"""Victory points and the winner (rulebook page 4), with the full tie-break order."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..state.runtime import Clash


def breakdown(rt: Clash, p: int) -> dict[str, float]:
    s = rt.defn.rules["scoring"]
    pieces = sum(1 for c in rt.state["cities"].values() for owner in c["pieces"].values() if owner == p)
    wonders = sum(len(c["wonders"]) for c in rt.state["cities"].values() if c["owner"] == p)
    pl = rt.player(p)
    # a pack's special advances count like advances; enemy leaders killed lie with the objectives
    specials = len(rt.special_advances(p)) * s.get("special_advance", 0)
    leaders = len(pl.get("captured_leaders", [])) * s.get("captured_leader", 0)
    return {
        "city_pieces": pieces * s["city_piece"],
        "advances": len(pl["advances"]) * s["advance"] + specials,
        "wonders": wonders * s["wonder"],
        "objectives": len(pl["completed"]) * s["objective"] + leaders,
        # abilities worth points while in force (quantity half_vp, counted in half points)
        "events": float(pl["event_vp"]) + max(0, rt.quantity("half_vp", p, 0)) / 2,
    }


def final_scores(rt: Clash) -> dict:
    parts = [breakdown(rt, p) for p in range(rt.n)]
    vp = [sum(b.values()) for b in parts]
    best = max(vp)
    tied = [p for p in range(rt.n) if vp[p] == best]
    decided = None  # the tie-break step that settled a tie on points (None: no tie, or a shared win)
    if len(tied) > 1:
        holders = [p for p in tied if rt.granted("tie_winner", p)]
        if holders:
            tied, decided = holders, "an ability that wins ties"
    for key in rt.defn.rules["scoring"]["tiebreak"]:
        if len(tied) <= 1:
            break
        top = max(parts[p][key] for p in tied)
        before, tied = len(tied), [p for p in tied if parts[p][key] == top]
        if len(tied) < before:
            decided = f"the most {key.replace('_', ' ')} ({top:g})"
    return {"vp": vp, "breakdown": parts, "winners": tied, "decided_by": decided}
