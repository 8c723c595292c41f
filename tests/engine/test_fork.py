"""Game.fork(): an independent copy, pending decision included, that plays on without touching the original."""

from __future__ import annotations

import rulewright.rules.clash  # noqa: F401 - registers the game's bots
from rulewright.api import new_game
from rulewright.engine.bots import make_bot
from rulewright.engine.playout import play_out
from rulewright.engine.service import from_json, to_json


def _advance(game, bots, steps: int) -> None:
    play_out(game, bots, limit=steps)


def _bots(n: int, seed: int = 1):
    return [make_bot("greedy", seed + i) for i in range(n)]


def test_fork_is_the_same_game_at_every_decision_of_a_stretch():
    game = new_game(players=3, seed=11, forkable=True)
    bots = _bots(3)
    for _ in range(120):
        f = game.fork()
        assert f.state_hash() == game.state_hash()
        assert f.pending.to_json() == game.pending.to_json()
        assert f.actions == game.actions and f.log == game.log
        _advance(game, bots, 1)


def test_playing_on_a_fork_leaves_the_original_alone_and_vice_versa():
    game = new_game(players=4, seed=3, forkable=True)
    _advance(game, _bots(4), 90)
    before = game.state_hash()
    fork = game.fork()
    _advance(fork, _bots(4, 50), 60)
    assert game.state_hash() == before and len(game.actions) == 90
    fork_hash = fork.state_hash()
    _advance(game, _bots(4, 7), 40)
    assert fork.state_hash() == fork_hash and len(fork.actions) == 150


def test_fork_mid_decision_continues_like_the_original():
    """Forked anywhere (also inside an action, between its decisions), the same actions give the same game."""
    game = new_game(players=2, seed=5)  # not forkable: the first fork replays it once
    _advance(game, _bots(2), 37)
    assert game.pending is not None
    fork = game.fork()
    _advance(game, _bots(2, 9), 200)
    _advance(fork, _bots(2, 9), 200)
    assert fork.state_hash() == game.state_hash()
    assert fork.actions == game.actions


def test_fork_of_a_fork_and_of_a_service_game():
    game = new_game(players=2, seed=8, checkpoints=True)
    _advance(game, _bots(2), 55)
    served = from_json(to_json(game))
    assert served.fork().state_hash() == game.state_hash()
    again = game.fork().fork()
    assert again.state_hash() == game.state_hash()


def test_fork_is_deterministic():
    game = new_game(players=3, seed=2, forkable=True)
    _advance(game, _bots(3), 70)
    a, b = game.fork(), game.fork()
    _advance(a, _bots(3, 4), 100)
    _advance(b, _bots(3, 4), 100)
    assert a.state_hash() == b.state_hash()


def test_a_definition_is_settled_out_of_the_cycle_collector_once():
    import gc

    from rulewright.engine import machine

    game = new_game(players=2, seed=5)
    assert id(game.definition) in machine._SETTLED or len(machine._SETTLED) == machine.SETTLE_AT_MOST
    frozen = gc.get_freeze_count()
    assert frozen > 0  # the compiled content is out of the collector's generations
    new_game(players=3, seed=6)  # the same definition: nothing frozen again
    assert gc.get_freeze_count() == frozen
