"""The hidden-information suite for refusals (issue 29): whatever status `rulewright serve` answers a seat
(400, 403, 404, 405, 409, 413, 415, 429, 500, 503), the answer says only what that seat may see: whose turn
it is, never what the deciding seat is deciding (its prompt, its decision's kind, its options), another
seat's hand, or the seed.

Both games, all seats people, played a few dozen steps; at every step each other seat and the spectator
post out of turn and their answers are scanned, then every other status is provoked and scanned.
"""

from __future__ import annotations

import json
import sqlite3

import pytest
from rulewright.tools.seat.serve.guard import Limits

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
SEED = 918273645
GAMES = {"clash": {"players": 2}, "wonders7": {"game": "wonders7", "players": 3}}


def _others_hands(game, seat: int | None) -> set[str]:
    """Card ids held by other seats only (not also in `seat`'s hand, built or discarded)."""
    held, mine = set(), set()
    for q, pl in enumerate(game.state["players"]):
        hand = pl["hand"]
        cards = {c for cs in hand.values() for c in cs} if isinstance(hand, dict) else set(hand)
        (mine if q == seat else held).update(cards)
        mine.update(pl.get("built", []))
        mine.update(pl.get("completed", []))
    return held - mine


def _assert_says_nothing(text: str, game, seat: int | None) -> None:
    d = game.pending
    assert str(SEED) not in text and '"rng"' not in text
    if d is not None and d.player != seat:
        assert d.prompt not in text and f'"{d.kind}"' not in text and "decision (" not in text, text
        labels = [d.label(o) for o in d.options]
        assert not any(len(x) > 6 and x in text for x in labels), text
    entries = game.definition.content.entries
    for card in _others_hands(game, seat):
        assert f'"{card}"' not in text and f"'{card}'" not in text, (card, text)
        name = entries[card].name if card in entries else None
        if name and len(name) > 4:
            assert name not in text, (name, text)


@pytest.mark.parametrize("which", sorted(GAMES))
def test_refusals_of_every_status_say_only_what_the_seat_may_see(tmp_path, which, serve_client):
    db = tmp_path / "g.sqlite3"
    c = serve_client(db, limits=Limits(max_games=2), raise_server_exceptions=False)
    spec = GAMES[which]
    body = {**spec, "seed": SEED, "seats": ["human"] * spec["players"]}
    g = c.post("/api/games", json=body).json()
    tokens = [s["token"] for s in g["seats"]]
    url = f"/api/games/{g['id']}/actions"
    game = c.app.state.hub.table(g["id"]).game
    statuses: set[int] = set()
    kinds: set[str] = set()

    def check(r, seat: int | None) -> None:
        assert r.headers["content-type"] == "application/json" and json.loads(r.text)["error"], r.text
        statuses.add(r.status_code)
        _assert_says_nothing(r.text, game, seat)

    for _ in range(150):  # until a second kind of decision came (7 Wonders: how to pay for a card)
        d = game.pending
        if d is None or (len(kinds) >= 2 and len(game.actions) >= 30):
            break
        kinds.add(d.kind)
        step = len(game.actions)
        for seat, token in [*((q, t) for q, t in enumerate(tokens) if q != d.player), (None, g["spectator"]["token"])]:
            seen = c.get(f"/api/games/{g['id']}", params={"token": token}).json()
            assert seen["waiting_for"] == {"player": d.player, "name": seen["seats"][d.player]["name"]}
            assert seen["pending"] is None
            r = c.post(url, json={"token": token, "choice": d.options[0], "revision": step})  # out of turn
            assert r.status_code == (409 if seat is not None else 403)
            check(r, seat)
            check(c.post(url, json={"token": token, "choice": "x", "revision": max(step - 1, 0)}), seat)  # stale
            check(c.post(url, json={"token": token, "choice": "x", "revision": "now"}), seat)  # 400
        mine = c.post(url, json={"token": tokens[d.player], "choice": d.options[step % len(d.options)], "revision": step})
        assert mine.status_code == 200, mine.text
    assert len(kinds) >= 2
    someone = next(q for q in range(len(tokens)) if game.pending is None or q != game.pending.player)
    t = tokens[someone]
    check(c.post(url, json={"token": "forged", "choice": "x", "revision": 0}), someone)  # 403
    check(c.get(f"/api/games/{g['id']}x", params={"token": t}), someone)  # 404
    check(c.get(url), someone)  # 405
    check(c.post(url, content=b"x" * 20_000, headers={"content-type": "application/json"}), someone)  # 413
    check(c.post(url, content=b"{}", headers={"content-type": "text/plain"}), someone)  # 415
    check(c.post(url, content=b"[" * 1000, headers={"content-type": "application/json"}), someone)  # 400
    c.post("/api/games", json=body)
    check(c.post("/api/games", json=body), someone)  # 503: the games file is full
    hurried = serve_client(db, limits=Limits(creates_per_minute=0))
    check(hurried.post("/api/games", json=body), someone)  # 429: too many a minute
    with sqlite3.connect(db) as con:  # the game's row damaged on disk, read by a new server
        con.execute("UPDATE games SET save = json_set(save, '$.actions[0].choice', 'nonsense')")
    fresh = serve_client(db, raise_server_exceptions=False)
    check(fresh.get(f"/api/games/{g['id']}", params={"token": t}), someone)  # 500
    assert statuses >= {400, 403, 404, 405, 409, 413, 415, 429, 500, 503}
