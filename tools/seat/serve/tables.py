"""One game at the server (`Table`): the game, its seats and tokens, its lock and its revisions; and how
a stored game is made live again (`playable`).

A revision counts every change of the game (a decision by anyone, an undo) and is never reused; `applied`
holds the revision each kept decision was applied at, so a retried choice is recognised (the same answer)
and a retry of a decision since taken back is not (hub.py). People's decisions go through the game's undo
trail (engine/undo.py): a game made live from the store replays the last person's trailing decisions
through it, so a restarted server can take them back as cheaply as a running one.
"""

from __future__ import annotations

import bisect
import secrets
import threading
from dataclasses import dataclass, field
from typing import Any

from ....api import load_game
from ....engine.machine import Game
from ....engine.undo import KEEP, Trail
from ..seat import HUMAN


class ApiError(Exception):
    """A refused request: the HTTP status and a message saying what was wrong."""

    def __init__(self, status: int, message: str, extra: dict | None = None, headers: dict | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra or {}  # more fields of the answer (e.g. the current step of a stale choice)
        self.headers = headers or {}


@dataclass
class Table:
    """One game at the server: the game, who sits where, and the tokens."""

    id: str
    game: Game
    kinds: list[str]
    tokens: list[str]
    spectator: str
    lock: threading.Lock = field(default_factory=threading.Lock)
    failure: str | None = None  # why the bots stopped (said to every seat; the details are in the log)
    revision: int = 0  # the game's changes so far (decisions and undos): never goes back
    applied: list[int] = field(default_factory=list)  # the revision each of game.actions was applied at

    def revisions(self) -> dict:
        """What the store keeps of the revisions."""
        return {"revision": self.revision, "applied": list(self.applied)}

    def applied_at(self, revision: int) -> int | None:
        """The index of the decision applied at `revision`, if it is still in the game."""
        i = bisect.bisect_left(self.applied, revision)
        return i if i < len(self.applied) and self.applied[i] == revision else None

    def seat_of(self, token: Any) -> int | None:
        """The seat a token opens (None: the spectator); ApiError 403 for any other token."""
        if isinstance(token, str) and token and token.isascii() and len(token) <= 256:
            for i, t in enumerate(self.tokens):
                if secrets.compare_digest(t.encode(), token.encode()) and self.kinds[i] == HUMAN:
                    return i
            if secrets.compare_digest(self.spectator.encode(), token.encode()):
                return None
        raise ApiError(403, "this token opens no seat of this game (ask for your seat link again)")


def trail_of(game: Game) -> Trail:
    """The game's undo trail (engine/undo.py), attached when the server made or loaded the game."""
    trail = getattr(game, "undo_trail", None)
    return trail if trail is not None else Trail().attach(game)


def playable(save: dict, kinds: list[str]) -> Game:
    """A stored game made live: forkable (undo keeps forks), with its undo trail holding the last decisions
    of the person who acted last (replayed through it, so a restarted server can take them back too)."""
    acts = save.get("actions") if isinstance(save, dict) else None
    acts = acts if isinstance(acts, list) else []
    last = acts[-1].get("player") if acts and isinstance(acts[-1], dict) else None
    mine = 0
    if type(last) is int and 0 <= last < len(kinds) and kinds[last] == HUMAN:
        while mine < len(acts) and isinstance(acts[-1 - mine], dict) and acts[-1 - mine].get("player") == last:
            mine += 1
    mine = min(mine, KEEP)
    game = load_game(save | {"actions": acts[:len(acts) - mine]}, forkable=True)
    trail = Trail().attach(game)
    for a in acts[len(acts) - mine:]:
        trail.apply(game, a)
    return game
