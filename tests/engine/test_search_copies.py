"""Copies of a sampled world (engine/search.py `copy_world`): a fork of a guessed world that kept its own
snapshot is the same world, byte for byte, as guessing again from the same seed, before and after a play-out;
where the rules restarted from the guess stand elsewhere (7 Wonders' withdrawn secret picks) the guess is made
again, so the copy is still the same world."""

from __future__ import annotations

import rulewright.rules.clash  # noqa: F401 - registers the game and its bots
import rulewright.rules.wonders7  # noqa: F401
from rulewright.api import new_game
from rulewright.engine.bots import make_bot
from rulewright.engine.playout import play_out
from rulewright.engine.search import copy_world, sample_world


def _compare(game_id: str, players: int, steps: int, every: int) -> tuple[int, int, int]:
    """At every `every`-th searchable decision of a greedy game: a guess made twice against a copy of it.
    Returns (positions compared, worlds that kept a snapshot, copies that were forks)."""
    game = new_game(players=players, seed=42, forkable=True, game_id=game_id)
    bots = [make_bot("greedy", i, game_id) for i in range(players)]
    counts = [0, 0, 0]

    def check(g, step) -> None:
        d = step.decision
        support = g.definition.search_support()
        if step.index % every or not support.searchable(d):
            return
        seed = 1234 + step.index
        again = sample_world(g, d.player, support, seed)
        sampled = sample_world(g, d.player, support, seed, copies=True)
        kept = sampled.forkable
        copy = copy_world(sampled, g, d.player, support, seed)
        assert copy is not sampled and not copy.forkable  # a sealed copy
        assert copy.state_hash() == again.state_hash()
        assert copy.pending.to_json() == again.pending.to_json()
        for world in (copy, again):
            play_out(world, lambda q: support.policy(99 + q), limit=24)
        assert copy.state_hash() == again.state_hash() and copy.actions == again.actions
        counts[0] += 1
        counts[1] += kept
        counts[2] += kept and sampled.forkable  # still copyable: the copy was a fork of it

    play_out(game, bots, on_step=check, limit=steps)
    return counts[0], counts[1], counts[2]


def test_a_copy_of_a_sampled_clash_world_is_the_world_guessed_again():
    compared, kept, forked = _compare("clash", 2, 90, 5)
    assert compared >= 6 and forked >= 3  # most action menus are resumable: copies are forks there
    assert kept == forked


def test_a_7_wonders_world_whose_picks_were_withdrawn_is_guessed_again():
    compared, kept, forked = _compare("wonders7", 3, 24, 1)
    assert compared >= 10
    assert 0 < forked < kept  # the first seat's picks copy; a later seat's (others' picks withdrawn) do not
