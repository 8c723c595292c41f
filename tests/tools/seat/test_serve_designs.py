"""The browser seat plays a designer's own rules: `serve --pack-dir/--variant-dir` offers the packs and
variant files of those folders on the set-up page, a game is created with them through the API, and any
other path a client names is refused with a JSON 400 (the server never reads a file of the client's choosing)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from rulewright.tools.seat.serve.designs import Designs

if TYPE_CHECKING:  # the client comes from the serve_client fixture (conftest.py)
    from starlette.testclient import TestClient


pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
CHEAP = "name: Cheap growth\ntext: Pieces cost food and ore.\nparams:\n  grow_cost: {$replace: {food: 1, ore: 1}}\n"


def designs(tmp_path: Path, write_pack) -> Designs:
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "cheap.yaml").write_text(CHEAP)
    (tmp_path / "variants" / "coins.yaml").write_text("name: Coins\ngame: wonders7\nparams: {starting_coins: 6}\n")
    write_pack({"variants/long.yaml": "name: Long\nparams: {rounds: 8}\n"}, pack_id="mine", root=tmp_path / "packs" / "mine")
    (tmp_path / "secret.yaml").write_text(CHEAP)
    return Designs((tmp_path / "packs",), (tmp_path / "variants",))


def page_data(c: TestClient) -> dict:
    text = c.get("/").text
    return json.loads(re.search(r'<script id="rw-data" type="application/json">(.*?)</script>', text).group(1))


def test_the_set_up_page_lists_the_folders_and_what_is_in_them(tmp_path, serve_client, write_pack):
    d = designs(tmp_path, write_pack)
    data = page_data(serve_client(tmp_path / "g.db", designs=d))
    # the folders by their own names: the server's absolute paths are never shown to a client
    assert data["folders"] == {"packs": ["packs"], "variants": ["variants"]}
    assert str(tmp_path) not in json.dumps(data)
    clash = next(g for g in data["games"] if g["id"] == "clash")
    wonders = next(g for g in data["games"] if g["id"] == "wonders7")
    mine = "packs/mine"
    assert mine in clash["packs"] and mine not in wonders["packs"]
    offered = {(v["id"], v["pack"]): v for v in clash["variants"]}
    cheap = offered[("variants/cheap.yaml", None)]
    assert cheap["name"] == "Cheap growth" and cheap["noop"] is False  # labelled by its name:
    assert cheap["warnings"] == ["it removes from the base rules: params.grow_cost.wood (was 1)"]
    assert offered[("long", mine)]["name"] == "Long"
    # a Clash variant that names no game is not offered under the other games: its keys are not theirs
    assert "variants/cheap.yaml" not in [v["id"] for v in wonders["variants"]]
    assert "variants/coins.yaml" in [v["id"] for v in wonders["variants"]]
    assert "variants/coins.yaml" not in [v["id"] for v in clash["variants"]]


def test_a_game_is_played_with_a_variant_file_and_a_pack_folder(tmp_path, serve_client, write_pack):
    d = designs(tmp_path, write_pack)
    c = serve_client(tmp_path / "g.db", designs=d)
    r = c.post("/api/games", json={"players": 2, "seed": 5, "seats": ["human", "greedy"],
                                   "packs": ["packs/mine"], "variants": ["variants/cheap.yaml", "long"]})
    assert r.status_code == 201, r.text
    game = c.app.state.hub.table(r.json()["id"]).game
    state = c.get(f"/api/games/{r.json()['id']}", params={"token": r.json()["seats"][0]["token"]}).json()
    assert state["setup"]["packs"] == ["base", "packs/mine"] and "variants/cheap.yaml" in state["setup"]["variants"]
    assert str(tmp_path) not in json.dumps(state)
    assert game.definition.params["grow_cost"] == {"food": 1, "ore": 1} and game.definition.params["rounds"] == 8
    again = serve_client(tmp_path / "g.db", designs=d)  # a restarted server replays it with the same rules
    assert again.app.state.hub.table(r.json()["id"]).game.definition.params["grow_cost"] == {"food": 1, "ore": 1}


@pytest.mark.parametrize("field,value", [
    ("variants", "SECRET"), ("variants", "/etc/passwd"), ("variants", "../secret.yaml"),
    ("packs", "/etc"), ("packs", "PACKS/.."), ("packs", "PACKS/mine/../mine"),
])
def test_any_other_path_is_refused_with_a_clear_400(tmp_path, field, value, serve_client, write_pack):
    d = designs(tmp_path, write_pack)
    c = serve_client(tmp_path / "g.db", designs=d)
    value = value.replace("SECRET", str(tmp_path / "secret.yaml")).replace("PACKS", str(tmp_path / "packs"))
    r = c.post("/api/games", json={"players": 2, "seats": ["human", "human"], field: [value]})
    assert r.status_code == 400
    message = r.json()["error"]
    assert message.startswith(f"unknown {field[:-1]} ") and "this server reads only" in message and f"--{field[:-1]}-dir" in message, message
    plain = serve_client(tmp_path / "h.db")  # a server given no folders reads none
    r = plain.post("/api/games", json={"players": 2, "seats": ["human", "human"], field: [value]})
    assert r.status_code == 400 and f"start it with --{field[:-1]}-dir" in r.json()["error"]


def test_serve_refuses_a_folder_that_is_not_there(tmp_path, cli):
    res = cli("serve", "--variant-dir", tmp_path / "nope", "--port", "1")
    assert res.exit_code == 2 and "no folder" in res.output


def test_the_set_up_page_offers_the_default_game_first(tmp_path, serve_client):
    """The page preselects the first game it lists; a third game sorting before `clash` must not take its
    place, as the command line means the default game when none is named."""
    from rulewright.engine import games

    data = page_data(serve_client(tmp_path / "g.db"))
    listed = [g["id"] for g in data["games"]]
    assert listed[0] == games.default_game() and sorted(listed) == sorted(
        g for g in games.installed() if games.find(g).terminal_seats)


def test_a_broken_variant_is_refused_without_the_servers_paths(tmp_path, serve_client, write_pack):
    d = designs(tmp_path, write_pack)
    (tmp_path / "variants" / "broken.yaml").write_text("name: Broken\nparams:\n  rounds: [not, a, number\n")
    c = serve_client(tmp_path / "g.db", designs=d)
    r = c.post("/api/games", json={"players": 2, "seats": ["human", "human"], "variants": ["variants/broken.yaml"]})
    assert r.status_code == 400, r.text
    message = r.json()["error"]
    assert "variants/broken.yaml" in message and str(tmp_path) not in message, message


def test_public_names_a_folder_by_its_name_and_keeps_other_words(tmp_path):
    d = Designs((tmp_path / "mine",), (tmp_path / "a" / "mine", Path("rel/variants")))
    assert d.public(f"read {tmp_path}/mine/x.yaml and {tmp_path}/a/mine/y.yaml") == "read mine/x.yaml and mine~2/y.yaml"
    assert d.public("rel/variants/v.yaml: determine the variants") == "variants/v.yaml: determine the variants"


def test_a_symbolic_link_out_of_a_designer_folder_is_neither_offered_nor_read(tmp_path, serve_client, write_pack):
    """Issue 49: a link in --variant-dir (or a pack of --pack-dir) pointing out of the folder was followed,
    and the 400 answer quoted a line of the file it pointed to."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "private.txt").write_text("name: Private\ntop-secret-line: [unclosed\n")
    (outside / "fine.yaml").write_text("name: Fine\nparams: {rounds: 4}\n")
    d = designs(tmp_path, write_pack)
    (tmp_path / "variants" / "link.yaml").symlink_to(outside / "private.txt")
    (tmp_path / "variants" / "fine.yaml").symlink_to(outside / "fine.yaml")  # readable, but not the folder's
    (tmp_path / "variants" / "inner.yaml").symlink_to(tmp_path / "variants" / "cheap.yaml")  # a link inside: fine
    evil = write_pack({}, pack_id="evil", root=tmp_path / "packs" / "evil")
    (evil / "cards.yaml").symlink_to(outside / "private.txt")
    (tmp_path / "packs" / "away").symlink_to(outside, target_is_directory=True)
    write_pack({}, pack_id="away", root=outside)
    c = serve_client(tmp_path / "g.db", designs=d)
    offered = [v["id"] for v in next(g for g in page_data(c)["games"] if g["id"] == "clash")["variants"]]
    packs = next(g for g in page_data(c)["games"] if g["id"] == "clash")["packs"]
    assert "variants/inner.yaml" in offered and "packs/mine" in packs  # (shown by the folders' own names)
    for name in ("link.yaml", "fine.yaml"):
        assert f"variants/{name}" not in offered
        for asked in (f"variants/{name}", str(tmp_path / "variants" / name)):
            r = c.post("/api/games", json={"players": 2, "seats": ["human", "human"], "variants": [asked]})
            assert r.status_code == 400 and "top-secret" not in r.text and "this server reads only" in r.json()["error"]
    for name in ("evil", "away"):
        assert f"packs/{name}" not in packs
        for asked in (f"packs/{name}", str(tmp_path / "packs" / name)):
            r = c.post("/api/games", json={"players": 2, "seats": ["human", "human"], "packs": [asked]})
            assert r.status_code == 400 and "top-secret" not in r.text


def test_a_variant_that_changes_nothing_is_shown_with_its_warning_and_refused(tmp_path, serve_client, write_pack):
    d = designs(tmp_path, write_pack)
    (tmp_path / "variants" / "same.yaml").write_text("name: Same\ntext: as before\nparams: {rounds: 6}\n")
    c = serve_client(tmp_path / "g.db", designs=d)
    clash = next(g for g in page_data(c)["games"] if g["id"] == "clash")
    same = next(v for v in clash["variants"] if v["id"].endswith("same.yaml"))
    assert same["noop"] is True and "changes nothing" in same["warnings"][-1]
    r = c.post("/api/games", json={"players": 2, "seats": ["human", "greedy"], "variants": [same["id"]]})
    assert r.status_code == 400 and "changes nothing" in r.json()["error"], r.text
    assert str(tmp_path) not in r.json()["error"]
