"""Abilities in force: whose entries work for a player, and what grants, prohibitions and modifiers say.

A mixin of the `Clash` runtime (state/runtime.py): it answers the questions the rules ask of the
content (is this permission granted, what does this quantity come to, is this forbidden) from the
entries a player holds (advances, wonders, cards in hand, civilisation, leader) and the standing rules.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from ....engine import steady as steady_memo
from ....engine.abilities import ONE_OF, Ctx, Modifier
from ....engine.consult import consult
from ..names import HAND_KIND

if TYPE_CHECKING:
    from .definition import ClashDefinition


class InForce:
    """Abilities in force for each player; needs `game` (its `state`), `defn`, `index`, `player` and `n`."""

    defn: ClashDefinition
    _sources_cache: dict[tuple, tuple[list[str], frozenset[str]]]
    _steady: steady_memo.Steady
    round_sources: dict[int, list[str]]
    cards_played: dict[int, list[str]]

    def peek(self, kind: str, name: str, p: int) -> None:
        """Asking p's abilities of `kind` (grants, modifiers, forbids, triggers) on `name` looks at p's hidden
        hand when some card held in a hand has such an ability, whether p holds it or not: noted for undo
        (engine/consult.py), so a decision that made the rules look stands."""
        memo = self.defn.pure_memo("hand_abilities")
        if not memo:
            hand = {e.id for e in self.defn.content.of_kind(HAND_KIND)}
            for k in ("grants", "modifiers", "forbids", "triggers"):
                memo[k] = frozenset(n for n, abilities in getattr(self.index, k).items()
                                    if any(a.source in hand for a in abilities))
        if p >= 0 and name in memo[kind]:
            consult(p)

    def steady(self) -> AbstractContextManager[None]:
        """A stretch of questions that change nothing (the action menu asks hundreds), engine/steady.py:
        each player's sources and the board are worked out once in it (kept in the stretch's memo under
        ("sources", p) and "board"), and grants are memoised (units by space are kept: state/kept.py)."""
        return self._steady.stretch(self.game.state)

    def steadily(self, question: Callable[..., Any], *args: Any) -> Any:
        """question(self, *args), a read-only question (an action's menu of options), asked in one steady
        stretch: the sources, grants and units by space it asks for are worked out once."""
        with self._steady.stretch(self.game.state):
            return question(self, *args)

    def _answer(self, key: tuple, compute: Callable[[], Any]) -> Any:
        """compute(), memoised for the steady stretch under `key` (engine/steady.py: checked in shadow
        mode); outside a stretch simply computed."""
        return self._steady.answer(key, compute)

    def supposing(self) -> AbstractContextManager[None]:
        """A what-if inside a steady stretch (a bot tries an advance on, then takes it off): the memo
        is set aside while the state differs, and is right again once the state is put back."""
        return self._steady.suspended()

    def _sources_entry(self, p: int) -> tuple[list[str], frozenset[str]]:
        """(ordered sources, the same as a set), memoised on what decides them."""
        memo = self._steady.memo  # in a stretch: worked out once per player (not shadow-checked: cheap)
        if memo is not None:
            got = memo.get(("sources", p))
            if got is None:
                got = memo[("sources", p)] = self._sources_of(p)
            return got
        return self._sources_of(p)

    def _sources_of(self, p: int) -> tuple[list[str], frozenset[str]]:
        state = self.game.state
        pl = state["players"][p]
        built = state["wonders"]["built"]
        if built:
            cities = state["cities"]
            wonders = tuple(w for w, c in built.items() if c in cities and cities[c]["owner"] == p)
        else:
            wonders = ()
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
        """Is `utype` an army type (content: the unit types that fight on land)?"""
        return utype in self.defn.army_types

    def is_ship(self, utype: str) -> bool:
        """Is `utype` a ship type?"""
        return utype in self.defn.ship_types

    def sources(self, p: int) -> list[str]:
        """Entries whose abilities work for player p: own advances, own wonders, cards in hand, the rules."""
        if p < 0:
            return []
        got = self._sources_entry(p)[0]
        extra = self.round_sources.get(p)
        return got + extra if extra else got

    def in_hand(self, p: int, source: str) -> bool:
        """Is `source` an action card in p's hand (a card's abilities work from the hand)?"""
        return p >= 0 and source in self.player(p)["hand"].get(HAND_KIND, ())

    def play_card(self, p: int, card: str) -> Generator:
        """A hand card used for its effect is played: out of the hand, onto the discard pile (card_played)."""
        self.player(p)["hand"][HAND_KIND].remove(card)
        self.state["discard"][HAND_KIND].append(card)
        self.cards_played.setdefault(p, []).append(card)
        self.log(f"{self.name(p)} plays {self.source_name(card)}")
        yield from self.card_played(p, card)

    def ctx(self, p: int, source: str, /, **vars: Any) -> Ctx:
        """A card-language context for p and `source`, with variables bound (what compiled effects run
        against)."""
        return Ctx(self, p, source, vars)

    def active(self, ability, p: int) -> bool:
        """Is the ability's source in force for p now (p's sources, limited uses left, conditions of the
        entry)?"""
        if p < 0:
            return False
        return ability.source in self.active_set(p)

    def active_set(self, p: int) -> frozenset[str]:
        """The sources in force for p, as a set; hot loops take it once instead of asking per ability."""
        memo = self._steady.memo  # _sources_entry written out: the hottest question of all
        if memo is None:
            got = self._sources_of(p)[1]
        else:
            entry = memo.get(("sources", p))
            if entry is None:
                entry = memo[("sources", p)] = self._sources_of(p)
            got = entry[1]
        extra = self.round_sources.get(p)
        return got | frozenset(extra) if extra else got

    def _used(self, p: int, key: str) -> bool:
        return self.player(p)["used"].get(key) == self.state["turn_no"]

    def _mark_used(self, p: int, key: str) -> None:
        self.player(p)["used"][key] = self.state["turn_no"]

    def _period(self, per: str) -> str:
        return f"r{self.state['round']}" if per == "round" else "game" if per == "game" else f"t{self.state['turn_no']}"

    def _spent(self, p: int, ab) -> bool:
        """Has a limited ability (once per turn, once per round, at most N times per game ...) no use left?
        Once per turn keeps the old record (the turn number); other limits record [period, uses]."""
        per, times = ab.limited or ("", 0)
        if not per:
            return False
        if per == "turn" and times == 1:
            return self._used(p, self._once_key(ab))
        got = self.player(p)["used"].get(self._once_key(ab))
        return isinstance(got, list) and got[0] == self._period(per) and got[1] >= times

    def _spend(self, p: int, ab) -> None:
        """Count one use of a limited ability (see _spent)."""
        per, times = ab.limited or ("", 0)
        if not per:
            return
        if per == "turn" and times == 1:
            self._mark_used(p, self._once_key(ab))
            return
        used = self.player(p)["used"]
        key, now = self._once_key(ab), self._period(per)
        got = used.get(key)
        used[key] = [now, got[1] + 1 if isinstance(got, list) and got[0] == now else 1]

    def _once_key(self, ab) -> str:
        return once_key(ab)

    def granted(self, name: str, p: int, **vars: Any) -> bool:
        """Does p have at least one `grant name(...)` in force (standing or until end of turn)?"""
        return bool(self.grants(name, p, **vars))

    def grants(self, name: str, p: int, **vars: Any) -> list[tuple]:
        """Argument tuples of every grant `name` in force for p (standing or until end of turn); callers
        never change the list (a steady stretch shares it)."""
        self.peek("grants", name, p)
        memo = self._steady.memo
        if memo is not None and (not vars or all(type(v) in (str, int) for v in vars.values())):
            key = ("grants", name, p, *sorted(vars.items())) if vars else ("grants", name, p)
            if steady_memo.SHADOW:
                return self._answer(key, lambda: self._grants(name, p, vars))
            got = memo.get(key)  # steady.recall written out (a menu asks a few thousand grants)
            if got is None:
                got = memo[key] = self._grants(name, p, vars)
            return got
        return self._grants(name, p, vars)

    def in_force(self, kind: str, name: str, srcs: frozenset[str]) -> tuple:
        """The abilities of `kind` (grants, modifiers, forbids) written on `name` whose source is in `srcs`,
        in content order: a pure answer (the key holds all it depends on), kept in the definition's memo
        so each question filters only the few abilities in force instead of every one written."""
        key = (kind, name, srcs)
        got = self._in_force_cache.get(key)
        if got is None:
            written = getattr(self.index, kind).get(name, ())
            got = tuple(a for a in written if a.source in srcs)
            if len(self._in_force_cache) > 8192:
                self._in_force_cache.clear()
            self._in_force_cache[key] = got
        return got

    def _grants(self, name: str, p: int, vars: dict) -> list[tuple]:
        out: list[tuple] = []
        if p < 0:
            return out
        grants = self.in_force("grants", name, self.active_set(p)) if name in self.index.grants else ()
        for g in grants:
            fixed = g.fixed  # constant arguments, no condition: no context to build
            if fixed is not None:
                out.append(fixed)
                continue
            ctx = Ctx(self, p, g.source, dict(vars))
            if g.when is None or g.when(ctx):
                out.append(tuple([a(ctx) for a in g.args]))
        for t in self.player(p)["temp"]:  # [name, args, source] or [name, args, source, "round<n>"]
            if t[0] == name and (len(t) < 4 or t[3] == f"round{self.state['round']}"):
                out.append(tuple(t[1]))  # one granted until the end of an earlier round has lapsed
        return out

    def forbidden(self, what: str, **vars: Any) -> bool:
        """A prohibition from anyone's abilities (me = the ability's owner: an event card's holder, whom its
        condition names with `in_play(self)`) or from what nobody owns (the standing rules, city pieces,
        units: me = the player acting)."""
        active: dict[int, frozenset[str]] = {}  # each player's sources, taken once (conditions change nothing)
        for f in self.index.forbids.get(what, ()):
            owners = range(self.n) if f.source not in self.defn.ownerless else [vars.get("actor", 0)]
            for p in owners:
                if p is None or p < 0:
                    continue
                if p not in active:
                    active[p] = self.active_set(p)
                    self.peek("forbids", what, p)
                if f.source not in active[p]:
                    continue
                if f.when is None or f.when(Ctx(self, p, f.source, dict(vars))):
                    return True
        return False

    def modified(self, name: str, p: int) -> bool:
        """Is some modifier of the quantity `name` in force for p? When none is, the printed value holds
        everywhere, and a question asked of every city or advance can be asked once."""
        if name not in self.index.modifiers:
            return False
        self.peek("modifiers", name, p)
        return bool(self.in_force("modifiers", name, self.active_set(p)))

    def quantity(self, name: str, p: int, base: int, arg: Any = None, use: list[Modifier] | None = None,
                 commit: bool = False, **vars: Any) -> int:
        """A computed quantity after p's mandatory modifiers (and the optional ones in `use`)."""
        value = base
        if p < 0 or name not in self.index.modifiers:
            return value
        self.peek("modifiers", name, p)
        srcs = self.active_set(p)
        for m in self.in_force("modifiers", name, srcs):  # all in force: _applies written out for speed
            if m.optional and (use is None or m not in use):
                continue
            ctx = Ctx(self, p, m.source, dict(vars))
            if m.arg is not None and m.arg(ctx) != arg:
                continue
            if m.when is not None and not m.when(ctx):
                continue
            if m.once_per_turn:
                if self._spent(p, m):
                    continue
                if commit:
                    self._spend(p, m)
            value = m.apply(ctx, value)
        return value

    def _applies(self, m: Modifier, p: int, srcs: frozenset[str], arg: Any, vars: dict) -> Ctx | None:
        """The context in which modifier m applies to p's quantity, or None (not in force, other argument,
        condition false)."""
        if m.source not in srcs:
            return None
        ctx = Ctx(self, p, m.source, dict(vars))
        if m.arg is not None and m.arg(ctx) != arg:
            return None
        return ctx if m.when is None or m.when(ctx) else None

    def optional_modifiers(self, name: str, p: int, arg: Any = None, **vars: Any) -> list[Modifier]:
        """Optional modifiers p could use now (condition true, not used this turn, affordable)."""
        out = []
        if p < 0:
            return out
        mods = self.index.modifiers.get(name, ())
        if mods:
            self.peek("modifiers", name, p)
        srcs = self.active_set(p) if mods else frozenset()
        for m in mods:
            if not m.optional:
                continue
            ctx = self._applies(m, p, srcs, arg, vars)
            if ctx is None:
                continue
            if m.once_per_turn and self._spent(p, m):
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
                self._spend(p, m)
            cost.extend((c.what, c.amount(ctx) if c.what == ONE_OF else int(c.amount(ctx))) for c in m.cost)
        if cost:
            yield from self.pay_for(p, cost, "any", self.source_name(mods[0].source))

    def source_name(self, source: str) -> str:
        """What a person reads for a source id: its content entry's name (else the id itself)."""
        e = self.defn.content.entries.get(source)
        return e.name if e else source


def once_key(ab) -> str:
    """The key of a limited ability's uses in the player's `used` (a position may set it: position_progress)."""
    kind = type(ab).__name__
    name = getattr(ab, "quantity", "") or getattr(ab, "shared", "") or getattr(ab, "hook", "") \
        or getattr(ab, "title", "")
    return f"{ab.source}:{kind}:{name}"
