"""A greedy Clash of Cultures bot: plans for victory points with simple, readable preferences.

It grows cities (1 VP per piece), founds new ones (more room to grow), buys advances (1/2 VP,
and culture/happiness tokens), builds wonders (5 VP), keeps cities content and spends culture on
influence. Every choice is scored; ties break with the bot's own seeded stream, so games are
reproducible and still varied.
"""

from __future__ import annotations

import re

from ....engine.decision import Decision
from ....engine.rng import Rng, seed_state
from ..actions.cities import affordable, buildable_types
from ..actions.collect_all import ALL as WHOLE
from ..actions.movement import group_counts
from ..state.setup import RESOURCES
from .bot_cards import card_worth, civil_value, combat_benefit
from .bot_plans import (
    ADVANCE_SPREAD,
    SAVING,
    TOKEN_ADVANCE,
    ability_worth,
    advance_plan_value,
    fits_with_piece,
    goal_need,
    saving,
    saving_need,
    tokens_needed,
)
from .bot_trade import Offer, accepts, lacks, worth
from .bot_trade import plan as trade_plan

_AMOUNTS = re.compile(r"\b(gets?|gains?|pays?|loses?) (\d+) (\w+)")
TRADE = 100  # the action menu's score of a trade the bot has an offer for
ACTION_PRIORITY = {
    "grow": 90, "found_city": 85, "advance": 70, "cultural_influence": 45, "build": 40,
    "collect": 50, "move": 35, "civic_improvement": 30, "end": 0,
}


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0):
        self._state = {"rng": seed_state(seed)}

    def _noise(self) -> float:
        return Rng(self._state).below(1000) / 1000.0

    def scores(self, game, decision: Decision) -> list[float]:
        """Every option's score (a prior for the search bot)."""
        scorer = getattr(self, f"_{decision.kind}", None)
        self._memo: dict = {"kind": decision.kind, "options": decision.options}  # what all options share
        if scorer is None:
            return [0.0] * len(decision.options)
        labels = decision.labels
        with game.rt.steady():
            return [float(scorer(game.rt, decision.player, o, labels[i] if i < len(labels) else o))
                    for i, o in enumerate(decision.options)]

    def choose(self, game, decision: Decision) -> str:
        rt = game.rt
        self._memo = {"kind": decision.kind, "options": decision.options}
        scorer = getattr(self, f"_{decision.kind}", None)
        best, best_score = decision.options[0], float("-inf")
        with rt.steady():  # scoring asks questions only (what-ifs say so: rt.supposing)
            for i, opt in enumerate(decision.options):
                if opt.startswith(WHOLE):
                    continue  # a person's shortcut (a whole collection): the bot picks step by step as ever
                label = decision.labels[i] if i < len(decision.labels) else opt
                s = scorer(rt, decision.player, opt, label) if scorer else 0.0
                s += self._noise()
                if s > best_score:
                    best, best_score = opt, s
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
        res = rt.player(p)["res"]
        fresh = [c for c in rt.cities_of(p) if rt.state["cities"][c]["act"] == 0]
        if opt in ("collect", "build", "grow") and not fresh:
            base -= 30  # a second activation would lower a city's mood
        if opt == "found_city":
            settlers = [rt.state["units"][u]["space"] for u in rt.units_of(p, rt.role("founder"))]
            if not any(min((rt.distance(s, c) or 9) for c in rt.state["cities"]) >= 2 for s in settlers):
                base -= 60
        if opt == "collect" and res["food"] + res["wood"] + res["ore"] >= 6:
            base -= 25
        if opt == "build":
            settlers = len(rt.units_of(p, rt.role("founder")))
            base += 30 if settlers == 0 and len(rt.cities_of(p)) < 5 else -10
            if _special_army(rt, p):
                base += 35  # an army type with abilities of its own (a civilisation's recruits): raise a few
        if opt == "move":
            base += 25 if rt.units_of(p, rt.role("founder")) else -15
            if _weak_targets(rt, p):
                base += 50
        if opt == "cultural_influence" and self._saving(rt, p):
            base -= 40  # culture is kept for a wonder
        if opt in SAVING and self._saving(rt, p):
            if opt == "advance" and tokens_needed(rt, p, self._memo) and not self._resources_needed(rt, p):
                base += TOKEN_ADVANCE  # an advance's border token is what the wonder still lacks
            else:
                base += SAVING[opt]
        elif opt in SAVING and opt != "advance" and self._near_goal(rt, p):
            base += SAVING[opt] // 2  # one advance from the goal: start putting resources aside
        if opt == "civic_improvement":
            angry = [c for c in rt.cities_of(p) if rt.state["cities"][c]["mood"] == "angry"]
            base += 40 if angry else -10
        return base

    def _saving(self, rt, p) -> bool:
        """Is p saving for a wonder (asked once a decision)?"""
        memo = getattr(self, "_memo", {})
        if "saving" not in memo:
            memo["saving"] = saving(rt, p)
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
        return any(goal_need(rt, p, k, self._memo) for k in RESOURCES)

    def _resources_needed(self, rt, p) -> bool:
        """Does the wonder in reach still ask for resources (not only tokens) beyond p's holdings?"""
        return any(saving_need(rt, p, k, self._memo) for k in RESOURCES)

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
        e = rt.defn.advances.get(opt)
        if e is None:
            return 0
        s = 10.0
        if e.data.get("border", "none") != "none":
            s += 5
        if e.data.get("unlocks"):
            s += 6
        s += advance_plan_value(rt, p, opt, self._memo) + ADVANCE_SPREAD * self._noise()
        return s + 12 * _objectives_met_with(rt, p, opt, self._memo)

    def _collect(self, rt, p, opt, label):
        if opt == "done":
            return -50
        what = opt.split(":")[1]
        res = rt.player(p)["res"]
        room = rt.limit(p, what) - res.get(what, 0)
        if room <= 0:
            return -20
        need = {"food": 6, "ore": 5, "wood": 5, "gold": 7, "mood": 4, "idea": 4, "culture": 4}.get(what, 3)
        need += goal_need(rt, p, what, getattr(self, "_memo", None))
        return need - res.get(what, 0)

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
            return 3 + ability_worth(rt.defn, opt)  # an army type with abilities of its own fights better
        return 1

    def _grow(self, rt, p, opt, label):
        piece = opt.split(":")[-1]
        # pieces that give something when built (their effect triggers on piece_built) are worth more
        rewards = any(t.source == piece for t in rt.index.triggers.get("piece_built", ()))
        city = opt.rpartition(":")[0]
        fits = city in rt.state["cities"] and fits_with_piece(rt, p, city, piece)
        return 5 + (3 if rewards else 0) + (15 if fits else 0)  # a piece the wonder goal's city needs

    def _move_from(self, rt, p, opt, label):
        if opt == "done":
            return -1
        if opt in {src for src, _ in _weak_targets(rt, p)}:
            return 30
        return 10 if rt.units_at(opt, p, rt.role("founder")) else 1

    def _move_units(self, rt, p, opt, label):
        if not opt.startswith("land:"):
            return 0
        counts = group_counts(rt, opt)
        armies = sum(n for t, n in counts.items() if rt.is_army(t))
        if armies:
            return 2 + armies  # armies move in strength
        return 5 if counts.get(rt.role("founder")) else 1

    def _move_to(self, rt, p, opt, label):
        if ":" in opt or "," not in opt:
            return 3
        if not rt.board.space(opt).revealed:
            return 6
        enemies = _enemy_strength(rt, p, opt)
        if enemies is not None:
            return 40 - 15 * enemies
        s = 0.0
        terr = rt.terrain(opt)
        if terr in ("fertile", "forest", "mountain"):
            s += 3
        # a city one step away (a city on the space itself does not count): too close to found another
        cities, board = rt.state["cities"], rt.board
        close = any(n in cities and board.space(n).revealed for n in board.neighbors(opt))
        s += -4 if close else 4
        return s

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
        return -_unit_worth(rt, opt.split(":")[-1])

    def _enemy_casualty(self, rt, p, opt, label):
        """Picking the barbarians' (or pirates') loss: take the strongest type."""
        return _unit_worth(rt, opt.split(":")[-1])

    def _barbarian_unit(self, rt, p, opt, label):
        """The spawn's extra barbarian grows next to our own cities: plain infantry, the weakest type."""
        return 10.0 if opt == rt.defn.roles.get("army") else -_unit_worth(rt, opt)

    def _city(self, rt, p, opt, label):
        if opt == "done":
            return -1
        if opt not in rt.state["cities"]:
            return 0
        c = rt.state["cities"][opt]
        return rt.city_size(opt) - 6 * c["act"] + (2 if c["mood"] == "happy" else 0)


def _special_army(rt, p: int) -> str | None:
    """An army type with abilities of its own that a city of p's may build now, while p has fewer than 2."""
    for city in rt.cities_of(p):
        for t in buildable_types(rt, p, city, []):
            if rt.is_army(t) and ability_worth(rt.defn, t) > 0 and len(rt.units_of(p, t)) < 2 \
                    and affordable(rt, p, [t]):
                return t
    return None


def _unit_worth(rt, utype: str) -> float:
    """What a unit type is worth to its owner: its cost, plus a premium for founders of cities."""
    e = rt.defn.units.get(utype)
    if e is None:
        return 0.0
    worth = float(sum(int(v) for v in (e.data.get("cost") or {}).values()))
    return worth + (3.0 if utype == rt.defn.roles.get("founder") else 0.0)


def _enemy_strength(rt, p: int, space: str) -> int | None:
    """Foreign armies in a space (None when nothing foreign is there)."""
    city = rt.state["cities"].get(space)
    foreign = [u for u in rt.units_at(space) if rt.state["units"][u]["owner"] != p]
    if not foreign and (city is None or city["owner"] == p):
        return None
    return sum(1 for u in foreign if rt.is_army(rt.state["units"][u]["type"]))


def _weak_targets(rt, p: int) -> list[tuple[str, str]]:
    """(own army space, adjacent foreign space) where our armies outnumber theirs."""
    if not rt.granted("move_armies", p):
        return []
    armies = [u for u in rt.units_of(p) if rt.is_army(rt.state["units"][u]["type"])]
    out = []
    for space in {rt.state["units"][u]["space"] for u in armies if not rt.state["units"][u]["battled"]
                  and not rt.state["units"][u]["stop"] and not rt.state["units"][u]["ship"]}:
        mine = sum(1 for u in armies if rt.state["units"][u]["space"] == space)
        for n in rt.board.neighbors(space):
            if not rt.board.space(n).revealed:
                continue
            theirs = _enemy_strength(rt, p, n)
            if theirs is not None and mine > theirs:
                out.append((space, n))
    return out


def _objectives_met_with(rt, p: int, advance: str, memo: dict | None = None) -> int:
    """How many status-phase objective cards in hand, none of whose objectives holds now, would hold
    with this advance: the bot pursues them (only the unmet cards are tried again, per option)."""
    pl = rt.player(p)
    cards = pl["hand"].get("objective_card", [])
    if not cards:
        return 0
    memo = {} if memo is None else memo
    if "objectives_unmet" not in memo:
        memo["objectives_unmet"] = _reachable_with_advances(rt, p, [c for c in cards if not _objectives_met(rt, p, [c])])
    unmet = memo["objectives_unmet"]
    if not unmet:
        return 0
    with rt.supposing():
        pl["advances"].append(advance)
        try:
            return _objectives_met(rt, p, unmet)
        finally:
            pl["advances"].pop()


def _reachable_with_advances(rt, p: int, cards: list[str]) -> list[str]:
    """The cards that would hold if p had every advance it lacks: only these can an advance complete
    (one test a card per decision instead of one per advance offered)."""
    if not cards:
        return []
    pl = rt.player(p)
    held = pl["advances"]
    with rt.supposing():
        pl["advances"] = held + [a for a in rt.defn.advances if a not in held]
        try:
            return [c for c in cards if _objectives_met(rt, p, [c])]
        finally:
            pl["advances"] = held


def _objectives_met(rt, p: int, cards: list[str]) -> int:
    met = 0
    for card in cards:
        for ob in rt.index.objectives.get(card, ()):
            if ob.hook is None and ob.cond is not None and ob.cond(rt.ctx(p, card)):
                met += 1
                break
    return met
