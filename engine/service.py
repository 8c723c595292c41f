"""The stateless service path: a game as one JSON string in, an action applied, a JSON string out.

A running game cannot be frozen at every decision (some choices are made inside a rule procedure),
so the JSON holds the last state the rules can resume from (a checkpoint, taken whenever the game
waits for a top-level decision) plus the few actions applied since; loading resumes the checkpoint
and replays those actions. A rule that fails during a later `apply` rebuilds from that same
checkpoint, so a refused move leaves the blob byte-identical. The blob holds the RNG state and every
hidden card: it is for the server only, never for a seat (a seat gets `Game.view`). Whole saves
(set-up + every action) stay in Game.save()/Game.load().

`apply_json` keeps the last few games it produced, by their exact blob text (POSITIONS): a blob it
wrote itself, sent back (a client's next move), is not parsed, checked and replayed again but copied
with `Game.fork` (cheap at any decision), so the service path costs about one fork and one action. A
blob it has not seen (another process's, an edited one) takes the full path. Either way the same
blob and action give the same text out: a fork is the same game, move for move.
"""

from __future__ import annotations

import json
from collections import OrderedDict

from . import games
from .decision import IllegalAction
from .diagnostics import ContentError
from .jsonsafe import BadJSON, loads
from .machine import SAVE_FORMAT, Game, SaveError, validate_save

SERVICE_FORMAT = 1


def to_json(game: Game) -> str:
    if not game.checkpoints or game.checkpoint is None:
        raise ValueError("this game does not keep checkpoints: create it with checkpoints=True")
    # the checkpoint is already JSON text: splice it in rather than parse and dump it again
    config = json.dumps(game.config, separators=(",", ":"))
    since = json.dumps(game.since, separators=(",", ":"))
    return (f'{{"format":{SERVICE_FORMAT},"game":{json.dumps(game.definition.game_id)},"config":{config},'
            f'"state":{game.checkpoint},"since":{since}}}')


class ServiceError(IllegalAction):
    """A service blob or action that cannot be used: not JSON, not the layout, or a state the rules
    refuse. Like every IllegalAction, it leaves everything as it was."""


def _blob(text: str) -> dict:
    """The parsed blob, checked: its set-up and actions against the save schema, the state an object."""
    try:
        data = loads(text)
    except BadJSON as err:
        raise ServiceError(f"not a game blob: {err}") from None
    if not isinstance(data, dict):
        raise ServiceError(f"not a game blob: a JSON object with format, game, config, state and since, "
                           f"got {type(data).__name__}")
    if data.get("format") != SERVICE_FORMAT:
        raise ServiceError(f"unsupported service format {_short(data.get('format'))} (this version reads "
                           f"{SERVICE_FORMAT})")
    extra = sorted(set(data) - {"format", "game", "config", "state", "since"})
    if extra:
        raise ServiceError(f"not a game blob: unknown field(s) {', '.join(map(_short, extra))}")
    if not isinstance(data.get("state"), dict):
        raise ServiceError("not a game blob: 'state' must be an object (the checkpoint to resume)")
    try:  # set-up and actions have the layout of a save's
        validate_save({"format": SAVE_FORMAT, "game": data.get("game"), "config": data.get("config"),
                       "actions": data.get("since")})
    except SaveError as err:
        raise ServiceError(f"not a game blob: {str(err).replace('save', 'blob')}") from None
    return data


def _short(value: object, width: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= width else text[: width - 3] + "..."


def _resume(definition, config: dict, state_text: str) -> Game:
    """A game resumed from a checkpoint; rebuilt from that checkpoint again when a rule fails later."""
    cfg = dict(config)
    cfg["checkpoint"] = json.loads(state_text)
    cfg["checkpoint_fresh"] = True  # just parsed: nobody else holds it, no copy needed
    game = Game(definition, cfg, checkpoints=True)
    game.config.pop("checkpoint", None)
    game.config.pop("checkpoint_fresh", None)
    game.restart = lambda: _resume(definition, config, state_text)
    return game


def from_json(text: str, definition=None) -> Game:
    """Restore a game from `to_json` text. ServiceError (an IllegalAction) says why it cannot."""
    data = _blob(text)
    if definition is None:  # the game the blob names, found through the registry
        try:
            game_module = games.find(str(data.get("game") or games.default_game()))
        except KeyError as err:
            raise ServiceError(err.args[0]) from None
        cfg = data["config"]
        packs = cfg.get("packs", list(game_module.default_packs))
        try:
            definition = game_module.definition(packs, cfg.get("variants", []))
        except (ValueError, ContentError) as err:
            raise ServiceError(f"the blob's packs or variants cannot be loaded: {err}") from None
    elif data["game"] != definition.game_id:
        raise ServiceError(f"this blob is for game {data['game']!r}, not {definition.game_id!r}")
    state_text = json.dumps(data["state"], separators=(",", ":"))
    try:
        game = _resume(definition, data["config"], state_text)
        check = getattr(definition, "check_state", None)
        problems = check(game) if check is not None else []
    except Exception as err:  # a hand-made state the rules cannot even read
        raise ServiceError(f"the blob's state cannot be resumed: {type(err).__name__}: {_short(str(err), 120)}") \
            from None
    if problems:
        raise ServiceError(f"the blob's state breaks the rules: {'; '.join(problems[:5])}")
    for i, action in enumerate(data["since"]):
        try:
            game.apply(action)
        except IllegalAction as err:
            raise ServiceError(f"action {i} of the blob cannot be replayed: {err}") from None
    return game


# blob text (and the definition it was read with) -> the game it holds, never played on (only forked)
POSITIONS: OrderedDict[tuple[str, int], Game] = OrderedDict()
KEEP_POSITIONS = 64


def _copy(game: Game) -> Game:
    """An independent copy of a service game, its checkpoint and the actions since included."""
    g = game.fork()
    g.checkpoints, g.checkpoint, g.since = True, game.checkpoint, list(game.since)
    g.checkpoints_taken, g.restart = game.checkpoints_taken, game.restart
    return g


def apply_json(text: str, action_text: str, definition=None) -> str:
    """Apply one action (JSON text) to a blob; anything unusable is an IllegalAction, changing nothing."""
    key = (text, id(definition))
    known = POSITIONS.get(key)
    if known is not None and (definition is None or known.definition is definition):
        POSITIONS.move_to_end(key)
        game = _copy(known)
    else:
        game = from_json(text, definition)
        if game.checkpoint is not None:  # (a hand-made state no decision can resume from is not kept)
            POSITIONS[key] = _copy(game)  # the copy is kept: `game` plays on
    try:
        action = loads(action_text)
    except BadJSON as err:
        raise ServiceError(f"the action is {err}") from None
    game.apply(action)
    out = to_json(game)
    game.log.clear()  # a kept game is only forked: its log would only grow
    POSITIONS[(out, id(definition))] = game
    while len(POSITIONS) > KEEP_POSITIONS:
        POSITIONS.popitem(last=False)
    return out


__all__ = ["SAVE_FORMAT", "ServiceError", "apply_json", "from_json", "to_json"]
