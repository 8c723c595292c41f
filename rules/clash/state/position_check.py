"""A scenario position checked against the board and the packs before it is set up (issue 28).

Every space, unit, piece, wonder, advance, card, civilisation and leader a position names must exist for
this player count and these packs; each that does not is a problem naming where in the position it is and
the values accepted there, raised together as one PositionError (the scenario runner adds the file's line).
Nothing here changes a state: scenario.py sets up only a position that passed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....engine.diagnostics import PositionError, accepted, did_you_mean
from ....engine.hexgrid import axial_to_label, label_to_axial, parse_space_id, space_id
from ..board.map import initial_board

if TYPE_CHECKING:
    from .definition import ClashDefinition

Where = tuple


class _Problems(list):
    def add(self, where: Where, what: str, value: Any, values: list[str]) -> None:
        near = did_you_mean(str(value), values)
        self.append((where, f"{value!r} is not {what}; {near + ' ' if near else ''}{accepted(values)}"))


def _space_labels(defn: ClashDefinition, players: int) -> dict[str, str]:
    """Every space of this player count's board: id -> board label."""
    board = initial_board(defn.map_data, defn.layout(players))
    return {s.id: axial_to_label(s.hex) for s in board.spaces}


def _space(ref: Any, spaces: dict[str, str]) -> str | None:
    """The space id a label or "q,r" names, if it is on the board."""
    text = str(ref).strip()
    try:
        sid = space_id(parse_space_id(text)) if "," in text else space_id(label_to_axial(text))
    except ValueError:
        return None
    return sid if sid in spaces else None


def check_position(defn: ClashDefinition, pos: dict, players: int) -> None:  # noqa: C901 - one check per field
    """Raise PositionError listing everything the position names that this game does not have."""
    probs = _Problems()
    spaces = _space_labels(defn, players)
    board = f"a space of the {players}-player board"
    labels = list(spaces.values())
    cards = {k: [e.id for e in defn.content.of_kind(k)] for k in ("action_card", "objective_card", "event_card")}
    advances = list(defn.advances) + list(defn.special_advances)

    def space(where: Where, ref: Any) -> None:
        if _space(ref, spaces) is None:
            probs.add(where, board, ref, labels)

    def among(where: Where, value: Any, known: Any, what: str) -> None:
        if value not in known:
            probs.add(where, what, value, list(known))

    for i, c in enumerate(pos.get("cities") or []):
        space(("cities", i, "at"), c.get("at"))
        if c.get("port"):
            space(("cities", i, "port"), c["port"])
        for piece in c.get("pieces") or {}:
            among(("cities", i, "pieces", piece), piece, defn.pieces, "a city piece of the loaded packs")
        for j, w in enumerate(c.get("wonders") or []):
            among(("cities", i, "wonders", j), w, defn.wonders, "a wonder of the loaded packs")
    for i, u in enumerate(pos.get("units") or []):
        space(("units", i, "at"), u.get("at"))
        among(("units", i, "type"), u.get("type"), defn.units, "a unit type of the loaded packs")
    for i, s in enumerate(pos.get("exhausted") or []):
        space(("exhausted", i), s)
    for i, w in enumerate(pos.get("revealed_wonders") or []):
        among(("revealed_wonders", i), w, defn.wonders, "a wonder of the loaded packs")
    for deck, listed in (pos.get("decks") or {}).items():
        known = cards.get(deck, list(defn.wonders) if deck == "wonder" else None)
        if known is None:
            probs.add(("decks", deck), "a deck", deck, list(cards))
            continue
        for j, card in enumerate(listed or []):
            among(("decks", deck, j), card, known, f"a card of the {deck} deck")
    for i, p in enumerate(pos.get("players") or []):
        if i >= players:
            probs.append((("players", i), f"the position names {i + 1} players; the game has {players}"))
            continue
        for j, a in enumerate(p.get("advances") or []):
            among(("players", i, "advances", j), a, advances, "an advance of the loaded packs")
        for deck, listed in (p.get("hand") or {}).items():
            if deck not in ("action_card", "objective_card"):
                probs.add(("players", i, "hand", deck), "a hand's deck", deck, ["action_card", "objective_card"])
                continue
            for j, card in enumerate(listed or []):
                among(("players", i, "hand", deck, j), card, cards[deck], f"a card of the {deck} deck")
        for j, card in enumerate(p.get("completed") or []):
            among(("players", i, "completed", j), card, cards["objective_card"], "an objective card")
        if p.get("reserved_wonder"):
            among(("players", i, "reserved_wonder"), p["reserved_wonder"], defn.wonders, "a wonder")
        if p.get("civilization"):
            among(("players", i, "civilization"), p["civilization"], defn.civilizations,
                  "a civilisation of the loaded packs")
        for key in ("leader",):
            if p.get(key):
                among(("players", i, key), p[key], defn.leaders, "a leader of the loaded packs")
        for key in ("leaders_left", "captured_leaders"):
            for j, leader in enumerate(p.get(key) or []):
                among(("players", i, key, j), leader, defn.leaders, "a leader of the loaded packs")
        for name in p.get("counters") or {}:
            among(("players", i, "counters", name), name, defn.counters, "a counter the rules data declares")
        for j, entry in enumerate(p.get("used") or []):
            among(("players", i, "used", j), entry, limited_entries(defn), "an entry with a limited ability")
    if probs:
        raise PositionError(list(probs))


def limited_entries(defn: ClashDefinition) -> list[str]:
    """Entries with at least one ability limited to some uses per turn, round or game."""
    return sorted({ab.source for ab in _abilities(defn) if getattr(ab, "limited", None)})


def _abilities(defn: ClashDefinition) -> list:
    return [ab for entry in defn.compiled.values() for ab in entry.abilities]
