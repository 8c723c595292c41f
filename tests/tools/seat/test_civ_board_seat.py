"""A person's seat at Civilization: the panel shows the seat's own forces and culture cards by name and
only counts of a rival's; a whole hot-seat game answered '1' to every question ends."""

from __future__ import annotations

import pytest
from civ_helpers import bot_game
from rulewright.rules.civ_board.seat import seat_panel


def test_the_panel_names_the_seats_own_cards_and_counts_the_rivals():
    g = bot_game(2, until=lambda g: g.state["turn"] >= 3)
    entries = g.definition.content.entries
    text = "\n".join(seat_panel(g, 0))
    mine = g.state["players"][0]["forces"]
    assert all(entries[u].name in text for u in mine)
    theirs = g.state["players"][1]
    assert f"forces {len(theirs['forces'])}" in text
    assert f"culture cards {len(theirs['hand'])}" in text


@pytest.mark.slow
def test_a_human_seat_answering_1_plays_a_whole_game(tmp_path, play_cli):
    r = play_cli(["--game", "civ_board", "--players", "2", "--seed", "2", "--human", "0"], "1\n" * 3000, tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Winner:" in r.stdout and "Traceback" not in r.stdout + r.stderr
    assert "action of the city at" in r.stdout and "   1) devote to the arts" in r.stdout
