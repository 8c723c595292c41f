"""Positions that cannot crash (issue 28): what this player count or these packs do not have is a message
naming the file, line and accepted values; positions set completed objectives, event points and the
"already used" record of limited abilities (Clash) and the free build of the age (7 Wonders)."""

from __future__ import annotations

from pathlib import Path

from rulewright.tools.modding.scenarios import load_scenario, run_scenario

BAD = """name: t
players: 2
position:
  players:
    - {advances: [farming, minning]}
  cities:
    - {owner: 0, at: C1, pieces: {market: 0}}
  units:
    - {owner: 0, type: leader_figure, at: D2}
"""


def test_unknown_space_unit_piece_advance_name_file_line_and_accepted_values(tmp_path: Path):
    f = tmp_path / "bad.yaml"
    f.write_text(BAD)
    res = run_scenario(load_scenario(f), path=str(f))
    assert not res.passed
    text = "\n".join(res.messages)
    assert "KeyError" not in text
    assert res.messages[0] == "cannot set up the position:"
    assert f"{f}:7:22: position.cities.0.at: 'C1' is not a space of the 2-player board; accepted: A3, " in text
    assert f"{f}:7:35: position.cities.0.pieces.market: 'market' is not a city piece of the loaded packs; " \
           "accepted: academy, fortress, port, settlement, temple" in text
    assert f"{f}:9:24: position.units.0.type: 'leader_figure' is not a unit type of the loaded packs; " \
           "accepted: army, settler, ship" in text
    assert f"{f}:5:28: position.players.0.advances.1: 'minning' is not an advance of the loaded packs; " \
           "did you mean 'mining'?" in text


def test_a_space_of_a_larger_board_is_refused_for_fewer_players():
    spec = {"name": "t", "players": 2, "position": {"units": [{"owner": 0, "type": "army", "at": "A1"}]}}
    res = run_scenario(spec)  # no file: the message still names where in the position
    assert res.messages[1].startswith("  position.units.0.at: 'A1' is not a space of the 2-player board")


def test_completed_objectives_and_event_points_score():
    spec = {"name": "t", "players": 2,
            "position": {"players": [{"completed": ["civilization_levy", "academic_conqueror"], "event_vp": 1.5}],
                         "cities": [{"owner": 0, "at": "D2"}]},
            "expect": [{"path": "score.breakdown.0.objectives", "equals": 4},
                       {"path": "score.breakdown.0.events", "equals": 1.5},
                       {"path": "decks.objective_card", "excludes": "civilization_levy"}]}
    res = run_scenario(spec)
    assert res.passed, res.messages


def test_a_limited_ability_already_used_this_round():
    """Bookkeeping (once per round: paying gold gives 1 idea) set as used gives nothing for a payment."""
    def spec(used):
        return {"name": "t", "packs": ["base", "examples/modding"], "players": 2,
                "position": {"players": [{"resources": {"gold": 6, "food": 0, "wood": 0, "ore": 0, "idea": 0},
                                          "culture_level": 3, "happiness_level": 3, "advances": ["bookkeeping"],
                                          "used": used, "hand": {"action_card": ["market_day"]}}],
                             "cities": [{"owner": 0, "at": "D2"}]},
                "actions": ["special:market_day#0", "0"], "expect": [{"path": "players.0.res.idea", "equals": 0}]}
    assert run_scenario(spec(["bookkeeping"])).passed
    assert not run_scenario(spec([])).passed  # not set: the payment gives the idea


def test_wonders7_free_build_already_used_this_age_and_unknown_cards():
    spec = {"name": "t", "game": "wonders7", "players": 3,
            "position": {"age": 3, "players": [
                {"board": "olympia_a", "coins": 0, "stages": 2, "hand": ["palace", "altar"], "free_used": True,
                 "name": "Ann"},
                {"board": "gizah_a", "coins": 0, "hand": ["altar", "senate"]},
                {"board": "babylon_a", "coins": 0, "hand": ["altar", "theater"]}]},
            "expect": [{"options_exclude": ["free:palace"], "pending": "pick"}, {"path": "players.0.name", "equals": "Ann"}]}
    assert run_scenario(spec).passed, run_scenario(spec).messages
    spec["position"]["players"][0]["free_used"] = False
    assert not run_scenario(spec).passed
    spec["position"]["players"][1]["hand"] = ["altar", "senat"]
    msgs = run_scenario(spec).messages
    assert msgs[1].startswith("  position.players.1.hand.1: 'senat' is not a card of the loaded packs; "
                              "did you mean 'senate'")
    assert "accepted: academy, altar" in msgs[1]
