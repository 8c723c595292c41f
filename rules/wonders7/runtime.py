"""The 7 Wonders runtime: the verbs compiled card text calls (gain, pay, do, functions), and the
questions the rules ask of the abilities in force (grants, triggers).

What is in force for a player: the wonder board, each built stage of it (source `<board>@<n>`) and
every card built in the city. A card's `me` is its owner.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import TYPE_CHECKING, Any

from ...engine.abilities import Ctx, Grant, Trigger
from ...engine.decision import ask, choose_one, confirm
from .registry import FUNCTIONS, PROCEDURES, function

if TYPE_CHECKING:
    from .definition import WondersDefinition

COLOURS = ("brown", "grey", "blue", "green", "red", "yellow", "purple")


def stage_source(board: str, n: int) -> str:
    """The source id of a board's n-th stage (1-based), in force once that stage is built."""
    return f"{board}@{n}"


class Wonders:
    """One running game's rules runtime (game.rt)."""

    def __init__(self, defn: WondersDefinition, game: Any):
        self.d = defn
        self.game = game
        self.state: dict = game.state
        self.n = len(self.state["players"])

    # ---- players and seats
    def player(self, p: int) -> dict:
        return self.state["players"][p]

    def name(self, p: int) -> str:
        return self.player(p)["name"]

    def left(self, p: int) -> int:
        return (p - 1) % self.n

    def right(self, p: int) -> int:
        return (p + 1) % self.n

    def neighbours(self, p: int) -> list[int]:
        return [self.left(p), self.right(p)]

    def players_in_turn_order(self) -> list[int]:
        return list(range(self.n))

    def log(self, line: str) -> None:
        self.game.log.append(line)

    def source_name(self, source: str) -> str:
        board, _, stage = source.partition("@")
        e = self.d.content.entries.get(board)
        name = e.name if e is not None else source
        return f"{name}, stage {stage}" if stage else name

    # ---- what is in force
    def sources(self, p: int) -> list[str]:
        pl = self.player(p)
        out = [pl["board"]] if pl.get("board") else []
        out += [stage_source(pl["board"], k) for k in range(1, pl["stages"] + 1)]
        return out + list(pl["built"])

    def grants(self, p: int, name: str, extra: tuple[str, ...] = ()) -> Iterator[list]:
        """The evaluated arguments of every `grant name(...)` in force for p (and of `extra` sources)."""
        for source in list(self.sources(p)) + list(extra):
            for g in self.d.grants_of(source, name):
                ctx = Ctx(self, p, source)
                if g.when is None or g.when(ctx):
                    yield [f(ctx) for f in g.args]

    def granted(self, name: str, p: int) -> bool:
        return next(self.grants(p, name), None) is not None

    def emit(self, hook: str, p: int, **payload: Any) -> Generator:
        """Run p's triggers on `hook` (the payload's names are bound in their conditions and bodies)."""
        payload["player"] = p
        for source in self.sources(p):
            for t in self.d.triggers_of(source, hook):
                ctx = Ctx(self, p, source, dict(payload), t)
                if t.when is None or t.when(ctx):
                    yield from t.body(ctx)

    # ---- counting (points_per, cards())
    def whose(self, p: int, who: Any) -> list[int]:
        if who == "neighbours":
            return sorted(set(self.neighbours(p)) - {p}) if self.n > 2 else [self.left(p)]
        if who == "all":
            return sorted({p, *self.neighbours(p)})
        return [who if isinstance(who, int) else p]

    def count(self, p: int, countable: str) -> int:
        pl = self.player(p)
        if countable == "stage":
            return pl["stages"]
        if countable == "defeat":
            return sum(1 for t in pl["military"] if t < 0)
        return sum(1 for c in pl["built"] if self.d.colour(c) == countable)

    def count_of(self, p: int, countable: str, who: Any) -> int:
        return sum(self.count(q, countable) for q in self.whose(p, who))

    # ---- decisions
    def ask(self, p: int, kind: str, prompt: str, options: list[str], labels: list[str] | None = None) -> Generator:
        """Stop for a decision; returns the chosen option (engine.decision.ask)."""
        return (yield from ask(p, kind, prompt, options, labels))

    # ---- the card language's verbs
    def gain(self, ctx: Ctx, what: str, n: int, at: Any = None) -> Generator:
        n = int(n or 0)
        if what == "coin" and n:
            self.player(ctx.me)["coins"] += n
            self.log(f"{self.name(ctx.me)} takes {n} coin{'s' * (n != 1)} ({self.source_name(ctx.source)})")
        yield from ()

    def can_pay(self, ctx: Ctx, cost: list[tuple[str, int]], purpose: str = "any") -> bool:
        return sum(int(n or 0) for w, n in cost if w == "coin") <= self.player(ctx.me)["coins"]

    def pay(self, ctx: Ctx, cost: list[tuple[str, int]], purpose: str = "any") -> Generator:
        pl = self.player(ctx.me)
        for w, n in cost:
            if w == "coin":
                pl["coins"] = max(0, pl["coins"] - int(n or 0))
        yield from ()

    def lose(self, ctx: Ctx, what: str, n: int) -> Generator:
        yield from self.pay(ctx, [(what, n)])

    def draw(self, ctx: Ctx, deck: str, n: int) -> Generator:
        yield from ()

    def call(self, ctx: Ctx, name: str, args: list) -> Any:
        return FUNCTIONS[name](self, ctx, *args)

    def do(self, ctx: Ctx, name: str, args: list) -> Generator:
        yield from PROCEDURES[name](self, ctx.me, *args, ctx=ctx)

    def attr(self, ctx: Ctx, obj: Any, name: str) -> Any:
        return None

    def has(self, ctx: Ctx, container: Any, item: Any) -> bool:
        return isinstance(container, (list, tuple, set)) and item in container

    def cancel(self, ctx: Ctx) -> None:
        ctx.vars["cancelled"] = True

    def grant_until_end_of_turn(self, ctx: Ctx, name: str, args: list) -> None:
        raise RuntimeError("7 Wonders has no grants until end of turn")

    def choose(self, ctx: Ctx, labels: list[str], prompt: str) -> Generator:
        return (yield from choose_one(ctx.me, f"{self.source_name(ctx.source)}: {prompt}", labels))

    def confirm(self, ctx: Ctx, prompt: str) -> Generator:
        return (yield from confirm(ctx.me, prompt))


@function("cards")
def cards(rt: Wonders, ctx: Ctx, countable: str, who: Any) -> int:
    """How many of `countable` (a colour, `stage`, `defeat`) `who` (me, neighbours, all) has."""
    return rt.count_of(ctx.me, countable, who)


@function("coins")
def coins(rt: Wonders, ctx: Ctx) -> int:
    return rt.player(ctx.me)["coins"]


__all__ = ["COLOURS", "Grant", "Trigger", "Wonders", "stage_source"]
