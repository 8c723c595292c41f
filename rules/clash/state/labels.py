"""Every board label of a running game with its region, terrain and what stands there (`rulewright labels`).

A modder writing a scenario needs to know which label is which region and terrain and where the units
and cities of a position are: this is that table, read from the game as it stands (a scenario's position
before its first action, or a fresh set-up). A face-down region shows its tile; its spaces get their
terrain when it is explored and turned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....engine.hexgrid import axial_to_label
from ..names import BARBARIAN, PIRATES

if TYPE_CHECKING:
    from ....engine.machine import Game


def _owner(rt: Any, p: int) -> str:
    return {BARBARIAN: "barbarians", PIRATES: "pirates"}.get(p) or f"player {p}"


def _region(b: dict, slot: int) -> str:
    """The board slot, its region tile and how it is turned (a face-down one is turned when explored)."""
    if not b["revealed"][slot]:
        return f"{slot} ({b['tiles'][slot]}, face down)"
    return f"{slot} ({b['tiles'][slot]}, turned {b['rots'][slot]})"


def _here(rt: Any, sid: str) -> str:
    st = rt.state
    parts = []
    city = st["cities"].get(sid)
    if city is not None:
        pieces = ", ".join(piece if owner == city["owner"] else f"{piece} of {_owner(rt, owner)}"
                           for piece, owner in city["pieces"].items())
        parts.append(f"city of {_owner(rt, city['owner'])} ({pieces}; {city['mood']})")
    counts: dict[tuple[int, str], int] = {}
    for u in st["units"].values():
        if u["space"] == sid:
            key = (u["owner"], u["type"] + (" aboard" if u["ship"] else ""))
            counts[key] = counts.get(key, 0) + 1
    for (owner, kind), n in sorted(counts.items()):
        parts.append(f"{n} {kind} of {_owner(rt, owner)}")
    if sid in st["board"]["exhausted"]:
        parts.append("exhausted")
    return "; ".join(parts)


def board_labels(game: Game) -> list[dict]:
    """One row per space, in label order: label, id, region, terrain, what stands there."""
    rt = game.rt
    rows = []
    for space in rt.board.spaces:
        rows.append({"label": axial_to_label(space.hex), "id": space.id,
                     "region": _region(rt.state["board"], space.region), "terrain": space.terrain or "-",
                     "here": _here(rt, space.id)})
    return sorted(rows, key=lambda r: (r["label"][0], int(r["label"][1:])))
