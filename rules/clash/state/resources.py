"""Resources: limits, gains, the ways to pay a cost (with substitutions in force), and drawing cards.

A mixin of the `Clash` runtime (state/runtime.py). The card language's `gain`, `pay`, `lose` and
`draw` land here; a payment with a choice (which resource, which substitution) asks the player.
"""

from __future__ import annotations

import sys
from collections.abc import Generator
from itertools import product
from typing import Any

from ....dsl.limits import MAX_RUNTIME, cap
from ....engine import steady
from ....engine.abilities import ONE_OF, Ctx, Grant, SpecialAction, Trigger
from ....engine.hexgrid import parse_space_id
from ..registry import SERVICES
from .changes import PURPOSE_CAUSE
from .prices import WAIVABLE, open_discount, reductions, summed, waivable, ways_to_pay
from .setup import RESOURCES, TOKENS, add_unit, draw_card
from .splits import bounded_splits, payable


class Resources:
    """Resources and payments of the runtime; needs `state`, `params`, `defn`, `player` and the
    ability questions of InForce (quantity, grants, source_name)."""

    def limit(self, p: int, what: str) -> int:
        """The most of `what` p may hold: mood and culture at their levels, food at its limit, others at the
        scale's top (each as changed by abilities in force)."""
        pl = self.player(p)
        top = self.params["scale_max"]
        if what == "mood":
            return pl["happiness_level"]
        if what == "culture":
            return pl["culture_level"]
        if what in self.defn.counters:  # a declared counter: its `max`, if any
            most = self.defn.counters[what].get("max")
            return int(most) if most is not None else sys.maxsize
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

    def enforce_limits(self, p: int) -> Generator:
        """Bring holdings down to the limits (after an advance changed them); what is cut is lost (resource_lost)."""
        res = self.player(p)["res"]
        for k in RESOURCES + TOKENS + list(self.defn.counters):
            over = res[k] - max(0, min(res[k], self.limit(p, k)))
            if over > 0:
                yield from self.lose_resource(p, k, over, "rules")

    def gain(self, ctx: Ctx, what: str, n: int, at: Any = None) -> Generator:
        """The card language's gain for the card's owner: resources and tokens up to their limits (logged;
        a cap is said), extra actions, event points, or new units placed (`at` a space when given)."""
        p = ctx.me
        n = int(n or 0)
        self.gain_tally[0] += max(0, n)
        if what in RESOURCES or what in TOKENS or what in self.defn.counters:
            got = yield from self.gain_resource(p, what, n, self.cause_of(ctx.source))
            self.gain_tally[1] += got
            if got:
                self.log(f"{self.name(p)} gets {got} {what} ({self.source_name(ctx.source)})")
            if 0 <= got < n and p >= 0:
                self.log_capped(ctx, what, n, got)
            return got
        self.gain_tally[1] += max(0, n)
        if what == "actions":
            self.state["actions_left"] += n
            if self.state["actions_left"] > MAX_RUNTIME["actions"]:  # dsl/limits.py: no endless turn
                cap(self, ctx.source, "actions", self.state["actions_left"])
            self.log(f"{self.name(p)} gets {n} extra action{'s' if n != 1 else ''} ({self.source_name(ctx.source)})")
        elif what == "vp":
            self.player(p)["event_vp"] += n
        elif what in self.defn.units:
            yield from SERVICES["place_new_units"](self, p, what, n, at, self.cause_of(ctx.source))
        yield from ()
        return n

    def log_capped(self, ctx: Ctx, what: str, n: int, got: int) -> None:
        """Say that a gain hit its cap (a token's level, a resource's limit) and how much was lost."""
        p = ctx.me
        level = {"mood": "the happiness level", "culture": "the culture level"}.get(what, f"the {what} limit")
        said = f"{got} {what}, not {n}" if got else f"no {what}"
        self.log(f"  {self.name(p)} gets {said} ({self.source_name(ctx.source)}): {what} is capped at "
                 f"{self.limit(p, what)} by {level}")

    def gain_mark(self) -> tuple[int, int]:
        """Gains asked and got so far: compare after an effect ran to see whether it gained anything."""
        return self.gain_tally[0], self.gain_tally[1]

    def note_bought_nothing(self, ctx: Ctx, cost: list[tuple[str, Any]], mark: tuple[int, int]) -> None:
        """After a paid effect: when it asked for gains and every one was capped away, the log says so."""
        asked, got = self.gain_mark()
        if cost and asked > mark[0] and got == mark[1]:
            paid = _pile({w: int(n) for w, n in cost if w != ONE_OF}) if all(w != ONE_OF for w, _ in cost) \
                else "a price"
            self.log(f"  {self.name(ctx.me)} paid {paid} for {self.source_name(ctx.source)} and got nothing for it "
                     "(every gain was capped)")

    def substitutes(self, p: int, purpose: str) -> dict[str, list[str]]:
        """What may replace what in a payment for `purpose` (e.g. ideas for food on advances, gold for all);
        asked once per steady stretch (callers never change it)."""
        memo = self._steady.memo
        if memo is None:
            return self._substitutes(p, purpose)
        if steady.SHADOW:
            return self._answer(("substitutes", p, purpose), lambda: self._substitutes(p, purpose))
        got = memo.get(("substitutes", p, purpose))  # steady.recall written out
        if got is None:
            got = memo[("substitutes", p, purpose)] = self._substitutes(p, purpose)
        return got

    def _substitutes(self, p: int, purpose: str) -> dict[str, list[str]]:
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
        """Could ctx.me pay `cost` now, substitutions for `purpose` included (any_resource: any of the
        resources)?"""
        if any(w == ONE_OF for w, _ in cost):  # `costs A or B`: payable when one of the ways is
            return any(self.can_pay(ctx, way, purpose) for way in ways_to_pay(cost))
        d = open_discount(self, ctx.me, purpose) if self._discounts else 0
        if d > 0:  # an open discount: payable when some units waived leave a payable rest (prices.py)
            return any(self.can_pay_plain(ctx, c, purpose) for c in reductions(cost, d))
        return self.can_pay_plain(ctx, cost, purpose)

    def can_pay_plain(self, ctx: Ctx, cost: list[tuple[str, int]], purpose: str = "any") -> bool:
        """can_pay for a cost of one way to pay, no discount counted."""
        me = ctx.me  # not memoised in a steady stretch: a menu seldom asks the same cost twice (measured)
        res = self.game.state["players"][me]["res"]
        need: dict[str, int] = {}
        anys = 0
        for w, n in cost:
            if w == "any_resource":
                anys += int(n or 0)
            else:
                need[w] = need.get(w, 0) + int(n or 0)
        if anys > 0 and sum([res[r] for r in RESOURCES]) < anys:
            return False
        for w, n in need.items():
            if res.get(w, 0) < n:
                break
        else:
            return True  # payable as it stands, no substitution needed
        if sum(need.values()) > sum([v for v in res.values() if v > 0]):
            return False  # a substitution pays one for one: not enough of anything at all
        subs = self.substitutes(me, purpose)
        # a pure answer of what is held, what is needed and what may pay for what: kept for every game
        key = (tuple(res.items()), tuple(need.items()), self._frozen_subs(subs))
        got = self._payable_cache.get(key)
        if got is None:
            if len(self._payable_cache) > 8192:
                self._payable_cache.clear()
            got = self._payable_cache[key] = payable(res, need, subs)
        return got

    def _frozen_subs(self, subs: dict[str, list[str]]) -> tuple:
        """A substitution table as a hashable key (tables are shared answers: each frozen once)."""
        got = self._frozen.get(id(subs))
        if got is None or got[0] is not subs:  # the table is held with its key, so its id is never reused
            if len(self._frozen) > 4096:
                self._frozen.clear()
            got = self._frozen[id(subs)] = (subs, tuple((k, tuple(v)) for k, v in subs.items()))
        return got[1]

    def pay(self, ctx: Ctx, cost: list[tuple[str, int]], purpose: str = "any") -> Generator:
        """The card language's pay: the card's owner pays `cost` for `purpose`, asked how when there is a
        choice; returns the payment."""
        paid = yield from self.pay_for(ctx.me, [(w, n if w == ONE_OF else int(n or 0)) for w, n in cost], purpose,
                                       self.source_name(ctx.source), self.cause_of(ctx.source))
        return paid

    def pay_for(self, p: int, cost: list[tuple[str, int]], purpose: str, why: str,
                cause: str | None = None) -> Generator:
        """Ask how to pay (when there is a choice) and pay; returns the payment made. Emits resource_paid
        with `cause` (by default the purpose's: advance, build ...; `card` for any other payment). A cost of
        several ways to pay (`costs A or B`) asks which way first, among those p can pay."""
        if any(w == ONE_OF for w, _ in cost):
            ctx = self.ctx(p, "rules")
            ways = [w for w in ways_to_pay(cost) if self.can_pay(ctx, w, purpose)]
            if not ways:
                raise RuntimeError(f"{self.name(p)} cannot pay any way of {cost} for {why}")
            labels = [_pile(summed(w)) for w in ways]
            pick = yield from self.ask(p, "pay", f"{why}: pay which?", labels, labels)
            cost = ways[labels.index(pick)]
        d = open_discount(self, p, purpose) if self._discounts else 0
        if d > 0 and any(n > 0 and w in WAIVABLE for w, n in cost):
            cost = yield from self._waive(p, cost, purpose, d, why)
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
            # one way to pay is taken without asking (and recorded as such: engine.decision.AUTO_PICKS)
            pick = yield from self.ask(p, "pay", f"{why}: how to pay {_pile(dict(cost))}?", labels, labels)
            chosen = options[labels.index(pick)]
            for k, v in chosen.items():
                res[k] -= v
                paid[k] = paid.get(k, 0) + v
        yield from self.paid(p, paid, cause or PURPOSE_CAUSE.get(purpose, "card"))
        return paid

    def _waive(self, p: int, cost: list[tuple[str, int]], purpose: str, d: int, why: str) -> Generator:
        """Use an open discount in full: p picks, unit by unit, which kind of the price he does not pay (only
        kinds that leave the rest payable are offered); the modifiers' limited uses are spent."""
        left = summed(cost)
        for i in range(min(d, sum(n for w, n in left.items() if w in WAIVABLE))):
            kinds = waivable(self, p, list(left.items()), purpose, d - i)
            if not kinds:
                break
            k = yield from self.ask(p, "pay", f"{why}: your discount - which do you not pay? ({_pile(left)})", kinds)
            left[k] -= 1
        open_discount(self, p, purpose, commit=True)
        self.log(f"  {self.name(p)}'s discount: pays {_pile(left)} instead of {_pile(summed(cost))}")
        return [(w, n) for w, n in left.items() if n > 0]

    def lose(self, ctx: Ctx, what: str, n: int) -> Generator:
        """The card language's lose: the card's owner loses up to n of `what` (resource_lost runs); returns what
        was lost."""
        return (yield from self.lose_resource(ctx.me, what, n, self.cause_of(ctx.source)))

    def draw(self, ctx: Ctx, deck: str, n: int) -> Generator:
        """The card language's draw: the card's owner draws n cards of `deck` (see draw_cards); returns them."""
        return (yield from self.draw_cards(ctx.me, deck, int(n or 0), self.cause_of(ctx.source)))

    def draw_cards(self, p: int, deck: str, n: int, cause: str = "rules") -> Generator:
        """Draw n cards of a deck into p's hand (wonders are revealed, events resolved); card_drawn each.
        Returns the cards drawn into the hand (none for wonders and events, which do not stay there)."""
        if deck == "wonder_card":
            for _ in range(n):
                yield from SERVICES["reveal_wonder"](self, p)
            return []
        if deck == "event_card":
            for _ in range(n):
                yield from SERVICES["draw_event"](self, p)
            return []
        drawn: list[str] = []
        for _ in range(n):
            card = draw_card(self.state, deck)
            if card is None:
                break
            self.player(p)["hand"][deck].append(card)
            drawn.append(card)
        if drawn:
            got = len(drawn)
            self.log(f"{self.name(p)} draws {got} {deck.replace('_', ' ')}{'s' if got != 1 else ''}")
        for card in drawn:
            yield from self.card_drawn(p, card, deck, cause)
        return drawn

    # ---- small helpers used by procedures ------------------------------------------------------
    def new_unit(self, p: int, utype: str, space: str, ship: str | None = None) -> str:
        """Put a new unit of `utype` for p on `space` (aboard `ship` if given); returns its id. No hook runs:
        the caller emits."""
        uid = add_unit(self.state, p, utype, space, ship)
        self.units_changed()
        return uid

    def special_actions(self, p: int) -> list[SpecialAction]:
        """The special actions p's sources in force offer (content `action:` abilities), in source order.

        The menu asks at every decision, so the list is kept per ordered sources, shared by all games of
        the definition; callers never change it."""
        srcs = self.sources(p)
        key = tuple(srcs)
        memo = self._actions_cache
        got = memo.get(key)
        if got is None:
            actions = self.index.actions
            got = [a for src in srcs for a in actions.get(src, ())]
            if len(memo) > 4096:
                memo.clear()
            memo[key] = got
        return got

    def triggers_on(self, hook: str) -> list[Trigger]:
        """Every trigger written on `hook` in the content (in force or not: the caller checks)."""
        return self.index.triggers.get(hook, [])

    def grants_list(self, name: str) -> list[Grant]:
        """Every `grant name(...)` written in the content (in force or not: the caller checks)."""
        return self.index.grants.get(name, [])

    def hex_of(self, space: str):
        """The axial hex coordinates of a space id ("q,r")."""
        return parse_space_id(space)


def _pile(d: dict[str, int]) -> str:
    return ", ".join(f"{v} {k}" for k, v in sorted(d.items()) if v) or "nothing"


def product_options(*lists):
    return list(product(*lists))

