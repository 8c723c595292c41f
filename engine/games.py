"""The game registry: every game the tools, the service and the API can host, looked up by id.

The engine knows no game. A game is a package under `rules/<id>/` holding its data
(`vocabulary.yaml`, `content.yaml`, `game.yaml`) and, in Python, an object with the `GameModule`
protocol that the package registers when imported. Looking a game up imports its package by
name, so a second game plugs in by adding `rules/<id>/`, without touching engine/, dsl/ or the
command line's core.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
GAMES_ROOT = PACKAGE_ROOT / "rules"  # one folder per game
GAMES_PACKAGE = f"{__package__.rsplit('.', 1)[0]}.rules"
_ID = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True)
class GameModule:
    """What a game hands the generic tools: how to build its definition and how to score a game."""

    id: str
    definition: Callable[..., Any]  # (packs, variants) -> a definition for engine.machine.Game
    scores: Callable[[Any], dict]  # a running Game -> its score table
    default_packs: tuple[str, ...] = ("base",)
    extras: dict[str, Any] = field(default_factory=dict)  # game-specific tools (e.g. board drawing)


_GAMES: dict[str, GameModule] = {}


def register(game: GameModule) -> GameModule:
    """Called by a game's package when it is imported."""
    _GAMES[game.id] = game
    return game


def installed() -> list[str]:
    """Ids of the games shipped here: folders of rules/ that declare a vocabulary."""
    return list(_installed())


@cache
def _installed() -> tuple[str, ...]:
    return tuple(sorted(p.parent.name for p in GAMES_ROOT.glob("*/vocabulary.yaml")))


DEFAULT_FILE = GAMES_ROOT / "default_game.txt"  # one line: the id of the game meant when none is named


def default_game() -> str:
    """The game a command means when none is named: the one rules/default_game.txt names, else the first
    installed one (folder order would make a newly added game the default by its name alone)."""
    ids = installed()
    if not ids:
        raise LookupError("no game is installed (rules/<id>/vocabulary.yaml)")
    named = DEFAULT_FILE.read_text(encoding="utf-8").strip() if DEFAULT_FILE.is_file() else ""
    return named if named in ids else ids[0]


def hosts() -> str:
    """The installed games, for messages: 'clash' or 'clash, other'."""
    return ", ".join(installed()) or "none"


def find(game_id: str) -> GameModule:
    """The registered game `game_id`, importing its package on first use; KeyError when unknown."""
    if game_id not in _GAMES and _ID.match(game_id or "") and game_id in installed():
        importlib.import_module(f"{GAMES_PACKAGE}.{game_id}")
    try:
        return _GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game '{game_id}' (this version hosts: {hosts()})") from None


def visible_log(game: Any, player: int | None) -> list[str]:
    """The log as `player` may read it: the game's own filter (its extras `visible_log`), else the whole log
    (a game that never writes a hidden thing in its log, as 7 Wonders logs a pick only once revealed)."""
    own = find(game.definition.game_id).extras.get("visible_log")
    return list(own(game, player)) if own is not None else list(game.log)


def game_dir(game_id: str) -> Path:
    """The folder holding a game's data files."""
    return GAMES_ROOT / game_id
