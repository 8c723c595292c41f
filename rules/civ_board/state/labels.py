"""Every square of a running Civilization game with its tile, terrain and what stands there (`rulewright
labels`): the table a modder reads to write a scenario's squares ("2,1", shown to people as C2)."""

from __future__ import annotations

from typing import Any

from ..board import board


def _tile(state: dict, x: int, y: int) -> str:
    c = board.cell(state, *board.tile_of(x, y))
    if c is None:
        return "-"
    return "facedown tile" if c.get("hidden") else f"{c['id']}, turned {c['rot']}"


def _terrain(defn: Any, state: dict, x: int, y: int) -> str:
    sq = board.square(defn, state, x, y)
    if sq is None:
        return "-"
    extra = [f"{sq[k]} {k}" for k in board.ICONS if sq.get(k)] + ([sq["resource"]] if sq.get("resource") else [])
    return sq["terrain"] + (f" ({', '.join(extra)})" if extra else "")


def _here(state: dict, x: int, y: int) -> str:
    parts = []
    for c in state["cities_built"]:
        if (c["x"], c["y"]) == (x, y):
            kind = "capital" if c["capital"] else "city"
            parts.append(f"{kind} of player {c['owner']}" + (" (walled)" if c.get("walled") else ""))
    figures: dict[tuple[int, str], int] = {}
    for f in state["figures"]:
        if (f["x"], f["y"]) == (x, y):
            figures[(f["owner"], f["kind"])] = figures.get((f["owner"], f["kind"]), 0) + 1
    parts += [f"{n} {kind} of player {owner}" for (owner, kind), n in sorted(figures.items())]
    k = board.key(x, y)
    if k in state["markers"]:
        parts.append(f"marker {state['markers'][k]}")
    item = state["items"].get(k)
    if item:
        parts.append(f"{item.get('kind', 'item')} {item.get('id', '')} of player {item.get('owner')}".strip())
    return "; ".join(parts)


def board_labels(game: Any) -> list[dict]:
    """One row per square of the map, north to south and west to east."""
    st = game.state
    rows = st["map"]["rows"] * board.SIZE
    cols = st["map"]["cols"] * board.SIZE
    return [{"label": board.label(x, y), "id": board.key(x, y), "region": _tile(st, x, y),
             "terrain": _terrain(game.definition, st, x, y), "here": _here(st, x, y)}
            for y in range(rows) for x in range(cols) if board.cell(st, *board.tile_of(x, y)) is not None]
