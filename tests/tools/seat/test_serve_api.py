"""The browser seat's JSON API (`rulewright serve`), driven in-process through Starlette's test client.

Refusals (bad token, spectator, out of turn, illegal or malformed choice, oversized or non-JSON body) give
their status and message and change nothing; each seat and the spectator learn only what they may see
through the state, the board SVG, the page and the event stream; a new app on the same games file
continues every game; bots move on their own seats; two human seats play a short game to the end.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

import pytest
from clash_secrets import hidden_items
from rulewright.tools.seat.seat import bot_choice

if TYPE_CHECKING:  # the client comes from the serve_client fixture (conftest.py)
    from starlette.testclient import TestClient


pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
SEED = 918273645  # distinctive, so any leak of it shows
TABLE = {"players": 2, "seed": SEED, "seats": ["human", "human"]}  # what create_table posts (conftest.py)


def settle(c: TestClient) -> None:
    """Wait for the bots (they move in the background)."""
    assert c.app.state.hub.bots.wait_idle(120)


def tokens(g: dict) -> list[str]:
    return [s["token"] for s in g["seats"] if "token" in s]  # people's seats only: a bot's has no link


def play(c: TestClient, g: dict, n: int) -> None:
    """n decisions, each by the seat whose turn it is, chosen by the greedy bot on the true game."""
    hub = c.app.state.hub
    for _ in range(n):
        game = hub.table(g["id"]).game
        if game.pending is None:
            return
        d = game.pending
        r = c.post(f"/api/games/{g['id']}/actions", json={"token": tokens(g)[d.player],
                                                          "choice": bot_choice(game, "greedy"),
                                                          "revision": hub.table(g["id"]).revision})
        assert r.status_code == 200, r.text


def test_create_gives_unguessable_tokens_and_seat_views(tmp_path, serve_client, create_table, seat_state):
    c = serve_client(tmp_path / "g.sqlite3")
    g = create_table(c)
    toks = tokens(g) + [g["spectator"]["token"]]
    assert len(set(toks)) == 3 and all(len(t) >= 32 for t in toks)
    first = seat_state(c, g, toks[2])["waiting_for"]["player"]
    mine, theirs, public = (seat_state(c, g, t) for t in (toks[first], toks[1 - first], toks[2]))
    assert mine["player"] == first and mine["pending"]["player"] == first and mine["pending"]["options"]
    assert len(mine["pending"]["labels"]) == len(mine["pending"]["options"])
    assert theirs["pending"] is None and public["pending"] is None
    assert theirs["waiting_for"]["player"] == first
    game = c.app.state.hub.table(g["id"]).game
    assert mine["view"]["players"][first]["hand"] == game.state["players"][first]["hand"] and "hand" not in public
    assert [card["id"] for card in mine["hand"]] == [x for h in game.state["players"][first]["hand"].values() for x in h]
    assert all(set(h) == {"count"} for h in theirs["view"]["players"][first]["hand"].values())
    assert all(set(h) == {"count"} for p in public["view"]["players"] for h in p["hand"].values())
    assert {"view", "pending", "log"} <= set(mine)


@pytest.mark.parametrize("spec, message", [
    ({"players": 5}, "'players' must be an integer from 2 to 4"),
    ({"players": True}, "'players' must be an integer"),
    ({"players": 2, "seats": ["human"]}, "'seats' must list"),
    ({"players": 2, "seats": ["human", "wizard"]}, "unknown seat kind 'wizard'"),
    ({"players": 2, "packs": ["../etc"]}, "unknown pack '../etc'"),
    ({"players": 2, "variants": ["lead_us"]}, "unknown variant 'lead_us'"),
    ({"players": 2, "seed": -1}, "'seed' must be an integer"),
    ({"players": 2, "admin": True}, "unknown field 'admin'"),
    ([1, 2], "the body must be a JSON object"),
])
def test_bad_game_settings_are_refused(tmp_path, spec, message, serve_client):
    c = serve_client(tmp_path / "g.sqlite3")
    r = c.post("/api/games", json=spec)
    assert r.status_code == 400 and message in r.json()["error"]
    assert c.app.state.hub.store.ids() == []


def test_refused_actions_change_nothing(tmp_path, serve_client, create_table, seat_state):
    c = serve_client(tmp_path / "g.sqlite3")
    g = create_table(c)
    url = f"/api/games/{g['id']}/actions"
    before = [seat_state(c, g, t) for t in tokens(g)]
    first = before[0]["waiting_for"]["player"]
    me, other = tokens(g)[first], tokens(g)[1 - first]
    option = before[first]["pending"]["options"][0]
    cases = [
        ({"token": "not-a-token", "choice": option, "revision": 0}, 403, "opens no seat"),
        ({"token": me[:-1], "choice": option, "revision": 0}, 403, "opens no seat"),
        ({"token": None, "choice": option, "revision": 0}, 403, "opens no seat"),
        ({"token": "\ud800", "choice": option, "revision": 0}, 403, "opens no seat"),
        ({"token": g["spectator"]["token"], "choice": option, "revision": 0}, 403, "spectator"),
        ({"token": other, "choice": option, "revision": 0}, 409, f"it is Player {first + 1}'s turn"),
        ({"token": me, "choice": "fly_to_the_moon", "revision": 0}, 400, "not an option"),
        ({"token": me, "choice": "\udcff", "revision": 0}, 400, "not an option"),
        ({"token": me, "choice": 1, "revision": 0}, 400, "not an option"),
        ({"token": me, "revision": 0}, 400, "no 'choice'"),
        ({"token": me, "choice": option}, 400, "'revision' must be"),
        ({"token": me, "choice": option, "revision": "0"}, 400, "'revision' must be"),
        ({"token": me, "choice": option, "revision": 1}, 409, "at revision 0"),
        ({"token": me, "choice": option, "step": 0}, 400, "not its 'step'"),
        ({"token": me, "choice": option, "revision": 0, "player": 1}, 400, "the body must be"),
    ]
    for body, status, words in cases:  # sent as escaped JSON text: lone surrogates travel as \ud800
        r = c.post(url, content=json.dumps(body), headers={"content-type": "application/json"})
        assert r.status_code == status and words in r.json()["error"], (body, r.status_code, r.text)
    for raw in (b"{not json", b"[" * 1000 + b"]" * 1000, b'{"token": "t", "choice": 1' + b"7" * 5000 + b"}",
                b'{"token": "\xff"}'):
        r = c.post(url, content=raw, headers={"content-type": "application/json"})
        assert r.status_code == 400 and "not valid JSON" in r.json()["error"], (raw[:20], r.text)
    r = c.post(url, content=b"x" * 20_000, headers={"content-type": "application/json"})
    assert r.status_code == 413
    r = c.post(url, content=json.dumps({"token": me, "choice": option, "revision": 0}), headers={"content-type": "text/plain"})
    assert r.status_code == 415
    assert c.post("/api/games/nope/actions", json={"token": me, "choice": option, "revision": 0}).status_code == 404
    assert c.get(f"/api/games/{g['id']}", params={"token": "x"}).status_code == 403
    assert c.get(f"/api/games/{g['id']}/board.svg").status_code == 403
    assert c.get(f"/games/{g['id']}", params={"token": "x"}).status_code == 403
    assert [seat_state(c, g, t) for t in tokens(g)] == before
    assert c.app.state.hub.store.get(g["id"]).save["actions"] == []
    r = c.post(url, json={"token": me, "choice": option, "revision": 0})
    assert r.status_code == 200 and r.json()["step"] == 1


def test_the_drawing_says_the_revision_it_shows(tmp_path, serve_client, create_table, seat_state):
    """The page fetches the state and the drawing side by side and draws them only when both show the same
    revision (a bot may act between the two requests), so the drawing carries its revision."""
    c = serve_client(tmp_path / "g.sqlite3")
    g = create_table(c)
    for step in range(2):
        s = seat_state(c, g, tokens(g)[0])
        board = c.get(f"/api/games/{g['id']}/board.svg", params={"token": tokens(g)[0]})
        assert board.headers["X-Revision"] == str(s["revision"]) and s["revision"] == step
        me = tokens(g)[s["waiting_for"]["player"]]
        mine = seat_state(c, g, me)
        assert c.post(f"/api/games/{g['id']}/actions", json={"token": me, "choice": mine["pending"]["options"][0],
                                                           "revision": mine["revision"]}).status_code == 200


def test_bots_move_on_their_seats(tmp_path, serve_client, create_table, seat_state):
    c = serve_client(tmp_path / "g.sqlite3")
    g = create_table(c, seats=["human", "greedy"])
    url = f"/api/games/{g['id']}/actions"
    for _ in range(40):  # the human ends each turn at once: the bot plays its whole turns in between
        s = seat_state(c, g, tokens(g)[0])
        assert s["pending"] is not None and s["pending"]["player"] == 0
        choice = "end" if "end" in s["pending"]["options"] else s["pending"]["options"][0]
        assert c.post(url, json={"token": tokens(g)[0], "choice": choice, "revision": s["revision"]}).json()["step"] == s["step"] + 1
        settle(c)
        if seat_state(c, g, tokens(g)[0])["step"] > s["step"] + 1:
            break
    else:
        pytest.fail("the bot never moved")
    assert any(a["player"] == 1 for a in c.app.state.hub.table(g["id"]).game.actions)


def _check_secrecy(c: TestClient, g: dict, kinds_seen: set[str]) -> None:
    game = c.app.state.hub.table(g["id"]).game
    entries = game.rt.defn.content.entries
    all_names = [e.name for e in entries.values()]
    for viewer, token in [(0, tokens(g)[0]), (1, tokens(g)[1]), (None, g["spectator"]["token"])]:
        with c.stream("GET", f"/api/games/{g['id']}/events", params={"token": token}) as r:
            first = next(line for line in r.iter_lines() if line.startswith("data:"))
        blobs = {"state": c.get(f"/api/games/{g['id']}", params={"token": token}).text,
                 "svg": c.get(f"/api/games/{g['id']}/board.svg", params={"token": token}).text,
                 "page": c.get(f"/games/{g['id']}", params={"token": token}).text,
                 "event": first}
        assert json.loads(first[5:]) == {"revision": c.app.state.hub.table(g["id"]).revision}
        secrets = hidden_items(game, viewer)
        kinds_seen.update(entries[s].kind if s in entries else "region" for s in secrets)
        for where, text in blobs.items():
            assert str(SEED) not in text and '"rng"' not in text and '"seed"' not in text, where
            for s in secrets:
                assert not re.search(rf"\b{re.escape(s)}\b", text), (viewer, where, s)
                name = entries[s].name if s in entries else None
                if name and sum(name in other for other in all_names) == 1:  # unambiguous names only
                    assert name not in text, (viewer, where, s, name)


def test_no_seat_learns_a_secret_through_any_endpoint(tmp_path, serve_client, create_table):
    c = serve_client(tmp_path / "g.sqlite3")
    g = create_table(c)
    play(c, g, 120)
    kinds: set[str] = set()
    _check_secrecy(c, g, kinds)
    assert {"action_card", "objective_card", "event_card", "wonder", "region"} <= kinds


def test_no_seat_learns_another_seats_leaders(tmp_path, serve_client, create_table):
    c = serve_client(tmp_path / "g.sqlite3")
    g = create_table(c, packs=["civilizations"])
    play(c, g, 40)
    kinds: set[str] = set()
    _check_secrecy(c, g, kinds)
    assert "leader" in kinds


def test_a_new_server_on_the_same_file_continues_every_game(tmp_path, serve_client, create_table, seat_state):
    db = tmp_path / "g.sqlite3"
    c = serve_client(db)
    a, b = create_table(c), create_table(c, seats=["human", "greedy"], variants=["four_round"])
    play(c, a, 25)
    before = {(g["id"], t): seat_state(c, g, t) for g in (a, b) for t in tokens(g) + [g["spectator"]["token"]]}
    c2 = serve_client(db)  # a restart: a new app, nothing in memory
    assert c2.app.state.hub.tables == {}
    after = {(g["id"], t): seat_state(c2, g, t) for g in (a, b) for t in tokens(g) + [g["spectator"]["token"]]}
    assert after == before
    play(c2, a, 5)
    assert seat_state(c2, a, tokens(a)[0])["step"] == 30
    assert serve_client(db).app.state.hub.table(a["id"]).game.actions == c2.app.state.hub.table(a["id"]).game.actions


def test_two_human_seats_play_a_short_game_to_the_end(tmp_path, serve_client, create_table, seat_state):
    c = serve_client(tmp_path / "g.sqlite3")
    g = create_table(c, variants=["four_round"])
    url = f"/api/games/{g['id']}/actions"
    for _ in range(3000):
        views = [seat_state(c, g, t) for t in tokens(g)]
        if views[0]["over"]:
            break
        mine = [s for s in views if s["pending"]]
        assert len(mine) == 1  # exactly the seat whose decision it is sees it
        seat = mine[0]["player"]
        choice = mine[0]["pending"]["options"][0]  # like `yes 1` at a terminal
        assert c.post(url, json={"token": tokens(g)[seat], "choice": choice, "revision": mine[0]["revision"]}).status_code == 200
    final = seat_state(c, g, g["spectator"]["token"])
    assert final["view"]["round"] == 4 and final["step"] > 200  # the whole four-round game
    assert final["over"] and final["pending"] is None and final["score"]["winners"]
    r = c.post(url, json={"token": tokens(g)[0], "choice": "end", "revision": final["revision"]})
    assert r.status_code == 409 and "over" in r.json()["error"]


def test_games_let_go_from_memory_come_back_from_the_store(tmp_path, monkeypatch, serve_client, create_table, seat_state):
    from rulewright.tools.seat.serve import hub as hub_module

    monkeypatch.setattr(hub_module, "MAX_LIVE", 2)
    c = serve_client(tmp_path / "g.sqlite3")
    games = [create_table(c) for _ in range(3)]
    assert games[0]["id"] not in c.app.state.hub.tables and len(c.app.state.hub.tables) == 2
    play(c, games[0], 3)
    assert seat_state(c, games[0], games[0]["spectator"]["token"])["step"] == 3
    assert c.app.state.hub.store.get(games[0]["id"]).save["actions"] == c.app.state.hub.table(games[0]["id"]).game.actions


def test_a_failing_bot_keeps_what_was_done_and_says_so(tmp_path, monkeypatch, serve_client, create_table, seat_state):
    from rulewright.tools.seat.serve import runner as runner_module

    c = serve_client(tmp_path / "g.sqlite3")
    g = create_table(c, seats=["human", "human"], seed=2)
    table = c.app.state.hub.table(g["id"])
    table.kinds[1] = "greedy"

    def broken(game, kind, **_):
        raise RuntimeError("no idea")

    monkeypatch.setattr(runner_module, "bot_choice", broken)
    c.app.state.hub.bots.schedule(table)  # when the bot's seat begins
    settle(c)
    url = f"/api/games/{g['id']}/actions"
    for _ in range(30):  # the human ends the turn; then the broken bot is asked
        s = seat_state(c, g, tokens(g)[0])
        if s["pending"] is None:
            break
        choice = "end" if "end" in s["pending"]["options"] else s["pending"]["options"][0]
        assert c.post(url, json={"token": tokens(g)[0], "choice": choice, "revision": s["revision"]}).status_code == 200
        settle(c)
    s = seat_state(c, g, g["spectator"]["token"])  # seat 2 is a bot's now: its link opens nothing
    assert s["problem"].startswith("the bot of Player 2 could not move") and "no idea" not in s["problem"]
    stored = c.app.state.hub.store.get(g["id"]).save["actions"]
    assert stored == table.game.actions and all(a["player"] == 0 for a in stored)  # the bot never moved
    assert table.game.pending.player == 1


def test_event_stream_tells_each_step_and_ends_when_the_server_stops(tmp_path, serve_client, create_table, seat_state):
    c = serve_client(tmp_path / "g.sqlite3")
    g = create_table(c)
    first = seat_state(c, g, g["spectator"]["token"])["waiting_for"]["player"]
    option = seat_state(c, g, tokens(g)[first])["pending"]["options"][0]
    with c.stream("GET", f"/api/games/{g['id']}/events", params={"token": tokens(g)[1 - first]}) as r:
        assert r.headers["content-type"].startswith("text/event-stream")
        lines = r.iter_lines()
        assert next(line for line in lines if line.startswith("data:")) == 'data: {"revision": 0}'
        assert c.post(f"/api/games/{g['id']}/actions", json={"token": tokens(g)[first], "choice": option,
                                                             "revision": 0}).status_code == 200
        assert next(line for line in lines if line.startswith("data:")) == 'data: {"revision": 1}'
        c.app.state.hub.close_streams()
        rest = list(lines)  # the stream ends instead of waiting for the next step
    assert not any(line.startswith("data:") for line in rest)
    assert c.get(f"/api/games/{g['id']}/events", params={"token": "nope"}).status_code == 403
