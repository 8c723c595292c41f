"""The look of a drawn game: colours, sizes, fonts, and measuring and fitting text (tools/render/game.py)."""

from __future__ import annotations

import json
import math
from typing import Any

from ...engine.hexgrid import Hex, axial_to_label, space_id
from .svg import Raw

# ----- look -------------------------------------------------------------------------------------------
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
TERRAIN_FILL = {"fertile": "#b9dc8e", "forest": "#5c9a4d", "mountain": "#a89e90", "barren": "#e8d6a2",
                "sea": "#8cc2e6"}
TERRAIN_INK = {"forest": "#ffffff", "mountain": "#1f1f1f", "sea": "#1d4f78"}
UNKNOWN_FILL = "#cfcfcf"
PLAYER_COLOURS = ["#d1392b", "#2456c9", "#8b3fb4", "#e38a00", "#148f8a", "#b0417a"]
BARBARIAN = "#262626"
MOOD_FILL = {"happy": "#2f9e3b", "neutral": "#a3a3a3", "angry": "#d3332b"}
INK = "#222222"
MUTED = "#9a9a9a"

HEX = 46.0  # circumradius of a hex, in px
SQRT3 = math.sqrt(3.0)
MARGIN = 16.0
HEADER_H = 58.0
LEGEND_H = 64.0
PANEL_W = 440.0
LINE = 15.0
HAND_LINES = 5  # lines for the viewer's own cards in their panel
HAND_LINE = 12.0
GRID_ROW_H = 62.0


def player_colour(owner: int) -> str:
    return BARBARIAN if owner < 0 else PLAYER_COLOURS[owner % len(PLAYER_COLOURS)]


def text_width(text: str, size: float) -> float:
    """A rough width for a sans-serif line (enough to wrap and truncate panel text)."""
    return len(text) * size * 0.58


def fit(text: str, size: float, width: float) -> str:
    if text_width(text, size) <= width:
        return text
    keep = max(1, int(width / (size * 0.58)) - 1)
    return text[:keep].rstrip() + "…"


def wrap(words: list[str], size: float, width: float, max_lines: int, sep: str = ", ") -> list[str]:
    """Greedy wrap of items joined by `sep`; the last line ends with … when items are left out."""
    lines: list[str] = []
    cur = ""
    for i, w in enumerate(words):
        cand = f"{cur}{sep}{w}" if cur else w
        if text_width(cand, size) <= width or not cur:
            cur = cand
            continue
        lines.append(cur + sep.rstrip())
        cur = w
        if len(lines) == max_lines:
            lines[-1] = fit(lines[-1] + f" (+{len(words) - i} more)", size, width)
            return lines
    if cur:
        lines.append(cur)
    return lines[:max_lines]


def label(h: Hex) -> str:
    try:
        return axial_to_label(h)
    except ValueError:
        return space_id(h)


def words(ident: str) -> str:
    return ident.replace("_", " ")


RESOURCE_COLOURS = {"food": "#e7c53a", "wood": "#8a5a2b", "ore": "#7d8a96", "idea": "#f4f4f4", "gold": "#e0a400"}


def json_key(value: Any) -> str:
    """A hashable, order-stable key for plain JSON data."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def num(v: float) -> str:
    return f"{v:g}"


def to_int(s: str) -> int:
    try:
        return int(s)
    except ValueError:
        return 0


def raw(markup: str) -> Raw:
    return Raw(markup)

