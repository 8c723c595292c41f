"""The greedy bot's moves (rules/clash/bots/bots.py's scorers of move_from, move_units and move_to).

Founders walk down the land distance to the nearest site (bot_sites.py) and explore when no site is known;
armies march on the nearest city worth taking (bot_war.py) and attack only with more armies than the
defenders; units with nothing to gain by moving stay (the move ends). Which group is moving is read from
the rules' `rt.moving` while they ask where to.
"""

from __future__ import annotations

from ..actions.movement import group_counts
from .bot_board import enemy_strength, weak_targets
from .bot_sites import founders_astray, site_distance
from .bot_war import marching, war_distance


class MoveScores:
    """A mixin of GreedyBot: needs its per-decision `_memo` and `_once`. It remembers where each of its units
    last came from (`note_move`): when a site or target vanishes (a stack-mate founds the city the founders
    walked to), the new plan may point back, and a unit never steps back where it just came from."""

    _memo: dict
    _came_from: tuple[int, dict[str, str]] = (0, {})

    def note_move(self, rt, destination: str) -> None:
        """Remember the origin of the group moving now (`rt.moving`) once it goes to `destination`."""
        moving = getattr(rt, "moving", None)
        if moving is None or "," not in destination or ":" in destination:
            return
        if self._came_from[0] != id(rt):  # another game: forget the last one's moves
            self._came_from = (id(rt), {})
        origin, group = moving
        self._came_from[1].update(dict.fromkeys(group, origin))

    def _back(self, rt, opt: str) -> bool:
        """Would moving the group to `opt` take one of its units back where it last came from?"""
        moving = getattr(rt, "moving", None)
        came = self._came_from[1] if self._came_from[0] == id(rt) else {}
        return moving is not None and any(came.get(u) == opt for u in moving[1])

    def _move_from(self, rt, p, opt, label):
        if opt == "done":
            return -1
        if opt in self._once(rt, p, "weak_sources", lambda rt, p: {src for src, _ in weak_targets(rt, p)}):
            return 30
        if opt in founders_astray(rt, p, self._memo):
            return 10
        if opt in marching(rt, p, self._memo):
            return 12
        return -2  # nothing to gain by moving these: stop

    def _move_units(self, rt, p, opt, label):
        if not opt.startswith("land:"):
            return 0
        counts = group_counts(rt, opt)
        armies = sum(n for t, n in counts.items() if rt.is_army(t))
        if armies:
            return 2 + armies  # armies move in strength
        return 5 if counts.get(rt.role("founder")) else 1

    def _move_to(self, rt, p, opt, label):
        if ":" in opt or "," not in opt:
            return 3
        moving = getattr(rt, "moving", None)
        founder = rt.role("founder")
        founders = moving is not None and any(rt.state["units"][u]["type"] == founder for u in moving[1])
        if not rt.board.space(opt).revealed:
            # founders with nowhere known to found explore (bot_sites.py)
            return 25 if founders and (site_distance(rt, p, self._memo) and self._memo["exploring"]) else 6
        enemies = enemy_strength(rt, p, opt)
        if enemies is not None:  # an attack: only with more armies than the defenders
            armies = sum(rt.is_army(rt.state["units"][u]["type"]) for u in moving[1]) if moving else 1
            return 45 if armies > enemies else -20
        if founders:
            # down the distance to the nearest site (bot_sites.py), never back up it nor back where it came from
            dist = site_distance(rt, p, self._memo)
            return 20 - 6 * dist[opt] if opt in dist and not self._back(rt, opt) else -10
        war = war_distance(rt, p, self._memo)
        if war:  # march on the nearest target (bot_war.py)
            return 20 - 6 * war[opt] if opt in war and not self._back(rt, opt) else -10
        terr = rt.terrain(opt)
        return 3 if terr in ("fertile", "forest", "mountain") else 0
