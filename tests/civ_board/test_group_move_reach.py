"""A culture card's group-move condition asks whether each group could move anywhere: has_destination
(a search that stops at the first square) answers as listing every destination does."""

from __future__ import annotations

from rulewright.api import new_game
from rulewright.engine.bots import RandomBot
from rulewright.rules.civ_board.phases.map_events import destinations, has_destination


def test_has_destination_is_whether_destinations_lists_some():
    asked = found = 0
    game = new_game(players=3, seed=12, game_id="civ_board")
    bot = RandomBot(12)
    while game.pending is not None and len(game.actions) < 300:
        if len(game.actions) % 20 == 0:
            rt = game.rt
            for start in sorted({(f["x"], f["y"]) for f in rt.state["figures"]}):
                for steps in (0, 1, 2, 3):  # none at 0 steps
                    got = has_destination(rt, start, steps)
                    assert got == bool(destinations(rt, start, steps))
                    asked += 1
                    found += got
        d = game.pending
        game.apply({"player": d.player, "choice": bot.choose(game, d)})
    assert asked > 50 and 0 < found < asked
