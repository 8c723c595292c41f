"""The stateless service path: a game as one JSON string in, an action applied, a JSON string out.

A running game cannot be frozen at every decision (some choices are made inside a rule procedure),
so the JSON holds the last state the rules can resume from (a checkpoint, taken whenever the game
waits for a top-level decision) plus the few actions applied since; loading resumes the checkpoint
and replays those actions. Whole saves (set-up + every action) stay in Game.save()/Game.load().
"""

from __future__ import annotations

import json

from . import games
from .machine import SAVE_FORMAT, Game

SERVICE_FORMAT = 1


def to_json(game: Game) -> str:
    if not game.checkpoints or game.checkpoint is None:
        raise ValueError("this game does not keep checkpoints: create it with checkpoints=True")
    # the checkpoint is already JSON text: splice it in rather than parse and dump it again
    config = json.dumps(game.config, separators=(",", ":"))
    since = json.dumps(game.since, separators=(",", ":"))
    return (f'{{"format":{SERVICE_FORMAT},"game":{json.dumps(game.definition.game_id)},"config":{config},'
            f'"state":{game.checkpoint},"since":{since}}}')


def from_json(text: str, definition=None) -> Game:
    data = json.loads(text)
    if data.get("format") != SERVICE_FORMAT:
        raise ValueError(f"unsupported service format {data.get('format')!r}")
    if definition is None:  # the game the JSON names, found through the registry
        try:
            game_module = games.find(str(data.get("game") or games.default_game()))
        except KeyError as err:
            raise ValueError(err.args[0]) from None
        cfg = data["config"]
        definition = game_module.definition(cfg.get("packs", list(game_module.default_packs)),
                                            cfg.get("variants", []))
    config = dict(data["config"])
    config["checkpoint"] = data["state"]
    config["checkpoint_fresh"] = True  # just parsed: nobody else holds it, no copy needed
    game = Game(definition, config, checkpoints=True)
    game.config.pop("checkpoint", None)
    game.config.pop("checkpoint_fresh", None)
    for action in data["since"]:
        game.apply(action)
    return game


def apply_json(text: str, action_text: str, definition=None) -> str:
    game = from_json(text, definition)
    game.apply(json.loads(action_text))
    return to_json(game)


__all__ = ["SAVE_FORMAT", "apply_json", "from_json", "to_json"]
