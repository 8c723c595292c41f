"""The one set-up resolver: what a command's game, players, bots, packs and back-end options mean together.

Every game-playing command (play, simulate, compare, sweep, balance, tournament) reads its options
through these functions, so a bad value gets the same `error:` line and exit 2 everywhere (errors.fail),
and a game states its player range and its bots in one place only (its registry entry).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import games
from ...engine.bots import bot_error, bots_for
from .errors import fail

BACKENDS = ("local", "ray")
COUNTS = {1: "one", 2: "two", 3: "three", 4: "four"}


def game(name: str | None) -> str:
    """The game id to use: the one named (exit 2 with the hosted games when unknown), else the default."""
    if not name:
        return games.default_game()
    try:
        games.find(name)
    except KeyError as err:
        fail(err.args[0], 2, f"installed games: {games.hosts()}")
    return name


def player_range(game_id: str) -> tuple[int, int]:
    """The fewest and the most players the game allows."""
    lo, hi = games.find(game_id).players
    return lo, hi


def players(game_id: str, count: int) -> int:
    """`count` when the game allows it; else exit 2 saying its range."""
    lo, hi = player_range(game_id)
    if not lo <= count <= hi:
        fail(f"{game_id} is for {lo} to {hi} players, not {count}", 2)
    return count


def bot_names(text: str, default: Sequence[str] = ()) -> list[str]:
    """The names written in `--bots` (`greedy`, `search:50`, `greedy,search:50`), else `default`; unchecked
    (a resumed game checks them against the game its save names)."""
    return [b.strip() for b in text.split(",") if b.strip()] or list(default)


def bots(text: str, game_id: str | None = None, default: Sequence[str] = (), exactly: int | None = None) -> list[str]:
    """The bot kinds of `--bots`, one per seat, cycled.

    No bot named gives `default` (exit 2 when there is none); an unknown bot, a bad setting or (with
    `exactly`) another count exits 2 naming the bots the game knows."""
    game_id = game_id or games.default_game()
    kinds = bot_names(text, default)
    known = f"known: {', '.join(sorted(bots_for(game_id)))}"
    if not kinds:
        fail(f"--bots {text!r} names no bot", 2, known)
    unknown = [k for k in kinds if bot_error(k, game_id)]
    if unknown:
        why = "; ".join(bot_error(k, game_id) or "" for k in unknown)
        fail(f"unknown bot(s): {', '.join(unknown)} ({why})", 2, known)
    if exactly is not None and len(kinds) != exactly:
        fail(f"--bots {text!r}: give exactly {COUNTS.get(exactly, exactly)} bots", 2, known)
    return kinds


def families(texts: Sequence[str], game_id: str | None = None) -> list[list[str]]:
    """The bot families of a repeated `--bots` (`--bots greedy --bots search:4`): each one's kinds, checked as
    `bots` checks them; a family named twice is an error (exit 2)."""
    out = [bots(t, game_id) for t in texts] or [bots("", game_id, ["greedy"])]
    names = [",".join(k) for k in out]
    if len(set(names)) != len(names):
        fail(f"--bots names a family twice: {', '.join(n for n in names if names.count(n) > 1)}", 2)
    return out


def packs(names: Sequence[str] | None) -> list[str]:
    """The packs to play with: the ones named, with the base game first."""
    out = list(names or ["base"])
    if "base" not in out:
        out.insert(0, "base")
    return out


def backend(name: str) -> str:
    if name not in BACKENDS:
        fail(f"--backend is {' or '.join(BACKENDS)}, not {name!r}", 2)
    return name


def rules(game_id: str, pack_names: Sequence[str], variant_names: Sequence[str], what: str = "") -> None:
    """Build the game's definition once, so an unknown pack, variant or rules path fails before any game."""
    try:
        games.find(game_id).definition(list(pack_names), list(variant_names))
    except Exception as err:
        fail(f"{what}{err}", 2)


def setup(game_name: str | None, count: int, bot_text: str, backend_name: str = "local") -> tuple[str, list[str]]:
    """Game id and bot kinds of a study (compare, sweep, balance, simulate): every check above, exit 2."""
    game_id = game(game_name)
    players(game_id, count)
    kinds = bots(bot_text, game_id)
    backend(backend_name)
    return game_id, kinds
