"""The attacks of issue 29 against a real `rulewright serve` on 127.0.0.1 (never another address), in
bounded loops, behind the `soak` marker: `python -m pytest -m soak tests/tools/seat/test_serve_soak.py -s` prints the
figures (docs/hardening.md keeps the last ones).

- racing POSTs: many threads send the same seat's choice for the same step at once; it is applied once;
- slow clients: hundreds of connections whose headers never end; the server drops them after the header
  timeout, refuses those beyond its cap at once, and keeps answering a seat;
- a flood of creations: refused with 429 beyond the rate, 503 beyond the games kept;
- all-bot games: creations return at once, the bots play in the background, a seat's GET is answered
  while they play.
"""

from __future__ import annotations

import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from rulewright.tools.seat.serve.background import BackgroundServer
from rulewright.tools.seat.serve.guard import Limits

pytestmark = pytest.mark.soak


def _create(url: str, **spec) -> httpx.Response:
    return httpx.post(url + "/api/games", json={"players": 2, "seats": ["human", "human"], **spec}, timeout=30)


def test_racing_posts_apply_a_choice_once(tmp_path):
    with BackgroundServer(tmp_path / "g.sqlite3") as server:
        applied = races = 0
        for _ in range(20):
            g = _create(server.url, seed=3).json()
            api = f"{server.url}/api/games/{g['id']}"
            for _ in range(5):  # five steps of this game, each raced by 20 identical requests
                state = httpx.get(api, params={"token": g["seats"][0]["token"]}).json()
                seat = state["waiting_for"]["player"]
                mine = httpx.get(api, params={"token": g["seats"][seat]["token"]}).json()
                body = {"token": g["seats"][seat]["token"], "choice": mine["pending"]["options"][0],
                        "revision": mine["revision"]}
                with ThreadPoolExecutor(20) as pool:
                    answers = list(pool.map(lambda b: httpx.post(b[0], json=b[1], timeout=30),
                                            [(api + "/actions", body)] * 20))
                races += 20
                assert {r.status_code for r in answers} == {200}
                assert {r.json()["step"] for r in answers} == {mine["step"] + 1}
                after = httpx.get(api, params={"token": g["seats"][seat]["token"]}).json()
                assert after["step"] == mine["step"] + 1
                applied += 1
        print(f"\nracing POSTs: {races} requests over {applied} steps, each step applied exactly once")


def test_slow_clients_cannot_hold_the_server(tmp_path):
    limits = Limits(header_timeout_s=2.0, hard_connections=300)
    with BackgroundServer(tmp_path / "g.sqlite3", limits=limits) as server:
        g = _create(server.url).json()
        opened, refused = [], 0
        for i in range(600):  # twice the cap: headers that never end, from ten clients (127.0.0.2 ...)
            s = socket.create_connection((server.host, server.port), timeout=10,
                                         source_address=(f"127.0.0.{2 + i % 10}", 0))
            try:
                s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            except OSError:  # closed at once (a client's cap or the server's): dropped, as counted below
                pass
            opened.append(s)
        start, r = time.monotonic(), None
        while r is None and time.monotonic() - start < 30:  # while they fill every slot, a new one is closed
            try:
                r = httpx.get(f"{server.url}/api/games/{g['id']}", params={"token": g["seats"][0]["token"]},
                              timeout=30)
            except httpx.TransportError:
                time.sleep(0.1)
        answered_in = time.monotonic() - start
        assert r is not None and r.status_code == 200  # a seat is answered once the slow ones are dropped
        for s in opened:
            s.settimeout(10)
            try:
                refused += s.recv(10) == b""
            except (TimeoutError, ConnectionResetError):
                refused += 1
            s.close()
        assert refused == len(opened)  # each was dropped: at once beyond the cap, else at the header timeout
        print(f"\nslow clients: {len(opened)} connections with unfinished headers, all dropped; a seat's GET "
              f"answered in {answered_in:.2f} s meanwhile")


def test_a_flood_of_creations_is_refused_beyond_the_limits(tmp_path):
    limits = Limits(creates_per_minute=60, max_games=100)
    with BackgroundServer(tmp_path / "g.sqlite3", limits=limits) as server:
        with ThreadPoolExecutor(8) as pool:
            codes = list(pool.map(lambda _: _create(server.url).status_code, range(500)))
        counts = {c: codes.count(c) for c in sorted(set(codes))}
        # at most 60 a minute (more only when the flood outlasts a minute) and never more than 100 kept
        assert set(counts) <= {201, 429, 503} and counts.get(429) and counts.get(201, 0) <= 100
        print(f"\ncreation flood: 500 requests -> {counts}")


def test_all_bot_games_play_in_the_background_and_seats_are_answered(tmp_path):
    limits = Limits(max_bot_games=16)
    with BackgroundServer(tmp_path / "g.sqlite3", limits=limits) as server:
        watcher = _create(server.url).json()
        created, refused, slowest = 0, 0, 0.0
        for _ in range(20):
            start = time.monotonic()
            r = _create(server.url, players=4, seats=["search"] * 4)
            slowest = max(slowest, time.monotonic() - start)
            created += r.status_code == 201
            refused += r.status_code == 503
        gets = []
        stop = time.monotonic() + 20
        while time.monotonic() < stop:  # a seat keeps asking while the bots play
            start = time.monotonic()
            r = httpx.get(f"{server.url}/api/games/{watcher['id']}",
                          params={"token": watcher["seats"][0]["token"]}, timeout=60)
            assert r.status_code == 200
            gets.append(time.monotonic() - start)
            time.sleep(0.2)
        assert created == 16 and refused == 4
        server.app.state.hub.close_streams()  # stop the bots with the server
        gets.sort()
        print(f"\nall-bot games: {created} created (slowest answer {slowest:.2f} s), {refused} refused (503); "
              f"{len(gets)} GETs meanwhile: median {gets[len(gets) // 2] * 1000:.0f} ms, "
              f"max {gets[-1] * 1000:.0f} ms")


def test_threads_left_behind_are_none(tmp_path):
    with BackgroundServer(tmp_path / "g.sqlite3") as server:
        _create(server.url, seats=["human", "greedy"])
        assert server.app.state.hub.bots.wait_idle(60)
    assert not any(t.name == "rulewright-bots" for t in threading.enumerate())
