"""What a named seat sees (`view_of: N`) and the order of log lines (`log_order`), in any game's scenario
(issue 48): each check passes when it holds, fails with a message that says what was seen where, and
refuses a seat that does not exist or an item it cannot apply to."""

from __future__ import annotations

import dataclasses

from rulewright.engine import games
from rulewright.tools.modding.scenarios import run_scenario

PICKS = {"name": "t", "game": "wonders7", "players": 3,
         "position": {"age": 3, "players": [
             {"board": "gizah_a", "coins": 0, "hand": ["tavern", "altar"]},
             {"board": "babylon_a", "coins": 0, "hand": ["altar", "senate"]},
             {"board": "rhodes_a", "coins": 0, "hand": ["altar", "gardens"]}]},
         "actions": ["build:tavern"]}
ORDER = ["Player 1 builds Tavern", "Player 3 discards a card", "Player 1 takes 5 coins (Tavern)"]


def _run(expect: list, actions: list | None = None) -> list[str]:
    res = run_scenario({**PICKS, "expect": expect, **({"actions": actions} if actions is not None else {})})
    return [] if res.passed else res.messages[:-1]  # the last line is the pending decision


def test_a_path_seen_by_a_seat_reads_its_view():
    assert _run([{"path": "players.0.pick.card", "view_of": 0, "equals": "tavern"},
                 {"path": "players.0.pick", "view_of": 1, "equals": None},
                 {"path": "players.0.hand", "view_of": 2, "equals": {"count": 2}},
                 {"path": "players.1.hand", "view_of": 1, "equals": ["altar", "senate"]},
                 {"path": "rng", "view_of": 1, "absent": True},
                 {"path": "pending.kind", "view_of": 1, "equals": "pick"},
                 {"path": "options", "view_of": 2, "equals": []}]) == []
    assert _run([{"path": "players.0.pick", "view_of": 1, "equals": {"card": "tavern"}}]) == [
        "players.0.pick (as seat 1 sees it): expected {'card': 'tavern'}, actual None"]
    assert _run([{"path": "players.0.hand", "view_of": 1, "length": 2}]) == [
        "players.0.hand (as seat 1 sees it): expected length 2, actual 1 ({'count': 2})"]
    # without view_of the same path reads the whole state
    assert _run([{"path": "players.0.hand", "length": 2}]) == []


def test_a_seat_must_exist_and_view_of_goes_only_with_what_a_seat_sees():
    assert _run([{"path": "age", "view_of": 3, "equals": 3}]) == [
        "view_of: 3 is not a seat of this 3-player game (seats are 0 to 2)"]
    assert _run([{"path": "age", "view_of": True, "equals": 3}])[0].startswith("view_of: True is not a seat")
    assert _run([{"vp": {0: 0}, "view_of": 1}]) == [
        'view_of applies to path, log, no_log, log_order items, not to {"vp": {"0": 0}, "view_of": 1} (what a '
        "seat is asked is the path `pending` with view_of)"]


def test_log_order_finds_lines_in_order_and_shows_where_they_are():
    actions = ["build:tavern", "sell:altar", "sell:altar"]
    assert _run([{"log_order": ORDER}], actions) == []
    [msg] = _run([{"log_order": [ORDER[2], ORDER[0]]}], actions)
    assert msg.startswith("expected a log line containing 'Player 1 builds Tavern' after line 10 ('Player 1 takes "
                          "5 coins (Tavern)'); it is only at line 7:")
    assert "\n    7: Player 1 builds Tavern\n    10: Player 1 takes 5 coins (Tavern)" in msg
    [msg] = _run([{"log_order": ["Player 1 builds Tavern", "Player 9"]}], actions)
    assert "'Player 9' after line 7 ('Player 1 builds Tavern'); it is nowhere" in msg
    assert _run([{"log_order": ["x"]}], actions) == ["log_order takes a list of at least two texts, not ['x']"]


def test_log_checks_seen_by_a_seat_read_only_the_lines_it_may_read(monkeypatch):
    """A game whose descriptor hides a line from a seat (its `visible_log`): log, no_log and log_order with
    view_of read what that seat reads."""
    module = games.find("wonders7")
    hidden = dataclasses.replace(module, visible_log=lambda game, p: [x for x in game.log if p != 1 or "Tavern" not in x])
    monkeypatch.setitem(games._GAMES, "wonders7", hidden)
    actions = ["build:tavern", "sell:altar", "sell:altar"]
    assert _run([{"log": "builds Tavern", "view_of": 0}, {"no_log": "Tavern", "view_of": 1},
                 {"log_order": ORDER, "view_of": 2}, {"path": "log", "view_of": 1, "excludes": ORDER[0]}], actions) == []
    [msg] = _run([{"log": "builds Tavern", "view_of": 1}], actions)
    assert msg.startswith("expected a log line containing 'builds Tavern' (as seat 1 sees it); last lines:")
    [msg] = _run([{"no_log": "Tavern", "view_of": 0}], actions)
    assert msg == "expected no log line containing 'Tavern' (as seat 0 sees it), found 'Player 1 builds Tavern'"
    [msg] = _run([{"log_order": ORDER, "view_of": 1}], actions)
    assert "containing 'Player 1 builds Tavern' (as seat 1 sees it); it is nowhere" in msg
