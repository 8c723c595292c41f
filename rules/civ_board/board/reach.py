"""Board distance: the map's squares as a graph (networkx), and the squares within N steps of a player's
pieces.

Cards that aim "within N squares (no diagonals) of one of your figures or cities" count orthogonal steps.
Nothing of a card may cross or touch a facedown tile, so the graph holds the revealed squares only; any
terrain counts (water too: a card is not a figure). Which tiles are revealed is all the graph depends on,
so it is built once per such layout and shared.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import networkx as nx

from . import board

if TYPE_CHECKING:
    from ..state.runtime import Civ


@lru_cache(maxsize=64)
def _graph(rows: int, cols: int, shown: tuple[tuple[bool, ...], ...]) -> nx.Graph:
    g = nx.Graph()
    for y in range(rows * board.SIZE):
        for x in range(cols * board.SIZE):
            if shown[y // board.SIZE][x // board.SIZE]:
                g.add_node((x, y))
    for x, y in list(g.nodes):
        for nxt in ((x + 1, y), (x, y + 1)):
            if nxt in g:
                g.add_edge((x, y), nxt)
    return g


def graph(rt: Civ) -> nx.Graph:
    """The revealed squares, each joined to its orthogonal neighbours (do not mutate: it is shared)."""
    m = rt.state["map"]
    shown = tuple(tuple(c is not None and not c.get("hidden") for c in row) for row in m["tiles"])
    return _graph(int(m["rows"]), int(m["cols"]), shown)


def anchors(rt: Civ, p: int) -> set[tuple[int, int]]:
    """The squares a card's reach is counted from: p's figures and cities."""
    return {(f["x"], f["y"]) for f in rt.state["figures"] if f["owner"] == p} | \
        {(c["x"], c["y"]) for c in rt.cities(p)}


def within(rt: Civ, p: int, reach: int | None) -> set[tuple[int, int]]:
    """The revealed squares at most `reach` orthogonal steps from p's figures or cities (every revealed
    square when reach is None)."""
    g = graph(rt)
    if reach is None:
        return set(g.nodes)
    sources = [sq for sq in anchors(rt, p) if sq in g]
    if not sources:
        return set()
    return set(nx.multi_source_dijkstra_path_length(g, sources, cutoff=int(reach)))


def steps_between(rt: Civ, a: tuple[int, int], b: tuple[int, int]) -> int | None:
    """Orthogonal steps from a to b over revealed squares (None when no such path)."""
    try:
        return int(nx.shortest_path_length(graph(rt), a, b))
    except (nx.NodeNotFound, nx.NetworkXNoPath):
        return None


def paths_from(rt: Civ, start: tuple[int, int], steps: int, passable) -> dict[tuple[int, int], int]:
    """Squares a group at `start` reaches in up to `steps` steps through squares `passable(x, y)` allows
    (the start always counts), with the steps each takes."""
    g = graph(rt)
    if start not in g:
        return {}
    view = nx.subgraph_view(g, filter_node=lambda sq: sq == start or passable(*sq))
    return dict(nx.single_source_shortest_path_length(view, start, cutoff=int(steps)))
