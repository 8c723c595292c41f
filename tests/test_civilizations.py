"""The Civilizations expansion's set-up and succession rules, through the public API.

Set-up choices happen before the first turn, so scenario files (which start at a turn) cannot show
them; these tests drive a real game instead.
"""

from __future__ import annotations

import json

import pytest
from rulewright.api import new_game, scores
from rulewright.engine.decision import IllegalAction
from rulewright.rules.clash.state.definition import definition, start_tile
from rulewright.rules.clash.state.measures import home_space

PACKS = ["base", "civilizations"]


def _pick(game, option: str) -> None:
    game.apply({"player": game.pending.player, "choice": option})


def _greedy(game) -> str:
    """The greedy bot's choice, so that games move on like real ones (the first option may just pass)."""
    import rulewright.rules.clash  # noqa: F401 - registers the greedy bot
    from rulewright.engine.bots import make_bot
    return make_bot("greedy", 1).choose(game, game.pending)


def _until(game, kind: str, limit: int = 400):
    """Play the first legal option until a decision of `kind` is pending (or the game ends)."""
    for _ in range(limit):
        if game.pending is None or game.pending.kind == kind:
            return game.pending
        _pick(game, _greedy(game))
    return game.pending


def test_each_player_picks_one_of_two_dealt_boards():
    game = new_game(players=4, seed=11, packs=PACKS)
    picked = []
    for _ in range(4):
        d = game.pending
        assert d.kind == "civilization"
        assert len(d.options) == 2 and set(d.options) <= set(definition(PACKS).civilizations)
        picked.append(d.options[1])
        _pick(game, d.options[1])
    civs = {p["civilization"] for p in game.state["players"]}
    assert civs == set(picked) and len(civs) == 4  # boards are dealt without repeats


def test_leader_drawn_from_own_civilization_and_standing_in_first_city():
    game = new_game(players=3, seed=5, packs=PACKS)
    _until(game, "action")
    defn = definition(PACKS)
    for i, pl in enumerate(game.state["players"]):
        civ = pl["civilization"]
        assert defn.leaders[pl["leader"]].data["civilization"] == civ
        assert sorted(pl["leaders_left"] + [pl["leader"]]) == sorted(defn.leaders_of[civ])
        figures = [u for u in game.state["units"].values() if u["owner"] == i and u["type"] == "leader_figure"]
        assert len(figures) == 1
        assert figures[0]["space"] in game.state["cities"]


def test_two_settlements_of_each_colour_leave_the_game():
    assert definition(PACKS).limit("settlement") == 5
    assert definition(["base"]).limit("settlement") == 7


def test_alternate_starting_region_replaces_the_start_tile():
    defn = definition(PACKS)
    alt = sorted(c for c, e in defn.civilizations.items() if e.data.get("start_region"))
    assert alt, "the pack has civilisations with an alternate starting region"
    for seed in range(40):
        game = new_game(players=2, seed=seed, packs=PACKS)
        d = game.pending
        if alt[0] not in d.options:
            continue
        _pick(game, alt[0])
        me = [i for i, p in enumerate(game.state["players"]) if p["civilization"] == alt[0]][0]
        _until(game, "action")
        assert start_tile(alt[0]) in game.state["board"]["tiles"]
        home = home_space(game.rt, me)
        assert game.state["cities"][home]["owner"] == me
        want = defn.civilizations[alt[0]].data["start_region"]["terrains"]["top"]
        assert game.rt.terrain(home) == want
        return
    pytest.fail("no seed dealt the civilisation")


def test_special_advance_comes_and_goes_with_its_basic_advance():
    defn = definition(PACKS)
    special, entry = next((s, e) for s, e in defn.special_advances.items() if e.data["granted_by"] in defn.advances)
    game = new_game(players=2, seed=1, packs=PACKS)
    _until(game, "action")
    p = game.state["players"][0]
    p["civilization"] = entry.data["civilization"]
    before = scores(game)["vp"][0]
    assert special not in game.rt.special_advances(0)
    p["advances"].append(entry.data["granted_by"])
    assert special in game.rt.special_advances(0)
    assert scores(game)["vp"][0] == before + 0.5 + 0.5  # the basic advance and its special advance
    p["advances"].remove(entry.data["granted_by"])
    assert special not in game.rt.special_advances(0)
    p["advances"].append(entry.data["granted_by"])
    assert special in game.rt.special_advances(0)  # regained with it


def test_government_category_grants_through_its_top_advance():
    defn = definition(PACKS)
    special, entry = next((s, e) for s, e in defn.special_advances.items()
                          if e.data["granted_by"] in defn.government_categories)
    game = new_game(players=2, seed=1, packs=PACKS)
    _until(game, "action")
    game.state["players"][0]["civilization"] = entry.data["civilization"]
    game.state["players"][0]["advances"].append(defn.top_advance[entry.data["granted_by"]])
    assert special in game.rt.special_advances(0)


def test_captured_leader_counts_two_points_with_the_objectives():
    game = new_game(players=2, seed=2, packs=PACKS)
    _until(game, "action")
    before = scores(game)["breakdown"][0]["objectives"]
    game.state["players"][0]["captured_leaders"].append(game.state["players"][1]["leader"])
    assert scores(game)["breakdown"][0]["objectives"] == before + 2


def test_new_leader_in_the_last_status_step_discards_the_old_one():
    game = new_game(players=2, seed=3, packs=PACKS)
    d = _until(game, "new_leader", limit=20000)
    assert d is not None, "the status phase offers a new leader"
    p = d.player
    pl = game.state["players"][p]
    old, left = pl["leader"], list(pl["leaders_left"])
    _pick(game, "new")
    if game.pending.kind == "city":
        _pick(game, game.pending.options[0])
    assert pl["leader"] in left and pl["leader"] != old
    assert old in pl["discarded_leaders"] and old not in pl["leaders_left"]
    figures = [u for u in game.state["units"].values() if u["owner"] == p and u["type"] == "leader_figure"]
    assert len(figures) == 1 and figures[0]["space"] in game.state["cities"]


def test_illegal_civilization_choice_changes_nothing():
    game = new_game(players=2, seed=4, packs=PACKS)
    before = json.dumps(game.state, sort_keys=True)
    with pytest.raises(IllegalAction):
        _pick(game, "atlantis")
    assert json.dumps(game.state, sort_keys=True) == before


def test_lead_us_lets_the_player_choose_the_leader():
    game = new_game(players=2, seed=6, packs=PACKS, variants=["lead_us"])
    d = _until(game, "leader")
    assert d is not None and len(d.options) == 3
    pick = d.options[2]
    who = d.player
    _pick(game, pick)
    assert game.state["players"][who]["leader"] == pick


def test_what_if_deals_leaders_from_one_shared_deck():
    defn = definition(PACKS, ["what_if"])
    foreign = 0
    for seed in range(6):
        game = new_game(players=4, seed=seed, packs=PACKS, variants=["what_if"])
        _until(game, "action")
        for pl in game.state["players"]:
            mine = [pl["leader"]] + pl["leaders_left"]
            assert len(mine) == 3
            foreign += sum(1 for x in mine if defn.leaders[x].data["civilization"] != pl["civilization"])
        dealt = [x for pl in game.state["players"] for x in [pl["leader"]] + pl["leaders_left"]]
        assert len(dealt) == len(set(dealt))
    assert foreign > 0


def test_other_players_unused_leaders_are_hidden():
    game = new_game(players=2, seed=7, packs=PACKS)
    _until(game, "action")
    seen = game.view(0)
    assert isinstance(seen["players"][0]["leaders_left"], list)
    assert seen["players"][1]["leaders_left"] == {"count": 2}


def test_list_civilizations_json_has_four_special_advances_and_three_leaders_each(cli):
    res = cli(["list", "civilizations", "--format", "json"])
    assert res.exit_code == 0, res.output
    civs = json.loads(res.stdout)
    assert len(civs) >= 8
    for c in civs:
        assert len(c["special_advances"]) == 4, c["id"]
        assert len(c["leaders"]) == 3, c["id"]
    for word, kind in (("leaders", "leader"), ("special-advances", "special_advance")):
        res = cli(["list", word, "--format", "json"])
        assert res.exit_code == 0
        rows = json.loads(res.stdout)
        assert rows and all(r["kind"] == kind and r["civilization"] for r in rows)


def test_a_game_with_the_pack_is_deterministic_and_saves_and_loads():
    from rulewright.api import load_game, play_game

    one = play_game(4, 21, ["greedy"], packs=PACKS)
    two = play_game(4, 21, ["greedy"], packs=PACKS)
    assert one.over and one.state_hash() == two.state_hash()
    save = json.loads(json.dumps(one.save()))
    assert save["config"]["packs"] == PACKS
    assert load_game(save).state_hash() == one.state_hash()
