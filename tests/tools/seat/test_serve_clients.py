"""Per-client limits of `rulewright serve` (issue 49), against the real uvicorn server over real sockets.

Before: open event streams counted against the requests in progress, so 260 streams from one client (any
token, a spectator's too) made every request a 503 until they closed; and a client reopening each
half-sent connection the server dropped kept every connection slot, locking seats out. Now streams have
their own cap (per client and in all) and a lifetime, and each client has a connection cap and a rate of
new connections. The hostile clients here come from other loopback addresses (127.0.0.2 ...), the seat
from 127.0.0.1, as different machines would. No timing is asserted: the seat's requests must be answered
(200), each within a generous timeout.
"""

from __future__ import annotations

import select
import socket
import threading
import time

import httpx
import pytest
from rulewright.tools.seat.serve.background import BackgroundServer
from rulewright.tools.seat.serve.guard import Limits

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

LIMITS = Limits(header_timeout_s=1.0, max_requests=8, max_streams=40, streams_per_client=8,
                connections_per_client=24, new_connections_per_s=20.0, new_connections_burst=40,
                hard_connections=150)


def _connect(server: BackgroundServer, source: str) -> socket.socket | None:
    """A connection from `source` (a loopback address), or None when the server closed it at once."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(20)
    try:
        s.bind((source, 0))
        s.connect((server.host, server.port))
    except OSError:
        s.close()
        return None
    return s


def _status(s: socket.socket) -> int | None:
    """The status of the answer on `s` (None: closed without one)."""
    try:
        head = s.recv(64)
    except OSError:
        return None
    return int(head.split()[1]) if head.startswith(b"HTTP/1.1 ") else None


def _open_streams(server: BackgroundServer, source: str, path: str, n: int) -> tuple[list[socket.socket], dict]:
    """Ask for `n` event streams from `source`; the sockets answered 200 (held open) and a tally of answers."""
    held, tally = [], {}
    for _ in range(n):
        s = _connect(server, source)
        status = None
        if s is not None:
            try:
                s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
                status = _status(s)
            except OSError:
                status = None
        tally[status] = tally.get(status, 0) + 1
        if status == 200:
            held.append(s)
        elif s is not None:
            s.close()
    return held, tally


class Slowloris(threading.Thread):
    """Keeps as many half-sent requests open from `source` as the server lets it, reopening every one the
    server drops, until told to stop."""

    def __init__(self, server: BackgroundServer, source: str):
        super().__init__(daemon=True)
        self.server, self.source = server, source
        self.stop = threading.Event()
        self.opened = 0

    def run(self) -> None:
        held: list[socket.socket] = []
        while not self.stop.is_set():
            s = _connect(self.server, self.source)
            if s is not None:
                try:
                    s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                    held.append(s)
                    self.opened += 1
                except OSError:
                    s.close()
            if held:
                closed, _, _ = select.select(held, [], [], 0)
                for c in closed:  # the server dropped it (cap, rate or header timeout): reopen another
                    held.remove(c)
                    c.close()
            time.sleep(0.005)
        for c in held:
            c.close()


def test_a_seat_is_answered_while_one_client_holds_300_streams_and_reopens_connections(tmp_path):
    with BackgroundServer(tmp_path / "g.sqlite3", limits=LIMITS) as server:
        g = httpx.post(server.url + "/api/games", json={"players": 2, "seats": ["human", "human"]}, timeout=60).json()
        events = f"/api/games/{g['id']}/events?token={g['spectator']['token']}"
        clients = server.app.state.clients
        held, tally = _open_streams(server, "127.0.0.2", events, 300)  # any token works: a spectator's
        assert len(held) == LIMITS.streams_per_client and tally.get(429, 0) > 0, tally
        for source in ("127.0.0.3", "127.0.0.4"):  # more streams in all than requests in progress allowed
            more, _ = _open_streams(server, source, events, LIMITS.streams_per_client)
            held += more
        assert sum(clients.streams.values()) == 3 * LIMITS.streams_per_client > LIMITS.max_requests
        loris = Slowloris(server, "127.0.0.2")
        loris.start()
        try:
            deadline = time.monotonic() + 120
            while loris.opened < 2 * LIMITS.connections_per_client and time.monotonic() < deadline:
                time.sleep(0.05)  # the slowloris has reopened connections past its cap
            answers = []
            for _ in range(20):  # the seat, from its own address, meanwhile
                r = httpx.get(f"{server.url}/api/games/{g['id']}", params={"token": g["seats"][0]["token"]},
                              timeout=60)
                answers.append(r.status_code)
                assert clients.connections.get("127.0.0.2", 0) <= LIMITS.connections_per_client
            assert answers == [200] * 20
            assert clients.streams["127.0.0.2"] == LIMITS.streams_per_client
        finally:
            loris.stop.set()
            loris.join(30)
            for s in held:
                s.close()
        assert loris.opened >= 2 * LIMITS.connections_per_client and clients.refused > 0
        deadline = time.monotonic() + 60  # every stream gives its place back once its client is gone
        while sum(clients.streams.values()) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not sum(clients.streams.values())


def test_a_stream_ends_after_its_lifetime(tmp_path):
    limits = Limits(stream_lifetime_s=0.5)
    with BackgroundServer(tmp_path / "g.sqlite3", limits=limits) as server:
        g = httpx.post(server.url + "/api/games", json={"players": 2, "seats": ["human", "human"]}, timeout=60).json()
        with httpx.stream("GET", f"{server.url}/api/games/{g['id']}/events",
                          params={"token": g["spectator"]["token"]}, timeout=60) as r:
            lines = list(r.iter_lines())  # ends by itself
        assert r.status_code == 200 and 'data: {"revision": 0}' in lines
        deadline = time.monotonic() + 60
        while server.app.state.clients.streams and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not server.app.state.clients.streams


def test_refused_streams_give_their_places_back(tmp_path, serve_client):
    """A stream asked with a bad token takes a place first (so such requests cannot pass the requests in
    progress by the dozen) and gives it back with its 403; a client past its share gets a 429."""
    c = serve_client(tmp_path / "g.db", limits=Limits(streams_per_client=2))
    g = c.post("/api/games", json={"players": 2, "seats": ["human", "human"]}).json()
    for _ in range(20):
        assert c.get(f"/api/games/{g['id']}/events", params={"token": "forged"}).status_code == 403
    assert not c.app.state.clients.streams
    clients = c.app.state.clients
    held = [clients.stream("testclient") for _ in range(2)]
    r = c.get(f"/api/games/{g['id']}/events", params={"token": g["spectator"]["token"]})
    assert r.status_code == 429 and "event streams open" in r.json()["error"] and r.headers["retry-after"] == "30"
    for ticket in held:
        ticket.release()
        ticket.release()  # once only
    assert not clients.streams
