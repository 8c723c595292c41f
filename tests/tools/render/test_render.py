"""`rulewright render` and the replay viewer: everything in the state is drawn, and nothing hidden is.

The pictures are parsed back (xml.etree) and their data attributes compared with the game state: one
element per city, unit and region; the pieces of each city in their owners' colours; unrevealed regions
without terrain. Exports made for one player are searched for anything that player may not see.
"""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from collections import Counter
from itertools import combinations

import pytest
from clash_secrets import hidden_items
from rulewright.api import load_game, play_game
from rulewright.engine.hexgrid import neighbors, parse_space_id
from rulewright.rules.clash.board.map import build_layout, load_map_data, place_region
from rulewright.tools.render.game import (
    HEADER_H,
    HEX,
    SQRT3,
    BoardRenderer,
    Frame,
    parse_viewer,
    player_colour,
    render_game,
)
from rulewright.tools.render.svg import E, document, escape_attr, escape_text, fmt
from rulewright.tools.seat.replay_html import build_viewer_data, games_of_interest, replay_html, viewer_html

SEEDS = {2: 4, 3: 1, 4: 2}


@pytest.fixture(scope="module", params=[2, 3, 4], ids=lambda n: f"{n}p")
def played(request):
    """A finished bot game per player count, as a save."""
    n = request.param
    return play_game(n, SEEDS[n], ["greedy"]).save()


@pytest.fixture(scope="module")
def three():
    """A finished 3-player game (another seed than `played`), as a save."""
    return play_game(3, 6, ["greedy"]).save()


def replay_steps(save: dict, steps: list[int]):
    """Yield the game at each requested step, replaying the save once."""
    game = load_game(save, 0)
    wanted = sorted(set(steps))
    for i, action in enumerate(save["actions"] + [None]):
        if wanted and i == wanted[0]:
            wanted.pop(0)
            yield i, game
        if action is None or not wanted:
            break
        game.apply(action)


def some_steps(save: dict) -> list[int]:
    n = len(save["actions"])
    return [0, n // 3, (2 * n) // 3, n]


def parse(svg_text: str) -> ET.Element:
    return ET.fromstring(svg_text.encode())


def kind(root: ET.Element, k: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("data-kind") == k]


# ----- the SVG builder ----------------------------------------------------------------------------------
def test_svg_builder_escapes_and_formats():
    g = E("g", E("text", 'a < b & "c"\x01'), data_kind="x", class_="k", stroke_width=1.50, hidden=False,
          title='say "hi" & <bye>\n')
    text = g.render()
    assert text.startswith('<g data-kind="x" class="k" stroke-width="1.5" title="say &quot;hi&quot; &amp; '
                           '&lt;bye&gt;&#10;">')
    assert "<text>a &lt; b &amp; \"c\"</text>" in text
    assert "hidden" not in text
    assert fmt(2.0) == "2" and fmt(-0.001) == "0" and fmt(True) == "true" and fmt(3) == "3"
    assert escape_text("x]]>y") == "x]]&gt;y" and escape_attr("'") == "'"
    root = parse(document(10, 10, g, E("circle", r=2)))
    assert root.tag.endswith("svg") and root.get("viewBox") == "0 0 10 10"
    with pytest.raises(TypeError):
        E("g", 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        fmt(float("nan"))


# ----- everything in the state is drawn -------------------------------------------------------------------
def check_picture(root: ET.Element, game) -> None:
    st = game.state
    n = len(st["players"])
    # regions: one element each, four hexes each, revealed as in the state, terrain only when revealed
    regions = kind(root, "region")
    assert sorted(int(r.get("data-region")) for r in regions) == list(range(len(st["board"]["tiles"])))
    board = game.rt.board
    for r in regions:
        i = int(r.get("data-region"))
        revealed = st["board"]["revealed"][i]
        assert r.get("data-revealed") == ("true" if revealed else "false")
        hexes = kind(r, "hex")
        assert len(hexes) == 4
        for h in hexes:
            space = board.space(h.get("data-space"))
            assert space.region == i
            if revealed:
                assert h.get("data-terrain") == space.terrain
            else:
                assert h.get("data-terrain") is None
                assert r.get("data-tile") is None
    spaces = [h.get("data-space") for h in kind(root, "hex")]
    assert len(spaces) == len(set(spaces)) == len(board)
    # cities: one element each, on the right space, with its owner, mood and pieces in their owners' colours
    cities = kind(root, "city")
    assert Counter(c.get("data-space") for c in cities) == Counter(list(st["cities"]))
    for c in cities:
        city = st["cities"][c.get("data-space")]
        assert int(c.get("data-owner")) == city["owner"]
        assert c.get("data-mood") == city["mood"]
        pieces = {p.get("data-piece"): int(p.get("data-owner")) for p in kind(c, "piece")}
        assert pieces == city["pieces"]
        for p in kind(c, "piece"):
            assert p.find("{*}rect").get("fill") == player_colour(int(p.get("data-owner")))
        assert sorted(w.get("data-wonder") for w in kind(c, "wonder")) == sorted(city["wonders"])
    # units: one element each, on its space, carried ones inside their ship
    units = kind(root, "unit")
    assert Counter(u.get("data-unit") for u in units) == Counter(list(st["units"]))
    for u in units:
        d = st["units"][u.get("data-unit")]
        assert u.get("data-space") == d["space"]
        assert int(u.get("data-owner")) == d["owner"]
        assert u.get("data-type") == d["type"]
        if d.get("ship") is not None:
            assert u.get("data-carried-by") == d["ship"]
    assert sorted(e.get("data-space") for e in kind(root, "exhausted")) == sorted(st["board"]["exhausted"])
    # one panel per player, with the VP of the score breakdown
    assert sorted(int(p.get("data-player")) for p in kind(root, "panel")) == list(range(n))
    from rulewright.rules.clash.phases.scoring import breakdown

    for v in kind(root, "vp"):
        p = int(v.get("data-player"))
        assert v.text == f"{sum(breakdown(game.rt, p).values()):g} VP"


def test_render_draws_every_city_unit_and_region(played):
    steps = some_steps(played)
    seen = 0
    for _, game in replay_steps(played, steps):
        check_picture(parse(render_game(game)), game)
        seen += 1
    assert seen == len(set(steps))


def test_render_draws_ships_with_their_cargo(three):
    """A position made by hand: a ship carrying an army and a settler, a port, a wonder, a barbarian city."""
    save = three
    game = load_game(save, len(save["actions"]) // 2)
    st = game.state
    sea = next(s.id for s in game.rt.board.spaces if s.terrain == "sea")
    city_sid = next(iter(st["cities"]))
    st["units"]["900"] = {"owner": 0, "type": "ship", "space": sea, "ship": None}
    st["units"]["901"] = {"owner": 0, "type": "army", "space": sea, "ship": "900"}
    st["units"]["902"] = {"owner": 0, "type": "settler", "space": sea, "ship": "900"}
    st["units"]["903"] = {"owner": -1, "type": "army", "space": city_sid, "ship": None}
    st["cities"][city_sid]["wonders"] = ["great_wall"]
    st["cities"][city_sid]["port"] = sea
    root = parse(render_game(game))
    check_picture(root, game)
    ship = next(u for u in kind(root, "unit") if u.get("data-unit") == "900")
    assert sorted(u.get("data-unit") for u in kind(ship, "unit") if u is not ship) == ["901", "902"]
    ports = sorted(c["port"] for c in st["cities"].values() if c.get("port"))  # ours, and any the game built
    assert sea in ports and sorted(p.get("data-space") for p in kind(root, "port")) == ports
    barbarian = next(u for u in kind(root, "unit") if u.get("data-unit") == "903")
    assert any(e.get("fill") == player_colour(-1) for e in barbarian.iter())


# ----- geometry of the drawing --------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_drawn_regions_sit_inside_the_outline_without_overlap(players):
    """Complements tests/clash/test_board.py (outline slots tile): here the drawing, and every orientation a
    region can be revealed in (both of each slot's rotations) keeps its hexes on the slot's footprint."""
    data = load_map_data()
    layout = build_layout(data, players)
    from rulewright.rules.clash.state.definition import definition

    r = BoardRenderer(definition(), players)
    outline = layout.outline
    used: dict[tuple[int, int], int] = {}
    for i, slot in enumerate(layout.slots):
        for rot in slot.rotations:
            placed = set(place_region(slot.anchor, rot, ["t", "l", "r", "b"]))
            assert placed == set(slot.hexes) and placed <= outline
        hexes = slot.hexes
        # a region is a diamond: 4 hexes, 5 adjacencies among them
        assert sum(1 for a, b in combinations(hexes, 2) if b in neighbors(a)) == 5
        for h in hexes:
            assert h not in used, f"hex {h} in regions {used[h]} and {i}"
            used[h] = i
    assert set(used) == outline == set(r.centre)
    # no two drawn hexes overlap: centres at least one hex height apart; all within the board area
    for a, b in combinations(r.centre.values(), 2):
        assert math.dist(a, b) >= SQRT3 * HEX - 1e-6
    for h in r.centre:
        for x, y in r.corners(h):
            assert 0 <= x <= r.board_w and HEADER_H <= y <= HEADER_H + r.board_h
    assert r.width >= r.board_w and r.height >= HEADER_H + r.board_h


def test_region_borders_follow_region_edges():
    from rulewright.rules.clash.state.definition import definition

    r = BoardRenderer(definition(), 3)
    path = r.borders().render()
    segments = re.findall(r"M[-\d.,]+L[-\d.,]+", path)
    expected = 0
    for h, reg in r.region_of.items():
        for n in neighbors(h):
            other = r.region_of.get(n)
            if other is None:
                expected += 2  # outer edge: counted once, weighted to compare below
            elif other != reg:
                expected += 1  # shared edge: seen from both sides
    assert 2 * len(segments) == expected


# ----- hidden information ---------------------------------------------------------------------------------
def secret_names(game, secrets: set[str], viewer: int | None) -> set[str]:
    """Display names of secret ids, except names found inside a name the viewer may see (a deck card
    named like an objective in the viewer's hand, an advance ...)."""
    defn = game.rt.defn
    st = game.state
    public_ids = {a for pl in st["players"] for a in pl["completed"]}
    if viewer is not None:
        for cards in st["players"][viewer]["hand"].values():
            public_ids.update(cards)
    for cards in st["discard"].values():
        public_ids.update(cards)
    public_names = [e.name for e in defn.content.entries.values()
                    if e.kind in ("advance", "category", "city_piece", "unit") or e.id in public_ids]
    out = set()
    for s in secrets:
        e = defn.content.entries.get(s)
        if e is not None and not any(e.name in p for p in public_names):
            out.add(e.name)
    return out


def assert_hidden(text: str, game, viewer: int | None, where: str) -> None:
    secrets = hidden_items(game, viewer)
    for s in secrets:
        assert not re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])", text), f"{where}: {s!r} leaks"
    for name in secret_names(game, secrets, viewer):
        assert name not in text, f"{where}: {name!r} leaks"


def unrevealed_terrain_free(root: ET.Element, game) -> None:
    st = game.state
    for r in kind(root, "region"):
        i = int(r.get("data-region"))
        if not st["board"]["revealed"][i]:
            blob = ET.tostring(r, encoding="unicode").lower()
            assert all(h.get("data-terrain") is None for h in kind(r, "hex"))
            for terrain in ("fertile", "forest", "mountain", "barren", "sea"):
                assert terrain not in blob, f"region {i} shows {terrain}"


def test_svg_for_a_player_hides_what_they_cannot_see(three):
    for step, game in replay_steps(three, some_steps(three)):
        for viewer in (0, 2, None):
            text = render_game(game, viewer)
            assert_hidden(text, game, viewer, f"svg step {step} as {viewer}")
            root = parse(text)
            unrevealed_terrain_free(root, game)
            if viewer is not None:  # the viewer's own cards are listed, by name
                for cards in game.state["players"][viewer]["hand"].values():
                    for c in cards:
                        assert game.rt.defn.content.entries[c].name in text


def test_html_for_a_player_hides_what_they_cannot_see(three):
    viewer = 1
    page = replay_html(three, viewer)
    data = json.loads(re.search(r'<script id="rw-data" type="application/json">(.*?)</script>', page, re.S)
                      .group(1))
    steps = data["steps"]
    lists, prev = [], []
    for e in steps:
        if e == 0:
            pass
        elif e[0] == -1:
            prev = list(prev)
            for k in range(1, len(e), 2):
                prev[e[k]] = e[k + 1]
        else:
            prev = e
        lists.append(prev)
    assert len(lists) == len(three["actions"]) + 1
    check = set(some_steps(three)) | {1, 2, 3, len(three["actions"]) - 1}
    final = None
    for step, game in replay_steps(three, sorted(check)):
        body = "".join(data["fragments"][i] for i in lists[step])
        assert_hidden(body, game, viewer, f"html step {step}")
        root = parse(f'<svg xmlns="http://www.w3.org/2000/svg">{body}</svg>')
        unrevealed_terrain_free(root, game)
        check_picture(root, game)
        final = game
    # the whole file (log included) names nothing that stayed hidden until the end
    assert final is not None
    assert_hidden(page, final, viewer, "html file")
    hidden_tiles = [t for t, shown in zip(final.state["board"]["tiles"], final.state["board"]["revealed"],
                                          strict=True) if not shown]
    for t in hidden_tiles:
        assert t not in page


def test_viewer_data_matches_the_log(three):
    data = build_viewer_data(three, None)
    game = load_game(three)
    assert len(data["log"]) == len(game.log)
    assert data["logStep"] == sorted(data["logStep"])
    assert data["logStep"][0] == 0 and data["logStep"][-1] <= len(three["actions"])
    # a line belongs to the step whose action wrote it
    for step, g in replay_steps(three, [5, 40]):
        assert sum(1 for s in data["logStep"] if s <= step) == len(g.log)
    page = viewer_html(data)
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in page and "<link" not in page and "src=" not in page
    assert page.count("<li data-step=") == len(data["log"])


# ----- command line -------------------------------------------------------------------------------------
def test_render_and_replay_commands(tmp_path, three, cli):
    save = tmp_path / "game.json"
    save.write_text(json.dumps(three))
    out = tmp_path / "board.svg"
    r = cli(["render", str(save), "--step", "30", "--as", "Player 2", "--out", str(out)])
    assert r.exit_code == 0, r.output
    root = parse(out.read_text())
    assert root.get("data-step") == "30"
    assert root.get("data-viewer") == str(parse_viewer("Player 2", [p["name"] for p in load_game(three, 0)
                                                                     .state["players"]]))
    assert cli(["render", str(save), "--step", "99999", "--out", str(out)]).exit_code == 2
    assert cli(["render", str(save), "--as", "Nobody", "--out", str(out)]).exit_code == 2
    assert cli(["render", str(tmp_path / "missing.json")]).exit_code == 1
    html = tmp_path / "v.html"
    r = cli(["replay", str(save), "--html", str(html), "--as", "0", "--upto", "60"])
    assert r.exit_code == 0, r.output
    assert html.read_text().count('id="rw-slider"') == 1
    assert 'max="60"' in html.read_text()
    # the text replay still works as before, and --as alone is refused
    r = cli(["replay", str(save), "--json"])
    assert r.exit_code == 0 and json.loads(r.output)["actions"] == len(three["actions"])
    assert cli(["replay", str(save), "--as", "0"]).exit_code == 2


def test_play_writes_the_viewer(tmp_path, cli):
    html = tmp_path / "game.html"
    r = cli(["play", "--players", "2", "--seed", "3", "--json", "--html", str(html)])
    assert r.exit_code == 0, r.output
    assert html.exists() and "<!DOCTYPE html>" in html.read_text()


def test_games_of_interest():
    recs = [{"game": 0, "actions": 300, "winners": [1]}, {"game": 1, "actions": 250, "winners": [0]},
            {"game": 2, "actions": 410, "winners": [1]}, {"game": 3, "actions": 250, "winners": [2, 0]}]
    assert games_of_interest(recs) == {1: ["shortest", "seat0-wins"], 2: ["longest"], 0: ["seat1-wins"],
                                       3: ["seat2-wins"]}
    assert games_of_interest([]) == {}


def test_parse_viewer():
    names = ["Player 2", "Player 1"]
    assert parse_viewer(None, names) is None
    assert parse_viewer("1", names) == 1
    assert parse_viewer("player 1", names) == 1
    with pytest.raises(ValueError):
        parse_viewer("2", names)
    with pytest.raises(ValueError):
        parse_viewer("Player 3", names)


def test_frame_without_pending_or_winner_draws():
    from rulewright.rules.clash.state.definition import definition

    game = load_game(play_game(2, 1, ["greedy"]).save(), 0)
    r = BoardRenderer(definition(), 2)
    fr = Frame(game.view(None), [{"advances": 0.0}] * 2, 0, 0)
    root = parse(r.svg_document(fr))
    assert len(kind(root, "panel")) == 2
    assert parse_space_id(kind(root, "city")[0].get("data-space")) in r.centre


def test_png_output_with_the_png_extra(tmp_path, three, cli):
    pytest.importorskip("resvg_py", reason="PNG output needs the optional png extra (resvg-py)")
    save = tmp_path / "game.json"
    save.write_text(json.dumps(three))
    out = tmp_path / "board.png"
    r = cli(["render", str(save), "--step", "10", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_simulate_writes_viewers_of_games_of_interest(tmp_path, cli):
    out = tmp_path / "sim"
    r = cli(["simulate", "--games", "2", "--players", "2", "--seed", "9", "--out", str(out),
                                 "--quiet"])
    assert r.exit_code == 0, r.output
    index = json.loads((out / "viewers.json").read_text())
    reasons = [w for entry in index for w in entry["why"]]
    assert "shortest" in reasons and "longest" in reasons and any(w.endswith("-wins") for w in reasons)
    for entry in index:
        page = (out / entry["file"]).read_text()
        assert f'max="{entry["actions"]}"' in page  # the replayed game is the simulated one
    assert cli(["simulate", "--games", "1", "--players", "2", "--out", str(tmp_path / "s2"),
                                    "--quiet", "--no-viewers"]).exit_code == 0
    assert not (tmp_path / "s2" / "viewers.json").exists()
