"""What the common search bot (engine/search.py) needs of Civilization: a guess of what the deciding
player cannot see, an evaluation, the greedy bot as play-out policy and prior. The greedy bot follows
one road to victory drawn from its seed, so the support has a `persona`: the search bot keeps one greedy
policy (one road) of its own, and the prior and the evaluation weigh progress on that road
(search_worth.py).

The guess keeps everything a player's view shows and redraws the rest from what is unseen: each other
player's unit cards (type by type, from that type's deck and the others' cards: which types a player
produced is public; battle hands too, but not one opened to the player), culture cards (level by level) and facedown markers (huts with huts, villages with
villages); the order of every pile (tiles, markers, great people, unit and culture decks, wonders within
their era); the random stream; and research picks made in secret this turn (guessed as none).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ....engine.decision import Decision
from ....engine.hidden import redeal
from ....engine.rng import Rng, seed_state
from ....engine.search import GameSearch, standing
from .bots import GreedyBot
from .search_worth import worth

SEARCHED = ("research", "city_action", "battle", "loot", "step", "cancel")   # the rest: the greedy policy
MARGIN_SCALE = 6.0


def determinise(defn: Any, state: dict, player: int, rng: Rng) -> None:
    others = [pl for i, pl in enumerate(state["players"]) if i != player]
    fight = state.get("battle") or {}
    barbarians = fight["holders"]["defender"] if fight and fight["owners"]["defender"] is None else None
    unseen_hands = []
    for i, pl in enumerate(state["players"]):
        if i == player or not pl.get("battle_hand") or player in (pl.get("battle_hand_shown_to") or []):
            continue
        unseen_hands.append(pl["battle_hand"])
        if i != barbarians:  # which of its forces a player drew is unseen too (barbarians: one of each type)
            mixed = pl["forces"] + pl["battle_hand"]
            rng.shuffle(mixed)
            pl["battle_hand"][:] = mixed[:len(pl["battle_hand"])]
            pl["forces"][:] = mixed[len(pl["battle_hand"]):]
    for utype, deck in state["unit_decks"].items():
        redeal(rng, [pl["forces"] for pl in others] + unseen_hands + [deck],
               lambda c, t=utype: defn.units[c].data["type"] == t, sort=False)
    entries = defn.content.entries
    for level, deck in state["culture_decks"].items():
        redeal(rng, [pl["hand"] for pl in others] + [deck], lambda c, lv=level: str(entries[c].data.get("level")) == lv,
               sort=False)
    for kind in ("hut", "village"):
        redeal(rng, [pl["huts"] for pl in others] + [state[f"{kind}_pool"]],
               lambda c, k=kind: entries[c].kind == f"civ_{k}", sort=False)
    for key in ("tile_pool", "great_people_pile"):
        rng.shuffle(state[key])
    eras = {}
    for w in state["wonder_deck"]:
        eras.setdefault(defn.wonders[w].data["era"], []).append(w)
    for ws in eras.values():
        rng.shuffle(ws)
    state["wonder_deck"] = [w for era in defn.params["wonder_eras"] for w in eras.get(era, [])]
    for pl in others:
        pl["pick"] = None
        pl.pop("battle_draws", None)     # a scenario's fixed hands of the others are unseen
    state.pop("marker_contents", None)   # what a facedown marker holds is unseen: drawn from its redealt pile
    state["rng"] = seed_state(rng.below(1 << 62))


def prior(game: Any, decision: Decision, persona: Any = None) -> list[float]:
    """The greedy bot's score of each option (0 for a decision it has no scorer for), on the searching
    bot's own road."""
    bot = GreedyBot(0)
    bot.road = persona.road_for(game.rt, decision.player) if hasattr(persona, "road_for") else \
        getattr(persona, "road", bot.road)
    bot._memo = {}
    scorer = getattr(bot, f"_{decision.kind}", None)
    if scorer is None:
        return [0.0] * len(decision.options)
    return [scorer(game.rt, decision, o) for o in decision.options]


def evaluate(game: Any, player: int, persona: Any = None) -> float:
    """The standing of `player`, whose road is its own policy's (`persona`); a rival's is its furthest."""
    rt = game.rt
    road = persona.road_for(rt, player) if hasattr(persona, "road_for") else getattr(persona, "road", None)
    values = [] if game.over else [worth(rt, q, road if q == player else None) for q in range(rt.n)]
    return standing(game.over, list(game.state["winner"]), values, player, MARGIN_SCALE)


class CivSearch(GameSearch):
    """The SearchSupport of Civilization (see engine/search.py)."""

    policy_file = Path(__file__).resolve().parent / "policy_fit.json"  # the learned bot's weights (engine/policy.py)

    def __init__(self, defn: Any):
        super().__init__(defn, determinise, evaluate, GreedyBot, SEARCHED, prior, persona=True)
