"""Bots are plain players behind the same door as everyone: they see a decision and pick an option."""

from __future__ import annotations

from typing import Protocol

from .decision import Decision
from .games import default_game, find
from .rng import Rng, seed_state


class Bot(Protocol):
    """A player that is a program: `name` says which (random, greedy, search ...)."""

    name: str

    def choose(self, game, decision: Decision) -> str:
        """One of `decision.options`, for the player whose decision it is. A bot should read only what that
        player may see (`game.view(decision.player)`, the decision itself): the contract tests check that
        its choice does not change when only hidden information does."""


class RandomBot:
    """Uniform over the legal options, with its own seeded stream so games stay reproducible."""

    name = "random"

    def __init__(self, seed: int = 0):
        self._state = {"rng": seed_state(seed)}

    def choose(self, game, decision: Decision) -> str:
        return decision.options[Rng(self._state).below(len(decision.options))]


class FirstOptionBot:
    """Always the first legal option: what a newcomer typing "1" at every prompt plays. It knows nothing and
    reads nothing, so it is the floor a designer's bots must clear (a greedy bot it beats has blind spots)."""

    name = "first"

    def __init__(self, seed: int = 0):
        self.seed = seed  # unused: the bot draws nothing; kept so every bot is made the same way

    def choose(self, game, decision: Decision) -> str:
        return decision.options[0]


def _search_bot(seed: int = 0, budget: str | None = None):
    from .search import SearchBot

    return SearchBot(seed, budget)


def _learned_bot(seed: int = 0, budget: str | None = None):
    from .policy import LearnedBot

    return LearnedBot(seed, budget)


def _learned_search_bot(seed: int = 0, budget: str | None = None):
    from .policy import LearnedSearchBot

    return LearnedSearchBot(seed, budget)


def _ismcts_bot(seed: int = 0, budget: str | None = None):
    from .ismcts import IsmctsBot

    return IsmctsBot(seed, budget)


BOTS: dict[str, type] = {"random": RandomBot, "first": FirstOptionBot, "search": _search_bot,
                         "ismcts": _ismcts_bot, "learned": _learned_bot,
                         "lsearch": _learned_search_bot}  # type: ignore[dict-item]
SEARCHING = frozenset({"search", "ismcts", "lsearch"})  # bots that fork the game (a game for them keeps snapshots)
# bots of one game only, by game id: the same name (`greedy`) means each game's own heuristic
GAME_BOTS: dict[str, dict[str, type]] = {}


def register(name: str, cls: type, game: str | None = None) -> None:
    """Games add their own bots (e.g. a greedy heuristic that knows the game); with `game`, for that game
    only (it takes precedence over a bot of the same name registered for every game)."""
    if game is None:
        BOTS[name] = cls
    else:
        GAME_BOTS.setdefault(game, {})[name] = cls


class Unavailable:
    """What a game registers under a common bot's name it cannot host (e.g. no search support yet)."""

    reason = "not available for this game"

    def __init__(self, seed: int = 0, budget: str | None = None):
        raise ValueError(self.reason)


def unavailable(reason: str) -> type:
    return type("Unavailable", (Unavailable,), {"reason": reason})


def bots_for(game: str | None = None) -> dict[str, type]:
    """The bots a game may seat (the default game's when none is named): the common ones, overridden by
    the game's own. Looking the game up imports its package, which is where its bots register, so a
    command may ask before anything else has loaded the game."""
    game_id = game or default_game()
    try:
        find(game_id)
    except KeyError:
        pass  # an unknown game seats the common bots; the command reports the game itself
    return {**BOTS, **GAME_BOTS.get(game_id, {})}


def bot_error(kind: str, game: str | None = None) -> str | None:
    """Why `kind` names no bot (None when it does): a known name, with an optional `:budget`."""
    name, _, arg = kind.partition(":")
    table = bots_for(game)
    if name not in table:
        return f"unknown bot '{name}' (known: {', '.join(sorted(table))}; search and ismcts take a budget: search:200, ismcts:30ms)"
    try:
        table[name](0, arg) if arg else table[name](0)
    except (TypeError, ValueError) as err:
        return f"bad setting for bot '{name}': {err}" if arg else f"bot '{name}' cannot play here: {err}"
    return None


def make_bot(kind: str, seed: int, game: str | None = None):
    """A bot by name, e.g. `greedy`, `search` or `search:200` (a budget after the colon), for `game`."""
    err = bot_error(kind, game)
    if err:
        raise ValueError(err)
    name, _, arg = kind.partition(":")
    cls = bots_for(game)[name]
    return cls(seed, arg) if arg else cls(seed)
