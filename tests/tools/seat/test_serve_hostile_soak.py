"""The hostile clients of issue 49 against a real `rulewright serve` process, which is killed (-9) and
restarted now and then, behind the `soak` marker; it stops by itself (a time budget) and prints its figures:

    python -m pytest -m soak tests/tools/seat/test_serve_hostile_soak.py -s

- one client (127.0.0.2) asks for 300 event streams again and again, with any token (a spectator's);
- another (127.0.0.3) keeps half-sent requests open, reopening every one the server drops (slowloris);
- people (127.0.0.10 ...) play 2-player games: each choice is sent three times at once (a client's racing
  retries), an undo now and then (sent twice at once), and the retry of a choice since undone; every
  answer lost to a kill is resolved by sending the same request again.
Each game's driver keeps what the server acknowledged (a choice answered 200 is in the game until an undo
answered 200 takes it back). At the end the games file must hold exactly that, for every game: nothing
acknowledged lost, nothing undone back, and the database intact after every kill.
"""

from __future__ import annotations

import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
from rulewright.tools.seat.serve.background import free_port
from rulewright.tools.seat.serve.store import Store

pytestmark = pytest.mark.soak

BUDGET_S = float(os.environ.get("RULEWRIGHT_SOAK_S", "150"))  # how long the people play
GAMES = 4
KILL_EVERY_S = (6.0, 14.0)


class Server:
    """`rulewright serve` in its own process, killed with SIGKILL and started again on the same port."""

    def __init__(self, db: Path, port: int, log: Path):
        self.db, self.port, self.log = db, port, log
        self.proc: subprocess.Popen | None = None
        self.kills = 0

    def start(self) -> None:
        env = {**os.environ, "XDG_DATA_HOME": str(self.db.parent)}
        with self.log.open("a") as out:
            self.proc = subprocess.Popen([sys.executable, "-m", "rulewright.tools.cli", "serve", "--db", str(self.db),
                                          "--port", str(self.port)], stdout=out, stderr=out, env=env)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if self.proc.poll() is not None:  # the port not free yet after a kill: try again
                    time.sleep(0.5)
                    with self.log.open("a") as out:
                        self.proc = subprocess.Popen(self.proc.args, stdout=out, stderr=out, env=env)
                time.sleep(0.1)
        raise RuntimeError(f"the server did not start (see {self.log})")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(30)
        self.kills += 1
        with sqlite3.connect(self.db) as con:  # intact after every kill
            assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()


class Tally:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.n: dict[str, int] = {}

    def add(self, key: str, k: int = 1) -> None:
        with self.lock:
            self.n[key] = self.n.get(key, 0) + k


def _until_answered(send, stop_at: float):
    """Send until an HTTP answer comes (the server may be down for a kill); None past `stop_at`."""
    while time.monotonic() < stop_at:
        try:
            return send()
        except httpx.TransportError:
            time.sleep(0.2)
    return None


class Driver(threading.Thread):
    """Plays one game as both people, from its own address, keeping what the server acknowledged."""

    def __init__(self, url: str, source: str, seed: int, until: float, tally: Tally):
        super().__init__(daemon=True)
        self.url, self.until, self.tally, self.rng = url, until, tally, random.Random(seed)
        self.seed = seed
        self.http = httpx.Client(transport=httpx.HTTPTransport(local_address=source), timeout=60)
        self.games: dict[str, list[dict]] = {}  # game id -> the actions acknowledged and not undone
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            while time.monotonic() < self.until:
                self.play_one()
        except BaseException as err:  # reported by the test
            self.error = err

    def post(self, path: str, body: dict) -> httpx.Response | None:
        return _until_answered(lambda: self.http.post(self.url + path, json=body), self.until + 120)

    def raced(self, path: str, body: dict, copies: int) -> list[httpx.Response]:
        """The same request `copies` times at once; the answers that came (a kill may drop some)."""
        out: list[httpx.Response] = []

        def one() -> None:
            try:
                out.append(self.http.post(self.url + path, json=body))
            except httpx.TransportError:
                pass
        threads = [threading.Thread(target=one) for _ in range(copies)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return out

    def state(self, gid: str, token: str) -> dict | None:
        r = _until_answered(lambda: self.http.get(f"{self.url}/api/games/{gid}", params={"token": token}),
                            self.until + 120)
        assert r is not None and r.status_code == 200, r and r.text
        return r.json()

    def play_one(self) -> None:
        r = self.post("/api/games", {"players": 2, "seed": self.rng.randrange(1 << 30), "seats": ["human", "human"]})
        if r is None or r.status_code != 201:
            time.sleep(1)  # the rate of new games: later
            return
        g = r.json()
        gid, tokens = g["id"], [s["token"] for s in g["seats"]]
        model: list[dict] = []
        self.games[gid] = model
        while time.monotonic() < self.until:
            public = self.state(gid, g["spectator"]["token"])
            assert public["step"] == len(model), (gid, public["step"], len(model))
            if public["over"]:
                return
            seat = public["waiting_for"]["player"]
            mine = self.state(gid, tokens[seat])
            options = mine["pending"]["options"]
            choice = self.rng.choice([o for o in options if o != "end"] or options)
            body = {"token": tokens[seat], "choice": choice, "revision": mine["revision"]}
            answers = self.raced(f"/api/games/{gid}/actions", body, 3)
            self.tally.add("action requests", 3)
            ok = [a for a in answers if a.status_code == 200]
            assert all(a.status_code == 200 for a in answers), [a.text for a in answers]
            if not ok:  # every copy lost to a kill: the same request again says what happened
                again = self.post(f"/api/games/{gid}/actions", body)
                assert again is not None and again.status_code == 200, again and again.text
                ok = [again]
            assert len({a.json()["revision"] for a in ok}) == 1  # every copy got the same answer
            model.append({"player": seat, "choice": choice})
            self.tally.add("acknowledged actions")
            if self.rng.random() < 0.3:
                self.undo(gid, tokens[seat], ok[0].json()["revision"], model, body)

    def undo(self, gid: str, token: str, revision: int, model: list[dict], acted: dict) -> None:
        answers = self.raced(f"/api/games/{gid}/undo", {"token": token, "revision": revision}, 2)
        self.tally.add("undo requests", 2)
        done = [a for a in answers if a.status_code == 200]
        assert len(done) <= 1 and all(a.status_code in (200, 409) for a in answers), [a.text for a in answers]
        if not answers:  # lost to a kill: the game itself says whether it was taken back
            step = self.state(gid, token)["step"]
            assert step in (len(model), len(model) - 1)
            done = [None] if step == len(model) - 1 else []
        if done:
            model.pop()
            self.tally.add("acknowledged undos")
            retry = self.post(f"/api/games/{gid}/actions", acted)  # the client's retry of the undone choice
            assert retry is not None and retry.status_code == 409, retry and retry.text
            self.tally.add("retries of undone choices refused")
        else:
            self.tally.add("undos refused (revealed or raced)")


def _streams(url: str, gid: str, token: str, stop: threading.Event, tally: Tally) -> None:
    """127.0.0.2 asks for 300 event streams, holds what it gets, and asks again after each kill."""
    port = int(url.rsplit(":", 1)[1])
    while not stop.is_set():
        held = []
        for _ in range(300):
            try:
                s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=("127.0.0.2", 0))
                s.sendall(f"GET /api/games/{gid}/events?token={token} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
                head = s.recv(64)
            except OSError:
                tally.add("streams refused at connect")
                continue
            if head.startswith(b"HTTP/1.1 200"):
                held.append(s)
                tally.add("streams held")
            else:
                tally.add(f"streams answered {head[9:12].decode(errors='replace') or 'closed'}")
                s.close()
        stop.wait(5)
        for s in held:
            s.close()


def _slowloris(port: int, stop: threading.Event, tally: Tally) -> None:
    held: list[socket.socket] = []
    import select

    while not stop.is_set():
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=("127.0.0.3", 0))
            s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            held.append(s)
            tally.add("slowloris connections")
        except OSError:
            time.sleep(0.05)
        if held:
            for c in select.select(held, [], [], 0)[0]:
                held.remove(c)
                c.close()
        time.sleep(0.01)
    for c in held:
        c.close()


def test_hostile_clients_and_kills_lose_nothing(tmp_path):
    db = tmp_path / "games.sqlite3"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = Server(db, port, tmp_path / "serve.log")
    server.start()
    tally, stop = Tally(), threading.Event()
    watched = httpx.post(url + "/api/games", json={"players": 2, "seats": ["human", "human"]}, timeout=60).json()
    hostile = [threading.Thread(target=_streams, args=(url, watched["id"], watched["spectator"]["token"], stop, tally),
                                daemon=True),
               threading.Thread(target=_slowloris, args=(port, stop, tally), daemon=True)]
    until = time.monotonic() + BUDGET_S
    drivers = [Driver(url, f"127.0.0.{10 + i}", i, until, tally) for i in range(GAMES)]
    for t in [*hostile, *drivers]:
        t.start()
    rng = random.Random(49)
    try:
        while time.monotonic() < until:
            time.sleep(rng.uniform(*KILL_EVERY_S))
            if time.monotonic() >= until:
                break
            server.kill()
            server.start()
        for d in drivers:
            d.join(300)
    finally:
        stop.set()
        for t in hostile:
            t.join(30)
        server.stop()
    for d in drivers:
        assert d.error is None, repr(d.error)
        assert not d.is_alive()
    store = Store(db)
    games = 0
    for d in drivers:
        for gid, model in d.games.items():
            rec = store.get(gid)
            assert rec is not None and rec.save["actions"] == model, gid  # nothing lost, nothing undone back
            games += 1
    store.close()
    assert server.kills >= 3 and tally.n.get("acknowledged undos", 0) > 0
    print(f"\nhostile soak: {BUDGET_S:.0f} s, {server.kills} kill -9s, {games} games checked, nothing lost; "
          + ", ".join(f"{k}: {v}" for k, v in sorted(tally.n.items())))
