"""A search bot for any game: flat Monte Carlo over the legal options, against sampled guesses of hidden
information, with cut-off play-outs scored by the game's evaluation.

For one decision the bot
1. ranks the options with the game's prior (a cheap heuristic) and keeps the best few as candidates;
2. samples worlds: a fork of the game in which everything the deciding player may not know (other
   hands, deck orders, the random stream...) is replaced by a guess drawn from what they may know
   (`determinise`), so the search never plays against the real hidden state;
3. in each world tries every candidate (the same world for all: paired comparisons), plays on with a
   fast policy for a fixed number of decisions (or to the end), and scores the position for the
   deciding player with the game's `evaluate` (a number in [0, 1]);
4. takes the candidate with the best mean (ties: the prior's order).

A game whose fast policy has a character drawn from its seed (Civilization's greedy bot follows one road
to victory) says so with `persona`: the bot (this one and engine/ismcts.py alike, through `Searcher`) then
keeps one policy of its own, seeded once, for the decisions it does not search and for its own seat in
every play-out, and the prior and the evaluation are told that policy (`prior(game, decision, persona)`,
`evaluate(world, player, persona)`), so the bot commits to one plan instead of drawing a new one at every
decision. Without it (Clash, 7 Wonders) every such decision gets a fresh seed, as before.

A bot made with `racing=True` races the candidates of a play-out budget instead (successive halving,
`_race`): all of them are played out in the first sampled worlds, the worse half leaves, the survivors
get the rest of the budget. It is not the default: cheaper settings (racing or not, fewer worlds, fewer
decisions ahead) chose worse on sampled positions and lost to this default (docs/bots.md, "Search for
studies"), so the default stays 24 play-outs swept, 24 decisions ahead, move for move as before.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any, Protocol

from .decision import Decision, IllegalAction
from .playout import play_out
from .rng import Rng, seed_state

DEFAULT_PLAYOUTS = 24
CANDIDATES = 4  # options kept after the prior's ranking
HORIZON = 24  # decisions played after the candidate before the evaluation
RACING = False  # True: a play-out budget races the candidates (successive halving) instead of sweeping them all


class SearchSupport(Protocol):
    """What a game provides to the search bot."""

    def determinise(self, state: dict, player: int, rng: Rng) -> None:
        """Replace, in place, what `player` may not know by a guess drawn with `rng` from what they
        may know (the result must depend only on the player's view and the rng)."""

    def evaluate(self, game: Any, player: int) -> float:
        """How good the position is for `player`, in [0, 1] (1: won). A support with `persona` set is also
        given the searching bot's own policy: `evaluate(game, player, persona)`."""

    def policy(self, seed: int) -> Any:
        """A fast bot (with `choose(game, decision)`) for the play-outs."""

    def prior(self, game: Any, decision: Decision) -> list[float]:
        """A heuristic score per option (higher first); used to pick the candidates (with `persona`:
        `prior(game, decision, persona)`)."""

    def searchable(self, decision: Decision) -> bool:
        """Is this decision worth a search (else the fast policy takes it)?"""


def has_persona(support: Any) -> bool:
    """Does the game's fast policy have a character the bot should keep (see the module docstring)?"""
    return bool(getattr(support, "persona", False))


class GameSearch:
    """A game's SearchSupport made of its own functions, so no game writes the adapter again:
    `determinise(defn, state, player, rng)`, `evaluate(game, player)`, the fast bot's class (`policy(seed)`),
    the decision kinds worth a search and `prior(game, decision)`; `persona`: the policy has a character
    the bot keeps (then `evaluate` and `prior` are also given the searching bot's own policy); `tree_horizon`:
    how many decisions ahead tree search looks before it evaluates, where the engine's default does not suit
    the game (engine/ismcts.py)."""

    def __init__(self, defn: Any, determinise: Callable[[Any, dict, int, Rng], None],
                 evaluate: Callable[..., float], policy: Callable[[int], Any], searched: Collection[str],
                 prior: Callable[..., list[float]], persona: bool = False, tree_horizon: int | None = None):
        self.defn = defn
        self._determinise, self._evaluate, self._policy = determinise, evaluate, policy
        self.searched, self._prior, self.persona = searched, prior, persona
        self.tree_horizon = tree_horizon  # tree search's decisions ahead in this game (None: engine/ismcts.py's)

    def determinise(self, state: dict, player: int, rng: Rng) -> None:
        self._determinise(self.defn, state, player, rng)

    def evaluate(self, game: Any, player: int, persona: Any = None) -> float:
        return self._evaluate(game, player, persona) if self.persona else self._evaluate(game, player)

    def policy(self, seed: int) -> Any:
        return self._policy(seed)

    def searchable(self, decision: Decision) -> bool:
        return decision.kind in self.searched

    def prior(self, game: Any, decision: Decision, persona: Any = None) -> list[float]:
        return self._prior(game, decision, persona) if self.persona else self._prior(game, decision)


def sample_world(game: Any, player: int, support: SearchSupport, seed: int, copies: bool = False) -> Any:
    """A fork with what `player` may not know guessed from their view (sealed: never forked). With `copies`,
    a world to be played in several times (the candidates of a sweep, ISMCTS's paired iterations): where
    the rules can resume at the pending decision it keeps its own snapshot there, so `copy_world` forks it
    instead of forking the real game and guessing again (the same world, byte for byte, for less)."""
    world = game.fork()
    support.determinise(world.state, player, Rng({"rng": seed_state(seed)}, "rng"))
    if not (copies and getattr(support, "copyable_worlds", True) and world.snapshot_here()):
        world.seal()
    return world


def copy_world(world: Any, game: Any, player: int, support: SearchSupport, seed: int) -> Any:
    """A sealed copy of `world`, sampled from `game` with `seed` by `sample_world(..., copies=True)`: a fork of
    it when it kept a snapshot, else the same guess made again. A fork whose rules, restarted from the
    guessed state, stand elsewhere than the world does (a guess that withdrew other players' secret picks
    has them asked again later in the world, first in a restart) is not a copy: then the world is sealed
    and the guess made again, as for a game whose support says `copyable_worlds = False`."""
    if not world.forkable:
        return sample_world(game, player, support, seed)
    copy = world.fork()
    if copy.pending is None or copy.pending.to_json() != world.pending.to_json() or copy.state != world.state:
        world.seal()
        return sample_world(game, player, support, seed)
    copy.seal()
    return copy


def standing(over: bool, winners: list[int], worth: list[float], player: int, scale: float) -> float:
    """The evaluation games share: a finished game is 1 (won), 1/k (a k-way shared win) or 0; otherwise the
    player's worth (VP and what the position promises) ahead of the best opponent's, through tanh:
    0.5 when level, about 0.88 `scale` ahead."""
    if over:
        return 1.0 / len(winners) if player in winners else 0.0
    lead = worth[player] - max(w for q, w in enumerate(worth) if q != player)
    return 0.5 + 0.5 * math.tanh(lead / scale)


@dataclass(frozen=True)
class Budget:
    playouts: int | None = DEFAULT_PLAYOUTS
    seconds: float | None = None

    @classmethod
    def parse(cls, text: str | None) -> Budget:
        """`200` play-outs, `1s` or `250ms` per decision; empty: the default."""
        if not text:
            return cls()
        m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(ms|s)?\s*", text)
        if m is None or float(m.group(1)) <= 0:
            raise ValueError(f"a search budget is a number of play-outs (search:200) or a time (search:1s, "
                             f"search:250ms), got {text!r}")
        n, unit = float(m.group(1)), m.group(2)
        if unit is None:
            return cls(playouts=max(1, int(n)))
        return cls(playouts=None, seconds=n / 1000.0 if unit == "ms" else n)


class Searcher:
    """What the search bots share (this one and engine/ismcts.py): their own seeded stream, the budget,
    a hard stop per decision and the time each searched decision took."""

    def __init__(self, seed: int, budget: str | None):
        self._state = {"rng": seed_state(seed)}
        self.budget = Budget.parse(budget)
        self.decision_seconds: list[float] = []  # time per searched decision (for reports)
        self.last_totals: dict[str, float] = {}  # the last searched decision's candidates and their totals
        self.time_cap: float | None = None  # a hard stop per decision on top of a count budget (a server's)
        self.persona_seed = seed  # the seed of its own fast policy, when the game's policy has a persona
        self._persona: Any = None  # that policy, during a decision (None: the game's policy has none)

    def support_of(self, game: Any) -> SearchSupport:
        """The game's search support (a bot searching with another policy wraps it: engine/policy.py)."""
        return game.definition.search_support()

    def _take_persona(self, support: SearchSupport) -> Any:
        """The bot's own fast policy for this decision when the game's policy has a persona (else None)."""
        self._persona = support.policy(self.persona_seed) if has_persona(support) else None
        return self._persona

    def _unsearched(self, game: Any, decision: Decision, support: SearchSupport, rng: Rng) -> str:
        """A decision not worth a search: the bot's own policy (a persona), else a freshly seeded one."""
        own = self._persona if self._persona is not None else support.policy(rng.below(1 << 62))
        return own.choose(game, decision)

    def _capped(self, start: float) -> bool:
        """Is the hard stop (if any) reached?"""
        return self.time_cap is not None and time.perf_counter() - start >= self.time_cap


class SearchBot(Searcher):
    """Flat Monte Carlo with determinisation; see the module docstring."""

    name = "search"

    def __init__(self, seed: int = 0, budget: str | None = None, horizon: int = HORIZON,
                 candidates: int = CANDIDATES, racing: bool = RACING):
        super().__init__(seed, budget)
        self.horizon = horizon
        self.candidates = candidates
        self.racing = racing  # successive halving of the candidates (a play-out budget only)

    def choose(self, game: Any, decision: Decision) -> str:
        if len(decision.options) == 1:
            return decision.options[0]
        start = time.perf_counter()
        rng = Rng(self._state)
        support: SearchSupport = self.support_of(game)
        p = decision.player
        self._take_persona(support)
        if not support.searchable(decision):
            return self._unsearched(game, decision, support, rng)
        world_seed = rng.below(1 << 62)
        world0 = self._world(game, p, support, world_seed)
        # the prior is of the world's options; by option, so a decision offering fewer (a bot forbidden some,
        # tools/restricted.py) still ranks its own
        told = () if self._persona is None else (self._persona,)
        by_option = dict(zip(world0.pending.options, support.prior(world0, world0.pending, *told), strict=False))
        prior = [by_option.get(o, float("-inf")) for o in decision.options]
        order = sorted(range(len(decision.options)), key=lambda i: (-prior[i], i))
        cands = [decision.options[i] for i in order[:self.candidates]]
        if len(cands) == 1:
            return cands[0]
        totals = dict.fromkeys(cands, 0.0)
        if self.racing and self.budget.seconds is None and self.time_cap is None:
            best = self._race(game, p, support, cands, totals, world0, world_seed, rng)
        else:
            best = self._sweeps(game, p, support, cands, totals, world0, world_seed, rng, start)
        self.decision_seconds.append(time.perf_counter() - start)
        self.last_totals = dict(totals)  # each candidate's summed evaluation (what a policy fit learns from)
        return best

    def _sweeps(self, game: Any, p: int, support: SearchSupport, cands: list[str], totals: dict[str, float],
                world0: Any, world_seed: int, rng: Rng, start: float) -> str:
        """Every candidate in every sampled world, until the budget is spent (a time budget's way)."""
        done = 0
        while True:  # one sampled world per sweep, every candidate tried in it (the last one in world0)
            for o in cands:
                world = self._copy(world0, o == cands[-1], game, p, support, world_seed)
                totals[o] += self._playout(world, p, o, support, world_seed)
                done += 1
            if self._spent(done, start, len(cands)):
                break
            world_seed = rng.below(1 << 62)
            world0 = self._world(game, p, support, world_seed)
        return max(cands, key=lambda o: (totals[o], -cands.index(o)))

    def _race(self, game: Any, p: int, support: SearchSupport, cands: list[str], totals: dict[str, float],
              world0: Any, world_seed: int, rng: Rng) -> str:
        """Successive halving over a play-out budget: what is left of the budget is split evenly over the
        rounds left (ceil(log2(k)) in all); in a round every candidate still in the race is played out in
        the same sampled worlds (at least one), then the worse half (by total) leaves. The survivors have
        seen the same worlds, so their totals compare as paired sums, and the play-outs go to the candidates
        still in contention instead of to ones the first worlds already show behind. A budget spent before
        a round could give each survivor one more world ends the race (at least one world for all)."""
        budget = self.budget.playouts or 0
        alive = list(cands)
        rounds = max(1, math.ceil(math.log2(len(alive))))
        spent = 0
        for r in range(rounds):
            if r and budget - spent < len(alive):
                break
            for w in range(max(1, (budget - spent) // ((rounds - r) * len(alive)))):
                if r or w:
                    world_seed = rng.below(1 << 62)
                    world0 = self._world(game, p, support, world_seed)
                for o in alive:
                    world = self._copy(world0, o == alive[-1], game, p, support, world_seed)
                    totals[o] += self._playout(world, p, o, support, world_seed)
                    spent += 1
            alive = sorted(alive, key=lambda o: (-totals[o], cands.index(o)))[:(len(alive) + 1) // 2]
        return alive[0]

    def _spent(self, done: int, start: float, width: int) -> bool:
        if self._capped(start):
            return True
        if self.budget.seconds is not None:
            return time.perf_counter() - start >= self.budget.seconds
        return done + width > (self.budget.playouts or 0)

    def _world(self, game: Any, p: int, support: SearchSupport, seed: int) -> Any:
        """A fork of the game with the hidden information resampled from `seed`, to be copied for each
        candidate (`_copy`)."""
        return sample_world(game, p, support, seed, copies=True)

    def _copy(self, world0: Any, last: bool, game: Any, p: int, support: SearchSupport, seed: int) -> Any:
        """The world a candidate is played in: a copy of the sweep's sampled world, or (the last candidate)
        that world itself, sealed, since nothing copies it any more."""
        if last:
            world0.seal()
            return world0
        return copy_world(world0, game, p, support, seed)

    def _playout(self, world: Any, p: int, option: str, support: SearchSupport, seed: int) -> float:
        persona = self._persona
        try:
            world.apply({"player": p, "choice": option})
            play_out(world, lambda q: support.policy(self.persona_seed if persona is not None and q == p
                                                     else seed * 31 + q), limit=self.horizon)
        except (IllegalAction, RuntimeError):
            return 0.0  # a guessed world the rules cannot play on counts as a poor outcome
        return support.evaluate(world, p) if persona is None else support.evaluate(world, p, persona)
