"""A game-agnostic board of hex spaces: adjacency, blocked-aware distances, groups and the outline edge.

The geometry (which hexes exist, who touches whom, the edge walk) never changes during a game, only the
spaces' contents do (a region gets revealed). So the graph and edge ring are built once and shared by every
Board derived with `with_spaces`, which keeps state updates cheap and boards immutable.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property

import networkx as nx

from .hexgrid import DIRECTIONS, Hex, add, offset_row

Pred = Callable[["Space"], bool]


@dataclass(frozen=True, slots=True)
class Space:
    """One hex of the board; terrain is None while the space is unrevealed."""

    id: str
    hex: Hex
    terrain: str | None
    region: int
    revealed: bool


def _unrevealed(space: Space) -> bool:
    return not space.revealed


class Board:
    """Spaces plus fixed geometry; queries take predicates so rules decide what blocks or matches."""

    def __init__(self, spaces: Iterable[Space]) -> None:
        self._spaces: dict[str, Space] = {}
        self._by_hex: dict[Hex, str] = {}
        for s in spaces:
            if s.id in self._spaces:
                raise ValueError(f"duplicate space id {s.id!r}")
            if s.hex in self._by_hex:
                raise ValueError(f"two spaces on hex {s.hex}: {self._by_hex[s.hex]!r} and {s.id!r}")
            self._spaces[s.id] = s
            self._by_hex[s.hex] = s.id
        self.graph: nx.Graph = nx.Graph()
        for sid, s in self._spaces.items():
            self.graph.add_node(sid, hex=s.hex)
        for h, sid in self._by_hex.items():
            for d in DIRECTIONS[:3]:  # each edge once
                other = self._by_hex.get(add(h, d))
                if other is not None:
                    self.graph.add_edge(sid, other)
        # Plain tuples for the hot loops: much faster than going through networkx views.
        self._adj: dict[str, tuple[str, ...]] = {
            sid: tuple(self._by_hex[n] for n in (add(s.hex, d) for d in DIRECTIONS) if n in self._by_hex)
            for sid, s in self._spaces.items()
        }
        self._dist: dict[tuple[str, str], int | None] = {}  # default-blocked distances, per board

    # ----- derived boards -------------------------------------------------------------------------
    def with_spaces(self, changed: Iterable[Space]) -> Board:
        """A new Board with some spaces replaced (same ids and hexes), sharing the geometry."""
        new = object.__new__(Board)
        new.__dict__.update(self.__dict__)  # shares graph, adjacency and any cached edge ring
        new._spaces = dict(self._spaces)
        new._dist = {}  # revealed spaces changed: distances must be found again
        new.__dict__.pop("_explore_memo", None)
        new.__dict__.pop("_touching", None)
        for s in changed:
            old = self._spaces.get(s.id)
            if old is None or old.hex != s.hex:
                raise ValueError(f"space {s.id!r} is not on this board at {s.hex}")
            new._spaces[s.id] = s
        return new

    # ----- lookups --------------------------------------------------------------------------------
    def space(self, sid: str) -> Space:
        return self._spaces[sid]

    def at(self, h: Hex) -> Space | None:
        """The space on a hex, or None outside the outline."""
        sid = self._by_hex.get(h)
        return None if sid is None else self._spaces[sid]

    @property
    def spaces(self) -> list[Space]:
        return list(self._spaces.values())

    def __contains__(self, sid: object) -> bool:
        return sid in self._spaces

    def __len__(self) -> int:
        return len(self._spaces)

    def neighbors(self, sid: str) -> list[str]:
        """Adjacent space ids inside the outline, in clockwise direction order."""
        return list(self._adj[sid])

    def region_spaces(self, region: int) -> list[str]:
        return [sid for sid, s in self._spaces.items() if s.region == region]

    def regions_touching(self, region: int) -> frozenset:
        """The regions of the spaces next to `region`'s spaces, worked out once per board (an action menu
        asks which unexplored regions border a player's cities at every decision)."""
        memo = self.__dict__.setdefault("_touching", {})
        got = memo.get(region)
        if got is None:
            spaces = self._spaces
            got = memo[region] = frozenset(spaces[n].region for s in self.region_spaces(region)
                                           for n in self._adj[s])
        return got

    # ----- distances ------------------------------------------------------------------------------
    def distance(self, a: str, b: str, blocked: Pred | None = None) -> int | None:
        """Shortest step count from a to b never entering a blocked space (default: unrevealed).

        Both endpoints must be unblocked too; None when no such path exists. Rules count range
        through anything except unrevealed regions, so that is the default.
        """
        if blocked is None:
            key = (a, b) if a <= b else (b, a)
            if key not in self._dist:
                self._dist[key] = self._bfs(a, b, _unrevealed)
            return self._dist[key]
        return self._bfs(a, b, blocked)

    def distances_to(self, sources: Iterable[str], passable: Callable[[str], bool]) -> dict[str, int]:
        """Steps from every space reachable through `passable` spaces to the nearest of `sources` (one
        breadth-first sweep from all of them: a bot walking towards the nearest of many goals)."""
        dist = dict.fromkeys(sources, 0)
        frontier = sorted(dist)
        while frontier:
            nxt: list[str] = []
            for s in frontier:
                for n in self._adj[s]:
                    if n not in dist and passable(n):
                        dist[n] = dist[s] + 1
                        nxt.append(n)
            frontier = nxt
        return dist

    def _bfs(self, a: str, b: str, blocked: Pred) -> int | None:
        spaces = self._spaces
        if blocked(spaces[a]) or blocked(spaces[b]):
            return None
        if a == b:
            return 0
        seen = {a}
        frontier = [a]
        depth = 0
        while frontier:
            depth += 1
            nxt: list[str] = []
            for sid in frontier:
                for n in self._adj[sid]:
                    if n in seen:
                        continue
                    seen.add(n)
                    if blocked(spaces[n]):
                        continue
                    if n == b:
                        return depth
                    nxt.append(n)
            frontier = nxt
        return None

    def within(self, a: str, n: int, blocked: Pred | None = None) -> set[str]:
        """All unblocked spaces reachable from a in at most n steps (a included); empty if a is blocked."""
        blocked = blocked or _unrevealed
        spaces = self._spaces
        if blocked(spaces[a]):
            return set()
        seen = {a}
        frontier = [a]
        for _ in range(n):
            nxt: list[str] = []
            for sid in frontier:
                for m in self._adj[sid]:
                    if m not in seen and not blocked(spaces[m]):
                        seen.add(m)
                        nxt.append(m)
            if not nxt:
                break
            frontier = nxt
        return seen

    def groups(self, pred: Pred) -> list[frozenset[str]]:
        """Connected components of the spaces matching pred (e.g. water groups for ship moves)."""
        spaces = self._spaces
        left = {sid for sid, s in spaces.items() if pred(s)}
        out: list[frozenset[str]] = []
        while left:
            start = left.pop()
            comp = {start}
            queue = deque([start])
            while queue:
                for m in self._adj[queue.popleft()]:
                    if m in left:
                        left.discard(m)
                        comp.add(m)
                        queue.append(m)
            out.append(frozenset(comp))
        out.sort(key=lambda g: min(self._order_key(sid) for sid in g))
        return out

    def _order_key(self, sid: str) -> tuple[int, int]:
        h = self._spaces[sid].hex
        return (offset_row(h), h[0])

    # ----- the outline edge -----------------------------------------------------------------------
    def on_edge(self, sid: str) -> bool:
        """True when the space has fewer than 6 neighbours inside the outline."""
        return len(self._adj[sid]) < 6

    def edge_ring(self) -> list[str]:
        """Outline-edge spaces in clockwise cyclic order, starting at the top-left one.

        This is a walk along the outer boundary, so consecutive entries (and last -> first) are adjacent.
        A space where the outline pinches would appear once per time the walk passes it.
        """
        return list(self._ring)

    @cached_property
    def _ring(self) -> tuple[str, ...]:
        if not self._spaces:
            return ()
        inside = self._by_hex
        exterior = self._exterior()
        # A boundary side is (hex, direction) with the neighbour that way in the exterior.
        sides = [(h, d) for h in inside for d in range(6) if add(h, DIRECTIONS[d]) in exterior]
        start = min(sides, key=lambda s: (offset_row(s[0]), s[0][0], s[1]))
        walk: list[Hex] = []
        h, d = start
        for _ in range(len(sides) + 1):
            if not walk or walk[-1] != h:
                walk.append(h)
            # Turn clockwise about the corner between side d and side d+1.
            turn = add(h, DIRECTIONS[(d + 1) % 6])
            if turn in inside:
                h, d = turn, (d - 1) % 6
            else:
                d = (d + 1) % 6
            if (h, d) == start:
                break
        else:  # pragma: no cover - a closed boundary always returns to its start
            raise RuntimeError("board edge walk did not close")
        if len(walk) > 1 and walk[-1] == walk[0]:
            walk.pop()
        first = min(range(len(walk)), key=lambda i: (offset_row(walk[i]), walk[i][0]))
        walk = walk[first:] + walk[:first]
        return tuple(inside[x] for x in walk)

    def _exterior(self) -> set[Hex]:
        """Hexes outside the outline connected to infinity (so inner holes are not 'the edge')."""
        qs = [h[0] for h in self._by_hex]
        rs = [h[1] for h in self._by_hex]
        q0, q1, r0, r1 = min(qs) - 1, max(qs) + 1, min(rs) - 1, max(rs) + 1
        start = (q0, r0)
        seen = {start}
        queue = deque([start])
        while queue:
            h = queue.popleft()
            for d in DIRECTIONS:
                n = add(h, d)
                if n in seen or n in self._by_hex or not (q0 <= n[0] <= q1 and r0 <= n[1] <= r1):
                    continue
                seen.add(n)
                queue.append(n)
        return seen

    def ring_step(self, start_id: str, direction: int, is_target: Pred, is_blocked: Pred) -> str | None:
        """Walk the edge ring from start (+1 clockwise, -1 counter-clockwise) to the first target space.

        Targets are tested before blocks, so a rule may stop *in* a blocked space (e.g. sail into an
        unrevealed region to explore it) yet never pass it. None when a block comes first or the walk
        gets back to the start.
        """
        if direction not in (1, -1):
            raise ValueError("direction must be +1 (clockwise) or -1 (counter-clockwise)")
        ring = self._ring
        try:
            i = ring.index(start_id)
        except ValueError:
            raise ValueError(f"space {start_id!r} is not on the board edge") from None
        n = len(ring)
        for step in range(1, n):
            sid = ring[(i + direction * step) % n]
            if sid == start_id:
                continue
            s = self._spaces[sid]
            if is_target(s):
                return sid
            if is_blocked(s):
                return None
        return None
