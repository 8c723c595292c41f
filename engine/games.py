"""The game registry: every game the tools, the service and the API can host, looked up by id.

The engine knows no game. A game is a package under `rules/<id>/` holding its data
(`vocabulary.yaml`, `content.yaml`, `game.yaml`) and, in Python, its descriptor (`GameModule`, a frozen
dataclass with named fields) that the package registers when imported. Looking a game up imports its package by
name, so a second game plugs in by adding `rules/<id>/`, without touching engine/, dsl/ or the
command line's core.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

from .measures import GameMeasures

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
GAMES_ROOT = PACKAGE_ROOT / "rules"  # one folder per game
GAMES_PACKAGE = f"{__package__.rsplit('.', 1)[0]}.rules"
_ID = re.compile(r"^[a-z][a-z0-9_]*$")


def _round(game: Any) -> Any:
    return game.state.get("round")


@dataclass(frozen=True)
class GameModule:
    """The game descriptor: what a game hands the generic tools, by name (docs/architecture.md, "add a
    second game"). Only `id`, `definition`, `scores` and `measures` are required; every other field has a
    default that suits a game without that feature, so a new game fills in what it has. The player range
    is not a field: it is read from the game's rules data (`players: {min, max}` in rules/<id>/game.yaml).

    Callables take the running `engine.machine.Game` (`game`), a seat index (`p`), a Decision (`d`)."""

    id: str
    definition: Callable[..., Any]  # (packs, variants) -> a definition for engine.machine.Game
    scores: Callable[[Any], dict]  # game -> its score table {"vp", "winners", "breakdown"}
    measures: GameMeasures  # end-of-game measures for simulate, compare, sweep and balance
    default_packs: tuple[str, ...] = ("base",)
    variant_files: Callable[..., dict[str, Path]] | None = None  # (content) -> variant id -> its file
    # ---- reports: play --json, simulate, balance, list ----
    progress: Callable[[Any], Any] = _round  # game -> how far it went (the summary's `rounds`)
    player_summary: Callable[[Any, int], dict] | None = None  # (game, p) -> extra summary fields of a seat
    score_columns: tuple[str, ...] = ()  # the score table's columns (else the breakdown's keys)
    simulation_record: Callable[[Any, dict, list[str]], dict] | None = None  # (game, summary, bots) -> record
    seat_label: Callable[[Any, int], str] | None = None  # (game, p) -> what the seat played as (else civilisation)
    seat_label_word: str = "civilisation"  # what reports call that label
    entry_fields: Callable[[Any], dict] | None = None  # content entry -> fields `list --format json` adds
    mutation_kinds: tuple[str, ...] | None = None  # content kinds `test --mutate` mutates (None: the default)
    mutation_packs: tuple[str, ...] | None = None  # packs it mutates (None: the bundled ones)
    mutation_per_ability: tuple[str, ...] | None = None  # kinds mutated one ability at a time too (None: leaders)
    # ---- what a seat (terminal or browser) shows and asks ----
    terminal_seats: bool = True  # may a person take a seat (play --human, serve)?
    seat_panel: Callable[[Any, int], list[str]] | None = None  # (game, p) -> the seat's panel as lines
    # (game, p) -> the browser's panel beside the game's drawing: what the drawing does not show (else seat_panel)
    seat_notes: Callable[[Any, int], list[str]] | None = None
    # (game, p, card id) -> a card of p's hand in words, {"kind", "text"} and optionally "colour" (a CSS colour):
    # what it is and costs, what it does (else the entry's kind and printed text)
    seat_card: Callable[[Any, int, str], dict] | None = None
    # (game, viewer or None) -> the players table's columns that the game computes, {column: [a value per player]},
    # from what the viewer may see (Civilization's coins); else the view's own `coins`
    seat_columns: Callable[[Any, int | None], dict[str, list]] | None = None
    seat_turn_kinds: tuple[str, ...] = ("action",)  # decision kinds that open a turn (the panel is shown again)
    option_text: Callable[[Any, Any, str], str] | None = None  # (game, d, option) -> what it means, in words
    option_warning: Callable[[Any, Any, str], str] | None = None  # (game, d, option) -> a question to confirm
    option_spaces: Callable[[Any, Any, str], Any] | None = None  # (game, d, option) -> spaces it would show
    # (game, d, option) -> what the option points at in the game's drawing: the data-space / data-card /
    # data-target values highlighted and clickable there (else the space and content ids the option names)
    option_targets: Callable[[Any, Any, str], list[str]] | None = None
    # (state or a seat's view) -> where the game stands, for headers: "round 2, turn 3", "Age II, turn 3 of 6"
    progress_words: Callable[[dict], str] | None = None
    standing_kinds: tuple[str, ...] = ()  # decision kinds a person may answer once for the whole game
    visible_log: Callable[[Any, int | None], list[str]] | None = None  # (game, p) -> the log p may read
    # ---- board: labels and drawing ----
    scenario_label: Callable[[str], str] | None = None  # a label an author writes ("D2") -> the id in the state
    scenario_show: Callable[[str], str] | None = None  # an id in the state -> the label people read
    board_geometry: Mapping[str, Callable[..., Any]] | None = None  # the hex map's geometry (render_board)
    # game -> every board label as {label, id, region, terrain, here} (`rulewright labels`); None: no board
    board_labels: Callable[[Any], list[dict]] | None = None
    render_svg: Callable[..., str] | None = None  # (game, viewer) -> the game's own SVG drawing
    render_parts: Callable[..., Any] | None = None  # (game, viewer) -> width, height, fragments (replay viewer)

    @property
    def players(self) -> tuple[int, int]:
        """The fewest and most players, from the game's rules data (game.yaml `players: {min, max}`)."""
        return player_range(self.id)


@cache
def player_range(game_id: str) -> tuple[int, int]:
    """`players: {min, max}` of rules/<id>/game.yaml: the one place a game states its player range."""
    data = YAML(typ="safe").load((game_dir(game_id) / "game.yaml").read_text(encoding="utf-8")) or {}
    players = data.get("players") or {}
    if not isinstance(players.get("min"), int) or not isinstance(players.get("max"), int):
        raise ValueError(f"rules/{game_id}/game.yaml must say `players: {{min: N, max: M}}`")
    return players["min"], players["max"]


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
    """The log as `player` may read it: the game's own filter (its descriptor's `visible_log`), else the whole
    log (a game that never writes a hidden thing in its log, as 7 Wonders logs a pick only once revealed)."""
    own = find(game.definition.game_id).visible_log
    return list(own(game, player)) if own is not None else list(game.log)


def game_dir(game_id: str) -> Path:
    """The folder holding a game's data files."""
    return GAMES_ROOT / game_id
