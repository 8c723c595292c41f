"""The map: tiles of 4x4 squares laid out by the set-up diagram, turned so their arrows point the way
the rules say, and the questions asked of squares (terrain, printed icons, neighbours).

A map cell is None (no tile), {"hidden": True} (a facedown neutral tile) or {"id": tile, "rot": k}
(k quarter turns clockwise from the tile's data, whose arrow points north). Which neutral tile lies
facedown where is not decided until it is discovered: the facedown tiles were dealt unseen from a
shuffled pile, so drawing from that pile on discovery is the same game (and nobody can peek).
Squares are (x, y): x grows east, y grows south; tile (tr, tc) holds x 4tc..4tc+3, y 4tr..4tr+3.
"""

from __future__ import annotations

from functools import cache

SIZE = 4
DIRS = {"north": 0, "east": 1, "south": 2, "west": 3}
STEPS = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
ICONS = ("trade", "production", "culture", "coin")


@cache
def parse_square(text: str) -> dict:
    """'forest production:2 iron hut' -> {"terrain": "forest", "production": 2, "resource": "iron", "hut": True}."""
    words = text.split()
    out: dict = {"terrain": words[0]}
    for w in words[1:]:
        name, _, n = w.partition(":")
        if n:
            out[name] = int(n)
        elif name in ("hut", "village"):
            out[name] = True
        else:
            out["resource"] = name
    return out


def rotated(rows: list[list[str]], rot: int) -> list[list[str]]:
    """The tile's squares after `rot` quarter turns clockwise."""
    out = [list(r) for r in rows]
    for _ in range(rot % 4):
        out = [[out[SIZE - 1 - c][r] for c in range(SIZE)] for r in range(SIZE)]
    return out


def tile_of(x: int, y: int) -> tuple[int, int]:
    return y // SIZE, x // SIZE


def in_bounds(state: dict, x: int, y: int) -> bool:
    m = state["map"]
    return 0 <= x < m["cols"] * SIZE and 0 <= y < m["rows"] * SIZE


def cell(state: dict, tr: int, tc: int) -> dict | None:
    m = state["map"]
    if 0 <= tr < m["rows"] and 0 <= tc < m["cols"]:
        return m["tiles"][tr][tc]
    return None


def revealed(state: dict, x: int, y: int) -> bool:
    c = cell(state, *tile_of(x, y)) if in_bounds(state, x, y) else None
    return c is not None and not c.get("hidden")


def facedown(state: dict, x: int, y: int) -> bool:
    c = cell(state, *tile_of(x, y)) if in_bounds(state, x, y) else None
    return c is not None and bool(c.get("hidden"))


def square(defn, state: dict, x: int, y: int) -> dict | None:
    """The square at (x, y), or None off the map, outside every tile or on a facedown tile: as printed, or
    a disaster marker's terrain with no icons (`disasters` of the state: key -> terrain, for the game)."""
    if x < 0 or y < 0:
        return None
    m = state["map"]
    tr, tc = y // SIZE, x // SIZE
    if tr >= m["rows"] or tc >= m["cols"]:
        return None
    c = m["tiles"][tr][tc]
    if c is None or c.get("hidden"):
        return None
    disasters = state.get("disasters")
    if disasters and f"{x},{y}" in disasters:
        return {"terrain": disasters[f"{x},{y}"]}
    return dict(_parsed(defn.tile_rows(c["id"], c["rot"])[y % SIZE][x % SIZE]))


_PARSED: dict[str, dict] = {}  # square text -> parse_square of it (the tiles have a few hundred texts)


def _parsed(text: str) -> dict:
    """parse_square(text), parsed once per text (every menu asks for squares by the hundred); square()
    hands out a copy, so no caller can change the one kept."""
    got = _PARSED.get(text)
    if got is None:
        got = _PARSED[text] = parse_square(text)
    return got


def around(x: int, y: int) -> list[tuple[int, int]]:
    """The 8 squares around (x, y) (the outskirts of a city there)."""
    return [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]


def orthogonal(x: int, y: int) -> list[tuple[str, int, int]]:
    return [(d, x + dx, y + dy) for d, (dx, dy) in STEPS.items()]


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Squares apart counting diagonals (a city must be 3 or more from another)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def key(x: int, y: int) -> str:
    return f"{x},{y}"


def unkey(k: str) -> tuple[int, int]:
    a, b = k.split(",")
    return int(a), int(b)


def layout_cells(grid: list[list[str]]) -> tuple[int, int, list[tuple[int, int, str]]]:
    """(rows, cols, [(tr, tc, spec)]) of a set-up diagram."""
    rows, cols = len(grid), max(len(r) for r in grid)
    return rows, cols, [(r, c, spec) for r, row in enumerate(grid) for c, spec in enumerate(row)]


def facing_away(from_tile: tuple[int, int], to_tile: tuple[int, int]) -> int:
    """The rotation that points a discovered tile's arrow away from the explorer's tile."""
    dr, dc = to_tile[0] - from_tile[0], to_tile[1] - from_tile[1]
    if dr < 0:
        return DIRS["north"]
    if dr > 0:
        return DIRS["south"]
    return DIRS["east"] if dc > 0 else DIRS["west"]


def label(x: int, y: int) -> str:
    """A square as people read it: its column as a letter (west to east), its row as a number (north to south)."""
    return f"{chr(ord('A') + x)}{y + 1}"
