"""A greedy Clash of Cultures bot: plans for victory points with simple, readable preferences.

It grows cities (1 VP per piece), founds new ones (more room to grow), buys advances (1/2 VP,
and culture/happiness tokens), builds wonders (5 VP), keeps cities content and spends culture on
influence. Every choice is scored; ties break with the bot's own seeded stream, so games are
reproducible and still varied.
"""

from __future__ import annotations

import re

from ....engine.decision import Decision
from ....engine.rng import _MASK, seed_state
from ....engine.rng import _words as rng_words
from ..actions.collect_all import ALL as WHOLE
from ..state.setup import RESOURCES
from .bot_board import (
    objectives_in_reach,
    objectives_met_holding,
    objectives_met_with,
    special_army,
    unit_worth,
    weak_targets,
)
from .bot_cards import card_worth, civil_value, combat_benefit
from .bot_economy import binding_limits, city_yield, opened_yield, settler_buildable, shortfall
from .bot_moves import MoveScores
from .bot_plans import (
    ADVANCE_SPREAD,
    SAVING,
    TOKEN_ADVANCE,
    ability_worth,
    advance_plan_value,
    fits_with_piece,
    goal_need,
    raises_limit,
    saving,
    saving_need,
    tokens_needed,
)
from .bot_sites import founder_on_site, founder_stuck, founders_astray
from .bot_trade import Offer, accepts, lacks, worth
from .bot_trade import plan as trade_plan
from .bot_war import armies_wanted, marching

_AMOUNTS = re.compile(r"\b(gets?|gains?|pays?|loses?) (\d+) (\w+)")
TRADE = 100  # the action menu's score of a trade the bot has an offer for
# what one more of a kind is worth when no purchase lacks it (gold pays for anything, ideas for advances)
COLLECT_SPARE = {"gold": 2.0, "idea": 1.5, "mood": 1.0, "culture": 1.0}
LIMIT_BINDS = 8.0  # an advance that raises a limit the bot's purchases together exceed
# a second activation in a turn lowers the city's mood (page 6): a neutral city turns angry and collects
# one a time until improved; at -30 greedy collected a third time each turn and kept its cities angry
REACTIVATION = 55
OBJECTIVE_HOLDING = 10.0  # a resource collected that makes an objective card in hand hold
OPENED_SPACE = 4.0  # an advance's worth per space next to the bot's cities it opens for a lacked kind
ACTION_PRIORITY = {
    "grow": 90, "found_city": 85, "advance": 70, "cultural_influence": 45, "build": 40,
    "collect": 50, "move": 35, "civic_improvement": 30, "end": 0,
}


class GreedyBot(MoveScores):
    name = "greedy"

    def __init__(self, seed: int = 0):
        # the seeded stream of engine/rng.py, drawn without its wrapper (one draw per option scored): the key,
        # the counter, and the block of eight words the counter is in (the same draws as Rng.below)
        self._key, self._counter = seed_state(seed) >> 64, 0
        self._block, self._words = -1, ()

    def _noise(self) -> float:
        c = self._counter
        self._counter = (c + 1) & _MASK
        if c >> 3 != self._block:
            self._block = c >> 3
            self._words = rng_words(self._key, self._block)
        return self._words[c & 7] % 1000 / 1000.0

    def scores(self, game, decision: Decision) -> list[float]:
        """Every option's score (a prior for the search bot)."""
        scorer = getattr(self, f"_{decision.kind}", None)
        self._memo: dict = {"kind": decision.kind, "options": decision.options, "prompt": decision.prompt}
        if scorer is None:
            return [0.0] * len(decision.options)
        labels = decision.labels
        with game.rt.steady():
            return [float(scorer(game.rt, decision.player, o, labels[i] if i < len(labels) else o))
                    for i, o in enumerate(decision.options)]

    def choose(self, game, decision: Decision) -> str:
        rt, p, options, labels = game.rt, decision.player, decision.options, decision.labels
        self._memo = {"kind": decision.kind, "options": options, "prompt": decision.prompt}
        if decision.kind == "advance":
            with rt.steady():
                return self._choose_advance(rt, p, options)
        scorer = getattr(self, f"_{decision.kind}", None)
        best, best_score, shown = options[0], float("-inf"), len(labels)
        noise = self._noise
        with rt.steady():  # scoring asks questions only (what-ifs say so: rt.supposing)
            for i, opt in enumerate(options):
                if opt.startswith(WHOLE):
                    continue  # a person's shortcut (a whole collection): the bot picks step by step as ever
                s = scorer(rt, p, opt, labels[i] if i < shown else opt) if scorer else 0.0
                s += noise()
                if s > best_score:
                    best, best_score = opt, s
        if decision.kind == "move_to":
            self.note_move(rt, best)
        return best

    def _choose_advance(self, rt, p, options: list[str]) -> str:
        """The advance menu's pick, the very one the loop of `choose` makes, with the objective cards tried
        only where they can change it. An option scores (base + 12 * cards it completes) + noise, at most
        (base + 12 * U) + noise, U the cards some advance could complete (float sums grow with their terms);
        the options are tried in the order of that bound, and once it cannot beat the best (ties: the menu's
        order, as the loop keeps the first) the rest are left. The noise is drawn for every option, in order."""
        parts = []
        for i, opt in enumerate(options):
            if not opt.startswith(WHOLE):
                base = self._advance_base(rt, p, opt)
                parts.append((i, opt, base, self._noise()))
        top = 12 * len(objectives_in_reach(rt, p, self._memo))
        bounded = [(n if base is None else (base + top) + n, i, opt, base, n) for i, opt, base, n in parts]
        best, best_i, best_score = options[0], len(options), float("-inf")
        for bound, i, opt, base, n in sorted(bounded, key=lambda x: (-x[0], x[1])):
            if bound < best_score or (bound == best_score and i > best_i):
                break
            s = n if base is None else (base + 12 * objectives_met_with(rt, p, opt, self._memo)) + n
            if s > best_score or (s == best_score and i < best_i):
                best, best_i, best_score = opt, i, s
        return best

    # ---- one scorer per decision kind -------------------------------------------------------
    def _new_leader(self, rt, p, opt, label):
        """A living leader is kept; a dead one is replaced."""
        alive = bool(rt.player(p).get("leader"))
        return (1.0 if opt == "keep" else 0.0) if alive else (1.0 if opt == "new" else 0.0)

    def _action(self, rt, p, opt, label):
        if opt == "trade":  # free, and it may make an action affordable: made first when there is one
            return TRADE if self._trade_plan(rt, p) else -5
        if opt.startswith("special:"):
            card = self._card_special(rt, p, opt)
            if card is not None:
                return card
            if "wonder" in label.lower():
                return 100
            if self._spends_goal(rt, p, opt):
                return -5  # it costs what the wonder goal needs: ending the turn is better
            if "influence" in label.lower():
                return 10 if self._saving(rt, p) else 60
            return 20 if "free" in label else 25
        base = ACTION_PRIORITY.get(opt, 10)
        if opt in ("collect", "build", "grow") and not self._once(rt, p, "fresh", _fresh_city):
            base -= REACTIVATION  # a second activation lowers a city's mood: an angry city collects one
        if opt == "found_city" and not (founder_on_site(rt, p, self._memo) or founder_stuck(rt, p, self._memo)):
            base -= 60  # a site of its own is in reach: walk there first
        if opt == "collect":
            res = rt.player(p)["res"]
            if res["food"] + res["wood"] + res["ore"] >= 6:
                base -= 25
        if opt == "build":  # a settler to found with, or an army type with abilities of its own; plain armies wait
            if self._once(rt, p, "settler_buildable", settler_buildable):
                base += 35
            elif special_army(rt, p):
                base += 35  # an army type with abilities of its own (a civilisation's recruits): raise a few
            elif self._once(rt, p, "armies_wanted", lambda rt, p: armies_wanted(rt, p, self._memo)):
                base += 25  # armies for a city worth taking (bot_war.py)
            else:
                base -= 25
        if opt == "move":
            base += 25 if founders_astray(rt, p, self._memo) or marching(rt, p, self._memo) else -15
            if weak_targets(rt, p):
                base += 50
        if opt == "cultural_influence" and self._saving(rt, p):
            base -= 40  # culture is kept for a wonder
        if opt in SAVING and self._saving(rt, p):
            if opt == "advance" and tokens_needed(rt, p, self._memo) and not self._resources_needed(rt, p):
                base += TOKEN_ADVANCE  # an advance's border token is what the wonder still lacks
            elif opt == "collect" or self._spends(rt, p, opt, saving_need):
                base += SAVING[opt]  # put off what spends a kind the wonder still lacks
        elif opt in SAVING and opt != "advance" and self._near_goal(rt, p) and self._spends(rt, p, opt, goal_need):
            base += SAVING[opt] // 2  # one advance from the goal: start putting resources aside
        if opt == "civic_improvement":
            angry = [c for c in rt.cities_of(p) if rt.state["cities"][c]["mood"] == "angry"]
            base += 40 if angry else 35  # a happy city collects one more: worth its tokens
        return base

    def _spends(self, rt, p, action: str, need) -> bool:
        """Would a basic action leave the wonder lacking a kind it costs (by `need`: goal_need or saving_need)?
        Held resources count as put aside: an advance paid with the wonder's food takes it from the wonder."""
        units = rt.defn.units
        costs = {"advance": rt.params["advance_cost"], "grow": rt.params["grow_cost"],
                 "build": {k: 1 for u in (rt.role("founder"), rt.role("army")) for k in units[u].data.get("cost") or {}}}
        return any(need(rt, p, k, self._memo, int(n)) for k, n in costs.get(action, {}).items())

    def _saving(self, rt, p) -> bool:
        """Is p saving for a wonder (asked once a decision)?"""
        memo = getattr(self, "_memo", {})
        if "saving" not in memo:
            memo["saving"] = saving(rt, p, memo)
        return memo["saving"]

    def _spends_goal(self, rt, p, opt) -> bool:
        """Does the special action `opt` cost something the wonder goal still needs?"""
        key = opt[len("special:"):]
        ability = next((a for a in rt.special_actions(p) if a.key == key), None)
        return ability is not None and any(
            goal_need(rt, p, c.what, self._memo) or saving_need(rt, p, c.what, self._memo) for c in ability.cost)

    def _choose(self, rt, p, opt, label):
        """An effect's choice: what it gains that the wonder goal needs, less what it pays of it."""
        score = 0.0
        for verb, n, what in _AMOUNTS.findall(label):
            need = goal_need(rt, p, what, self._memo) + saving_need(rt, p, what, self._memo)
            sign = 1 if verb in ("get", "gain", "gets", "gains") else -1
            score += sign * int(n) * (1 + 2 * (need > 0))
        return score

    def _near_goal(self, rt, p) -> bool:
        """Is the wonder goal one step away (an advance or a piece) and does it still ask for resources?"""
        return self._once(rt, p, "near_goal_resources",
                          lambda rt, p: any(goal_need(rt, p, k, self._memo) for k in RESOURCES))

    def _resources_needed(self, rt, p) -> bool:
        """Does the wonder in reach still ask for resources (not only tokens) beyond p's holdings?"""
        return self._once(rt, p, "resources_needed",
                          lambda rt, p: any(saving_need(rt, p, k, self._memo) for k in RESOURCES))

    def _once(self, rt, p, key: str, compute):
        """compute(rt, p), worked out once a decision (the options of one decision share it)."""
        memo = self._memo
        if key not in memo:
            memo[key] = compute(rt, p)
        return memo[key]

    def _basic_score(self, rt, p):
        return lambda action: self._action(rt, p, action, action) if action else 0.0

    def _card_special(self, rt, p, opt):
        """An action lent by a card in hand: worth what its effect does now (bot_cards.civil_value)."""
        key = opt[len("special:"):]
        ability = next((a for a in rt.special_actions(p) if a.key == key), None)
        if ability is None or not rt.in_hand(p, ability.source):
            return None
        value = civil_value(rt, p, key, self._basic_score(rt, p))
        if value is None:
            return None
        if ability.free:  # costs no action: take it whenever it is worth something
            return 70 + 3 * value if value >= 1 else -2
        return min(95, 30 + 5 * value) if value > 0.5 else -2

    def _combat_card(self, rt, p, opt, label):
        """Play a combat half when the hits it adds or saves outweigh keeping the card for its civil use."""
        if opt == "none":
            return 0
        return 10 * combat_benefit(rt, p, opt) - 0.6 * card_worth(rt, p, opt, self._basic_score(rt, p)) - 1

    def _advance(self, rt, p, opt, label):
        s = self._advance_base(rt, p, opt)
        return 0 if s is None else s + 12 * objectives_met_with(rt, p, opt, self._memo)

    def _advance_base(self, rt, p, opt) -> float | None:
        """An advance's score but the objective cards it completes (None: not an advance, scored 0)."""
        e = rt.defn.advances.get(opt)
        if e is None:
            return None
        s = 10.0
        if e.data.get("border", "none") != "none":
            s += 5
        if e.data.get("unlocks"):
            s += 6
        s += advance_plan_value(rt, p, opt, self._memo) + OPENED_SPACE * opened_yield(rt, p, opt, self._memo)
        s += LIMIT_BINDS * sum(raises_limit(rt, p, opt, k) for k in binding_limits(rt, p, self._memo))
        s += ADVANCE_SPREAD * self._noise()
        return s

    def _collect(self, rt, p, opt, label):
        if opt == "done":
            return -50
        what = opt.split(":")[1]
        res = rt.player(p)["res"]
        room = rt.limit(p, what) - res.get(what, 0)
        if room <= 0:
            return -20
        if self._saving(rt, p):  # the wonder in reach first
            short = saving_need(rt, p, what, self._memo)
        else:
            short = shortfall(rt, p, what, self._memo) + goal_need(rt, p, what, self._memo)
        score = 4 * (short > 0) + short + COLLECT_SPARE.get(what, 0.5) - res.get(what, 0) / 4
        room_left = min(3, room)  # an objective two or three short still draws the collecting, less
        return score + max((OBJECTIVE_HOLDING / k * objectives_met_holding(rt, p, what, self._memo, k)
                            for k in range(1, room_left + 1)), default=0.0)

    def _pay(self, rt, p, opt, label):
        """Pay with what the wonder goal does not ask for, and with what we hold plenty of."""
        res = rt.player(p)["res"]
        score = 0.0
        for part in label.split(", "):
            n, _, what = part.partition(" ")
            if not n.isdigit():
                n, what = "1", part
            keep = 1 + 4 * (goal_need(rt, p, what, self._memo) > 0 or saving_need(rt, p, what, self._memo) > 0)
            score -= int(n) * (keep - res.get(what, 0) / 10)
        return score

    def _build(self, rt, p, opt, label):
        if opt == "done":
            return -5
        if opt == rt.role("founder"):
            return 10 if len(rt.cities_of(p)) + len(rt.units_of(p, opt)) < 6 else -10
        if rt.is_army(opt):
            worth = ability_worth(rt.defn, opt)  # an army type with abilities of its own fights better
            if worth > 0 and len(rt.units_of(p, opt)) < 2:
                return 3 + worth
            return 3 if armies_wanted(rt, p, self._memo) else -6
        return -6

    def _grow(self, rt, p, opt, label):
        piece = opt.split(":")[-1]
        # pieces that give something when built (their effect triggers on piece_built) are worth more
        rewards = any(t.source == piece for t in rt.index.triggers.get("piece_built", ()))
        city = opt.rpartition(":")[0]
        fits = city in rt.state["cities"] and fits_with_piece(rt, p, city, piece, self._memo)
        return 5 + (3 if rewards else 0) + (15 if fits else 0)  # a piece the wonder goal's city needs

    def _trade_route(self, rt, p, opt, label):
        return 1 if opt == "use" else 0  # a route is worth more to us than the partner's 1 gold

    def _revive(self, rt, p, opt, label):
        return 0 if opt == "none" else 1 + (1 if rt.is_army(opt) else 0)

    # ---- trades (bot_trade.py): each step finds the same offer again from the same position -------
    def _trade_plan(self, rt, p) -> Offer | None:
        if "trade_plan" not in self._memo:
            # in the action menu, an advance is affordable when the menu offers the advance action
            menu = self._memo.get("kind") == "action"
            affordable = "advance" in self._memo["options"] if menu else None
            self._memo["trade_plan"] = trade_plan(rt, p, self._memo, affordable)
        return self._memo["trade_plan"]

    def _worth(self, rt, p, kind: str) -> float:
        """What one of a kind is worth to p now (for trade steps that follow no plan)."""
        if "lacks" not in self._memo:
            self._memo["lacks"] = lacks(rt, p, self._memo)
        return worth(rt, p, kind, 1, self._memo["lacks"])

    def _trade_partner(self, rt, p, opt, label):
        offer = self._trade_plan(rt, p)
        return 10 if offer is not None and int(opt) == offer.partner else 0

    def _trade_give(self, rt, p, opt, label):
        offer = self._trade_plan(rt, p)
        return 10 if offer is not None and opt == offer.give else -self._worth(rt, p, opt)

    def _trade_give_amount(self, rt, p, opt, label):
        offer = self._trade_plan(rt, p)
        return 10 if offer is not None and int(opt) == offer.give_n else -int(opt)

    def _trade_take(self, rt, p, opt, label):
        offer = self._trade_plan(rt, p)
        return 10 if offer is not None and opt == offer.take else self._worth(rt, p, opt)

    def _trade_take_amount(self, rt, p, opt, label):
        offer = self._trade_plan(rt, p)
        return 10 if offer is not None and int(opt) == offer.take_n else int(opt)

    def _trade_answer(self, rt, p, opt, label):
        offer = rt.state.get("trade_offer")
        accept = offer is not None and accepts(rt, p, offer)
        return 1 if (opt == "accept") == accept else 0

    def _continue(self, rt, p, opt, label):
        return 1 if opt == "continue" else 0

    def _capture(self, rt, p, opt, label):
        return 1 if opt == "keep" else 0

    def _space(self, rt, p, opt, label):
        return 0

    def _raze(self, rt, p, opt, label):
        return 10 if opt == "keep" else -10

    def _confirm(self, rt, p, opt, label):
        return 1 if opt == "yes" else 0

    def _boost(self, rt, p, opt, label):
        return 1 if opt == "boost" else 0

    def _first_player(self, rt, p, opt, label):
        return 1 if int(opt) == p else 0

    def _casualty(self, rt, p, opt, label):
        """Lose the cheapest of the unit types offered (an option may be "space:type")."""
        return -unit_worth(rt, opt.split(":")[-1])

    def _enemy_casualty(self, rt, p, opt, label):
        """Picking the barbarians' (or pirates') loss: take the strongest type."""
        return unit_worth(rt, opt.split(":")[-1])

    def _barbarian_unit(self, rt, p, opt, label):
        """The spawn's extra barbarian grows next to our own cities: plain infantry, the weakest type."""
        return 10.0 if opt == rt.defn.roles.get("army") else -unit_worth(rt, opt)

    def _city(self, rt, p, opt, label):
        if opt == "done":
            return -1
        if opt not in rt.state["cities"]:
            return 0
        c = rt.state["cities"][opt]
        if self._memo.get("prompt", "").startswith("Collect"):  # the city that brings most of what is lacked
            lacked = (lambda k: saving_need(rt, p, k, self._memo) > 0) if self._saving(rt, p) else None
            return city_yield(rt, p, opt, self._memo, lacked) - 6 * c["act"]
        return rt.city_size(opt) - 6 * c["act"] + (2 if c["mood"] == "happy" else 0)


def _fresh_city(rt, p: int) -> bool:
    """Has p a city not yet activated this turn?"""
    cities = rt.state["cities"]
    return any(cities[c]["act"] == 0 for c in rt.cities_of(p))
