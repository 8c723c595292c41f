"""The greedy bot's longer plans, read from the content (never from ids or names):

- wonders: a wonder is 5 VP; the bot picks a goal a city of its own can hold (a missing piece counts as a
  step), buys the advances it requires, raises the limits its cost is above, keeps the tokens and
  resources it asks for (from one step before it is in reach), and then builds it;
- advances: worth their border token, what they unlock, and what their abilities do (each kind of
  ability the compiled entry holds); each seat heads for its own government (they take them in turn);
- objectives in hand: advances and actions that complete one are preferred (see bot_board.objectives_met_with).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....engine.abilities import Forbid, Grant, Modifier, SpecialAction, Trigger
from ..actions.advances import BORDER_LEVEL
from .bot_economy import affordable_in_time

if TYPE_CHECKING:
    from ..state.runtime import Clash

# what one ability of an advance is worth to the bot, by kind (an action it may take, a standing rule...)
ABILITY_VALUE = {SpecialAction: 3.0, Trigger: 2.0, Modifier: 2.0, Grant: 2.5, Forbid: 1.5}
WONDER_REQUIREMENT = 6.0  # an advance a reachable wonder still needs
WONDER_FIRST_STEP = 3.0  # an advance that opens wonders at all (required by every wonder)
LIMIT_RAISE = 12.0  # an advance that lets the bot hold what its wonder costs
GOAL_REQUIREMENT = 15.0  # an advance the wonder goal (revealed, a city fits it) still needs
TOKEN_NEED = 12.0  # an advance whose border token the wonder in reach still needs
GOVERNMENT_FIRST, GOVERNMENT_NEXT = 8.0, 14.0  # entering a government, then going deeper in it
GOVERNMENT_PATH = 10.0  # an advance on the way into the seat's own government
ADVANCE_SPREAD = 8.0  # advances of near worth are taken in varied order (seeded), so games try them all
TOKEN_ADVANCE = 15  # the advance action's score while a wonder waits only for tokens
SAVING = {"advance": -35, "build": -25, "grow": -30, "collect": 35, "found_city": -20}  # action scores while saving


def ability_worth(defn, entry_id: str) -> float:
    """What the abilities an entry holds are worth to the bot, by their kinds (computed once an entry)."""
    worth = defn.__dict__.setdefault("_bot_ability_worth", {})  # per definition, computed once an entry
    if entry_id not in worth:
        entry = defn.compiled.get(entry_id)
        worth[entry_id] = 0.0 if entry is None else sum(
            v for ab in entry.abilities for cls, v in ABILITY_VALUE.items() if isinstance(ab, cls))
    return worth[entry_id]


def _government_path(rt: Clash, p: int) -> set[str]:
    """The seat's own government (the seats take them in turn, so games try every one): the category's
    entry advance and what that advance requires, until p holds a government advance."""
    govs = sorted(rt.defn.government_categories, key=lambda c: (rt.defn.categories[c].data.get("order", 0), c))
    held = rt.player(p)["advances"]
    if not govs or any(rt.defn.category_of.get(a) in rt.defn.government_categories for a in held):
        return set()
    entry = rt.defn.categories[govs[p % len(govs)]].data.get("advances", [None])[0]
    if entry is None:
        return set()
    return {entry, *rt.defn.advances[entry].data.get("requires", [])} - set(held)


def wonder_targets(rt: Clash, p: int) -> list[str]:
    """Wonders p may still build: not built, not reserved by another player (revealed or still hidden)."""
    w = rt.state["wonders"]
    reserved = {rt.player(q)["reserved_wonder"] for q in range(rt.n) if q != p}
    return [x for x in list(w["revealed"]) + list(w["deck"]) if x not in w["built"] and x not in reserved]


def missing_for(rt: Clash, p: int, wonder: str) -> list[str]:
    have = rt.player(p)["advances"]
    return [a for a in rt.defn.wonders[wonder].data.get("requires", []) if a not in have]


def advance_plan_value(rt: Clash, p: int, adv: str, memo: dict | None = None) -> float:
    """What an advance adds beyond its base: its abilities, and the wonders it brings within reach.
    `memo` holds what all options of one decision share (the goal, the targets)."""
    memo = {} if memo is None else memo
    value = ability_worth(rt.defn, adv) + goal_advance_value(rt, p, adv, memo)
    defn = rt.defn
    cat = defn.category_of.get(adv)
    if cat in defn.government_categories:  # a government: strong rules, and its advances build on it
        if "held_categories" not in memo:
            memo["held_categories"] = {defn.category_of.get(a) for a in rt.player(p)["advances"]}
        held_cats = memo["held_categories"]
        other = any(c in defn.government_categories and c != cat for c in held_cats)
        value += GOVERNMENT_NEXT if cat in held_cats else (-GOVERNMENT_NEXT if other else GOVERNMENT_FIRST)
    if "government_path" not in memo:
        memo["government_path"] = _government_path(rt, p)
    if adv in memo["government_path"] and not _goal_missing(rt, p, memo):
        value += GOVERNMENT_PATH  # the wonder goal's advances come first
    if "targets" not in memo:
        _wonder_steps(rt, p, memo)
    if memo["targets"]:
        if adv in memo["required_by_all"]:
            value += WONDER_FIRST_STEP + WONDER_REQUIREMENT * (len(rt.player(p)["advances"]) >= 4)
        elif adv in memo["last_needed"]:
            value += WONDER_REQUIREMENT  # the last advance a wonder needs
        elif adv in memo["needed"]:
            value += WONDER_REQUIREMENT / 2
    return value


def _wonder_steps(rt: Clash, p: int, memo: dict) -> None:
    """The wonders p may build (`targets`) and, once a decision, the advances every one of them requires,
    those that are the last one some wonder lacks, and those some wonder lacks."""
    targets = memo["targets"] = wonder_targets(rt, p)
    needs = memo["needs"] = [missing_for(rt, p, w) for w in targets]
    required = [set(rt.defn.wonders[w].data.get("requires", [])) for w in targets]
    memo["required_by_all"] = set.intersection(*required) if required else set()
    memo["last_needed"] = {m[0] for m in needs if len(m) == 1}
    memo["needed"] = {a for m in needs for a in m}


def city_fits(rt: Clash, p: int, wonder: str, memo: dict | None = None) -> bool:
    """Does one of p's cities meet the wonder's own requirement (e.g. a port), advances aside? (With `memo`:
    asked once a decision per wonder.)"""
    if memo is not None:
        key = ("city_fits", wonder)
        if key not in memo:
            memo[key] = city_fits(rt, p, wonder)
        return memo[key]
    reqs = rt.index.requirements.get(wonder, ())
    return not reqs or any(all(r.cond(rt.ctx(p, wonder, city=c)) for r in reqs) for c in rt.cities_of(p))


def wonder_goal(rt: Clash, p: int, memo: dict | None = None) -> str | None:
    """The wonder p works towards: its reserved one, else a revealed one that one of its cities can hold,
    needing the fewest advances; equal ones are spread over the seats, so games try every wonder.
    With `memo` (what the options of one decision share) it is worked out once a decision."""
    if memo is None:
        return _wonder_goal(rt, p)
    if "goal" not in memo:
        memo["goal"] = _wonder_goal(rt, p, memo)
    return memo["goal"]


def _wonder_goal(rt: Clash, p: int, memo: dict | None = None) -> str | None:
    w = rt.state["wonders"]
    mine = rt.player(p)["reserved_wonder"]
    if mine and mine in w["revealed"]:
        return mine
    order = sorted(rt.defn.wonders)
    targets = wonder_targets(rt, p)
    memo = {} if memo is None else memo
    # a wonder whose cost p's cities cannot collect in the game left is no goal: saving for it wasted games
    open_ = [x for x in w["revealed"] if x in targets
             and affordable_in_time(rt, p, rt.defn.wonders[x].data.get("cost", {}), memo)]
    return min(open_, key=lambda x: (len(missing_for(rt, p, x)) + (not city_fits(rt, p, x, memo)),
                                     (order.index(x) + 3 * p) % len(order)), default=None)


def fits_with_piece(rt: Clash, p: int, city: str, piece: str, memo: dict | None = None) -> bool:
    """Would adding `piece` to `city` let the wonder goal stand there when nothing of p's fits it now?"""
    goal = wonder_goal(rt, p, memo)
    if goal is None or city_fits(rt, p, goal, memo):
        return False
    pieces = rt.state["cities"][city]["pieces"]
    if piece in pieces:
        return False
    with rt.supposing():
        pieces[piece] = p
        try:
            return all(r.cond(rt.ctx(p, goal, city=city)) for r in rt.index.requirements.get(goal, ()))
        finally:
            del pieces[piece]


def _token_short(rt: Clash, p: int, wonder: str) -> dict[str, int]:
    """Costs of the wonder above what p may hold of them (limits that only advances raise)."""
    cost = rt.defn.wonders[wonder].data.get("cost", {})
    return {k: int(v) - rt.limit(p, k) for k, v in cost.items() if int(v) > rt.limit(p, k)}


def raises_limit(rt: Clash, p: int, adv: str, what: str) -> bool:
    """Would owning `adv` raise p's limit of `what` (its border level, or a modifier of the limit)?"""
    if BORDER_LEVEL.get(rt.defn.advances[adv].data.get("border", "none"), ("", ""))[1] == what:
        return True
    pl = rt.player(p)
    before = rt.limit(p, what)
    with rt.supposing():
        pl["advances"].append(adv)
        try:
            return rt.limit(p, what) > before
        finally:
            pl["advances"].pop()


def _goal_missing(rt: Clash, p: int, memo: dict) -> list[str]:
    """The advances the wonder goal still needs (when one of p's cities fits it)."""
    if "goal_missing" not in memo:
        goal = wonder_goal(rt, p, memo)
        memo["goal_missing"] = missing_for(rt, p, goal) if goal is not None and city_fits(rt, p, goal, memo) else []
    return memo["goal_missing"]


def goal_advance_value(rt: Clash, p: int, adv: str, memo: dict | None = None) -> float:
    """An advance that lets p hold what its wonder goal costs (a higher culture level, a food limit)."""
    memo = {} if memo is None else memo
    if "short" not in memo:
        goal = wonder_goal(rt, p, memo)
        memo["short"] = _token_short(rt, p, goal) if goal is not None else {}
    value = sum(LIMIT_RAISE for what in memo["short"] if raises_limit(rt, p, adv, what))
    if adv in _goal_missing(rt, p, memo):
        value += GOAL_REQUIREMENT  # the wonder p works towards needs it
    token = BORDER_LEVEL.get(rt.defn.advances[adv].data.get("border", "none"), ("", ""))[1]
    if token and saving_need(rt, p, token, memo):
        value += TOKEN_NEED  # its border token is one the wonder in reach still asks for
    return value


def wonder_in_reach(rt: Clash, p: int, memo: dict | None = None) -> str | None:
    """The wonder goal once p holds its advances, may hold its cost and has a city for it: p saves for it
    (with `memo`: worked out once a decision)."""
    if memo is not None and "reach" in memo:
        return memo["reach"]
    goal = wonder_goal(rt, p, memo)
    if goal is None or missing_for(rt, p, goal) or _token_short(rt, p, goal) or not city_fits(rt, p, goal, memo):
        goal = None
    if memo is not None:
        memo["reach"] = goal
    return goal


def goal_need(rt: Clash, p: int, what: str, memo: dict | None = None, spend: int = 0) -> int:
    """How much of `what` the wonder goal asks of p beyond its holdings (less `spend`, what a purchase would
    take), once the goal is at most one advance away: collecting and paying look ahead to it before the
    saving proper starts."""
    memo = {} if memo is None else memo
    if "near_goal" not in memo:
        goal = wonder_goal(rt, p, memo)
        memo["near_goal"] = goal if goal is not None and \
            len(missing_for(rt, p, goal)) + (not city_fits(rt, p, goal, memo)) <= 1 else None
    x = memo["near_goal"]
    if x is None:
        return 0
    return max(0, int(rt.defn.wonders[x].data.get("cost", {}).get(what, 0)) - rt.player(p)["res"].get(what, 0) + spend)


def saving_need(rt: Clash, p: int, what: str, memo: dict | None = None, spend: int = 0) -> int:
    """How much of a resource (or token) the wonder in reach still asks of p (after spending `spend` of it)."""
    x = wonder_in_reach(rt, p, memo)
    if x is None:
        return 0
    cost = rt.defn.wonders[x].data.get("cost", {})
    return max(0, int(cost.get(what, 0)) - rt.player(p)["res"].get(what, 0) + spend)


def tokens_needed(rt: Clash, p: int, memo: dict | None = None) -> list[str]:
    """The tokens (culture, mood) the wonder in reach still asks for: advances' borders give them."""
    return [token for _, token in BORDER_LEVEL.values() if saving_need(rt, p, token, memo)]


def saving(rt: Clash, p: int, memo: dict | None = None) -> bool:
    """Is p saving for a wonder (its advances held, its cost not yet in hand)?"""
    x = wonder_in_reach(rt, p, memo)
    if x is None:
        return False
    res = rt.player(p)["res"]
    return any(int(v) > res.get(k, 0) for k, v in rt.defn.wonders[x].data.get("cost", {}).items())
