"""Fifty seeded 4-player greedy games with the Civilizations pack: they finish, and the expansion's
new situations happen in them (leaders die, pirates raid, cavalry and elephants fight).

The numbers are printed (`pytest -s`) so a reader can see them; the thresholds are fixed with the seeds.
"""

from __future__ import annotations

from collections import Counter

import pytest
from rulewright.api import play_game
from rulewright.rules.clash.phases.invariants import check_invariants

GAMES = 50
PACKS = ["base", "civilizations"]


@pytest.fixture(scope="module")
def civ_games():
    return [play_game(4, seed, ["greedy"], packs=PACKS) for seed in range(GAMES)]


def _count(games, *texts: str) -> int:
    return sum(1 for g in games for line in g.log if all(t in line for t in texts))


@pytest.mark.slow
def test_fifty_games_finish_with_every_civilization_played(civ_games):
    assert all(g.over for g in civ_games)
    played = Counter(p["civilization"] for g in civ_games for p in g.state["players"])
    print(f"\ncivilisations played: {dict(sorted(played.items()))}")
    assert len(played) == 8
    assert all(check_invariants(g) == [] for g in civ_games)


@pytest.mark.slow
def test_leaders_die_pirates_raid_and_cavalry_or_elephants_fight(civ_games):
    deaths = _count(civ_games, "'s leader ", " dies") + _count(civ_games, "'s leader ", " falls")
    captured = sum(len(p["captured_leaders"]) for g in civ_games for p in g.state["players"])
    raids = _count(civ_games, "pirate raid: ", " raid ")
    mounted = sum(1 for g in civ_games for line in g.log if "battle at" in line
                  and ("cavalr" in line or "elephant" in line))
    new_leaders = _count(civ_games, "'s leader is ") - 4 * GAMES
    print(f"\n{GAMES} games: {deaths} leader deaths ({captured} killed in battle), {new_leaders} new leaders, "
          f"{raids} pirate raids, {mounted} battles with cavalry or elephants")
    assert deaths >= 1
    assert raids >= 1
    assert mounted >= 1
