"""Headers say where a game stands in its own words (issue 48): the seat's state (`progress`, the browser's
status line) and the replay viewer's step line read the game's descriptor (`progress_words`), so 7 Wonders
says "Age II, turn 3 of 6", never "round 2"; a game without its own words says its round and turn."""

from __future__ import annotations

from rulewright.api import new_game
from rulewright.engine.bots import RandomBot
from rulewright.engine.playout import play_out
from rulewright.tools.seat.replay_html import build_viewer_data
from rulewright.tools.seat.seat import progress_words, seat_state


def test_7_wonders_headers_name_the_age_and_turn():
    assert progress_words("wonders7", {"age": 2, "turn": 3, "turns": 6}) == "Age II, turn 3 of 6"
    assert progress_words("wonders7", {"age": 2, "turn": 7, "turns": 6}) == "Age II, the last card"
    assert progress_words("wonders7", {"age": 3, "turn": 6, "turns": 6, "phase": "over"}) == "game over"
    assert progress_words("wonders7", {"age": 0}) == ""
    g = new_game(players=3, seed=5, game_id="wonders7")
    assert seat_state(g, 1)["progress"] == "Age I, turn 1 of 6"


def test_a_game_without_its_own_words_says_round_and_turn():
    assert progress_words("clash", {"round": 2, "turn": 3}) == "round 2, turn 3"
    assert progress_words("clash", {}) == ""
    assert seat_state(new_game(players=2, seed=1), 0)["progress"] == "round 1, turn 1"


def test_the_replay_viewer_says_the_age_at_each_step_and_game_over_at_the_end():
    g = new_game(players=3, seed=5, game_id="wonders7")
    play_out(g, [RandomBot(i) for i in range(3)], limit=3000)
    info = build_viewer_data(g.save(), 0)["info"]
    assert info[0] == "Age I, turn 1 of 6" and info[-1] == "game over"
    assert {"Age II, turn 1 of 6", "Age III, turn 6 of 6"} <= set(info)
    assert not any("round" in x or "None" in x or "null" in x for x in info)
