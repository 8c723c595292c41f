"""Taking back a decision: which of a player's last decisions may be undone, for every game.

A person may take back their own decisions until something hidden reaches the table or someone else
acts. The engine knows no game, so it judges from what every game already declares: its view (the
hidden-information data of engine/hidden.py plus anything the game's own view hides) and its random
state (the keys the view drops, such as the RNG). A decision stands, and every one before it, when while
it was applied
- the part of the state hidden from its player changed: a die was rolled or a deck shuffled (the dropped
  random state moved), a card was drawn or a region turned up (a hidden list or face-down value changed);
- or the rules looked at something hidden from its player, whether or not it changed (engine/consult.py:
  a status phase that checks an opponent's objectives and finds none met, a random draw);
- or it led to a decision whose chooser looks at something face down to decide (the hidden data's
  `shown_to_chooser` kinds, as a region's face when turning it).

A seat that lets people undo keeps a `Trail` on the game (`Trail.attach`) and applies their decisions
through it: each is judged as it is applied, and the game as it was before is kept (a fork, cheap at any
length), so checking and undoing cost about what showing the game costs, at any game length. Without a
trail (or for decisions applied around it) the answer is worked out by replaying the game, as before.
"""

from __future__ import annotations

import hashlib
import json
import weakref
from dataclasses import dataclass
from typing import Any

from .consult import consulting
from .decision import IllegalAction

_MISSING = object()
_KNOWN: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # game -> {(player, actions' digest): check}
KEEP = 32  # decisions a trail keeps: undo reaches back at most this far


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


def _names(game: Any) -> list[str]:
    return [p.get("name", f"player {i}") for i, p in enumerate(game.state.get("players", []))]


def judged(game: Any, player: int, before: tuple[str, str], seen: set) -> str:
    """Why the decision `player` just made stands ('' when it may be undone): `before` is `secrets_of` from
    before it, `seen` the owners of what the rules looked at meanwhile (engine/consult.py)."""
    after = secrets_of(game, player)
    if after[0] != before[0]:
        return "a die was rolled or a deck shuffled"
    if after[1] != before[1]:
        return "a card was drawn or something face down was turned up"
    d = game.pending
    if d is not None and d.player == player and d.kind in shown_kinds(game):
        return f"it showed you something face down to decide ({d.kind})"
    looked = seen - {player}
    if looked:
        names = _names(game)
        whose = sorted(names[o] if 0 <= o < len(names) else f"player {o}" for o in looked if o is not None)
        what = [*(f"{w}'s hidden cards" for w in whose), *(["a hidden deck or the dice"] if None in looked else [])]
        return "the rules looked at " + " and ".join(what)
    return ""


def _run(game: Any, player: int) -> int:
    """How many of the last actions are `player`'s, one after another."""
    acts, mine = game.actions, 0
    while mine < len(acts) and acts[len(acts) - 1 - mine]["player"] == player:
        mine += 1
    return mine


def _first_refusal(game: Any, player: int) -> UndoCheck | None:
    """The refusals that need no judging of decisions (game over, nothing to take back, another seat acted)."""
    if game.over:
        return UndoCheck(0, "the game is over: its result stands")
    acts = game.actions
    if _run(game, player) == 0:
        if not acts:
            return UndoCheck(0, "nothing to take back: no decision has been made yet")
        other = acts[-1]["player"]
        names = _names(game)
        who = names[other] if 0 <= other < len(names) else f"player {other}"
        return UndoCheck(0, f"{who} has acted since your last decision: it stands")
    if game.restart is not None:  # a service game resumed from a checkpoint: its earlier actions are gone
        return UndoCheck(0, "this game was restored from a checkpoint: undo is not kept for it")
    return None


def _verdict(stands: list[str]) -> UndoCheck:
    """The check from the verdicts of the player's last decisions, oldest first."""
    steps, why = len(stands), ""
    for i, reason in enumerate(stands):
        if reason:
            steps, why = len(stands) - i - 1, reason
    if steps == 0:
        return UndoCheck(0, f"your last decision revealed new information ({why}): it stands")
    return UndoCheck(steps)


@dataclass
class Kept:
    """One decision as a trail recorded it: where, what, the game before it, and why it stands ('' : it
    may be undone)."""

    index: int
    action: dict
    before: Any
    stands: str


class Trail:
    """The undo record of one game, kept by a seat that lets people take back decisions (see the module)."""

    def __init__(self, keep: int = KEEP):
        self.keep = keep
        self.kept: list[Kept] = []

    def attach(self, game: Any) -> Trail:
        """Keep this trail on `game` (undo_check and undo find it there; `Game.become` keeps it)."""
        game.undo_trail = self
        return self

    def apply(self, game: Any, action: dict) -> None:
        """Apply a person's decision, judging it and keeping the game as it was before. IllegalAction (the
        game's own refusal) changes nothing and records nothing."""
        d = game.pending
        player = action.get("player") if isinstance(action, dict) else None
        if d is None or type(player) is not int or player != d.player:
            game.apply(action)  # refused by the game itself, with its own message
            return
        index = len(game.actions)
        before, secrets = game.fork(), secrets_of(game, player)
        with consulting() as seen:
            game.apply(action)
        start = index - _run_before(game, player, index)
        self.kept = [k for k in self.kept if start <= k.index < index][-(self.keep - 1):]
        self.kept.append(Kept(index, dict(game.actions[index]), before, judged(game, player, secrets, seen)))

    def covering(self, game: Any, player: int) -> list[Kept] | None:
        """The kept records of `player`'s trailing decisions, when the trail holds every one of them."""
        n, mine = len(game.actions), _run(game, player)
        by_index = {k.index: k for k in self.kept}
        out = [by_index.get(i) for i in range(n - mine, n)]
        if all(k is not None and k.action == game.actions[k.index] for k in out):
            return out  # type: ignore[return-value]
        if out and out[-1] is not None and out[-1].action == game.actions[-1]:  # an older part not kept
            tail = []
            for k in reversed(out):
                if k is None or k.action != game.actions[k.index]:
                    break
                tail.append(k)
            return [Kept(-1, {}, None, f"only the last {len(tail)} decisions are kept")] + tail[::-1]
        return None

    def forget_from(self, index: int) -> None:
        self.kept = [k for k in self.kept if k.index < index]


def _run_before(game: Any, player: int, index: int) -> int:
    """How many of the actions before `index` are `player`'s, one after another."""
    acts, mine = game.actions, 0
    while mine < index and acts[index - 1 - mine]["player"] == player:
        mine += 1
    return mine


def undo_check(game: Any, player: int) -> UndoCheck:
    """How many of `player`'s last decisions may be taken back now, or why none may.

    With a trail that recorded them, the answer is read from it; else it is worked out by replaying the
    game, and kept per game for the actions' fingerprint (a seat asks at every refresh of its page)."""
    first = _first_refusal(game, player)
    if first is not None:
        return first
    trail = getattr(game, "undo_trail", None)
    kept = trail.covering(game, player) if trail is not None else None
    if kept is not None:
        return _verdict([k.stands for k in kept])
    try:
        known = _KNOWN.setdefault(game, {})
    except TypeError:  # a game that cannot be weakly referenced is simply not remembered
        known = {}
    key = (player, game.over, game.restart is not None, _digest(game.actions))
    if key not in known:
        if len(known) > 8:
            known.clear()
        known[key] = _replayed(game, player)
    return known[key]


def _replayed(game: Any, player: int) -> UndoCheck:
    """The check worked out by replaying the game up to the player's last decisions, judging each."""
    acts = game.actions
    start = len(acts) - _run(game, player)
    g = type(game)(game.definition, game.config)
    for a in acts[:start]:
        g.apply(a)
    stands = []
    for i in range(start, len(acts)):
        before = secrets_of(g, player)
        with consulting() as seen:
            g.apply(acts[i])
        stands.append(judged(g, player, before, seen))
    return _verdict(stands)


def undo(game: Any, player: int) -> None:
    """Take back `player`'s last decision, in place; IllegalAction (changing nothing) says why when it may
    not be. With a trail, the game becomes the one kept before that decision; else it is replayed."""
    check = undo_check(game, player)
    if check.steps == 0:
        raise IllegalAction(f"cannot undo: {check.reason}")
    trail = getattr(game, "undo_trail", None)
    last = len(game.actions) - 1
    kept = next((k for k in (trail.kept if trail is not None else []) if k.index == last), None)
    if kept is not None and kept.action == game.actions[last]:
        trail.forget_from(last)
        game.become(kept.before)
    else:
        game._rebuild(game.actions[:-1])
        if trail is not None:
            trail.forget_from(last)
