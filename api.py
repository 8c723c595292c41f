"""The small Python API: create a game (from its set-up or from a position), list legal actions, apply,
save and load, score; play a whole game by bots and summarise it.

    from rulewright.api import new_game, play_game, scores, summary
    game = new_game(players=3, seed=7)
    game.apply(game.legal_actions()[0])      # one decision taken
    done = play_game(3, 7, ["greedy"])       # a whole game by bots (engine/playout.py's loop)
    print(scores(done), summary(done))
"""

from __future__ import annotations

from typing import Any

from .engine import games
from .engine.bots import SEARCHING, make_bot
from .engine.diagnostics import ContentError
from .engine.machine import Game, SaveError, validate_save
from .engine.playout import play_out
from .engine.watch import watching

MAX_STEPS = 200_000  # a whole game by bots that takes more decisions is taken to be stuck


def new_game(players: int = 2, seed: int = 0, packs: list[str] | None = None,
             variants: list[str] | None = None, names: list[str] | None = None, game_id: str | None = None,
             checkpoints: bool = False, forkable: bool = False, position: dict | None = None,
             watch: Any = None) -> Game:
    """A new game. `checkpoints=True` keeps what engine.service.to_json needs (the stateless JSON path);
    `forkable=True` keeps what Game.fork() needs from the start (else the first fork replays the game).

    With `position` (a scenario's `position:` mapping, docs/scenarios.md), the game starts from that position
    instead of the set-up: what the position does not name keeps its set-up value. The game's rules
    check it (Clash raises PositionError naming each wrong place).

    With `watch` (engine/watch.py), the game counts the moments a study asks about as they happen."""
    try:
        game = games.find(game_id or games.default_game())
    except KeyError as err:
        raise ValueError(err.args[0]) from None
    packs = packs or list(game.default_packs)
    variants = variants or []
    config = {"players": players, "seed": seed, "packs": packs, "variants": variants}
    if names:
        config["names"] = names
    if position is not None:
        config["position"] = position
    defn = game.definition(packs, variants)
    return Game(watching(defn, watch) if watch is not None else defn, config, checkpoints, forkable)


def play_game(players: int, seed: int, bots: list[str], packs: list[str] | None = None,
              variants: list[str] | None = None, game_id: str | None = None, watch: Any = None) -> Game:
    """A complete game with one bot per seat (`bots` cycled over the seats: `greedy`, `search:50` ...); bot
    seeds derive from the game seed. Raises engine.playout.Unfinished if it takes over MAX_STEPS decisions."""
    game_id = game_id or games.default_game()
    games.find(game_id)  # imports the game's package: its bots register
    forkable = any(b.partition(":")[0] in SEARCHING for b in bots)  # a searching bot forks the game
    game = new_game(players=players, seed=seed, packs=packs, variants=variants, forkable=forkable, game_id=game_id,
                    watch=watch)
    game.config["bots"] = list(bots)
    seats = [make_bot(bots[i % len(bots)], seed * 1000 + i, game_id) for i in range(players)]
    play_out(game, seats, limit=MAX_STEPS, strict=True)
    return game


def load_game(save: dict, upto: int | None = None, forkable: bool = False) -> Game:
    """Replay a save (see content/schema/save.schema.json); SaveError (an IllegalAction) says why not.
    `forkable=True`: the replayed game keeps what Game.fork() needs (as new_game's)."""
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
    return Game.load(defn, save, upto, forkable)


def scores(game: Game) -> dict:
    """The final score table, as the game's own rules count it."""
    return games.find(game.definition.game_id).scores(game)


def summary(game: Game) -> dict:
    """The game's result as JSON: the generic fields, plus what the game adds per player (its descriptor's
    `player_summary`, and `progress` for how far it went)."""
    module = games.find(game.definition.game_id)
    s = module.scores(game)
    bots = game.config.get("bots") or []
    per_player = module.player_summary or (lambda g, i: {})
    out = {
        "seed": game.config.get("seed"),
        "players_count": len(game.state["players"]),
        "packs": game.config.get("packs", ["base"]),
        "variants": game.config.get("variants", []),
        "rounds": module.progress(game),
        "actions": len(game.actions),
        "winner": [game.state["players"][p]["name"] for p in s["winners"]],
        "players": [
            {"name": pl["name"], "bot": bots[i % len(bots)] if bots else None, "vp": s["vp"][i],
             "vp_breakdown": s["breakdown"][i], **per_player(game, i)}
            for i, pl in enumerate(game.state["players"])
        ],
    }
    if game.definition.game_id != games.default_game():
        out["game"] = game.definition.game_id
    return out
