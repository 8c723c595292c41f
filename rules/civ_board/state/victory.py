"""The four ways to win, each checked where the rulebook says: culture (reaching the track's last
space, at once), technology (learning a tech of the top level, when research is revealed), economy
(15 coins on the dial, checked after every phase) and military (conquering a capital, at once).
The victory score of the advanced tie-breaker is computed for the score table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .economy import coins

if TYPE_CHECKING:
    from .runtime import Civ

KINDS = ("culture", "technology", "economic", "military")


def over(rt: Civ) -> bool:
    return bool(rt.state["winner"])


def win(rt: Civ, players: list[int], kind: str) -> None:
    """A victory. Under the advanced tie-breaker (param `advanced_tiebreaker`) a non-military victory only
    marks its players as having completed one; the turn is played out, then `settle_turn` decides."""
    if over(rt):
        return
    if kind != "military" and rt.params.get("advanced_tiebreaker"):
        done = rt.state.setdefault("completed", {})
        for p in players:
            if str(p) not in done:
                done[str(p)] = kind
                rt.log(f"{rt.name(p)} completes a {kind} victory; the turn is played out")
        return
    rt.state["winner"] = sorted(players)
    rt.state["victory"] = kind
    names = " and ".join(rt.name(p) for p in players)
    rt.log(f"{names} win{'s' if len(players) == 1 else ''} a {kind} victory")


def settle_turn(rt: Civ) -> None:
    """At the end of a turn in which players completed non-military victories (advanced tie-breaker):
    the highest victory score (techs + culture spaces + coins) among them wins; a tie shares the win."""
    done = rt.state.get("completed") or {}
    if over(rt) or not done:
        return
    score = {int(p): sum(victory_score(rt, int(p)).values()) for p in done}
    best = max(score.values())
    top = sorted(p for p, s in score.items() if s == best)
    kinds = sorted({done[str(p)] for p in top})
    rt.log("Victory scores: " + ", ".join(f"{rt.name(p)} {s}" for p, s in sorted(score.items())))
    rt.state["winner"] = top
    rt.state["victory"] = kinds[0] if len(kinds) == 1 else "+".join(kinds)
    rt.log(f"{' and '.join(rt.name(p) for p in top)} win{'s' if len(top) == 1 else ''} by the advanced tie-breaker")


def check_economic(rt: Civ) -> None:
    need = int(rt.params["coins_to_win"])
    with rt.steady.stretch(rt.state):  # each economy dial asks the same grants and squares: answered once
        rich = [p for p in rt.order() if coins(rt, p) >= need]
    if rich and not over(rt):
        win(rt, rich, "economic")


def victory_score(rt: Civ, p: int) -> dict[str, int]:
    """The advanced tie-breaker's parts: techs known, culture spaces advanced, coins."""
    pl = rt.player(p)
    return {"techs": len(pl["techs"]), "culture_spaces": pl["track"], "coins": coins(rt, p)}
