"""One self-play game told as a record for the balance report: the score table at every turn, who moved
first, what each seat played as, and how many options each decision offered.

The trajectory is read through the game's API, never from the log: before each decision the game's
(round, age, turn) is compared with the last one seen, and at each new turn (turn >= 1) the score table
(`scores(game)`) is taken; the final scores close it. Both games count their turns in `turn` (Clash: the
three turns of a round; 7 Wonders: the picks of an age).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from multiprocessing import get_context
from typing import Any

from ...api import MAX_STEPS
from ...engine import games as game_registry
from ...engine.bots import SEARCHING, make_bot
from ...engine.machine import Game
from ...engine.playout import Step, play_out
from ...engine.watch import counts, watching
from .custom_measures import compile_watch

# a thing the set-up deals to each player (no decision to forbid it): the player's field and the set-up
# key that deals it by hand (7 Wonders deals boards: `boards`; Clash's civilisations are chosen instead)
DEALT = {"board": "boards"}
_PARTS = re.compile(r"[:#>]")


def new_game(task: dict, forkable: bool = False) -> Game:
    module = game_registry.find(task["game_id"])
    packs = task["packs"] or list(module.default_packs)
    config: dict[str, Any] = {"players": task["players"], "seed": task["seed"], "packs": packs,
                              "variants": task["variants"]}
    config.update(task.get("config") or {})
    defn = module.definition(packs, task["variants"])
    if task.get("custom"):  # custom measures (custom_measures.py): the game is watched for them
        defn = watching(defn, compile_watch(task["game_id"], packs, task["variants"], task["custom"]))
    return Game(defn, config, False, forkable)


def _turn_key(state: dict) -> tuple:
    return state.get("round"), state.get("age"), state.get("turn")


def seat_labels(game: Game) -> list[str | None]:
    """What each seat played as: the game's `seat_label` (7 Wonders: the board) or its civilisation."""
    label = game_registry.find(game.definition.game_id).seat_label
    if label is not None:
        return [label(game, p) for p in range(len(game.state["players"]))]
    return [p.get("civilization") for p in game.state["players"]]


def head(choice: str) -> str:
    """What a choice is, without where: its first part that names no space or number (`4,1:academy` is
    `academy`, `build:press` is `build`, `special:festival#0` is `special`)."""
    return next((x for x in _PARTS.split(choice) if x and not any(c.isdigit() for c in x)), "#")


def make_seats(task: dict) -> list:
    """One bot per seat, the kinds cycled, seeded from the game's seed (as `play` and `simulate` do)."""

    kinds = task["bots"]
    return [make_bot(kinds[i % len(kinds)], task["seed"] * 1000 + i, task["game_id"]) for i in range(task["players"])]


def play_recorded(task: dict, seats: list | None = None, extra: Callable[[Game], dict] | None = None) -> dict:
    """Play one game with the task's bots (or the `seats` given: objects with `choose`) and record it;
    `extra` adds fields read from the finished game."""
    start = time.perf_counter()
    game_id = task["game_id"]
    module = game_registry.find(game_id)  # imports the game's package: its bots register
    kinds = task["bots"]
    forkable = task.get("forkable", False) or any(k.partition(":")[0] in SEARCHING for k in kinds)
    game = new_game(task, forkable)
    if seats is None:
        seats = make_seats(task)
    trajectory: list[list[float]] = []
    first = None
    last = None
    options = 0
    tally: dict[str, int] = {}

    def record(game: Game, step: Step) -> None:
        nonlocal first, last, options
        key = _turn_key(game.state)
        if key != last and (key[2] or 0) >= 1:
            last = key
            trajectory.append([float(v) for v in module.scores(game)["vp"]])
            if first is None:
                first = game.state.get("first")
        d = step.decision
        options += len(d.options)
        choice = f"{d.kind}:{head(step.choice)}"
        tally[choice] = tally.get(choice, 0) + 1

    asked = play_out(game, seats, limit=MAX_STEPS, on_step=record, strict=True)
    final = module.scores(game)
    trajectory.append([float(v) for v in final["vp"]])
    return {"game": task["game"], "seed": task["seed"], "vp": [float(v) for v in final["vp"]],
            "winners": list(final["winners"]), "first": first, "labels": seat_labels(game),
            "bots": [kinds[i % len(kinds)] for i in range(task["players"])],
            "rounds": module.progress(game), "actions": len(game.actions), "asked": asked, "options": options,
            "trajectory": trajectory, "choices": dict(sorted(tally.items())), "seconds": round(time.perf_counter() - start, 3),
            **({"custom": counts(game.rt, game.definition.watch)} if task.get("custom") else {}),
            **(extra(game) if extra is not None else {})}


SEED_STRIDE = 100_003  # the same game seeds as simulate


def game_seed(seed: int, index: int) -> int:
    return seed * SEED_STRIDE + index


def settings_tasks(settings: dict) -> list[dict]:
    return [{"game": i, "seed": game_seed(settings["seed"], i), "players": settings["players"],
             "bots": settings["bots"], "packs": settings["packs"], "variants": settings["variants"],
             "game_id": settings["game"], "custom": settings.get("custom") or []} for i in range(settings["games"])]


def run_tasks(fn: Callable[[dict], dict], tasks: list[dict], workers: int) -> Iterator[dict]:
    """The records in task order, from one process or a pool of `workers`."""
    if workers <= 1:
        yield from map(fn, tasks)
        return
    with get_context("spawn").Pool(workers) as pool:
        yield from pool.imap(fn, tasks, chunksize=1)
