"""The end of the game (rulebook, "End of the game"): the score table, the winner and how a tie was
settled, written to the state (`scores`, `ending`) and the log."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..registry import step
from ..scoring.points import final_scores

if TYPE_CHECKING:
    from ..state.runtime import Wonders


@step("end_game")
def end_game(rt: Wonders) -> Generator:
    rt.state["phase"] = "over"
    s = final_scores(rt)
    rt.state["scores"] = {"vp": s["vp"], "breakdown": s["breakdown"], "winners": s["winners"]}
    rt.log("Game over")
    for p in range(rt.n):
        parts = ", ".join(f"{k} {v}" for k, v in s["breakdown"][p].items())
        rt.log(f"{rt.name(p)}: {s['vp'][p]} VP ({parts}; {rt.player(p)['coins']} coins)")
    win, best = s["winners"], s["vp"][s["winners"][0]]
    tied = [p for p in range(rt.n) if s["vp"][p] == best and p not in win]
    text = f"The game ended after all three ages. Winner: {' and '.join(rt.name(p) for p in win)} with {best} VP"
    if tied and s.get("decided_by"):
        text += f"; tied on points with {' and '.join(rt.name(p) for p in tied)}, decided by {s['decided_by']}"
    elif len(win) > 1:
        text += ", tied on points and coins: the win is shared"
    rt.state["ending"] = text
    rt.log(text)
    yield from ()
