"""Issue 14's coverage figure: 40 seeded 4-player greedy games use (nearly) every advance and wonder.

The same games as `rulewright simulate --games 40 --players 4 --seed 7`; at most 2 of the advances are
never owned and at most 1 of the wonders is never built.
"""

from __future__ import annotations

import pytest
from rulewright.tools.playtest.simulation import simulate_run


@pytest.mark.slow
def test_forty_greedy_games_build_the_wonders_and_own_the_advances(tmp_path):
    settings = {"games": 40, "players": 4, "seed": 7, "bots": ["greedy"], "packs": ["base"], "variants": []}
    rep = simulate_run(settings, tmp_path, workers=1, progress=False)
    never = rep["never_used"]
    print(f"\nnever owned: {never['advance']}; never built: {never['wonder']}")
    assert len(never["advance"]) <= 2
    assert len(never["wonder"]) <= 1
