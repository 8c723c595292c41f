"""The service keeps the games behind the blobs it wrote (engine/service.py POSITIONS): a blob sent back is
copied, not parsed and replayed; the text out is the same as the full path's, move for move."""

from __future__ import annotations

import json

import pytest
import rulewright.rules.clash  # noqa: F401 - registers the game's bots
from rulewright.api import new_game
from rulewright.engine import service
from rulewright.engine.bots import make_bot
from rulewright.engine.decision import IllegalAction
from rulewright.engine.service import apply_json, from_json, to_json


def test_kept_positions_give_the_same_blobs_as_the_full_path():
    game = new_game(players=3, seed=9, checkpoints=True)
    bots = [make_bot("greedy", 9 + i) for i in range(3)]
    for _ in range(60):
        d = game.pending
        game.apply({"player": d.player, "choice": bots[d.player].choose(game, d)})
    blob = to_json(game)
    service.POSITIONS.clear()
    kept = 0
    for _ in range(60):
        g = from_json(blob)
        if g.pending is None:
            break
        d = g.pending
        action = json.dumps({"player": d.player, "choice": bots[d.player].choose(g, d)})
        kept += (blob, id(None)) in service.POSITIONS
        warm = apply_json(blob, action)
        with pytest.raises(IllegalAction):  # refused: nothing kept changes
            apply_json(blob, json.dumps({"player": d.player, "choice": "no such option"}))
        saved = dict(service.POSITIONS)
        service.POSITIONS.clear()
        cold = apply_json(blob, action)
        assert warm == cold
        service.POSITIONS.clear()
        service.POSITIONS.update(saved)
        assert apply_json(blob, action) == warm  # the same blob twice: the same answer
        blob = warm
    assert kept >= 50
