"""The greedy 7 Wonders bot: each pick is valued as the points it adds now plus what its standing
abilities promise (resources, shields, science, coins), at the weights of game.yaml `bot:`.

Nothing here names a card: a card is valued through its compiled abilities, the way the rules read
them. Coins a card gives when built are found by running its `card_built`/`stage_built` triggers on
a probe runtime that only counts what they would gain.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ....engine.abilities import Ctx
from ....engine.decision import Decision
from ....engine.rng import Rng, seed_state
from ..actions.options import card_cost, next_stage_cost
from ..commerce.payment import payment_options
from ..names import stage_source
from ..scoring.points import breakdown
from ..state.runtime import Wonders


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


def _by_age(value: Any, age: int) -> float:
    if isinstance(value, list):
        return float(value[min(max(age, 1), len(value)) - 1]) if value else 0.0
    return float(value or 0)


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0):
        self._state = {"rng": seed_state(seed)}

    def choose(self, game, decision: Decision) -> str:
        rt: Wonders = game.rt
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
        w = rt.d.rules.get("bot") or {}
        action, _, card = option.partition(":")
        coin = float(w.get("coin", 0.2))
        if action == "sell":
            return float(rt.d.params["sell_coins"]) * coin + float(w.get("sell", 0.0))
        if action == "stage":
            source = stage_source(rt.player(p)["board"], rt.player(p)["stages"] + 1)
            cost = next_stage_cost(rt, p) or {}
            bonus = float(w.get("stage", 1.0))
        else:
            source, bonus = card, 0.0
            cost = {} if action == "free" else card_cost(rt, p, card)
        pays = payment_options(rt, p, cost) if cost else [{"left": 0, "right": 0, "bank": 0}]
        spent = min((x["left"] + x["right"] + x["bank"] for x in pays), default=0)
        return self.source_value(rt, p, source, action) + bonus - spent * coin

    def source_value(self, rt: Wonders, p: int, source: str, action: str | None) -> float:
        """Points the source adds now, plus its production, shields, science and coins at the bot's weights."""
        w = rt.d.rules.get("bot") or {}
        age = rt.state["age"]
        now = sum(breakdown(rt, p).values())
        points = sum(breakdown(rt, p, (source,)).values()) - now
        value = float(points)
        for name in ("produce", "produce_one_of", "produce_private"):
            for g in rt.d.grants_of(source, name):
                args = [f(Ctx(rt, p, source)) for f in g.args]
                units = int(args[1]) if name == "produce" and len(args) > 1 else 1
                value += units * _by_age(w.get("resource"), age) * (0.8 if name != "produce" else 1.0)
        for g in rt.d.grants_of(source, "shields"):
            value += int(g.args[0](Ctx(rt, p, source))) * _by_age(w.get("shield"), age)
        value += len(rt.d.grants_of(source, "science")) * _by_age(w.get("science"), age)
        probe = _Probe(rt)
        hook, payload = ("stage_built", {"stage": rt.player(p)["stages"] + 1}) if action == "stage" \
            else ("card_built", {"card": source})
        for t in rt.d.triggers_of(source, hook):
            ctx = Ctx(probe, p, source, {**payload, "player": p}, t)
            if t.when is None or t.when(ctx):
                for _ in t.body(ctx):
                    break  # a trigger that asks something: value what it gained so far
        return value + probe.gained * float(w.get("coin", 0.2))
