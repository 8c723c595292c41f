"""The Clash of Cultures runtime: state access, abilities in force, and the card language's verbs.

One `Clash` object lives beside each running game. It answers the questions the rules ask of the
content (which permissions are granted, what a quantity comes to, what is forbidden), runs
triggers on hooks, and implements what effects may say (gain, pay, lose, draw, do, choose).
"""

from __future__ import annotations

from collections.abc import Generator
from itertools import product
from typing import TYPE_CHECKING, Any

from ...dsl.limits import MAX_RUNTIME, cap
from ...engine.abilities import Ctx, Grant, Modifier, SpecialAction, Trigger
from ...engine.board import Board
from ...engine.decision import Decision, RunawayEffect
from ...engine.hexgrid import parse_space_id
from ...engine.rng import Rng
from .definition import HAND_KIND
from .measures import tally_hook
from .setup import RESOURCES, TOKENS, add_unit, draw_card
from .splits import bounded_splits

if TYPE_CHECKING:
    from ...engine.machine import Game
    from .definition import ClashDefinition

BARBARIAN = -1
MAX_TRIGGER_DEPTH = 24


class Clash:
    def __init__(self, defn: ClashDefinition, game: Game):
        self.defn = defn
        self.game = game
        self.params = defn.params
        self.index = defn.index
        self._board: Board | None = None
        self._board_key: tuple | None = None
        self._sources_cache: dict[tuple, tuple[list[str], frozenset[str]]] = {}
        self._subs_cache: dict[tuple, dict[str, list[str]]] = {}
        self._payable_cache: dict[tuple, bool] = {}
        self.memo: dict[str, dict] = {}  # per-game memos of pure answers (keys hold all they depend on)
        self._depth = 0
        self._trigger_chain: list[str] = []
        self.round_sources: dict[int, list[str]] = {}  # combat cards in force for one round
        self.cards_played: dict[int, list[str]] = {}  # statistics for simulations (rebuilt by replay)
        self._objective_hooks = defn.objective_hooks

    # ---- state access --------------------------------------------------------------------------
    @property
    def state(self) -> dict:
        return self.game.state

    @property
    def rng(self) -> Rng:
        return Rng(self.state)

    def player(self, i: int) -> dict:
        return self.state["players"][i]

    @property
    def n(self) -> int:
        return len(self.state["players"])

    def name(self, i: int) -> str:
        if i == BARBARIAN:
            return "Barbarians"
        if i < 0 or i >= self.n:  # another side owned by no player (PIRATES): named by its content
            from .pirates import side_name
            return side_name(self)
        return self.player(i)["name"]

    def log(self, text: str) -> None:
        self.game.log.append(text)

    def players_in_turn_order(self) -> list[int]:
        return self.turn_order()

    def turn_order(self) -> list[int]:
        f = self.state["first"]
        return [(f + k) % self.n for k in range(self.n)]

    def cities_of(self, p: int) -> list[str]:
        return [s for s, c in self.state["cities"].items() if c["owner"] == p]

    def city(self, space: str) -> dict | None:
        return self.state["cities"].get(space)

    def city_size(self, space: str) -> int:
        c = self.state["cities"][space]
        return len(c["pieces"])

    def units_at(self, space: str, owner: int | None = None, utype: str | None = None) -> list[str]:
        return [u for u, d in self.state["units"].items()
                if d["space"] == space and (owner is None or d["owner"] == owner)
                and (utype is None or d["type"] == utype)]

    def units_of(self, p: int, utype: str | None = None) -> list[str]:
        return [u for u, d in self.state["units"].items() if d["owner"] == p and (utype is None or d["type"] == utype)]

    def role(self, name: str) -> str:
        return self.defn.roles[name]

    def is_role(self, utype: str, role: str) -> bool:
        return self.defn.roles.get(role) == utype

    # ---- the board -----------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        """The board as revealed so far. Regions are only ever turned face up, so the number of
        face-up regions tells whether the cached board is still the right one."""
        b = self.state["board"]
        shown = b["revealed"].count(True)
        if self._board is None or shown != self._board_key:
            key = (self.n, tuple(t if r else None for t, r in zip(b["tiles"], b["revealed"], strict=True)),
                   tuple(b["rots"]))
            self._board = self.defn.board_for(key, self.region_terrains)
            self._board_key = shown
        return self._board

    def region_terrains(self, tile: str) -> list[str]:
        return self.defn.region_terrains(tile)

    def terrain(self, space: str) -> str | None:
        return self.board.space(space).terrain

    def is_water(self, space: str) -> bool:
        return self.terrain(space) == "sea"

    def is_land(self, space: str) -> bool:
        t = self.terrain(space)
        return t is not None and t != "sea"

    def distance(self, a: str, b: str) -> int | None:
        return self.board.distance(a, b)

    # ---- abilities in force ----------------------------------------------------------------------
    def _sources_entry(self, p: int) -> tuple[list[str], frozenset[str]]:
        """(ordered sources, the same as a set), memoised on what decides them."""
        pl = self.player(p)
        cities = self.state["cities"]
        built = self.state["wonders"]["built"]
        wonders = tuple(w for w, c in built.items() if c in cities and cities[c]["owner"] == p) if built else ()
        key = (p, tuple(pl["advances"]), wonders, tuple(pl["hand"].get(HAND_KIND, ())),
               pl.get("civilization"), pl.get("leader"))
        got = self._sources_cache.get(key)
        if got is None:
            compiled = self.defn.compiled
            hand = [c for c in dict.fromkeys(key[3]) if c in compiled]
            personal = self.special_advances(p) + ([key[5]] if key[5] else [])  # civilisation and leader
            ordered = (self.defn.global_sources + [a for a in pl["advances"] if a in compiled]
                       + list(wonders) + hand + [x for x in personal if x in compiled])
            got = (ordered, frozenset(ordered))
            if len(self._sources_cache) > 4096:
                self._sources_cache.clear()
            self._sources_cache[key] = got
        return got

    def special_advances(self, p: int) -> list[str]:
        """The special advances p holds: those of p's civilisation whose basic advance p has (or the top
        advance of the government category named instead). Lost and regained with that advance."""
        pl = self.player(p)
        civ = pl.get("civilization")
        if not civ:
            return []
        have = set(pl["advances"])
        top = self.defn.top_advance
        return [s for s, by in self.defn.specials_of.get(civ, ()) if by in have or top.get(by) in have]

    def is_army(self, utype: str) -> bool:
        return utype in self.defn.army_types

    def is_ship(self, utype: str) -> bool:
        return utype in self.defn.ship_types

    def sources(self, p: int) -> list[str]:
        """Entries whose abilities work for player p: own advances, own wonders, cards in hand, the rules."""
        if p < 0:
            return []
        got = self._sources_entry(p)[0]
        extra = self.round_sources.get(p)
        return got + extra if extra else got

    def in_hand(self, p: int, source: str) -> bool:
        return p >= 0 and source in self.player(p)["hand"].get(HAND_KIND, ())

    def play_card(self, p: int, card: str) -> None:
        """A hand card used for its effect is played: out of the hand, onto the discard pile."""
        self.player(p)["hand"][HAND_KIND].remove(card)
        self.state["discard"][HAND_KIND].append(card)
        self.cards_played.setdefault(p, []).append(card)
        self.log(f"{self.name(p)} plays {self.source_name(card)}")

    def ctx(self, p: int, source: str, /, **vars: Any) -> Ctx:
        return Ctx(self, p, source, vars)

    def active(self, ability, p: int) -> bool:
        if p < 0:
            return False
        return ability.source in self.active_set(p)

    def active_set(self, p: int) -> frozenset[str]:
        """The sources in force for p, as a set; hot loops take it once instead of asking per ability."""
        got = self._sources_entry(p)[1]
        extra = self.round_sources.get(p)
        return got | frozenset(extra) if extra else got

    def _used(self, p: int, key: str) -> bool:
        return self.player(p)["used"].get(key) == self.state["turn_no"]

    def _mark_used(self, p: int, key: str) -> None:
        self.player(p)["used"][key] = self.state["turn_no"]

    def _once_key(self, ab) -> str:
        kind = type(ab).__name__
        name = getattr(ab, "quantity", "") or getattr(ab, "hook", "") or getattr(ab, "title", "")
        return f"{ab.source}:{kind}:{name}"

    def _cond(self, ab, ctx: Ctx) -> bool:
        return ab.when is None or bool(ab.when(ctx))

    def granted(self, name: str, p: int, **vars: Any) -> bool:
        return bool(self.grants(name, p, **vars))

    def grants(self, name: str, p: int, **vars: Any) -> list[tuple]:
        """Argument tuples of every grant `name` in force for p (standing or until end of turn)."""
        out: list[tuple] = []
        if p < 0:
            return out
        grants = self.index.grants.get(name, ())
        srcs = self.active_set(p) if grants else frozenset()
        for g in grants:
            if g.source in srcs:
                ctx = self.ctx(p, g.source, **vars)
                if self._cond(g, ctx):
                    out.append(tuple(a(ctx) for a in g.args))
        for tname, targs, *_ in self.player(p)["temp"]:
            if tname == name:
                out.append(tuple(targs))
        return out

    def forbidden(self, what: str, **vars: Any) -> bool:
        """A prohibition from anyone's abilities (me = the ability's owner) or from the standing rules."""
        for f in self.index.forbids.get(what, ()):
            owners = range(self.n) if f.source not in self.defn.global_sources else [vars.get("actor", 0)]
            for p in owners:
                if p is None or p < 0 or not self.active(f, p):
                    continue
                if self._cond(f, self.ctx(p, f.source, **vars)):
                    return True
        return False

    def quantity(self, name: str, p: int, base: int, arg: Any = None, use: list[Modifier] | None = None,
                 commit: bool = False, **vars: Any) -> int:
        """A computed quantity after p's mandatory modifiers (and the optional ones in `use`)."""
        value = base
        if p < 0:
            return value
        mods = self.index.modifiers.get(name, ())
        srcs = self.active_set(p) if mods else frozenset()
        for m in mods:
            if m.optional and (use is None or m not in use):
                continue
            ctx = self._applies(m, p, srcs, arg, vars)
            if ctx is None:
                continue
            if m.once_per_turn:
                if self._used(p, self._once_key(m)):
                    continue
                if commit:
                    self._mark_used(p, self._once_key(m))
            value = m.apply(ctx, value)
        return value

    def _applies(self, m: Modifier, p: int, srcs: frozenset[str], arg: Any, vars: dict) -> Ctx | None:
        """The context in which modifier m applies to p's quantity, or None (not in force, other argument,
        condition false)."""
        if m.source not in srcs:
            return None
        ctx = self.ctx(p, m.source, **vars)
        if m.arg is not None and m.arg(ctx) != arg:
            return None
        return ctx if self._cond(m, ctx) else None

    def optional_modifiers(self, name: str, p: int, arg: Any = None, **vars: Any) -> list[Modifier]:
        """Optional modifiers p could use now (condition true, not used this turn, affordable)."""
        out = []
        if p < 0:
            return out
        mods = self.index.modifiers.get(name, ())
        srcs = self.active_set(p) if mods else frozenset()
        for m in mods:
            if not m.optional:
                continue
            ctx = self._applies(m, p, srcs, arg, vars)
            if ctx is None:
                continue
            if m.once_per_turn and self._used(p, self._once_key(m)):
                continue
            if not self.can_pay(ctx, [(c.what, c.amount(ctx)) for c in m.cost]):
                continue
            out.append(m)
        return out

    def use_optional(self, m: Modifier, p: int, **vars: Any) -> Generator:
        """Pay for an optional modifier the player chose, and mark its once-per-turn use."""
        yield from self.use_optionals([m], p, **vars)

    def use_optionals(self, mods: list[Modifier], p: int, **vars: Any) -> Generator:
        """Pay for several optional modifiers as one payment (so a joker is not spent twice)."""
        cost: list[tuple[str, int]] = []
        for m in mods:
            ctx = self.ctx(p, m.source, **vars)
            if m.once_per_turn:
                self._mark_used(p, self._once_key(m))
            cost.extend((c.what, int(c.amount(ctx))) for c in m.cost)
        if cost:
            yield from self.pay_for(p, cost, "any", self.source_name(mods[0].source))

    def source_name(self, source: str) -> str:
        e = self.defn.content.entries.get(source)
        return e.name if e else source

    # ---- hooks ----------------------------------------------------------------------------------
    def emit(self, hook: str, p: int, **payload: Any) -> Generator:
        """Run the triggers on `hook`: the acting player's first, then the others in turn order."""
        triggers = self.index.triggers.get(hook)
        payload.setdefault("player", p)
        if p >= 0:
            tally_hook(self, p, hook, payload.get("opponent"))  # for times_this_turn(hook[, opponent])
        if hook in self._objective_hooks:
            from .objectives import check_objectives
            yield from check_objectives(self, p, "immediate", hook, payload)
        if not triggers:
            return payload
        order = [p] + [q for q in self.turn_order() if q != p] if p >= 0 else self.turn_order()
        self._depth += 1
        try:
            if self._depth > MAX_TRIGGER_DEPTH:
                # the chain holds the triggers still running, outermost first: the loop's entries
                loop = list(dict.fromkeys(self._trigger_chain))
                names = ", ".join(f"{self.source_name(s)} ({s})" for s in loop) or "the rules"
                raise RunawayEffect(f"runaway effect stopped: triggers set each other off more than "
                                    f"{MAX_TRIGGER_DEPTH} times deep (last on '{hook}'); the loop runs through "
                                    f"{names}", loop)
            for owner in order:
                played: set[str] = set()  # no two identical cards on the same trigger
                for t in triggers:
                    if not self.active(t, owner):
                        continue
                    card = self.in_hand(owner, t.source)
                    if card and t.source in played:
                        continue
                    if owner != p and not t.any_player:
                        continue
                    ctx = self.ctx(owner, t.source, **payload)
                    ctx.ability = t
                    if not self._cond(t, ctx):
                        continue
                    if t.once_per_turn and self._used(owner, self._once_key(t)):
                        continue
                    cost = [(c.what, c.amount(ctx)) for c in t.cost]
                    if cost and not self.can_pay(ctx, cost):
                        continue
                    if t.optional or card:
                        what = t.label or f"use {self.source_name(t.source)}"
                        ok = yield from self.confirm(ctx, f"{self.source_name(t.source)}: {what}")
                        if not ok:
                            continue
                    if card:
                        played.add(t.source)
                        self.play_card(owner, t.source)
                    if t.once_per_turn:
                        self._mark_used(owner, self._once_key(t))
                    if cost:
                        yield from self.pay(ctx, cost)
                    self._trigger_chain.append(t.source)
                    yield from t.body(ctx)
                    self._trigger_chain.pop()  # finished: no part of a loop found deeper down
                    if ctx.cancelled:
                        payload["cancelled"] = True
        finally:
            self._depth -= 1
            if self._depth == 0:
                self._trigger_chain.clear()
        return payload

    # ---- decisions ------------------------------------------------------------------------------
    def ask(self, p: int, kind: str, prompt: str, options: list[str], labels: list[str] | None = None) -> Generator:
        """Stop for a decision; returns the chosen option. A single option is taken without asking."""
        if not options:
            raise RuntimeError(f"no options for decision '{prompt}'")
        if len(options) == 1:
            return options[0]
        choice = yield Decision(p, kind, prompt, list(options), list(labels or []))
        return choice

    # ---- the card language's runtime --------------------------------------------------------------
    def attr(self, ctx: Ctx, obj: Any, name: str) -> Any:
        if isinstance(obj, str) and obj in self.state["cities"]:
            c = self.state["cities"][obj]
            if name == "owner":
                return c["owner"]
            if name == "size":
                return len(c["pieces"])
            if name == "mood":
                return c["mood"]
            if name == "space":
                return obj
        return None

    def has(self, ctx: Ctx, container: Any, item: Any) -> bool:
        if isinstance(container, str) and container in self.state["cities"]:
            c = self.state["cities"][container]
            return item in c["pieces"] or item in c["wonders"]
        if isinstance(container, (list, tuple, set)):
            return item in container
        return False

    def call(self, ctx: Ctx, name: str, args: list) -> Any:
        from .functions import FUNCTIONS
        return FUNCTIONS[name](self, ctx, *args)

    def do(self, ctx: Ctx, name: str, args: list) -> Generator:
        from .procedures import PROCEDURES
        yield from PROCEDURES[name](self, ctx.me, *args, ctx=ctx)

    def cancel(self, ctx: Ctx) -> None:
        ctx.vars["cancelled"] = True

    def grant_until_end_of_turn(self, ctx: Ctx, name: str, args: list) -> None:
        self.player(ctx.me)["temp"].append([name, list(args), ctx.source])

    def choose(self, ctx: Ctx, labels: list[str], prompt: str) -> Generator:
        options = [str(i) for i in range(len(labels))]
        choice = yield from self.ask(ctx.me, "choose", f"{self.source_name(ctx.source)}: {prompt}", options, labels)
        return int(choice)

    def confirm(self, ctx: Ctx, prompt: str) -> Generator:
        choice = yield from self.ask(ctx.me, "confirm", prompt, ["yes", "no"], ["yes", "no"])
        return choice == "yes"

    # -- resources
    def limit(self, p: int, what: str) -> int:
        pl = self.player(p)
        top = self.params["scale_max"]
        if what == "mood":
            return pl["happiness_level"]
        if what == "culture":
            return pl["culture_level"]
        base = self.params["food_limit"] if what == "food" else top
        return max(0, min(top, self.quantity("resource_limit", p, base, arg=what)))

    def add_resource(self, p: int, what: str, n: int) -> int:
        """Gain up to the limit; returns what was actually gained."""
        if p < 0 or n <= 0:
            return 0
        res = self.player(p)["res"]
        before = res[what]
        res[what] = max(before, min(before + n, self.limit(p, what)))
        return res[what] - before

    def enforce_limits(self, p: int) -> None:
        res = self.player(p)["res"]
        for k in RESOURCES + TOKENS:
            res[k] = max(0, min(res[k], self.limit(p, k)))

    def gain(self, ctx: Ctx, what: str, n: int, at: Any = None) -> Generator:
        p = ctx.me
        n = int(n or 0)
        if what in RESOURCES or what in TOKENS:
            got = self.add_resource(p, what, n)
            if got:
                self.log(f"{self.name(p)} gets {got} {what} ({self.source_name(ctx.source)})")
        elif what == "actions":
            self.state["actions_left"] += n
            if self.state["actions_left"] > MAX_RUNTIME["actions"]:  # dsl/limits.py: no endless turn
                cap(self, ctx.source, "actions", self.state["actions_left"])
            self.log(f"{self.name(p)} gets {n} extra action{'s' if n != 1 else ''} ({self.source_name(ctx.source)})")
        elif what == "vp":
            self.player(p)["event_vp"] += n
        elif what in self.defn.units:
            from .procedures import place_new_units
            yield from place_new_units(self, p, what, n, at)
        yield from ()

    def substitutes(self, p: int, purpose: str) -> dict[str, list[str]]:
        """What may replace what in a payment for `purpose` (e.g. ideas for food on advances, gold for all)."""
        key = (p, purpose, self._sources_entry(p)[1],
               tuple((t[0], tuple(t[1])) for t in self.player(p)["temp"]))
        got = self._subs_cache.get(key)
        if got is None:
            got = {}
            for purp, payer, replaced in self.grants("substitute", p):
                if purp in (purpose, "any"):
                    got.setdefault(replaced, [])
                    if payer not in got[replaced]:
                        got[replaced].append(payer)
            if len(self._subs_cache) > 4096:
                self._subs_cache.clear()
            self._subs_cache[key] = got
        return got

    def payment_options(self, p: int, cost: list[tuple[str, int]], purpose: str = "any") -> list[dict[str, int]]:
        """Every distinct way p can pay `cost` with its own resources and the substitutions in force."""
        res = self.player(p)["res"]
        subs = self.substitutes(p, purpose)
        need: dict[str, int] = {}
        for what, n in cost:
            if n > 0:
                need[what] = need.get(what, 0) + int(n)
        if not need:
            return [{}]
        items = sorted(need.items())
        results: list[dict[str, int]] = []
        seen: set[tuple] = set()

        def rec(i: int, left: dict[str, int], paid: dict[str, int]) -> None:
            if len(results) > 200:
                return
            if i == len(items):
                key = tuple(sorted((k, v) for k, v in paid.items() if v))
                if key not in seen:
                    seen.add(key)
                    results.append({k: v for k, v in paid.items() if v})
                return
            what, n = items[i]
            payers = [what] + [s for s in subs.get(what, []) if s != what]
            for split in bounded_splits(n, [left.get(k, 0) for k in payers]):  # no part above what is held
                nl = dict(left)
                np_ = dict(paid)
                for j, k in enumerate(payers):
                    if split[j]:
                        nl[k] -= split[j]
                        np_[k] = np_.get(k, 0) + split[j]
                rec(i + 1, nl, np_)

        rec(0, dict(res), {})
        return results

    def can_pay(self, ctx: Ctx, cost: list[tuple[str, int]], purpose: str = "any") -> bool:
        if not cost or all(int(n or 0) <= 0 for _, n in cost):
            return True
        if any(w == "any_resource" for w, _ in cost):
            total = sum(self.player(ctx.me)["res"][r] for r in RESOURCES)
            need = sum(int(n) for w, n in cost if w == "any_resource")
            rest = [(w, n) for w, n in cost if w != "any_resource"]
            return total >= need and (not rest or bool(self.payment_options(ctx.me, rest, purpose)))
        res = self.player(ctx.me)["res"]
        need: dict[str, int] = {}
        for w, n in cost:
            need[w] = need.get(w, 0) + int(n or 0)
        if all(res.get(w, 0) >= n for w, n in need.items()):
            return True  # payable as it stands, no substitution needed
        key = (ctx.me, tuple(res.values()), tuple(sorted(need.items())), purpose, self._sources_entry(ctx.me)[1])
        got = self._payable_cache.get(key)
        if got is None:
            got = bool(self.payment_options(ctx.me, list(need.items()), purpose))
            if len(self._payable_cache) > 4096:
                self._payable_cache.clear()
            self._payable_cache[key] = got
        return got

    def pay(self, ctx: Ctx, cost: list[tuple[str, int]], purpose: str = "any") -> Generator:
        paid = yield from self.pay_for(ctx.me, [(w, int(n or 0)) for w, n in cost], purpose,
                                       self.source_name(ctx.source))
        return paid

    def pay_for(self, p: int, cost: list[tuple[str, int]], purpose: str, why: str) -> Generator:
        """Ask how to pay (when there is a choice) and pay; returns the payment made."""
        res = self.player(p)["res"]
        anys = sum(n for w, n in cost if w == "any_resource")
        cost = [(w, n) for w, n in cost if w != "any_resource"]
        paid: dict[str, int] = {}
        for _ in range(anys):
            opts = [r for r in RESOURCES if res[r] > 0]
            r = yield from self.ask(p, "pay", f"{why}: which resource to pay?", opts)
            res[r] -= 1
            paid[r] = paid.get(r, 0) + 1
        if cost:
            options = self.payment_options(p, cost, purpose)
            if not options:
                raise RuntimeError(f"{self.name(p)} cannot pay {cost} for {why}")
            labels = [_pile(o) for o in options]
            if len(options) == 1:
                chosen = options[0]
            else:
                pick = yield from self.ask(p, "pay", f"{why}: how to pay {_pile(dict(cost))}?", labels, labels)
                chosen = options[labels.index(pick)]
            for k, v in chosen.items():
                res[k] -= v
                paid[k] = paid.get(k, 0) + v
        return paid

    def lose(self, ctx: Ctx, what: str, n: int) -> Generator:
        res = self.player(ctx.me)["res"]
        res[what] = max(0, res[what] - int(n or 0))
        yield from ()

    def draw(self, ctx: Ctx, deck: str, n: int) -> Generator:
        yield from self.draw_cards(ctx.me, deck, int(n or 0))

    def draw_cards(self, p: int, deck: str, n: int) -> Generator:
        if deck == "wonder_card":
            from .wonders import reveal_wonder
            for _ in range(n):
                yield from reveal_wonder(self, p)
            return
        if deck == "event_card":
            from .procedures import draw_event
            for _ in range(n):
                yield from draw_event(self, p)
            return
        got = 0
        for _ in range(n):
            card = draw_card(self.state, deck)
            if card is None:
                break
            self.player(p)["hand"][deck].append(card)
            got += 1
        if got:
            self.log(f"{self.name(p)} draws {got} {deck.replace('_', ' ')}{'s' if got != 1 else ''}")
        yield from ()

    # ---- small helpers used by procedures ------------------------------------------------------
    def new_unit(self, p: int, utype: str, space: str, ship: str | None = None) -> str:
        return add_unit(self.state, p, utype, space, ship)

    def special_actions(self, p: int) -> list[SpecialAction]:
        out = []
        for src in self.sources(p):
            for a in self.index.actions.get(src, ()):
                out.append(a)
        return out

    def triggers_on(self, hook: str) -> list[Trigger]:
        return self.index.triggers.get(hook, [])

    def grants_list(self, name: str) -> list[Grant]:
        return self.index.grants.get(name, [])

    def hex_of(self, space: str):
        return parse_space_id(space)


def _pile(d: dict[str, int]) -> str:
    return ", ".join(f"{v} {k}" for k, v in sorted(d.items()) if v) or "nothing"


def product_options(*lists):
    return list(product(*lists))
