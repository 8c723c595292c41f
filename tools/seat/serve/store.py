"""Games of `rulewright serve` in one SQLite file, as saves (set-up + actions), written at every action.

One row per game: its id, the seats (kind and token of each), the spectator's token, the save as JSON and
the game's revisions (hub.py: the revision counter and the revision each kept action was applied at).
The file is created readable by its owner only (it holds the seat tokens). One connection, guarded by a
lock, serves every thread of the server; WAL journaling keeps a crash from losing a written action.

A file that exists is never replaced: an empty (0-byte) file, a file that is not SQLite, a database
without the games table or with another layout, a locked or unreadable file, or a damaged row is a
StoreError naming the file (at start, or for the one request that met it), never a fresh empty store.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from ....engine.jsonsafe import BadJSON, loads
from ..human import data_dir

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY,
  created REAL NOT NULL,
  updated REAL NOT NULL,
  seats TEXT NOT NULL,      -- JSON: [{"kind": "human" | bot, "token": "..."}] by seat
  spectator TEXT NOT NULL,  -- the spectator's token
  save TEXT NOT NULL,       -- JSON: Game.save()
  revisions TEXT NOT NULL DEFAULT '{}'  -- JSON: {"revision": n, "applied": [revision of each action]}
)
"""


COLUMNS = ["id", "created", "updated", "seats", "spectator", "save", "revisions"]
OLDER = ["id", "created", "updated", "seats", "spectator", "save"]  # before revisions: gains the column


class StoreError(Exception):
    """The games file cannot be opened, read or written; the message says which file and why.

    `status`: 503 when the file is unavailable (locked, missing table), 500 when what it holds is damaged."""

    def __init__(self, message: str, status: int = 503):
        super().__init__(message)
        self.status = status


@dataclass
class Record:
    id: str
    seats: list[dict]
    spectator: str
    save: dict
    revisions: dict = field(default_factory=dict)  # {"revision": n, "applied": [...]}; {}: derived from the save


def default_db() -> Path:
    """$XDG_DATA_HOME/rulewright/games.sqlite3 (else ~/.local/share/rulewright/games.sqlite3)."""

    return data_dir() / "games.sqlite3"


class Store:
    def __init__(self, path: Path | str):
        self.path = Path(path)
        self._lock = threading.Lock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fresh = False
            try:
                fd = os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
                os.close(fd)
                fresh = True
            except FileExistsError:
                if not self.path.is_file():
                    raise StoreError(f"the games file {self.path} is not a regular file") from None
                if self.path.stat().st_size == 0:
                    raise StoreError(f"the games file {self.path} is empty (0 bytes), so it holds no games: "
                                     "move it away, or pass another --db") from None
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=2.0)
            if fresh:
                self._db.execute(SCHEMA)
            self._check_layout()  # before anything is written to a file that may be someone else's
            self._db.execute("PRAGMA journal_mode=WAL")
        except (OSError, sqlite3.Error) as err:
            raise StoreError(f"cannot open the games file {self.path}: {err}") from None

    def _check_layout(self) -> None:
        """The games table with its columns, else a StoreError (never created over someone else's data)."""
        columns = [r[1] for r in self._db.execute("PRAGMA table_info(games)")]
        if not columns:
            raise StoreError(f"the games file {self.path} has no games table (not a rulewright games file, or "
                             "damaged): move it away, or pass another --db")
        if columns == OLDER:  # a games file of an earlier version: its games keep working, revisions derived
            self._db.execute("ALTER TABLE games ADD COLUMN revisions TEXT NOT NULL DEFAULT '{}'")
            return
        if columns != COLUMNS:
            raise StoreError(f"the games file {self.path} has a games table of another layout ({', '.join(columns)}): "
                             "not a rulewright games file")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def insert(self, rec: Record) -> None:
        now = time.time()
        self._write("INSERT INTO games (id, created, updated, seats, spectator, save, revisions) VALUES "
                    "(?, ?, ?, ?, ?, ?, ?)", (rec.id, now, now, json.dumps(rec.seats), rec.spectator,
                                              json.dumps(rec.save), json.dumps(rec.revisions)))

    def update(self, game_id: str, save: dict, revisions: dict | None = None) -> None:
        """Write a game's save (and its revisions) in one statement: both or neither."""
        self._write("UPDATE games SET save = ?, revisions = ?, updated = ? WHERE id = ?",
                    (json.dumps(save), json.dumps(revisions or {}), time.time(), game_id))

    def _write(self, sql: str, args: tuple) -> None:
        try:
            with self._lock:
                changed = self._db.execute(sql, args).rowcount
        except sqlite3.Error as err:
            raise StoreError(f"cannot write to the games file {self.path}: {err}") from None
        if changed != 1:
            raise StoreError(f"cannot write to the games file {self.path}: the game's row is gone")

    def _read(self, sql: str, args: tuple = ()) -> list[tuple]:
        try:
            with self._lock:
                return self._db.execute(sql, args).fetchall()
        except sqlite3.Error as err:
            raise StoreError(f"cannot read the games file {self.path}: {err}") from None

    def get(self, game_id: str) -> Record | None:
        rows = self._read("SELECT id, seats, spectator, save, revisions FROM games WHERE id = ?", (game_id,))
        if not rows:
            return None
        row = rows[0]
        try:
            seats, save, revisions = loads(row[1]), loads(row[3]), loads(row[4] or "{}")
            if not (isinstance(seats, list) and all(isinstance(s, dict) and isinstance(s.get("kind"), str)
                                                    and isinstance(s.get("token"), str) for s in seats)
                    and isinstance(row[2], str) and isinstance(save, dict) and isinstance(revisions, dict)):
                raise BadJSON("not the layout of a game's row")
        except (BadJSON, TypeError) as err:
            raise StoreError(f"game {game_id} in the games file {self.path} is damaged ({err})", 500) from None
        return Record(row[0], seats, row[2], save, revisions)

    def ids(self) -> list[str]:
        return [r[0] for r in self._read("SELECT id FROM games ORDER BY created")]

    def count(self) -> int:
        return int(self._read("SELECT COUNT(*) FROM games")[0][0])
