"""A fork restarts from the nearest point the flow can resume from (a player's action menu, or the start of
a status step: Game.resume_point), so its replay stays short however long the phase; it is still the
same game, move for move, as one replayed from the start."""

from __future__ import annotations

import rulewright.rules.clash  # noqa: F401 - registers the game's bots
from rulewright.api import new_game
from rulewright.engine.bots import make_bot


def _step(game, bots) -> None:
    d = game.pending
    game.apply({"player": d.player, "choice": bots[d.player].choose(game, d)})


def _replayed(game):
    """The same game replayed from its set-up (no snapshot, no remembered menu)."""
    fresh = type(game)(game.definition, game.config)
    for a in game.actions:
        fresh.apply(a)
    return fresh


def test_forks_in_the_status_phase_replay_only_their_step_and_play_on_alike():
    game = new_game(players=3, seed=21, forkable=True)
    plain = new_game(players=3, seed=21)  # not forkable: takes no snapshot at all
    bots = [make_bot("greedy", 21 + i) for i in range(3)]
    seen = 0
    while game.pending is not None and seen < 12:
        if game.state["phase"] == "status":
            seen += 1
            assert len(game.actions) - game._snap_at <= 3  # the step's own actions, not the round's
            fork, ref = game.fork(), _replayed(game)
            assert fork.state_hash() == ref.state_hash() == game.state_hash()
            assert fork.pending.to_json() == game.pending.to_json() and fork.log == game.log
            fbots = [make_bot("greedy", 50 + i) for i in range(3)]
            rbots = [make_bot("greedy", 50 + i) for i in range(3)]
            for _ in range(15):
                if fork.pending is None:
                    break
                _step(fork, fbots)
                _step(ref, rbots)
                assert fork.state_hash() == ref.state_hash()
        d = game.pending
        action = {"player": d.player, "choice": bots[d.player].choose(game, d)}
        game.apply(action)
        plain.apply(action)
        assert plain.state_hash() == game.state_hash()  # a resume point leaves the live state alone
    assert seen >= 6
