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
    if over(rt):
        return
    rt.state["winner"] = sorted(players)
    rt.state["victory"] = kind
    names = " and ".join(rt.name(p) for p in players)
    rt.log(f"{names} win{'s' if len(players) == 1 else ''} a {kind} victory")


def check_economic(rt: Civ) -> None:
    need = int(rt.params["coins_to_win"])
    rich = [p for p in rt.order() if coins(rt, p) >= need]
    if rich and not over(rt):
        win(rt, rich, "economic")


def victory_score(rt: Civ, p: int) -> dict[str, int]:
    """The advanced tie-breaker's parts: techs known, culture spaces advanced, coins."""
    pl = rt.player(p)
    return {"techs": len(pl["techs"]), "culture_spaces": pl["track"], "coins": coins(rt, p)}
