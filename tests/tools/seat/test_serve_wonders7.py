"""The browser seat at 7 Wonders (`rulewright serve`): `POST /api/games` with `"game": "wonders7"`, driven
in-process through Starlette's test client, as tests/tools/seat/test_serve_api.py drives Clash games.

A seat's state carries its panel (the game's descriptor's `seat_notes`), its hand (each card's colour and cost) and its pending pick with the
options' labels; nothing it is sent (state, board, page) names a card held only by another player; the
board is the game's own drawing; bots play their seats and a human seat plays to the end.
"""

from __future__ import annotations

import json

import pytest
from rulewright.dsl.loader import game_vocab
from rulewright.rules.wonders7.names import COLOURS

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
SEED = 918273645
TABLE = {"game": "wonders7", "players": 3, "seed": SEED, "seats": ["human", "greedy", "greedy"]}  # create_table


def others_only(game, seat: int) -> set[str]:
    """Card ids in another player's hand or pick that are nowhere public (built, logged) nor in seat's hand."""
    entries = game.definition.content.entries
    st = game.state
    held = set()
    for q, pl in enumerate(st["players"]):
        if q != seat:
            held |= set(pl["hand"]) | ({pl["pick"]["card"]} if pl.get("pick") else set())
    public = set(st["players"][seat]["hand"]) | {c for pl in st["players"] for c in pl["built"]}
    return {c for c in held - public if not any(entries[c].name in line for line in game.log)}


def test_a_7_wonders_seat_sees_its_panel_hand_and_pick_and_no_other_hand(tmp_path, create_table, seat_state, serve_client):
    c = serve_client(tmp_path / "g.sqlite3")
    g = create_table(c)
    assert g["game"] == "wonders7" and [s["kind"] for s in g["seats"]] == ["human", "greedy", "greedy"]
    token = g["seats"][0]["token"]
    hub = c.app.state.hub
    assert hub.bots.wait_idle(120)
    checked = 0
    for _ in range(40):
        game = hub.table(g["id"]).game
        s = seat_state(c, g, token)
        board = c.get(f"/api/games/{g['id']}/board.svg", params={"token": token}).text
        page = c.get(f"/games/{g['id']}", params={"token": token}).text
        assert s["game"] == {"id": "wonders7", "name": "7 Wonders"} and "<h1>7 Wonders</h1>" in page
        assert 'data-kind="city"' in board and str(SEED) not in board + json.dumps(s)
        # a card whose id is also a resource (`loom`) shows in any panel that names what a city produces
        secret = others_only(game, 0) - set(game_vocab("wonders7").enums["resource"])
        entries = game.definition.content.entries
        shown = json.dumps(s) + board
        leaks = [c_ for c_ in secret if c_ in shown or entries[c_].name in shown]
        assert not leaks, f"seat 0 was sent {leaks}"
        checked += bool(secret)
        if s["over"]:
            break
        p = s["pending"]
        assert p["player"] == 0 and len(p["labels"]) == len(p["options"])
        if p["kind"] == "pick":
            assert [h["id"] for h in s["hand"]] == game.state["players"][0]["hand"]
            # the panel beside the drawing: what each neighbour sells, not the cities the drawing shows
            assert sum(" sells " in line for line in s["panel"]) == 2
            assert not any("wonder stages" in line or line.startswith("Hand: ") for line in s["panel"])
            assert all(h["kind"].split(" card, age ")[0] in COLOURS for h in s["hand"])
            assert all(set(pl["hand"]) == {"count"} for i, pl in enumerate(s["view"]["players"]) if i)
        r = c.post(f"/api/games/{g['id']}/actions", json={"token": token, "choice": p["options"][-1], "revision": s["revision"]})
        assert r.status_code == 200, r.text
        assert hub.bots.wait_idle(120)  # the bots pick in the background
    assert s["over"] and s["score"]["winners"] and checked >= 12
    assert any("Game over" in line for line in s["log"])


@pytest.mark.parametrize("spec, message", [
    ({"players": 2, "seats": ["human", "greedy"]}, "'players' must be an integer from 3 to 7"),
    ({"players": 8, "seats": ["human"] * 8}, "'players' must be an integer from 3 to 7"),
    ({"seats": ["human", "wizard", "greedy"]}, "unknown seat kind 'wizard'"),
    ({"game": "chess"}, "unknown game 'chess'"),
    ({"variants": ["four_round"]}, "unknown variant 'four_round'"),
])
def test_bad_7_wonders_settings_are_refused(tmp_path, spec, message, serve_client):
    c = serve_client(tmp_path / "g.sqlite3")
    body = {"game": "wonders7", "players": 3, "seats": ["human", "greedy", "greedy"], **spec}
    r = c.post("/api/games", json=body)
    assert r.status_code == 400 and message in r.json()["error"]


def test_the_set_up_page_offers_both_games(tmp_path, create_table, serve_client):
    c = serve_client(tmp_path / "g.sqlite3")
    page = c.get("/").text
    data = json.loads(page.split('<script id="rw-data" type="application/json">')[1].split("</script>")[0])
    by_id = {g["id"]: g for g in data["games"]}
    assert by_id["wonders7"]["players"] == [3, 7] and by_id["clash"]["players"] == [2, 4]
    assert {"human", "greedy", "search"} <= set(by_id["wonders7"]["kinds"]) and "side_b" in [v["id"] for v in by_id["wonders7"]["variants"]]
    g = create_table(c, players=7, seats=["human"] + ["random"] * 6, variants=["side_b"])
    assert len(g["seats"]) == 7
