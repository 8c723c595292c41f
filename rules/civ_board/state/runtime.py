"""The Civilization runtime: the verbs compiled card text calls (gain, pay, do, functions), and the
questions the rules ask of what is in force for a player (grants, quantities, triggers).

In force for a player: the civilisation sheet, the government, every known tech, each building on the
map (once per marker, in the form the player's techs make it), each wonder the player owns unless it
is obsolete or an enemy figure stands on its marker, and each great person on the map.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import TYPE_CHECKING, Any

from ....engine.abilities import Ctx
from ....engine.consult import consult
from ....engine.decision import ask, choose_one, confirm
from ....engine.rng import Rng
from ....engine.rule_calls import RuleCalls
from ....engine.steady import Steady
from ..board import board
from ..registry import FUNCTIONS, PROCEDURES, function
from .battle_effects import add_lasting, lasting

if TYPE_CHECKING:
    from ..definition import CivDefinition


class Civ(RuleCalls):
    """One running game's rules runtime (game.rt)."""

    rule_functions = FUNCTIONS
    rule_procedures = PROCEDURES

    def __init__(self, defn: CivDefinition, game: Any):
        self.d = defn
        self.game = game
        self.state: dict = game.state
        self.n = len(self.state["players"])
        self.watch = getattr(defn, "watch", None)  # a study's counted moments (engine/watch.py), or None
        self.params: dict = defn.params
        self._forms: dict[tuple, str] = {}   # (player, building, civ, government, techs known) -> form shown
        self.steady = Steady()  # a menu's questions answered once (engine/steady.py; see menus.py)

    # ---- players, order, log
    def player(self, p: int) -> dict:
        return self.state["players"][p]

    def name(self, p: int) -> str:
        return self.player(p)["name"]

    def order(self) -> list[int]:
        """Player order this turn: from the first player, clockwise (to the left)."""
        first = self.state["first"]
        return [(first + i) % self.n for i in range(self.n)]

    def player_turns(self) -> Iterator[int]:
        """The players of a phase taken turn by turn, in order. Before each turn but the first, the game is
        told a fork may restart there (flow.py: a restarted phase skips to that turn, its opening done)."""
        skip = self.state.pop("resume_from", 0)
        for i, p in enumerate(self.order()):
            if i < skip:
                continue
            if i:
                self.game.resume_point({"resume": True, "phase_start": True, "resume_from": i})
            yield p

    def log(self, line: str) -> None:
        self.game.log.append(line)

    def players_in_turn_order(self) -> list[int]:
        """The players in this turn's order (the card language's `for each player`, `choose a player`)."""
        return self.order()

    def source_name(self, source: str) -> str:
        """What a person reads for an effect's source (its entry's name)."""
        return self.entry_name(source)

    def holder_of(self, source: str) -> int | None:
        """`holder`: the player for whom the entry is in force (his civilisation, techs, buildings ...)."""
        return next((p for p in range(self.n) if source in self.sources(p)), None)

    def hand_of(self, p: int, deck: str) -> list:
        """p's culture cards in hand (the card language's `give`, `take` and `swap` move them); the rules
        looking at p's hidden hand is noted for undo (engine/consult.py)."""
        consult(p)
        return self.player(p)["hand"]

    def rng(self) -> Rng:
        return Rng(self.state)

    def entry_name(self, eid: str) -> str:
        e = self.d.content.entries.get(eid)
        return e.name if e is not None else eid

    def ask(self, p: int, kind: str, prompt: str, options: list[str], labels: list[str] | None = None) -> Generator:
        return (yield from ask(p, kind, prompt, options, labels))

    # ---- the map's pieces
    def square(self, x: int, y: int) -> dict | None:
        return board.square(self.d, self.state, x, y)

    def figures_at(self, x: int, y: int, owner: int | None = None) -> list[dict]:
        return [f for f in self.state["figures"] if f["x"] == x and f["y"] == y
                and (owner is None or f["owner"] == owner)]

    def enemies_at(self, x: int, y: int, p: int) -> list[dict]:
        return [f for f in self.figures_at(x, y) if f["owner"] != p]

    def city_at(self, x: int, y: int) -> dict | None:
        return next((c for c in self.state["cities_built"] if c["x"] == x and c["y"] == y), None)

    def cities(self, p: int) -> list[dict]:
        return [c for c in self.state["cities_built"] if c["owner"] == p]

    def item_at(self, x: int, y: int) -> dict | None:
        return self.state["items"].get(board.key(x, y))

    def building_form(self, p: int, building: str) -> str:
        """The form a building marker of p shows: the upgraded form once p knows it (an upgrade is
        unlocked by the civilisation, government or techs, never by a building)."""
        upgrades = self.d.upgrades_of.get(building, ())
        if not upgrades:
            return building
        pl = self.player(p)
        key = (p, building, pl["civ"], pl["government"], len(pl["techs"]))
        form = self._forms.get(key)
        if form is None:
            form = building
            for source in (pl["civ"], pl["government"], *pl["techs"]):
                for g in self.d.grants_of(source, "unlock_building"):
                    got = g.args[0](Ctx(self, p, source))
                    if got in upgrades:
                        form = got
            self._forms[key] = form
        return form

    # ---- what is in force
    def sources(self, p: int) -> list[str]:
        """p's sources in force, in order (callers never change the list: a steady stretch shares it)."""
        return self.steady.answer(("sources", p), lambda: self._sources(p))

    def _sources(self, p: int) -> list[str]:
        pl = self.player(p)
        out = [pl["civ"], pl["government"], *pl["techs"]]
        for k, item in sorted(self.state["items"].items()):
            if item["owner"] != p:
                continue
            if item["kind"] == "building":
                out.append(self.building_form(p, item["id"]))
            elif item["kind"] == "person":
                out.append(item["id"])
            elif item["kind"] == "wonder" and item["id"] not in self.state["obsolete"] \
                    and not self.enemies_at(*board.unkey(k), p):
                out.append(item["id"])
        return out

    def grants(self, p: int, name: str) -> Iterator[list]:
        """The evaluated arguments of every `grant name(...)` in force for p; in a steady stretch worked out
        once (a move's step menu asks the stacking limit of every square it looks at)."""
        if self.steady.memo is not None:
            return iter(self.steady.answer(("grants", p, name), lambda: list(self._grants(p, name))))
        return self._grants(p, name)

    def _grants(self, p: int, name: str) -> Iterator[list]:
        for source in self.sources(p):
            for g in self.d.grants_of(source, name):
                ctx = Ctx(self, p, source)
                if g.when is None or g.when(ctx):
                    yield [f(ctx) for f in g.args]
        yield from lasting(self, p, name)

    def granted(self, name: str, p: int) -> bool:
        return next(self.grants(p, name), None) is not None

    def trade_cap(self, p: int) -> int:
        """The highest value of p's trade dial (params trade_max 27, the quantity trade_dial)."""
        return self.quantity("trade_dial", p, int(self.params["trade_max"]))

    def highest(self, name: str, p: int, base: int) -> int:
        return max([base] + [int(a[-1]) for a in self.grants(p, name)])

    def unlocked(self, p: int, name: str) -> set:
        return {a[0] for a in self.grants(p, name)}

    def quantity(self, name: str, p: int, base: int, **vars: Any) -> int:
        """A number after p's modifiers in force (each building marker counts once)."""
        if not vars and self.steady.memo is not None:
            return self.steady.answer(("quantity", name, p, base), lambda: self._quantity(name, p, base, vars))
        return self._quantity(name, p, base, vars)

    def _quantity(self, name: str, p: int, base: int, vars: dict) -> int:
        value = base
        for source in self.sources(p):
            for m in self.d.modifiers_of(source, name):
                ctx = Ctx(self, p, source, dict(vars))
                if m.when is None or m.when(ctx):
                    value = m.apply(ctx, value)
        return value

    def emit(self, hook: str, p: int, only: str | None = None, **payload: Any) -> Generator:
        """Run p's triggers on `hook` (of one source only when `only` is given)."""
        payload["player"] = p
        if self.watch is not None and only is None:
            self.watch.fired(self, hook, p, payload)
        for source in [only] if only else self.sources(p):
            for t in self.d.triggers_of(source, hook):
                ctx = Ctx(self, p, source, dict(payload), t)
                if t.when is None or t.when(ctx):
                    yield from t.body(ctx)

    # ---- the card language's verbs
    def gain(self, ctx: Ctx, what: str, n: int, at: Any = None) -> Generator:
        n, pl = int(n or 0), self.player(ctx.me)
        if what == "culture":
            pl["culture"] += n
        elif what == "trade":
            pl["trade"] = min(self.trade_cap(ctx.me), pl["trade"] + n)
        elif what in self.d.resources:
            pl["resources"][what] = pl["resources"].get(what, 0) + n
        self.log(f"{self.name(ctx.me)} gains {n} {what} ({self.entry_name(ctx.source)})")
        yield from ()
        return n

    def can_pay(self, ctx: Ctx, cost: list[tuple[str, int]], purpose: str = "any") -> bool:
        pl = self.player(ctx.me)
        have = {"culture": pl["culture"], "trade": pl["trade"], **pl["resources"]}
        return all(have.get(w, 0) >= int(n or 0) for w, n in cost)

    def pay(self, ctx: Ctx, cost: list[tuple[str, int]], purpose: str = "any") -> Generator:
        """Pay `cost` (never below zero); returns what was paid."""
        pl = self.player(ctx.me)
        paid: dict[str, int] = {}
        for w, n in cost:
            n = int(n or 0)
            if w in ("culture", "trade"):
                gone = min(pl[w], max(0, n))
                pl[w] -= gone
            elif w in pl["resources"]:
                gone = min(pl["resources"][w], max(0, n))
                pl["resources"][w] -= gone
            else:
                gone = 0
            paid[w] = paid.get(w, 0) + gone
        yield from ()
        return paid

    def lose(self, ctx: Ctx, what: str, n: int) -> Generator:
        """Lose up to n; returns how many were lost."""
        paid = yield from self.pay(ctx, [(what, n)])
        return sum(paid.values())

    def draw(self, ctx: Ctx, deck: str, n: int) -> Generator:
        yield from ()

    def grant_until_end_of_turn(self, ctx: Ctx, name: str, args: list) -> None:
        add_lasting(self, ctx.me, "turn", name, args, ctx.source)

    def grant_until_end_of(self, ctx: Ctx, period: str, name: str, args: list) -> None:
        """A grant that lasts until the rules end the period (battle_effects.py)."""
        add_lasting(self, ctx.me, period, name, args, ctx.source)

    def choose(self, ctx: Ctx, labels: list[str], prompt: str) -> Generator:
        return (yield from choose_one(ctx.me, f"{self.entry_name(ctx.source)}: {prompt}", labels))

    def confirm(self, ctx: Ctx, prompt: str) -> Generator:
        return (yield from confirm(ctx.me, prompt))


@function("phase")
def phase(rt: Civ, ctx: Ctx) -> str:
    return rt.state["phase"]


@function("turn")
def turn(rt: Civ, ctx: Ctx) -> int:
    return int(rt.state["turn"])


@function("trade_of")
def trade_of(rt: Civ, ctx: Ctx) -> int:
    return int(rt.player(ctx.me)["trade"])


@function("techs_known")
def techs_known(rt: Civ, ctx: Ctx) -> int:
    return len(rt.player(ctx.me)["techs"])

