"""Hex math on axial coordinates (q, r), independent of any game.

Flat-topped hexes in columns: q is the column, r runs down-and-left so that (0, +1) is the hex straight
below. Screen orientation is "row 1 at the top", so "clockwise" below means clockwise as drawn that way.
Offset labels ("D7") use the odd-q layout (odd columns sit half a hex lower), which is how printed hex
maps and the map data name spaces; axial coordinates make distances and rotations one-liners.
"""

from __future__ import annotations

import re

Hex = tuple[int, int]

# Clockwise from straight up: N, NE, SE, S, SW, NW. Consecutive entries obey d[i] = d[i-1] + d[i+1],
# which the board-edge walk relies on.
DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def add(a: Hex, b: Hex) -> Hex:
    """Vector sum, so offsets can be applied to anchors without unpacking everywhere."""
    return (a[0] + b[0], a[1] + b[1])


def neighbors(h: Hex) -> list[Hex]:
    """The six adjacent hexes, in DIRECTIONS (clockwise) order."""
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    """Step count on an unbounded grid (cube-coordinate half-sum), used as a lower bound by boards."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate(offset: Hex, k: int) -> Hex:
    """Turn an offset by k * 60 degrees clockwise about the origin (negative k turns counter-clockwise)."""
    q, r = offset
    for _ in range(k % 6):
        q, r = -r, q + r
    return (q, r)


def label_to_axial(label: str) -> Hex:
    """'D7' -> axial. Column letter = q, row number counts from 1 in odd-q offset layout."""
    text = label.strip().upper()
    if len(text) < 2 or text[0] not in _LETTERS or not text[1:].lstrip("-").isdigit():
        raise ValueError(f"bad hex label {label!r}: expected a column letter and a row number")
    q = _LETTERS.index(text[0])
    row = int(text[1:])
    return (q, (row - 1) - (q - (q & 1)) // 2)


def axial_to_label(h: Hex) -> str:
    """Inverse of label_to_axial; hexes left of column A or above row 1 have no label."""
    q, r = h
    row = r + (q - (q & 1)) // 2 + 1
    if not 0 <= q < len(_LETTERS) or row < 1:
        raise ValueError(f"hex {h} has no offset label")
    return f"{_LETTERS[q]}{row}"


def offset_row(h: Hex) -> int:
    """The 1-based offset row of a hex (may be < 1), used to draw grids."""
    q, r = h
    return r + (q - (q & 1)) // 2 + 1


def space_id(h: Hex) -> str:
    """Stable string id 'q,r' so states and logs stay plain JSON."""
    return f"{h[0]},{h[1]}"


def parse_space_id(s: str) -> Hex:
    """Inverse of space_id."""
    q, _, r = s.partition(",")
    try:
        return (int(q), int(r))
    except ValueError:
        raise ValueError(f"bad space id {s!r}: expected 'q,r'") from None


_SPACE_ID = re.compile(r"(?<![\w.])(-?\d+),(-?\d+)(?![\w.])")


def readable(text: str) -> str:
    """Space ids ("3,-1") in a text shown as board labels ("D1") for people; unlabelled ones stay."""
    def label(m: re.Match) -> str:
        try:
            return axial_to_label((int(m.group(1)), int(m.group(2))))
        except ValueError:
            return m.group(0)
    return _SPACE_ID.sub(label, text)
