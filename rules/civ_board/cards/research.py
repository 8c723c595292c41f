"""Research: every player picks a tech in secret (or none), then all are revealed together. A tech of
level N costs 6 + 5(N-1) trade and needs a place in the pyramid (level I always; level N on two of
level N-1). Researching spends all trade but 1 per coin. Learning a tech of the top level wins.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..state.economy import research_cost, research_options, trade_after_research
from ..state.victory import over, win

if TYPE_CHECKING:
    from ..state.runtime import Civ


def learn(rt: Civ, p: int, tech: str) -> Generator:
    pl = rt.player(p)
    govs_before = rt.unlocked(p, "unlock_government")
    level = rt.d.level(tech)
    pl["techs"].append(tech)
    pl["pyramid"].setdefault(str(level), []).append(tech)
    pl["gov_new"] = sorted(set(pl["gov_new"]) | (rt.unlocked(p, "unlock_government") - govs_before))
    rt.log(f"{rt.name(p)} learns {rt.entry_name(tech)} (level {level})")
    yield from rt.emit("tech_learned", p, tech=tech)


def ask_research(rt: Civ, p: int) -> Generator:
    options = research_options(rt, p)
    labels = [f"{rt.entry_name(t)} (level {rt.d.level(t)}, {research_cost(rt, rt.d.level(t), p)} trade)" for t in options]
    choice = yield from rt.ask(p, "research", f"Turn {rt.state['turn']}: {rt.name(p)}, research a tech "
                               f"({rt.player(p)['trade']} trade)", ["none", *options], ["none", *labels])
    rt.player(p)["pick"] = None if choice == "none" else choice


def research_phase(rt: Civ, resumed: bool = False) -> Generator:
    """Secret picks in player order (a resumed flow asks only those who have not picked), then reveal."""
    if not resumed:
        for p in range(rt.n):
            rt.player(p)["picked"] = False
    for p in rt.order():
        if rt.player(p).get("picked"):
            continue
        rt.player(p)["gov_new"] = []
        yield from ask_research(rt, p)
        rt.player(p)["picked"] = True
    top = int(rt.params["tech_victory_level"])
    winners = []
    for p in rt.order():
        pl = rt.player(p)
        tech, pl["pick"] = pl["pick"], None
        if tech is None:
            continue
        pl["trade"] = trade_after_research(rt, p)
        yield from learn(rt, p, tech)
        if rt.d.level(tech) >= top:
            winners.append(p)
    if winners and not over(rt):
        win(rt, winners, "technology")
