"""Fifty seeded 4-player games between greedy bots: conflict, events, cards and objectives happen.

The numbers are printed (`pytest -s`) so a reader can see them; the thresholds are fixed with the seeds.
"""

from __future__ import annotations

from collections import Counter

import pytest
from rulewright.api import play_game
from rulewright.rules.clash.state.definition import definition
from rulewright.tools.play import readable

GAMES = 50


@pytest.fixture(scope="module")
def fifty_games():
    return [play_game(4, seed, ["greedy"]) for seed in range(GAMES)]


def _count(games, text: str) -> int:
    return sum(1 for g in games for line in g.log if text in line)


def test_battles_captures_and_barbarian_attacks(fifty_games):
    battles = _count(fifty_games, "battle at")
    captures = _count(fifty_games, " captures ")
    raids = _count(fifty_games, "barbarians from")
    print(f"\n{GAMES} games: {battles} battles, {captures} captures, {raids} barbarian attacks")
    assert battles >= 1 and captures >= 1 and raids >= 1
    # the log tells them in readable lines (board labels for people)
    lines = [readable(line) for g in fifty_games for line in g.log if "battle at" in line]
    assert all("," not in line.split("battle at")[1].split(":")[0] for line in lines)


def test_every_event_card_is_drawn(fifty_games):
    drawn = Counter(line.split("draws the event ")[1] for g in fifty_games for line in g.log
                    if "draws the event " in line)
    names = {e.name for e in definition().content.of_kind("event_card")}
    print(f"\n{sum(drawn.values())} events drawn, {len(drawn)} distinct of {len(names)}")
    assert names <= set(drawn)


def test_action_cards_are_played_and_objectives_completed(fifty_games):
    played = Counter(c for g in fifty_games for cards in g.rt.cards_played.values() for c in cards)
    with_objectives = sum(1 for g in fifty_games if any(p["completed"] for p in g.state["players"]))
    completed = sum(len(p["completed"]) for g in fifty_games for p in g.state["players"])
    print(f"\n{sum(played.values())} action cards played, {len(played)} distinct; "
          f"{completed} objectives completed, in {with_objectives} of {GAMES} games")
    assert len(played) >= 20
    assert with_objectives > GAMES // 2
