"""Undo at the server, sound (issue 49): a revision number that is never reused, so a retry of a decision
since taken back is refused; undo acts on the live game as acting does (the eviction race); a resent undo
takes back nothing more; a restarted server (or an old games file) keeps working."""

from __future__ import annotations

import json
import sqlite3

import pytest
from rulewright.tools.seat.serve.hub import ApiError, Hub
from rulewright.tools.seat.serve.store import Store

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _two_people(hub: Hub, seed: int = 2) -> tuple[str, str, dict]:
    """A 2-player game of two people: its id, the first seat's token, and the tokens by seat."""
    g = hub.create({"players": 2, "seed": seed, "seats": ["human", "human"]})
    tokens = {s["player"]: s["token"] for s in g["seats"]}
    first = hub.table(g["id"]).game.pending.player
    return g["id"], tokens[first], tokens


def _undoable(hub: Hub, gid: str) -> str:
    """An option of the pending decision whose choice may be taken back (it reveals nothing)."""
    from rulewright.engine.undo import Trail, undo_check

    game = hub.table(gid).game
    for option in game.pending.options:
        trial = game.fork()
        Trail().attach(trial).apply(trial, {"player": game.pending.player, "choice": option})
        if undo_check(trial, game.pending.player).steps:
            return option
    raise AssertionError("no option here may be taken back")


def test_a_retry_of_a_decision_since_taken_back_is_a_409_with_the_current_revision(tmp_path, serve_client):
    """Before: the seat acted X at step s, undid it, and its client's retry of the original POST (s, X) was
    applied again (200): the step cannot tell before the undo from after. A revision can."""
    c = serve_client(tmp_path / "g.db")
    g = c.post("/api/games", json={"players": 2, "seed": 2, "seats": ["human", "human"]}).json()
    hub = c.app.state.hub
    seat = hub.table(g["id"]).game.pending.player
    me, url = g["seats"][seat]["token"], f"/api/games/{g['id']}"
    state = c.get(url, params={"token": me}).json()
    body = {"token": me, "choice": _undoable(hub, g["id"]), "revision": state["revision"]}
    first = c.post(url + "/actions", json=body)
    assert first.status_code == 200 and first.json()["revision"] == state["revision"] + 1
    assert c.post(url + "/actions", json=body).json() == first.json()  # a retry before the undo: same answer
    back = c.post(url + "/undo", json={"token": me, "revision": first.json()["revision"]})
    assert back.status_code == 200 and back.json()["step"] == state["step"]
    assert back.json()["revision"] == first.json()["revision"] + 1  # never the revision seen before
    retry = c.post(url + "/actions", json=body)
    assert retry.status_code == 409 and retry.json()["revision"] == back.json()["revision"]
    assert "is past" in retry.json()["error"]
    assert hub.table(g["id"]).game.actions == [] and hub.store.get(g["id"]).save["actions"] == []
    again = c.post(url + "/undo", json={"token": me, "revision": first.json()["revision"]})  # a resent undo
    assert again.status_code == 409 and again.json()["revision"] == back.json()["revision"]


def test_an_undo_racing_an_eviction_never_overwrites_an_acknowledged_action(tmp_path):
    """Before: `Hub.undo` did not check that the game it locked was still the live one. If the game was let
    go from memory between undo's lookup and its lock, and another request loaded it again and acted, the
    undo stored its stale copy over that acknowledged action."""
    hub = Hub(Store(tmp_path / "g.db"))
    gid, me, _ = _two_people(hub)
    seat = hub.table(gid).game.pending.player
    hub.act(gid, me, _undoable(hub, gid), 0)
    second = _undoable(hub, gid)
    real, racing = hub.table, [(second, 1)]

    def table(game_id, schedule=True):  # undo's lookup, then the race before it takes the lock
        found = real(game_id, schedule)
        if racing:
            choice, revision = racing.pop()
            with hub._lock:
                del hub.tables[game_id]  # let go from memory
            hub.act(game_id, me, choice, revision)  # loaded again and acted on: acknowledged
        return found

    hub.table = table
    hub.undo(gid, me)  # the seat's undo of its last decision: the live game's last is `second`
    hub.table = real
    stored = hub.store.get(gid).save["actions"]
    live = hub.table(gid).game.actions
    assert stored == live and len(stored) == 1 and stored[0]["player"] == seat  # the undo took back `second`
    # with the revision it saw, the same race leaves everything as it was: the game moved on since
    hub.act(gid, me, second, 3)
    racing.append((_undoable(hub, gid), 4))
    hub.table = table
    with pytest.raises(ApiError, match="the game is at revision 5, not 4"):
        hub.undo(gid, me, 4)
    hub.table = real
    assert len(hub.store.get(gid).save["actions"]) == 3 == len(hub.table(gid).game.actions)


def test_a_restarted_server_takes_back_the_last_decision_without_a_replay(tmp_path, monkeypatch):
    hub = Hub(Store(tmp_path / "g.db"))
    gid, me, _ = _two_people(hub)
    hub.act(gid, me, _undoable(hub, gid), 0)
    hub.store.close()
    again = Hub(Store(tmp_path / "g.db"))
    table = again.table(gid)
    assert table.revision == 1 and table.applied == [0]
    from rulewright.engine.machine import Game

    applied = []
    real = Game.apply
    monkeypatch.setattr(Game, "apply", lambda self, a: (applied.append(a), real(self, a))[1])
    assert again.undo(gid, me) == (2, 0) and applied == []  # the trail was rebuilt when the game was loaded


def test_a_games_file_of_an_earlier_version_gains_revisions(tmp_path):
    path = tmp_path / "old.db"
    hub = Hub(Store(path))
    gid, me, _ = _two_people(hub)
    hub.act(gid, me, _undoable(hub, gid), 0)
    hub.store.close()
    with sqlite3.connect(path) as con:  # the layout before revisions: no such column
        con.execute("ALTER TABLE games DROP COLUMN revisions")
    again = Hub(Store(path))
    table = again.table(gid)
    assert table.revision == 1 and table.applied == [0]  # one revision per decision, as steps were
    with sqlite3.connect(path) as con:
        assert [r[1] for r in con.execute("PRAGMA table_info(games)")][-1] == "revisions"
    assert again.undo(gid, me, 1) == (2, 0)
    assert json.loads(sqlite3.connect(path).execute("SELECT revisions FROM games").fetchone()[0]) == \
        {"revision": 2, "applied": []}
