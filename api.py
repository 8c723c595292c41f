"""The small Python API: create a game, list legal actions, apply, save and load, score.

    from rulewright.api import new_game
    game = new_game(players=3, seed=7)
    while game.pending:
        game.apply(game.legal_actions()[0])
    print(scores(game))
"""

from __future__ import annotations

from .engine.diagnostics import ContentError
from .engine.machine import Game, SaveError, validate_save
from .rules.clash.definition import definition


def new_game(players: int = 2, seed: int = 0, packs: list[str] | None = None,
             variants: list[str] | None = None, names: list[str] | None = None, game_id: str = "clash",
             checkpoints: bool = False, forkable: bool = False) -> Game:
    """A new game. `checkpoints=True` keeps what engine.service.to_json needs (the stateless JSON path);
    `forkable=True` keeps what Game.fork() needs from the start (else the first fork replays the game)."""
    if game_id != "clash":
        raise ValueError(f"unknown game '{game_id}' (this version hosts: clash)")
    packs = packs or ["base"]
    variants = variants or []
    config = {"players": players, "seed": seed, "packs": packs, "variants": variants}
    if names:
        config["names"] = names
    return Game(definition(packs, variants), config, checkpoints, forkable)


def load_game(save: dict, upto: int | None = None) -> Game:
    """Replay a save (see content/schema/save.schema.json); SaveError (an IllegalAction) says why not."""
    save = validate_save(save)
    if save["game"] != "clash":
        raise SaveError(f"this save is for game {save['game']!r}; this version hosts: clash")
    cfg = save["config"]
    try:
        defn = definition(cfg.get("packs", ["base"]), cfg.get("variants", []))
    except (ValueError, ContentError) as err:
        raise SaveError(f"the save's packs or variants cannot be loaded: {err}") from None
    return Game.load(defn, save, upto)


def scores(game: Game) -> dict:
    from .rules.clash.scoring import final_scores

    return final_scores(game.rt)
