"""What the search bot (engine/search.py) needs to know of Clash of Cultures: how to guess the hidden
information from one player's view, how good a position is, and a fast policy for the play-outs.

Hidden from a player (see view.py): other players' hands, every deck's order and contents, the wonders
still in their deck, the faces of unrevealed regions, other players' unused leaders, and the random
stream. `determinise` replaces all of it by a guess that depends only on what the player may know:
the unseen cards of a kind (other hands + the deck) are pooled, sorted, shuffled with the bot's own
stream and dealt back in the same counts, and so on. Two games that differ only in hidden things give
the same guess.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ....engine.decision import Decision
from ....engine.hidden import redeal
from ....engine.rng import Rng
from ....engine.search import GameSearch, standing
from ....engine.value import ValueFeatures, pick_evaluation
from ..phases.scoring import final_scores
from ..registry import service
from . import eval_features
from .bots import GreedyBot

# what the evaluation counts beside VP (the position's promise), per unit
PROMISE = {"resource": 0.12, "token": 0.2, "founder": 0.8, "army": 0.25, "objective_card": 0.6,
           "action_card": 0.3, "city": 0.6}
# the decisions that shape a game (which action, which advance, wonder, where to move, fight on...);
# the rest (how to pay, which casualty...) the fast policy takes
SEARCHED = frozenset({"action", "advance", "wonder", "move_from", "move_to", "continue", "combat_card", "choose"})
MARGIN_SCALE = 3.0  # VP of lead that makes a position about 88% good (tanh)
# tree search (engine/ismcts.py) looks as far ahead as flat search: three decisions ahead, it played no
# better at a sweep's time and far worse at the default search's (docs/bots.md, "At the default search's time")
TREE_HORIZON = 24


def determinise(defn: Any, state: dict, player: int, rng: Rng) -> None:
    state["rng"] = rng.below(1 << 62)  # future dice and shuffles: unknown
    state.pop("dice", None)
    players = state["players"]
    others = [q for q in range(len(players)) if q != player]
    for kind, deck in state["decks"].items():
        redeal(rng, [players[q]["hand"].get(kind) or [] for q in others] + [deck])
    redeal(rng, [state["wonders"]["deck"]])
    board = state["board"]
    hidden = [i for i, shown in enumerate(board["revealed"]) if not shown and board["tiles"][i] is not None]
    tiles = sorted(board["tiles"][i] for i in hidden)
    rng.shuffle(tiles)
    for i, t in zip(hidden, tiles, strict=True):
        board["tiles"][i] = t
    _leaders(defn, state, others, rng)


def _leaders(defn: Any, state: dict, others: list[int], rng: Rng) -> None:
    """Other players' unused leaders: a guess among their civilisation's leaders not seen in play."""
    players = state["players"]
    if not any(players[q].get("leaders_left") for q in others):
        return
    seen = {x for pl in players for x in [pl.get("leader")] + list(pl.get("discarded_leaders") or [])
            + list(pl.get("captured_leaders") or []) if x}
    for q in others:
        left = players[q].get("leaders_left")
        if not left:
            continue
        pool = sorted(set(defn.leaders_of.get(players[q].get("civilization") or "", [])) - seen)
        if len(pool) < len(left):
            pool = sorted(left)
        rng.shuffle(pool)
        left[:] = sorted(pool[:len(left)])


def promise(rt: Any, p: int, vp: float) -> float:
    """VP now plus what the position promises: resources, tokens, founders, armies, cards, room to grow."""
    pl = rt.player(p)
    res = pl["res"]
    value = vp
    value += PROMISE["resource"] * sum(res.get(k, 0) for k in ("food", "wood", "ore", "idea", "gold"))
    value += PROMISE["token"] * (res.get("mood", 0) + res.get("culture", 0))
    founder = rt.defn.roles.get("founder")
    for u in rt.units_of(p):
        t = rt.state["units"][u]["type"]
        value += PROMISE["founder"] if t == founder else PROMISE["army"] if rt.is_army(t) else 0.0
    for kind in ("objective_card", "action_card"):
        value += PROMISE[kind] * len(pl["hand"].get(kind, []))
    value += PROMISE["city"] * len(rt.cities_of(p))
    return value


def handwritten(game: Any, p: int) -> float:
    """The evaluation before the fitted one: VP plus PROMISE, the lead through tanh."""
    scores = final_scores(game.rt)
    worth = [] if game.over else [promise(game.rt, q, scores["vp"][q]) for q in range(game.rt.n)]
    return standing(game.over, scores["winners"], worth, p, MARGIN_SCALE)


FEATURES = ValueFeatures(lambda game: eval_features.names(game.rt), eval_features.rows, eval_features.progress,
                         eval_features.winners, Path(__file__).resolve().parents[1] / "value_fit.json",
                         worse=frozenset({"angry_cities"}))


def prior(game: Any, decision: Decision) -> list[float]:
    return GreedyBot(0).scores(game, decision)


@service("search_support")
class ClashSearch(GameSearch):
    """The SearchSupport of Clash of Cultures (see engine/search.py). Its evaluation is the hand-written one
    unless `evaluation="fitted"` (or the environment variable RULEWRIGHT_EVALUATION) asks for the fitted one
    (engine/value.py over eval_features.py, weights in value_fit.json): docs/bots.md says why."""

    value_features = FEATURES
    policy_file = Path(__file__).resolve().parents[1] / "policy_fit.json"  # the learned bot's weights (engine/policy.py; rulewright fit --policy)
    handwritten = staticmethod(handwritten)

    def __init__(self, defn: Any, evaluation: str | None = None):
        self.evaluation, evaluate = pick_evaluation(evaluation, FEATURES, handwritten)
        super().__init__(defn, determinise, evaluate, GreedyBot, SEARCHED, prior, tree_horizon=TREE_HORIZON)
