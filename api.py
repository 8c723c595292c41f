"""The small Python API: create a game, list legal actions, apply, save and load, score.

    from rulewright.api import new_game
    game = new_game(players=3, seed=7)
    while game.pending:
        game.apply(game.legal_actions()[0])
    print(scores(game))
"""

from __future__ import annotations

from .engine import games
from .engine.diagnostics import ContentError
from .engine.machine import Game, SaveError, validate_save


def new_game(players: int = 2, seed: int = 0, packs: list[str] | None = None,
             variants: list[str] | None = None, names: list[str] | None = None, game_id: str | None = None,
             checkpoints: bool = False, forkable: bool = False) -> Game:
    """A new game. `checkpoints=True` keeps what engine.service.to_json needs (the stateless JSON path);
    `forkable=True` keeps what Game.fork() needs from the start (else the first fork replays the game)."""
    try:
        game = games.find(game_id or games.default_game())
    except KeyError as err:
        raise ValueError(err.args[0]) from None
    packs = packs or list(game.default_packs)
    variants = variants or []
    config = {"players": players, "seed": seed, "packs": packs, "variants": variants}
    if names:
        config["names"] = names
    return Game(game.definition(packs, variants), config, checkpoints, forkable)


def load_game(save: dict, upto: int | None = None) -> Game:
    """Replay a save (see content/schema/save.schema.json); SaveError (an IllegalAction) says why not."""
    save = validate_save(save)
    try:
        game = games.find(save["game"])
    except KeyError:
        raise SaveError(f"this save is for game {save['game']!r}; this version hosts: {games.hosts()}") from None
    cfg = save["config"]
    try:
        defn = game.definition(cfg.get("packs", list(game.default_packs)), cfg.get("variants", []))
    except (ValueError, ContentError) as err:
        raise SaveError(f"the save's packs or variants cannot be loaded: {err}") from None
    return Game.load(defn, save, upto)


def scores(game: Game) -> dict:
    """The final score table, as the game's own rules count it."""
    return games.find(game.definition.game_id).scores(game)
