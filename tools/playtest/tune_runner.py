"""Where `rulewright tune` plays its games: the tasks of one step of a study, in one process, a pool of
processes or on Ray, and a cache of every game played, so a resumed study (or a trial that draws values
already tried, or the base game) never plays a game twice.

A game is a pure function of its task (rules settings, seed, bots), so its record is the same from any
worker and either backend; the cache is keyed by the task itself. Records are slim: the game's measures
(flattened: `vp[0]`, `rounds` ...) and winners for a plain game, and what restricted play needs for a
restricted one.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from multiprocessing import get_context
from pathlib import Path

from ...engine.measures import flatten
from .restricted_run import play_restricted
from .simulation import game_measures, run_one

RESTRICTED_FIELDS = ("index", "forbidden", "winners", "taken", "leaks", "bots")


def play_task(task: dict) -> dict:
    """One game of a study, as a slim record (top level, so worker processes and Ray can run it)."""
    if task.get("restrict"):
        rec = play_restricted(dict(task))
        return {k: rec[k] for k in RESTRICTED_FIELDS}
    rec = run_one(task)
    measures = game_measures(task.get("game_id"), task.get("custom")).measures
    return {"measures": flatten(measures, rec["measures"]), "winners": rec["winners"]}


def task_key(task: dict) -> str:
    return hashlib.sha1(json.dumps(task, sort_keys=True).encode()).hexdigest()


class GameCache:
    """Every game record of a study, appended to DIR/games.jsonl as it is played (one line a game)."""

    def __init__(self, path: Path):
        self.path = path
        self.records: dict[str, dict] = {}
        if path.exists():
            for line in path.read_text().splitlines():
                try:
                    row = json.loads(line)
                except json.JSONDecodeError:
                    continue  # a line cut by a kill: that game is played again
                self.records[row["key"]] = row["record"]
        self.played = 0

    def missing(self, tasks: list[dict]) -> list[dict]:
        keys, out = set(), []
        for t in tasks:
            k = task_key(t)
            if k not in self.records and k not in keys:
                keys.add(k)
                out.append(t)
        return out

    def add(self, task: dict, record: dict) -> None:
        key = task_key(task)
        self.records[key] = record
        self.played += 1
        with self.path.open("a") as fh:
            fh.write(json.dumps({"key": key, "record": record}, sort_keys=True) + "\n")

    def get(self, task: dict) -> dict:
        return self.records[task_key(task)]


class Runner:
    """Plays tasks on `workers` local processes (a pool kept for the whole study) or on Ray workers."""

    def __init__(self, workers: int = 1, backend: str = "local", address: str | None = None):
        self.workers, self.backend, self.address = workers, backend, address
        self._pool = None
        self._ray = None
        self._started_ray = False

    def __enter__(self) -> Runner:
        return self

    def __exit__(self, *exc) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool = None
        if self._started_ray:
            self._ray.shutdown()
            self._started_ray = False

    def _ray_remote(self):
        if self._ray is None:
            try:
                import ray
            except ImportError:
                raise ValueError("the ray backend needs `pip install -e '.[ray]'`") from None
            if not ray.is_initialized():
                if self.address:
                    ray.init(address=self.address, ignore_reinit_error=True, log_to_driver=False)
                else:
                    ray.init(num_cpus=max(1, self.workers), ignore_reinit_error=True, log_to_driver=False,
                             include_dashboard=False)
                self._started_ray = True
            self._ray = ray
            self._remote = ray.remote(play_task)
        return self._remote

    def run(self, tasks: list[dict]) -> Iterator[tuple[dict, dict]]:
        """(task, record) for every task, in the tasks' order."""
        if not tasks:
            return
        if self.backend == "ray":
            remote = self._ray_remote()
            refs = [remote.remote(t) for t in tasks]
            for t, ref in zip(tasks, refs, strict=True):
                yield t, self._ray.get(ref)
        elif self.workers <= 1 or len(tasks) == 1:
            for t in tasks:
                yield t, play_task(t)
        else:
            if self._pool is None:
                self._pool = get_context("spawn").Pool(self.workers)
            yield from zip(tasks, self._pool.imap(play_task, tasks, chunksize=1), strict=True)

    def play(self, tasks: list[dict], cache: GameCache, on_game=None) -> list[dict]:
        """The records of the tasks, playing only those the cache lacks (each added as it finishes)."""
        for task, record in self.run(cache.missing(tasks)):
            cache.add(task, record)
            if on_game is not None:
                on_game()
        return [cache.get(t) for t in tasks]
