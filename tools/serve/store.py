"""Games of `rulewright serve` in one SQLite file, as saves (set-up + actions), written at every action.

One row per game: its id, the seats (kind and token of each), the spectator's token and the save as JSON.
The file is created readable by its owner only (it holds the seat tokens). One connection, guarded by a
lock, serves every thread of the server; WAL journaling keeps a crash from losing a written action.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY,
  created REAL NOT NULL,
  updated REAL NOT NULL,
  seats TEXT NOT NULL,      -- JSON: [{"kind": "human" | bot, "token": "..."}] by seat
  spectator TEXT NOT NULL,  -- the spectator's token
  save TEXT NOT NULL        -- JSON: Game.save()
)
"""


class StoreError(Exception):
    """The games file cannot be opened or written; the message says which file and why."""


@dataclass
class Record:
    id: str
    seats: list[dict]
    spectator: str
    save: dict


def default_db() -> Path:
    """$XDG_DATA_HOME/rulewright/games.sqlite3 (else ~/.local/share/rulewright/games.sqlite3)."""
    from ..human import data_dir

    return data_dir() / "games.sqlite3"


class Store:
    def __init__(self, path: Path | str):
        self.path = Path(path)
        self._lock = threading.Lock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if not self.path.exists():
                fd = os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600)
                os.close(fd)
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(SCHEMA)
        except (OSError, sqlite3.Error) as err:
            raise StoreError(f"cannot open the games file {self.path}: {err}") from None

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def insert(self, rec: Record) -> None:
        now = time.time()
        self._write("INSERT INTO games (id, created, updated, seats, spectator, save) VALUES (?, ?, ?, ?, ?, ?)",
                    (rec.id, now, now, json.dumps(rec.seats), rec.spectator, json.dumps(rec.save)))

    def update(self, game_id: str, save: dict) -> None:
        self._write("UPDATE games SET save = ?, updated = ? WHERE id = ?", (json.dumps(save), time.time(), game_id))

    def _write(self, sql: str, args: tuple) -> None:
        try:
            with self._lock:
                self._db.execute(sql, args)
        except sqlite3.Error as err:
            raise StoreError(f"cannot write to the games file {self.path}: {err}") from None

    def get(self, game_id: str) -> Record | None:
        with self._lock:
            row = self._db.execute("SELECT id, seats, spectator, save FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            return None
        return Record(row[0], json.loads(row[1]), row[2], json.loads(row[3]))

    def ids(self) -> list[str]:
        with self._lock:
            return [r[0] for r in self._db.execute("SELECT id FROM games ORDER BY created")]
