"""What the search bot (engine/search.py) needs to know of 7 Wonders: how to guess the hidden
information from one player's view, how good a position is, and a fast policy for the play-outs.

Hidden from a player (game.yaml `hidden:`): the other players' hands and secret picks of this turn,
the cards under their wonder stages, the discard pile, the undealt cards (the age's leftover deck, the
guilds left out) and the random stream, which deals the later ages. `determinise` replaces all of it
by a guess that depends only on what the player may know: the unseen cards of each age are pooled,
sorted, shuffled with the bot's own stream and dealt back to the same places in the same counts (how
many cards of each age lie in each place is public: every sale and stage is announced). The other
players' picks are withdrawn: the flow asks them again in the sampled world (phases/flow.py ask_withdrawn), so
the world stays a legal state. A new random stream deals the later ages afresh.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ....engine.decision import Decision
from ....engine.hidden import redeal
from ....engine.rng import Rng
from ....engine.search import GameSearch, standing
from ....engine.value import ValueFeatures, pick_evaluation
from ..city.military import shields
from ..names import RULES_DIR
from ..registry import service
from ..scoring.points import final_scores
from ..scoring.science import science_points
from ..state.runtime import Wonders
from . import eval_features
from .greedy import GreedyBot

# what the evaluation counts beside the points on the table (the position's promise), in VP per unit
PROMISE = {"coin": 0.15, "resource": [1.2, 0.7, 0.1], "science": [1.0, 0.6, 0.0], "military": 0.5}
SEARCHED = frozenset({"pick"})  # which card and what to do with it; payments and the rest: the policy
# tree search (engine/ismcts.py) looks as far ahead as flat search: three decisions are one turn of three
# players, and one turn ahead this evaluation picks worse than greedy (docs/bots.md, "Strength at equal time")
TREE_HORIZON = 24
MARGIN_SCALE = 5.0  # VP of lead that makes a position about 88% good (tanh)


def _age_of(defn: Any, card: str) -> int:
    return int(defn.content.entries[card].data.get("age", 0))


def determinise(defn: Any, state: dict, player: int, rng: Rng) -> None:
    state["rng"] = rng.below(1 << 62)  # later ages' decks, guilds and any shuffle: unknown
    players = state["players"]
    others = [q for q in range(len(players)) if q != player]
    places: list[list[str]] = [players[q]["hand"] for q in others]
    places += [players[q]["stage_cards"] for q in others]
    places += [state["guild_pool"], state["discard"]] + [state["decks"][k] for k in sorted(state["decks"])]
    # a scenario's stages built before the game hold no card (None)
    for age in sorted({_age_of(defn, c) for cards in places for c in cards if c is not None}):
        redeal(rng, places, lambda c, a=age: _age_of(defn, c) == a, from_end=True)
    state["discard"].sort()  # its order is not seen either
    for q in others:
        players[q]["pick"] = None  # asked again in the sampled world


def promise(rt: Wonders, p: int, vp: float) -> float:
    """Points now plus what the position promises: coins to spend, production, science sets to come and
    the current age's conflicts."""
    st, pl = rt.state, rt.player(p)
    age = max(1, min(int(st.get("age", 1)), 3))
    value = vp + PROMISE["coin"] * pl["coins"]
    units = sum(int(a[1]) if len(a) > 1 else 1 for a in rt.grants(p, "produce"))
    units += sum(1 for _ in rt.grants(p, "produce_one_of")) + sum(1 for _ in rt.grants(p, "produce_private"))
    value += PROMISE["resource"][age - 1] * units
    symbols: dict[str, int] = {}
    for args in rt.grants(p, "science"):
        symbols[args[0]] = symbols.get(args[0], 0) + 1
    wilds = sum(1 for _ in rt.grants(p, "science_wild"))
    sets = rt.d.params["science_set_points"]
    value += PROMISE["science"][age - 1] * (science_points(symbols, wilds + 1, sets) - science_points(symbols, wilds, sets))
    mine = shields(rt, p)
    for q in dict.fromkeys(rt.neighbours(p)):
        if q != p:
            value += PROMISE["military"] * age * ((mine > shields(rt, q)) - (mine < shields(rt, q)))
    return value


def handwritten(game: Any, p: int) -> float:
    """Points plus PROMISE, the lead through tanh (the evaluation before the fitted one)."""
    scores = final_scores(game.rt)
    worth = [] if game.over else [promise(game.rt, q, scores["vp"][q]) for q in range(game.rt.n)]
    return standing(game.over, scores["winners"], worth, p, MARGIN_SCALE)


def prior(game: Any, decision: Decision) -> list[float]:
    """The greedy bot's value of each card picked (0 for any other decision)."""
    bot = GreedyBot(0)
    if decision.kind != "pick":
        return [0.0] * len(decision.options)
    return [bot.value(game.rt, decision.player, o) for o in decision.options]


FEATURES = ValueFeatures(eval_features.names, eval_features.rows, eval_features.progress, eval_features.winners,
                         RULES_DIR / "value_fit.json")


@service("search_support")
class WondersSearch(GameSearch):
    """The SearchSupport of 7 Wonders (see engine/search.py). Its evaluation is the hand-written one unless
    `evaluation="fitted"` (or the environment variable RULEWRIGHT_EVALUATION) asks for the fitted one
    (engine/value.py over eval_features.py, weights in value_fit.json)."""

    value_features = FEATURES
    policy_file = Path(__file__).resolve().parent / "policy_fit.json"  # the learned bot's weights (engine/policy.py; rulewright fit --policy)
    handwritten = staticmethod(handwritten)

    def __init__(self, defn: Any, evaluation: str | None = None):
        self.evaluation, evaluate = pick_evaluation(evaluation, FEATURES, handwritten)
        super().__init__(defn, determinise, evaluate, GreedyBot, SEARCHED, prior, tree_horizon=TREE_HORIZON)

