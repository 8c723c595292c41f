"""The greedy 7 Wonders bot: each pick is valued as the points it adds now plus what its standing
abilities promise (resources, shields, science, coins), at the weights of game.yaml `bot:`; how coins,
resources and shields are reckoned is worth.py's.

Nothing here names a card: a card is valued through its compiled abilities, the way the rules read
them. Coins a card gives when built are found by running its `card_built`/`stage_built` triggers on
a probe runtime that only counts what they would gain.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator
from typing import Any

from ....engine.abilities import Ctx
from ....engine.decision import Decision
from ....engine.rng import Rng, seed_state
from ..actions.options import card_cost, next_stage_cost
from ..commerce.payment import payment_options
from ..names import stage_source
from ..phases.deal import direction
from ..scoring.points import breakdown
from ..scoring.science import science_points
from ..state.runtime import Wonders
from .worth import by_age, coin_change, military_value, resource_value


class _Probe(Wonders):
    """A runtime that reads the real state but only counts the coins an effect would gain."""

    def __init__(self, rt: Wonders):
        self.d, self.game, self.state, self.n = rt.d, rt.game, rt.state, rt.n
        self.gained = 0

    def gain(self, ctx: Ctx, what: str, n: int, at: Any = None) -> Generator:
        if what == "coin":
            self.gained += int(n or 0)
        yield from ()

    def do(self, ctx: Ctx, name: str, args: list) -> Generator:
        yield from ()

    def log(self, line: str) -> None:
        pass


def picks_left(rt: Wonders) -> int:
    """Picks left in the game after this one (ages after this one included)."""
    turns = int(rt.d.params.get("hand_size", 7)) - 1
    ages = len(rt.d.params.get("military_victory") or [1, 3, 5])
    age, turn = int(rt.state.get("age") or 1), int(rt.state.get("turn") or 1)
    return (ages - age) * turns + (turns - turn)


def science_promise(rt: Wonders, p: int, symbols: list[str], wilds: int = 0) -> float:
    """What `symbols` (and `wilds`, symbols of the player's choosing) would add to p's science at the end
    if p went on collecting at its pace so far: its symbols now, scaled up by the ages left (squares and
    sets reward keeping at it)."""
    ages = len(rt.d.params.get("military_victory") or [1, 3, 5])
    age = int(rt.state.get("age") or 1)
    now = Counter(str(args[0]) for args in rt.grants(p, "science"))
    had = sum(1 for _ in rt.grants(p, "science_wild"))
    scale = 1.0 + 0.5 * max(0, ages - age)
    proj = {k: int(v * scale) for k, v in now.items()}
    more = Counter(proj)
    more.update(symbols)
    sets = int(rt.d.params["science_set_points"])
    return float(science_points(dict(more), had + wilds, sets) - science_points(proj, had, sets))


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0):
        self._state = {"rng": seed_state(seed)}
        self._denial_memo: dict = {}  # emptied at each decision it takes (a caller of `value` makes a new bot)

    def choose(self, game, decision: Decision) -> str:
        rt: Wonders = game.rt
        self._denial_memo = {}  # what a card would be worth to the next player, once a decision
        if decision.kind == "pick":
            return self._best(rt, decision, lambda o: self.value(rt, decision.player, o))
        if decision.kind == "discard_pile":
            return self._best(rt, decision, lambda c: self.source_value(rt, decision.player, c, None))
        return decision.options[0]  # payments come cheapest first; anything else: the first option

    def _best(self, rt: Wonders, decision: Decision, value) -> str:
        noise = Rng(self._state)
        scored = [(value(o) + noise.below(100) / 10000, -i, o) for i, o in enumerate(decision.options)]
        return max(scored)[2]

    def value(self, rt: Wonders, p: int, option: str) -> float:
        """The pick's worth to p, plus a share of what the card it takes from the hand would be worth to the
        player the hand goes to next (a card kept from a rival counts, whatever p does with it)."""
        w = rt.d.rules.get("bot") or {}
        action, _, card = option.partition(":")
        denial = by_age(w.get("denial"), int(rt.state.get("age") or 1))
        return self._own_value(rt, p, action, card, w) + (denial * self._their_value(rt, p, card) if denial else 0.0)

    def _their_value(self, rt: Wonders, p: int, card: str) -> float:
        """What building `card` would be worth to the player p passes its hand to (once a card a pick)."""
        memo = self._denial_memo
        key = (p, card)
        if key not in memo:
            nxt = rt.left(p) if direction(rt) == "left" else rt.right(p)
            memo[key] = max(0.0, self.source_value(rt, nxt, card, "build")) if nxt != p else 0.0
        return memo[key]

    def _own_value(self, rt: Wonders, p: int, action: str, card: str, w: dict) -> float:
        if action == "sell":
            return coin_change(rt, p, int(rt.d.params["sell_coins"]), w) + float(w.get("sell", 0.0))
        if action == "stage":
            board, built = rt.player(p)["board"], rt.player(p)["stages"]
            source = stage_source(board, built + 1)
            cost = next_stage_cost(rt, p) or {}
            bonus = float(w.get("stage", 1.0)) + self._opens(rt, p, board, built + 1, w)
        else:
            source, bonus = card, 0.0
            cost = {} if action == "free" else card_cost(rt, p, card)
        pays = payment_options(rt, p, cost) if cost else [{"left": 0, "right": 0, "bank": 0}]
        # coins paid to a neighbour also help a rival
        helping = float(w.get("coin_to_rival", 0.0))
        spent = min((helping * (x["left"] + x["right"]) - coin_change(rt, p, -(x["left"] + x["right"] + x["bank"]), w)
                     for x in pays), default=0.0)
        return self.source_value(rt, p, source, action) + bonus - spent

    def _opens(self, rt: Wonders, p: int, board: str, n: int, w: dict) -> float:
        """A share of the points the stage after stage n would add: a stage is the way to the next one,
        worth it while picks are left to build that one."""
        if n >= len(rt.d.stages(board)) or picks_left(rt) < 1:
            return 0.0
        now = sum(breakdown(rt, p).values())
        later = sum(breakdown(rt, p, (stage_source(board, n), stage_source(board, n + 1))).values())
        alone = sum(breakdown(rt, p, (stage_source(board, n),)).values())
        return float(w.get("next_stage", 0.5)) * max(0, later - alone) if later > now else 0.0

    def source_value(self, rt: Wonders, p: int, source: str, action: str | None) -> float:
        """Points the source adds now, plus its production, shields, science and coins at the bot's weights."""
        w = rt.d.rules.get("bot") or {}
        age = rt.state["age"]
        now = sum(breakdown(rt, p).values())
        points = sum(breakdown(rt, p, (source,)).values()) - now
        value = float(points)
        value += resource_value(rt, p, source, w, age)
        extra = sum(int(g.args[0](Ctx(rt, p, source))) for g in rt.d.grants_of(source, "shields"))
        if extra:
            value += extra * by_age(w.get("shield"), age) + military_value(rt, p, extra, w)
        symbols = [str(g.args[0](Ctx(rt, p, source))) for g in rt.d.grants_of(source, "science") if g.args]
        wilds = len(rt.d.grants_of(source, "science_wild"))
        if symbols or wilds:
            value += by_age(w.get("science"), age) * science_promise(rt, p, symbols, wilds)
        probe = _Probe(rt)
        hook, payload = ("stage_built", {"stage": rt.player(p)["stages"] + 1}) if action == "stage" \
            else ("card_built", {"card": source})
        for t in rt.d.triggers_of(source, hook):
            ctx = Ctx(probe, p, source, {**payload, "player": p}, t)
            if t.when is None or t.when(ctx):
                for _ in t.body(ctx):
                    break  # a trigger that asks something: value what it gained so far
        return value + coin_change(rt, p, probe.gained, w)
