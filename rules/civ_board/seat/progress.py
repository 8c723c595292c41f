"""Where a Civilization game stands, in words, for the browser's status line, the replay viewer and the
drawing's title (the descriptor's `progress_words`): "set-up", "turn 3, 3. city management", "game over
after turn 12". Read from a state or a seat's view: both carry the turn and the phase."""

from __future__ import annotations

PHASES = {"start_of_turn": "1. start of turn", "trade": "2. trade", "city_management": "3. city management",
          "movement": "4. movement", "battle": "a battle", "research": "5. research"}


def progress_words(state: dict) -> str:
    """The turn and the phase of the turn (numbered as the rulebook's turn summary)."""
    turn, phase = int(state.get("turn") or 0), str(state.get("phase") or "")
    if phase == "over" or state.get("ending"):
        return f"game over after turn {turn}"
    if turn == 0 or phase == "setup":
        return "set-up"
    return f"turn {turn}, {PHASES.get(phase, phase.replace('_', ' '))}"
