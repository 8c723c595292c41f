"""Scenario positions: a compact starting position instead of the random set-up.

A scenario's `position` names what matters (players' resources, levels, advances and hands;
cities with pieces, mood and wonders; units; which regions are revealed and how; fixed dice) and
leaves the rest at its set-up value. Spaces are written as board labels ("D2") or "q,r" ids.
The game then starts at the given round, turn and player, and runs normally from there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....dsl.schemas import check_position as check_position_schema
from ....engine.hexgrid import label_to_axial, space_id
from .position_check import check_position
from .position_edges import apply_edges
from .position_progress import apply_progress
from .setup import RESOURCES, TOKENS, add_city, add_unit, new_state

if TYPE_CHECKING:
    from .definition import ClashDefinition


def space_of(ref: Any) -> str:
    """"D2" -> "3,1"; "3,1" stays; anything else is an error the scenario author can read."""
    text = str(ref).strip()
    if "," in text:
        q, r = (int(x) for x in text.split(","))
        return f"{q},{r}"
    return space_id(label_to_axial(text))


def scenario_state(defn: ClashDefinition, config: dict) -> dict:
    pos: dict = config.get("position") or {}
    check_position_schema(pos)  # a save's position may be anything: refused here, before a rule reads it
    base = dict(config)
    base.pop("position", None)
    check_position(defn, pos, int(config.get("players", defn.rules["players"]["min"])))
    state = new_state(defn, base)
    keep_units = pos.get("keep_setup_units", False)
    if not keep_units:
        state["units"] = {}
    if not pos.get("keep_setup_cities", False):
        state["cities"] = {}
    if not pos.get("keep_setup_hands", False):
        # the set-up's dealt cards go back under their decks: a scenario's hands are what it names
        for pl in state["players"]:
            for deck, cards in pl["hand"].items():
                state["decks"].setdefault(deck, [])[:0] = cards
                pl["hand"][deck] = []
    state["first"] = 0  # a scenario starts with player 0 unless it says otherwise
    for key in ("round", "turn", "first"):
        if key in pos:
            state[key] = int(pos[key])
    state.setdefault("round", 1)
    state["round"] = max(1, state["round"])
    state["turn"] = max(1, state.get("turn") or 1)
    state["current"] = int(pos.get("current", state["first"]))
    state["resume"] = True
    layout = defn.layout(len(state["players"]))
    for i, spec in enumerate(pos.get("players") or []):
        p = state["players"][i]
        if "name" in spec:
            p["name"] = spec["name"]
        res = spec.get("resources") or {}
        for k in RESOURCES + TOKENS:
            if k in res:
                p["res"][k] = int(res[k])
        for k, n in (spec.get("counters") or {}).items():  # declared counters (game.yaml `counters:`)
            p["res"][k] = int(n)
        for k in ("culture_level", "happiness_level"):
            if k in spec:
                p[k] = int(spec[k])
        if "advances" in spec:
            p["advances"] = list(spec["advances"])
        for deck, cards in (spec.get("hand") or {}).items():
            p["hand"][deck] = list(cards)
        if "in_play" in spec:
            p["in_play"] = list(spec["in_play"])
        if "reserved_wonder" in spec:
            p["reserved_wonder"] = spec["reserved_wonder"]
        for k in ("civilization", "leader"):
            if k in spec:
                p[k] = spec[k]
        for k in ("leaders_left", "captured_leaders"):
            if k in spec:
                p[k] = list(spec[k])
    reveal = pos.get("reveal", [])
    regular = layout.regular
    if reveal == "all":
        reveal = list(range(len(regular)))
    for k in reveal or []:
        state["board"]["revealed"][regular[int(k)]] = True
    for k, spec in (pos.get("regions") or {}).items():
        slot = regular[int(k)]
        if "tile" in spec:
            state["board"]["tiles"][slot] = spec["tile"]
        if "rot" in spec:
            state["board"]["rots"][slot] = int(spec["rot"])
        state["board"]["revealed"][slot] = bool(spec.get("revealed", True))
    for c in pos.get("cities") or []:
        space = space_of(c["at"])
        owner = int(c.get("owner", 0))
        city = add_city(state, defn, owner, space, c.get("mood", "neutral"))
        for piece, piece_owner in (c.get("pieces") or {}).items():
            city["pieces"][piece] = owner if piece_owner is None else int(piece_owner)
        city["wonders"] = list(c.get("wonders") or [])
        for w in city["wonders"]:
            state["wonders"]["built"][w] = space
            if w in state["wonders"]["deck"]:
                state["wonders"]["deck"].remove(w)
        if c.get("port"):
            city["port"] = space_of(c["port"])
        city["act"] = int(c.get("activations", 0))
    placed = [[add_unit(state, int(u.get("owner", 0)), u["type"], space_of(u["at"])) for _ in range(int(u.get("count", 1)))]
              for u in pos.get("units") or []]
    for w in pos.get("revealed_wonders") or []:
        if w in state["wonders"]["deck"]:
            state["wonders"]["deck"].remove(w)
        state["wonders"]["revealed"].append(w)
    for deck, cards in (pos.get("decks") or {}).items():
        state["decks"][deck] = list(cards)
    if "exhausted" in pos:
        state["board"]["exhausted"] = [space_of(s) for s in pos["exhausted"]]
    if "dice" in pos:
        state["dice"] = [int(d) for d in pos["dice"]]
    apply_progress(defn, state, pos)
    apply_edges(defn, state, pos, placed)  # aboard, discarded leaders; the rules' limits (position_edges)
    _check_ids(defn, state)
    return state


def _check_ids(defn: ClashDefinition, state: dict) -> None:
    """Every id a position put in the state names a content entry: a save's position may hold anything,
    and the views, the board and the bots look these ids up. (Decks may hold placeholders: tests stack
    them with filler cards nobody looks up until drawn.)"""
    known = defn.content.entries
    named: list[tuple[str, Any]] = []
    for i, pl in enumerate(state["players"]):
        named += [(f"player {i + 1}'s advances", a) for a in pl["advances"]]
        named += [(f"player {i + 1}'s {deck}", c) for deck, cards in pl["hand"].items() for c in cards]
        named += [(f"player {i + 1}'s {k}", pl.get(k)) for k in ("reserved_wonder", "leader") if pl.get(k)]
        named += [(f"player {i + 1}'s {k}", x) for k in ("leaders_left", "captured_leaders", "in_play")
                  for x in pl.get(k) or []]
    for space, city in state["cities"].items():
        named += [(f"the city at {space}", x) for x in [*city["pieces"], *city["wonders"]]]
    named += [("the revealed wonders", w) for w in state["wonders"]["revealed"]]
    for where, ident in named:
        if not isinstance(ident, str) or ident not in known:
            raise ValueError(f"the position puts {ident!r} in {where}, which names no entry of the packs")
