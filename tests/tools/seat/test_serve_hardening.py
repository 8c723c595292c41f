"""`rulewright serve` as an outsider attacks it (issue 29): retries applied once, bots never inside a
request, limits with clear 429/503 answers, the Host check, every failure a JSON answer, a games file that
is damaged, empty, foreign or locked refused with its name, slow or idle connections dropped.
"""

from __future__ import annotations

import json
import re
import socket
import sqlite3
import threading
import warnings

import pytest
from rulewright.engine.search import SearchBot
from rulewright.tools.seat.serve.guard import Limits, allowed_hosts
from rulewright.tools.seat.serve.store import StoreError

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from rulewright.tools.seat.serve.app import create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

TABLE = {"players": 2, "seed": 11, "seats": ["human", "human"]}  # what create_table posts (conftest.py)
SERVER_EXCEPTIONS = False  # a bug in the app answers 500 here: the tests look at the answers


def state(c: TestClient, g: dict, seat: int) -> dict:
    return c.get(f"/api/games/{g['id']}", params={"token": g["seats"][seat]["token"]}).json()


def test_a_retried_choice_is_applied_once_and_a_stale_step_is_refused_with_the_current_one(tmp_path, serve_client, create_table):
    c = serve_client(tmp_path / "g.sqlite3")
    g = create_table(c)
    url = f"/api/games/{g['id']}/actions"
    game = c.app.state.hub.table(g["id"]).game
    last: dict[int, tuple[dict, dict]] = {}  # each seat's last request and its answer
    repeated = 0
    for _ in range(60):  # each seat ends its turn at once, so the other seat's next decision offers `end` again
        d = game.pending
        if d is None:
            break
        before = list(game.actions)
        if d.player in last and last[d.player][0]["choice"] in d.options:
            body, answer = last[d.player]  # its last answer was lost: the same request again, a turn later
            again = c.post(url, json=body)
            assert again.status_code == 200 and again.json() == answer and game.actions == before
            repeated += 1
        s = state(c, g, d.player)
        choice = "end" if "end" in d.options else d.options[0]
        body = {"token": g["seats"][d.player]["token"], "choice": choice, "revision": s["revision"]}
        first = c.post(url, json=body)
        assert first.status_code == 200 and first.json() == {"ok": True, "revision": s["revision"] + 1,
                                                             "step": len(before) + 1}
        last[d.player] = (body, first.json())
        after = list(game.actions)
        assert c.post(url, json=body).json() == first.json() and game.actions == after  # an immediate retry
        assert c.app.state.hub.store.get(g["id"]).save["actions"] == after
        other = next(o for o in d.options + ["x"] if o != choice)
        stale = c.post(url, json=body | {"choice": other})
        assert stale.status_code == 409 and stale.json()["step"] == len(after) and "is past" in stale.json()["error"]
    assert repeated >= 10  # the case of the issue happened, and each retry changed nothing


def test_create_answers_at_once_and_the_bots_play_in_the_background(tmp_path, monkeypatch, serve_client, create_table):
    from rulewright.tools.seat.serve import runner

    gate, entered = threading.Event(), threading.Event()
    real = runner.bot_choice

    def held(game, kind, **kw):
        entered.set()
        assert gate.wait(60)
        return real(game, kind, **kw)

    monkeypatch.setattr(runner, "bot_choice", held)
    c = serve_client(tmp_path / "g.sqlite3")
    g = create_table(c, seats=["greedy", "greedy"], variants=["four_round"])  # answered while the bots are held
    assert entered.wait(60) and not gate.is_set()
    assert c.app.state.hub.store.get(g["id"]).save["actions"] == []
    gate.set()
    assert c.app.state.hub.bots.wait_idle(300)
    final = c.get(f"/api/games/{g['id']}", params={"token": g["spectator"]["token"]}).json()  # no bot seat links
    assert final["over"] and final["step"] > 100 and final["problem"] is None


def test_a_search_decision_stops_at_its_time_cap():
    bot = SearchBot(1, "100000")
    bot.time_cap = 0.0
    import time

    assert bot._spent(0, time.perf_counter(), 4)
    bot.time_cap = None
    assert not bot._spent(0, time.perf_counter(), 4)


def test_limits_answer_429_and_503(tmp_path, serve_client, create_table):
    c = serve_client(tmp_path / "a.sqlite3", limits=Limits(creates_per_minute=2))
    create_table(c), create_table(c)
    r = c.post("/api/games", json={"players": 2, "seats": ["human", "human"]})
    assert r.status_code == 429 and int(r.headers["retry-after"]) > 0 and "a minute" in r.json()["error"]
    c = serve_client(tmp_path / "b.sqlite3", limits=Limits(max_games=1))
    create_table(c)
    r = c.post("/api/games", json={"players": 2, "seats": ["human", "human"]})
    assert r.status_code == 503 and "at most 1 games" in r.json()["error"]
    c = serve_client(tmp_path / "c.sqlite3", limits=Limits(max_bot_games=0))
    r = c.post("/api/games", json={"players": 2, "seats": ["human", "greedy"]})
    assert r.status_code == 503 and "bots are busy" in r.json()["error"]
    create_table(c)  # a game of people only needs no bot
    assert len(c.app.state.hub.store.ids()) == 1


def test_requests_beyond_the_limit_get_a_json_503(tmp_path):
    from rulewright.tools.seat.serve.guard import Busy

    busy = Busy(None, 0)  # no request may be in progress: every one is refused
    c = TestClient(busy, base_url="http://127.0.0.1")
    r = c.get("/")
    assert r.status_code == 503 and "busy" in r.json()["error"] and r.headers["retry-after"]


def test_only_the_allowed_host_names_are_answered(tmp_path, serve_client):
    db = tmp_path / "g.sqlite3"
    for base in ("http://localhost:8000", "http://127.0.0.1", "http://[::1]:8000"):
        assert serve_client(db, base).get("/").status_code == 200, base
    for base in ("http://evil.example", "http://127.0.0.1.evil.example:8000"):
        r = serve_client(db, base).post("/api/games", json={"players": 2})
        assert r.status_code == 400 and "Host" in r.json()["error"], base
    hosts = allowed_hosts("0.0.0.0", ["games.example"])
    assert "0.0.0.0" not in hosts and "games.example" in hosts and "localhost" in hosts
    assert serve_client(db, "http://games.example", hosts=hosts).get("/").status_code == 200
    assert "192.168.1.5" in allowed_hosts("192.168.1.5")


def test_every_failure_is_a_json_answer(tmp_path, monkeypatch, serve_client, create_table):
    from rulewright.tools.seat.serve import app as app_module

    c = serve_client(tmp_path / "g.sqlite3")
    g = create_table(c)
    cases = [c.get("/nope"), c.get("/api/games"), c.put(f"/api/games/{g['id']}/actions"),
             c.get(f"/api/games/{g['id']}?token=%ED%A0%80%FF"),  # a lone surrogate, UTF-8 encoded
             c.get(f"/api/games/{'x' * 500}", params={"token": "t"})]
    assert [r.status_code for r in cases] == [404, 405, 405, 403, 404]

    def broken(*a, **k):
        raise RuntimeError("a bug with a secret in its message")

    monkeypatch.setattr(app_module, "seat_state", broken)
    cases.append(r := c.get(f"/api/games/{g['id']}", params={"token": g["seats"][0]["token"]}))
    assert r.status_code == 500 and "secret" not in r.text
    for r in cases:
        assert r.headers["content-type"] == "application/json" and r.json()["error"], r.text


def _table_row(db, change: str, *args) -> None:
    with sqlite3.connect(db) as con:
        con.execute(change, args)


@pytest.mark.parametrize("damage, status, words", [
    ("UPDATE games SET save = '{not json'", 500, "is damaged"),
    ("UPDATE games SET seats = '[1, 2]'", 500, "is damaged"),
    ("UPDATE games SET save = json_set(save, '$.config.position', json('{\"players\": 7}'))", 500, "is damaged"),
    ("DROP TABLE games", 503, "no such table"),
])
def test_a_damaged_games_file_is_an_error_naming_it(tmp_path, damage, status, words, serve_client, create_table):
    db = tmp_path / "g.sqlite3"
    c = serve_client(db)
    g = create_table(c)
    c2 = serve_client(db)  # a new server: the game is read from the file
    _table_row(db, damage)
    r = c2.get(f"/api/games/{g['id']}", params={"token": g["seats"][0]["token"]})
    assert r.status_code == status and words in r.json()["error"] and str(db) in r.json()["error"], r.text
    r = c2.post("/api/games", json={"players": 2, "seats": ["human", "human"]})
    if damage.startswith("DROP"):  # never silently a new empty store
        assert r.status_code == 503 and str(db) in r.json()["error"]
        with pytest.raises(StoreError, match="no games table"):
            create_app(db)


def test_a_locked_games_file_is_an_error_naming_it(tmp_path, serve_client):
    db = tmp_path / "g.sqlite3"
    c = serve_client(db)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        r = c.post("/api/games", json={"players": 2, "seats": ["human", "human"]})
        assert r.status_code == 503 and "locked" in r.json()["error"] and str(db) in r.json()["error"]
    finally:
        holder.execute("ROLLBACK")
        holder.close()


@pytest.mark.parametrize("content, words", [
    (b"", "is empty (0 bytes)"),
    (b"not a database at all" * 100, "file is not a database"),
    (None, "another layout"),
])
def test_an_empty_or_foreign_games_file_is_refused_at_start(tmp_path, content, words, cli):

    db = tmp_path / "g.sqlite3"
    if content is None:
        with sqlite3.connect(db) as con:
            con.execute("CREATE TABLE games (id TEXT, who TEXT)")
    else:
        db.write_bytes(content)
    before = db.read_bytes()
    with pytest.raises(StoreError, match=re.escape(words)) as err:
        create_app(db)
    assert str(db) in str(err.value)
    result = cli(["serve", "--db", str(db), "--port", "1"])
    assert result.exit_code == 1 and words in result.output
    assert db.read_bytes() == before  # left as it was


def test_slow_and_surplus_connections_are_dropped(tmp_path):
    from rulewright.tools.seat.serve.background import BackgroundServer

    limits = Limits(header_timeout_s=0.3, hard_connections=4)
    with BackgroundServer(tmp_path / "g.sqlite3", limits=limits) as server:
        slow = socket.create_connection((server.host, server.port), timeout=20)
        slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # headers that never end
        assert slow.recv(100) == b""  # closed by the server (the header timeout), not by this test's timeout
        held = [socket.create_connection((server.host, server.port), timeout=20) for _ in range(8)]
        dropped = 0
        for s in held:
            s.settimeout(2)
            try:
                dropped += s.recv(1) == b""
            except TimeoutError:
                pass
        assert dropped >= 4  # beyond the cap, closed at once
        for s in [slow, *held]:
            s.close()
        import httpx

        r = httpx.get(server.url + "/api/games/nope?token=x")
        assert r.status_code == 404 and r.json()["error"]  # and it still answers


def test_bodies_that_attack_the_parser_get_a_json_400(tmp_path, serve_client):
    c = serve_client(tmp_path / "g.sqlite3")
    for raw in (b"[" * 1000 + b"]" * 1000, b'{"players": 1' + b"0" * 5000 + b"}", b'{"seed": "\\ud800"}', b"\xff"):
        r = c.post("/api/games", content=raw, headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.headers["content-type"] == "application/json", r.text
        json.loads(r.text)
