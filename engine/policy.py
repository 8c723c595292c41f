"""A learned policy for any game: a linear model ranks a decision's options from features of the position and
of each option, fitted to a search's choices (expert iteration: tools/playtest/policy_fit.py).

The features, all from what the game already declares for its search (engine/search.py's GameSearch):
- of each option: the game's prior (its greedy bot's score), as its gap to the best option's score and
  its standing among the options (standardised, and whether it is the best); and a key naming what the
  option is: the decision's kind and the option's first word (`action:grow`, `advance:<an advance>`,
  `pick:build`), read from the option text at run time (so no game, card or action is named here);
- of the position, for the deciding player: the game's value features (`value_features.rows`, its own
  row) and the game's progress, standardised by the training positions' means and spreads.
An option's score is, for its key, weights times [1, position features] (what that kind of option is worth
in this position), plus, for its decision kind, weights times the prior features (how far to trust the
prior). The option with the best score is chosen (ties: the prior's order). Keys the training never saw
score by the prior alone, so a new card or variant degrades to the game's own heuristic, not to nonsense.

The weights are data: a JSON file next to the game's rules (the game names it: `policy_file` on its
search support), with the command and figures that produced them.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

from .decision import Decision
from .search import SearchBot

_PARTS = re.compile(r"[:#>]")
PRIOR_FEATURES = ("gap", "z", "best")


def option_key(kind: str, option: str) -> str:
    """What an option is: the decision's kind and the option's first word without digits (`4,1:academy` is
    `academy`, `build:press` is `build`, a space or a number is `#`)."""
    head = next((x for x in _PARTS.split(option) if x and not any(c.isdigit() for c in x)), "#")
    return f"{kind}:{head}"


def prior_features(prior: list[float]) -> list[list[float]]:
    """Each option's prior as (gap to the best, standardised score, is the best)."""
    if not prior:
        return []
    top = max(prior)
    mean = sum(prior) / len(prior)
    spread = math.sqrt(sum((p - mean) ** 2 for p in prior) / len(prior)) or 1.0
    return [[max(-50.0, p - top), (p - mean) / spread, 1.0 if p == top else 0.0] for p in prior]


def position_features(game: Any, player: int, support: Any) -> list[float]:
    """The deciding player's own value features and the game's progress (raw: the model standardises)."""
    feats = getattr(support, "value_features", None)
    if feats is None:
        return []
    return [float(v) for v in feats.rows(game)[player]] + [float(feats.progress(game))]


class PolicyModel:
    """The fitted weights: per option key, weights over [1, standardised position features]; per decision
    kind, weights over the prior features."""

    def __init__(self, data: dict):
        self.data = data
        self.mean = [float(v) for v in data["position_mean"]]
        self.scale = [float(v) or 1.0 for v in data["position_scale"]]
        self.keys: dict[str, list[float]] = {k: [float(x) for x in v] for k, v in data["keys"].items()}
        self.kinds: dict[str, list[float]] = {k: [float(x) for x in v] for k, v in data["kinds"].items()}

    @classmethod
    def load(cls, path: Path) -> PolicyModel:
        return cls(json.loads(Path(path).read_text()))

    def standardise(self, x: list[float]) -> list[float]:
        if len(x) != len(self.mean):
            raise ValueError(f"the policy was fitted on {len(self.mean)} position features, the game gives "
                             f"{len(x)}: fit it again (rulewright fit --policy)")
        return [1.0] + [(v - m) / s for v, m, s in zip(x, self.mean, self.scale, strict=True)]

    def scores(self, kind: str, options: list[str], prior: list[float], x: list[float]) -> list[float]:
        """Every option's score (x: the position features, raw)."""
        z = self.standardise(x)
        trust = self.kinds.get(kind)
        out = []
        for option, pf in zip(options, prior_features(prior), strict=True):
            w = self.keys.get(option_key(kind, option))
            s = sum(a * b for a, b in zip(w, z, strict=True)) if w is not None else 0.0
            s += sum(a * b for a, b in zip(trust, pf, strict=True)) if trust is not None else pf[1]
            out.append(s)
        return out


def model_of(support: Any) -> PolicyModel | None:
    """The game's fitted policy (read once a support; None when the game has none yet)."""
    if "_policy_model" not in support.__dict__:
        path = getattr(support, "policy_file", None)
        support.__dict__["_policy_model"] = PolicyModel.load(path) if path is not None and Path(path).exists() \
            else None
    return support.__dict__["_policy_model"]


class LearnedBot:
    """The learned policy as a player: searched decision kinds by the model, the others (how to pay, which
    casualty ...) by the game's fast policy, seeded once from the bot's seed."""

    name = "learned"

    def __init__(self, seed: int = 0, budget: str | None = None):
        if budget:
            raise ValueError("the learned bot takes no budget")
        self.seed = seed
        self._fast: Any = None

    def fast(self, support: Any) -> Any:
        if self._fast is None:
            self._fast = support.policy(self.seed)
        return self._fast

    def choose(self, game: Any, decision: Decision) -> str:
        if len(decision.options) == 1:
            return decision.options[0]
        support = game.definition.search_support()
        model = model_of(support)
        if model is None or not support.searchable(decision):
            return self.fast(support).choose(game, decision)
        told = (self.fast(support),) if getattr(support, "persona", False) else ()
        prior = support.prior(game, decision, *told)
        x = position_features(game, decision.player, support)
        scores = model.scores(decision.kind, decision.options, prior, x)
        best = max(range(len(scores)), key=lambda i: (scores[i], prior[i], -i))
        return decision.options[best]


class WithPolicy:
    """A game's search support whose fast policy (play-outs, unsearched decisions) and prior are the learned
    policy: the search of `lsearch`."""

    def __init__(self, support: Any):
        self._support = support

    def __getattr__(self, name: str) -> Any:
        return getattr(self._support, name)

    def policy(self, seed: int) -> Any:
        return LearnedBot(seed)

    def prior(self, game: Any, decision: Decision, *told: Any) -> list[float]:
        model = model_of(self._support)
        base = self._support.prior(game, decision, *told)
        if model is None:
            return base
        x = position_features(game, decision.player, self._support)
        return model.scores(decision.kind, decision.options, base, x)


class LearnedSearchBot(SearchBot):
    """Flat search (engine/search.py) whose play-outs, unsearched decisions and prior are the learned policy:
    `lsearch:N` (N play-outs a searched decision, as `search:N`). In a game with no fitted weights yet the
    learned policy is the game's own (its prior and fast policy), so `lsearch` plays as `search` there."""

    name = "lsearch"

    def support_of(self, game: Any) -> Any:
        support = game.definition.search_support()
        wrapped = support.__dict__.get("_with_policy")
        if wrapped is None:
            wrapped = support.__dict__["_with_policy"] = WithPolicy(support)
        return wrapped
