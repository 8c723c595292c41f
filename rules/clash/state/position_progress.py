"""What a scenario position may set besides the board (issue 28): completed objectives, event points and the
"already used" record of limited abilities, so a position can start where the game is late (the end-game
tie-break after advances, a once-per-round card already used this round).

- players.N.completed: [objective cards]   the objectives the player has completed (VP, and out of the deck)
- players.N.event_vp: 1.5                  victory points from events so far
- players.N.used: [entry ids]              every limited ability of those entries has no use left in its
                                           period (this turn, this round, the game)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .in_force import once_key

if TYPE_CHECKING:
    from .definition import ClashDefinition


def apply_progress(defn: ClashDefinition, state: dict, pos: dict) -> None:
    for i, spec in enumerate(pos.get("players") or []):
        pl = state["players"][i]
        if "completed" in spec:
            pl["completed"] = list(spec["completed"])
            deck = state["decks"].get("objective_card", [])
            for card in pl["completed"]:
                if card in deck:
                    deck.remove(card)
        if "event_vp" in spec:
            pl["event_vp"] = float(spec["event_vp"])
        for entry in spec.get("used") or []:
            _use_up(defn, state, pl, entry)


def _use_up(defn: ClashDefinition, state: dict, pl: dict, entry: str) -> None:
    """Record every limited ability of `entry` as used as often as allowed, in the period the game starts in
    (the scenario's first turn is the next turn number: start_turn counts it)."""
    turn = int(state.get("turn_no") or 0) + 1
    for ab in defn.compiled[entry].abilities:
        per, times = getattr(ab, "limited", None) or ("", 0)
        if not per:
            continue
        if per == "turn" and times == 1:
            pl["used"][once_key(ab)] = turn
        else:
            period = {"round": f"r{state['round']}", "game": "game"}.get(per, f"t{turn}")
            pl["used"][once_key(ab)] = [period, times]
