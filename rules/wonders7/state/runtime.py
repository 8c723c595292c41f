"""The 7 Wonders runtime: the verbs compiled card text calls (gain, pay, do, functions), and the
questions the rules ask of the abilities in force (grants, triggers).

What is in force for a player: the wonder board, each built stage of it (source `<board>@<n>`) and
every card built in the city. A card's `me` is its owner.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import TYPE_CHECKING, Any

from ....engine.abilities import Ctx
from ....engine.decision import ask, choose_one, confirm
from ....engine.rule_calls import RuleCalls
from ....engine.steady import Steady
from ..names import stage_source
from ..registry import FUNCTIONS, PROCEDURES, function

if TYPE_CHECKING:
    from .definition import WondersDefinition


class Wonders(RuleCalls):
    """One running game's rules runtime (game.rt)."""

    rule_functions = FUNCTIONS
    rule_procedures = PROCEDURES

    def __init__(self, defn: WondersDefinition, game: Any):
        self.d = defn
        self.game = game
        self.state: dict = game.state
        self.n = len(self.state["players"])
        self.watch = getattr(defn, "watch", None)  # a study's counted moments (engine/watch.py), or None
        self.steady = Steady()  # a menu's questions answered once (engine/steady.py; pick_options opens it)

    # ---- players and seats
    def player(self, p: int) -> dict:
        """A player's part of the state (coins, board, built cards, hand, military tokens)."""
        return self.state["players"][p]

    def name(self, p: int) -> str:
        """The player's name, as logs and seats show it."""
        return self.player(p)["name"]

    def left(self, p: int) -> int:
        """The seat to p's left (the hand passed clockwise goes there; trading and conflicts look both
        ways)."""
        return (p - 1) % self.n

    def right(self, p: int) -> int:
        """The seat to p's right."""
        return (p + 1) % self.n

    def neighbours(self, p: int) -> list[int]:
        """p's two neighbours, left then right: whom p trades with and fights."""
        return [self.left(p), self.right(p)]

    def players_in_turn_order(self) -> list[int]:
        """Every seat in order: 7 Wonders' picks are simultaneous, so the order only fixes whose decision is
        asked first."""
        return list(range(self.n))

    def log(self, line: str) -> None:
        """Append a line to the game's log (only what every player may read: a pick is logged once
        revealed)."""
        self.game.log.append(line)

    def source_name(self, source: str) -> str:
        """What a person reads for an ability's source: the card's name, or the board's name and stage for
        `<board>@<n>`."""
        board, _, stage = source.partition("@")
        e = self.d.content.entries.get(board)
        name = e.name if e is not None else source
        return f"{name}, stage {stage}" if stage else name

    # ---- what is in force
    def sources(self, p: int) -> list[str]:
        """What is in force for p: the wonder board, each built stage and every card built in the city."""
        return self.steady.answer(("sources", p), lambda: self._sources(p))

    def _sources(self, p: int) -> list[str]:
        pl = self.player(p)
        out = [pl["board"]] if pl.get("board") else []
        out += [stage_source(pl["board"], k) for k in range(1, pl["stages"] + 1)]
        return out + list(pl["built"])

    def grants(self, p: int, name: str, extra: tuple[str, ...] = ()) -> Iterator[list]:
        """The evaluated arguments of every `grant name(...)` in force for p (and of `extra` sources)."""
        if not extra and self.steady.memo is not None:  # a menu asks them for every card: once a stretch
            return iter(self.steady.answer(("grants", p, name), lambda: list(self._grants(p, name, ()))))
        return self._grants(p, name, extra)

    def _grants(self, p: int, name: str, extra: tuple[str, ...]) -> Iterator[list]:
        for source in list(self.sources(p)) + list(extra):
            for g in self.d.grants_of(source, name):
                ctx = Ctx(self, p, source)
                if g.when is None or g.when(ctx):
                    yield [f(ctx) for f in g.args]

    def granted(self, name: str, p: int) -> bool:
        """Does p have at least one `grant name(...)` in force (its condition met)?"""
        return next(self.grants(p, name), None) is not None

    def emit(self, hook: str, p: int, **payload: Any) -> Generator:
        """Run p's triggers on `hook` (the payload's names are bound in their conditions and bodies), then
        every other player's `on any` triggers on it (their `me` is their owner, `player` stays p)."""
        payload["player"] = p
        if self.watch is not None:
            self.watch.fired(self, hook, p, payload)
        hearers = [p] + ([q for q in range(self.n) if q != p] if hook in self.d.any_hooks else [])
        for q in hearers:
            for source in self.sources(q):
                for t in self.d.triggers_of(source, hook):
                    if q != p and not t.any_player:
                        continue
                    ctx = Ctx(self, q, source, dict(payload), t)
                    if t.when is None or t.when(ctx):
                        yield from t.body(ctx)

    def quantity(self, name: str, p: int, base: int, arg: Any = None, **vars: Any) -> int:
        """A number the rules compute for p (a trading price ...) after the modifiers in force for p, in
        the order of p's sources; `arg` picks the modifiers written for it (`modify NAME(ARG)`), `vars` are
        the context their conditions read (`modify trade_price when resource = glass`).
        When no ability changes the quantity, the printed value comes back at once. 7 Wonders asks no
        question while it prices: an `optional` modifier is not offered, so it does not apply."""
        if name not in self.d.modified:
            return base
        value = base
        for source in self.sources(p):
            for m in self.d.modifiers_of(source, name):
                if m.optional:
                    continue
                ctx = Ctx(self, p, source, dict(vars))
                if m.arg is not None and m.arg(ctx) != arg:
                    continue
                if m.when is None or m.when(ctx):
                    value = m.apply(ctx, value)
        return value

    # ---- counting (points_per, cards())
    def whose(self, p: int, who: Any) -> list[int]:
        """The seats a count covers for `who` (me, neighbours, all, or a seat index), from p's seat."""
        if who == "neighbours":
            return sorted(set(self.neighbours(p)) - {p}) if self.n > 2 else [self.left(p)]
        if who == "all":
            return sorted({p, *self.neighbours(p)})
        return [who if isinstance(who, int) else p]

    def count(self, p: int, countable: str) -> int:
        """How many of `countable` p has: a card colour, `stage` (wonder stages built) or `defeat` (defeat
        tokens)."""
        pl = self.player(p)
        if countable == "stage":
            return pl["stages"]
        if countable == "defeat":
            return sum(1 for t in pl["military"] if t < 0)
        return sum(1 for c in pl["built"] if self.d.colour(c) == countable)

    def count_of(self, p: int, countable: str, who: Any) -> int:
        """`count` summed over the seats `who` names from p's seat (the card language's cards(countable,
        who))."""
        return sum(self.count(q, countable) for q in self.whose(p, who))

    # ---- decisions
    def ask(self, p: int, kind: str, prompt: str, options: list[str], labels: list[str] | None = None) -> Generator:
        """Stop for a decision; returns the chosen option (engine.decision.ask)."""
        return (yield from ask(p, kind, prompt, options, labels))

    # ---- the card language's verbs
    def gain(self, ctx: Ctx, what: str, n: int, at: Any = None) -> Generator:
        """The card language's gain: coins are taken at once (other gains in 7 Wonders are grants, counted
        when needed)."""
        n = int(n or 0)
        if what == "coin" and n:
            self.player(ctx.me)["coins"] += n
            self.log(f"{self.name(ctx.me)} takes {n} coin{'s' * (n != 1)} ({self.source_name(ctx.source)})")
        yield from ()
        return n

    def can_pay(self, ctx: Ctx, cost: list[tuple[str, int]], purpose: str = "any") -> bool:
        """Can the card's owner pay `cost` now? Only coins are paid this way; resources are produced, not
        spent."""
        return sum(int(n or 0) for w, n in cost if w == "coin") <= self.player(ctx.me)["coins"]

    def pay(self, ctx: Ctx, cost: list[tuple[str, int]], purpose: str = "any") -> Generator:
        """Pay `cost` from the owner's coins (never below zero; the rules checked can_pay before); returns what
        was paid."""
        pl = self.player(ctx.me)
        paid: dict[str, int] = {}
        for w, n in cost:
            if w == "coin":
                gone = min(pl["coins"], max(0, int(n or 0)))
                pl["coins"] -= gone
                paid[w] = paid.get(w, 0) + gone
        yield from ()
        return paid

    def lose(self, ctx: Ctx, what: str, n: int) -> Generator:
        """The card language's lose: paid like a cost; returns how many were lost."""
        paid = yield from self.pay(ctx, [(what, n)])
        return sum(paid.values())

    def holder_of(self, source: str) -> int | None:
        """`holder`: the player in whose city the card is built (or whose board it is), else None."""
        for p in range(self.n):
            pl = self.player(p)
            if source in pl["built"] or source.partition("@")[0] == pl.get("board"):
                return p
        return None

    def draw(self, ctx: Ctx, deck: str, n: int) -> Generator:
        """The card language's draw: 7 Wonders' cards are dealt by the flow, never drawn by a card, so nothing
        happens."""
        yield from ()

    def grant_until_end_of_turn(self, ctx: Ctx, name: str, args: list) -> None:
        """Not part of 7 Wonders: card text that asks for it is a mistake of the content, reported at once."""
        raise RuntimeError("7 Wonders has no grants until end of turn")

    def choose(self, ctx: Ctx, labels: list[str], prompt: str) -> Generator:
        """Ask the card's owner to choose one of `labels` (its index is returned), prompted with the source's
        name."""
        return (yield from choose_one(ctx.me, f"{self.source_name(ctx.source)}: {prompt}", labels))

    def confirm(self, ctx: Ctx, prompt: str) -> Generator:
        """Ask the card's owner a yes-or-no question; returns True for yes."""
        return (yield from confirm(ctx.me, prompt))


@function("cards")
def cards(rt: Wonders, ctx: Ctx, countable: str, who: Any) -> int:
    """How many of `countable` (a colour, `stage`, `defeat`) `who` (me, neighbours, all) has."""
    return rt.count_of(ctx.me, countable, who)


@function("coins")
def coins(rt: Wonders, ctx: Ctx) -> int:
    return rt.player(ctx.me)["coins"]

