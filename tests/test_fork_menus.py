"""A fork takes the menus its parent worked out on the actions it replays (engine Game.remembered): the
same options, the same game move for move as a fork that works every menu out again, in both games."""

from __future__ import annotations

import pytest
import rulewright.rules.clash  # noqa: F401 - registers the game's bots
import rulewright.rules.wonders7  # noqa: F401
from rulewright.api import new_game
from rulewright.engine.bots import make_bot
from rulewright.engine.playout import play_out


def _step(game, bots) -> None:
    assert play_out(game, bots, limit=1) == 1


@pytest.mark.parametrize("game_id,players,seed", [("clash", 3, 5), ("wonders7", 3, 2)])
def test_forks_with_remembered_menus_play_as_forks_without(game_id, players, seed):
    game = new_game(players=players, seed=seed, forkable=True, game_id=game_id)
    bots = [make_bot("greedy", seed + i, game_id) for i in range(players)]
    recalled = 0
    for i in range(150):
        if game.pending is None:
            break
        if i % 3 == 0:
            fork = game.fork()
            blind = game.fork()
            blind.__dict__.update(_memos=[], _memo_i=0)  # as if the parent had remembered nothing
            recalled += len(game._memos) > 0 and game._memos_ok
            assert fork.state_hash() == game.state_hash() and fork.pending.to_json() == game.pending.to_json()
            # both forks play on alike for a stretch (their own menus from here on)
            fbots = [make_bot("greedy", 100 + k, game_id) for k in range(players)]
            bbots = [make_bot("greedy", 100 + k, game_id) for k in range(players)]
            for _ in range(12):
                if fork.pending is None:
                    break
                _step(fork, fbots)
                _step(blind, bbots)
                assert fork.state_hash() == blind.state_hash()
                assert fork.pending is None or fork.pending.to_json() == blind.pending.to_json()
            # a fork of a fork recalls its own parent's menus, and is the same game too
            again = fork.fork()
            assert again.state_hash() == fork.state_hash()
        _step(game, bots)
    assert recalled >= 10


def test_a_fork_works_out_menus_again_once_it_leaves_the_replay():
    game = new_game(players=2, seed=4, forkable=True, game_id="clash")
    bots = [make_bot("greedy", 4 + i, "clash") for i in range(2)]
    for _ in range(40):
        _step(game, bots)
    fork = game.fork()
    assert fork._known is None  # past its replay: nothing recalled from here on
    calls = []
    fork.remembered(("probe", 0), lambda: calls.append(1) or ["x"])
    assert calls == [1]
