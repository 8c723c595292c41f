"""A browser seat at Civilization (rulewright serve): the seat answers its questions through the API, is
sent its own forces but only counts of the rival's, and the board is drawn from its view."""

from __future__ import annotations

import json

TABLE = {"game": "civ_board", "players": 2, "seed": 3, "seats": ["human", "greedy"]}


def test_a_civilization_seat_plays_through_the_api_and_never_sees_the_rivals_forces(tmp_path, serve_client,
                                                                                       create_table):
    c = serve_client(tmp_path / "g.sqlite3")
    g = create_table(c)
    token = g["seats"][0]["token"]
    hub = c.app.state.hub
    assert hub.bots.wait_idle(120)
    for _ in range(25):
        s = c.get(f"/api/games/{g['id']}", params={"token": token}).json()
        game = hub.table(g["id"]).game
        rival = game.state["players"][1]["forces"]
        assert s["view"]["players"][1]["forces"] == {"count": len(rival)}
        assert isinstance(s["view"]["players"][0]["forces"], list)
        assert "tile_pool" not in json.dumps(s["view"])
        board = c.get(f"/api/games/{g['id']}/board.svg", params={"token": token}).text
        assert 'data-kind="tile"' in board
        if s["over"]:
            break
        p = s["pending"]
        assert p["player"] == 0 and len(p["labels"]) == len(p["options"])
        r = c.post(f"/api/games/{g['id']}/actions", json={"token": token, "choice": p["options"][0], "revision": s["revision"]})
        assert r.status_code == 200, r.text
        assert hub.bots.wait_idle(120)
