"""Taking back a decision: which of a player's last decisions may be undone, for every game.

A person may take back their own decisions until new information reaches the table or someone else
acts. The engine knows no game, so it judges "new information" from what every game already declares:
its view (the hidden-information data of engine/hidden.py plus anything the game's own view hides) and
its random state (the keys the view drops, such as the RNG). A decision revealed something when the
part of the state hidden from that player changed while it was applied: a die was rolled or a deck
shuffled (the dropped random state moved), a card was drawn or a region turned up (a hidden list or a
face-down value changed); or when it led to a decision whose chooser looks at something face down to
decide (the hidden data's `shown_to_chooser` kinds, as a region's face when turning it). Such a
decision, and every one before it, stands.

Undoing replays the game without its last action, so the state, the log and the pending decision are
exactly those the player saw before deciding.
"""

from __future__ import annotations

import hashlib
import json
import weakref
from dataclasses import dataclass
from typing import Any

from .decision import IllegalAction

_MISSING = object()
_KNOWN: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # game -> {(player, actions' digest): check}


@dataclass(frozen=True)
class UndoCheck:
    """How many of the player's last decisions may be taken back (0: none) and, if none, why not."""

    steps: int
    reason: str = ""


def hidden_part(full: Any, seen: Any) -> Any:
    """What of `full` (the state) is not as `seen` (a player's view) shows it: the masked values only."""
    if full == seen:
        return None
    if isinstance(full, dict) and isinstance(seen, dict):
        return {k: hidden_part(v, seen.get(k, _MISSING)) for k, v in full.items() if k not in seen or v != seen[k]}
    if isinstance(full, list) and isinstance(seen, list) and len(full) == len(seen):
        return [hidden_part(a, b) for a, b in zip(full, seen, strict=True)]
    return full


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()


def random_keys(game: Any) -> list[str]:
    """The top-level keys a game's view drops (its random state: RNG, fixed dice), from its hidden data."""
    rules = getattr(game.definition, "rules", None) or {}
    drop = (rules.get("hidden") or {}).get("drop") or []
    return [str(k) for k in drop if "." not in str(k)]


def shown_kinds(game: Any) -> set[str]:
    """Decisions whose chooser is shown something hidden to decide (hidden data `shown_to_chooser`)."""
    rules = getattr(game.definition, "rules", None) or {}
    return {str(k) for k in (rules.get("hidden") or {}).get("shown_to_chooser") or []}


def secrets_of(game: Any, player: int) -> tuple[str, str]:
    """Fingerprints of the random state and of everything else hidden from `player`, as things stand."""
    rand = random_keys(game)
    masked = hidden_part(game.state, game.view(player)) or {}
    if isinstance(masked, dict):
        masked = {k: v for k, v in masked.items() if k not in rand}
    return _digest({k: game.state.get(k) for k in rand}), _digest(masked)


def undo_check(game: Any, player: int) -> UndoCheck:
    """How many of `player`'s last decisions may be taken back now, or why none may.

    The answer depends only on the actions taken, so it is kept per game for the actions' fingerprint:
    a seat asks at every refresh of its page, and the answer costs a replay of the game.
    """
    try:
        known = _KNOWN.setdefault(game, {})
    except TypeError:  # a game that cannot be weakly referenced is simply not remembered
        known = {}
    key = (player, game.over, game.restart is not None, _digest(game.actions))
    if key not in known:
        if len(known) > 8:
            known.clear()
        known[key] = _check(game, player)
    return known[key]


def _check(game: Any, player: int) -> UndoCheck:
    names = [p.get("name", f"player {i}") for i, p in enumerate(game.state.get("players", []))]
    if game.over:
        return UndoCheck(0, "the game is over: its result stands")
    acts = game.actions
    mine = 0
    while mine < len(acts) and acts[len(acts) - 1 - mine]["player"] == player:
        mine += 1
    if mine == 0:
        if not acts:
            return UndoCheck(0, "nothing to take back: no decision has been made yet")
        other = acts[-1]["player"]
        who = names[other] if 0 <= other < len(names) else f"player {other}"
        return UndoCheck(0, f"{who} has acted since your last decision: it stands")
    if game.restart is not None:  # a service game resumed from a checkpoint: its earlier actions are gone
        return UndoCheck(0, "this game was restored from a checkpoint: undo is not kept for it")
    start = len(acts) - mine
    g = type(game)(game.definition, game.config)
    for a in acts[:start]:
        g.apply(a)
    steps, why, shown = mine, "", shown_kinds(game)
    for i in range(start, len(acts)):
        before = secrets_of(g, player)
        g.apply(acts[i])
        after = secrets_of(g, player)
        if after != before:
            steps = len(acts) - i - 1
            why = ("a die was rolled or a deck shuffled" if after[0] != before[0]
                   else "a card was drawn or something face down was turned up")
        elif g.pending is not None and g.pending.player == player and g.pending.kind in shown:
            steps = len(acts) - i - 1
            why = f"it showed you something face down to decide ({g.pending.kind})"
    if steps == 0:
        return UndoCheck(0, f"your last decision revealed new information ({why}): it stands")
    return UndoCheck(steps)


def undo(game: Any, player: int) -> None:
    """Take back `player`'s last decision; IllegalAction (changing nothing) says why when it may not be."""
    check = undo_check(game, player)
    if check.steps == 0:
        raise IllegalAction(f"cannot undo: {check.reason}")
    game._rebuild(game.actions[:-1])
