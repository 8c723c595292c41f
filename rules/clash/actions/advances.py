"""Advances (rulebook page 7): which may be bought, what they cost, and what getting one does."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..registry import SERVICES

if TYPE_CHECKING:
    from ..state.runtime import Clash

BORDER_LEVEL = {"culture": ("culture_level", "culture"), "happiness": ("happiness_level", "mood")}


def can_get(rt: Clash, p: int, adv: str) -> bool:
    """May p get `adv` now: not owned, category entered through its top advance, prerequisites met."""
    d = rt.defn
    pl = rt.player(p)
    if adv in pl["advances"]:
        return False
    entry = d.advances[adv]
    cat = entry.data["category"]
    owned_in_cat = [a for a in pl["advances"] if d.category_of.get(a) == cat]
    if not owned_in_cat and d.top_advance[cat] != adv:
        return False
    return all(r in pl["advances"] for r in entry.data.get("requires", []))


def advance_cost(rt: Clash, p: int, adv: str, commit: bool = False) -> list[tuple[str, int]]:
    """Base cost plus the advance's own extra cost, through p's cost modifiers."""
    base: dict[str, int] = dict(rt.params["advance_cost"])
    for c in rt.index.costs.get(adv, ()):
        ctx = rt.ctx(p, adv, advance=adv)
        for spec in c.cost:
            base[spec.what] = base.get(spec.what, 0) + int(spec.amount(ctx))
    return [(what, max(0, rt.quantity("advance_cost", p, n, arg=what, commit=commit, advance=adv)))
            for what, n in sorted(base.items())]


def open_advances(d, owned: tuple[str, ...]) -> list[str]:
    """The advances a player owning `owned` may get (can_get), in the content's order: a pure answer, kept
    per set of owned advances for all games of the definition (the menu asks at every decision)."""
    memo = d.pure_memo("open_advances")
    got = memo.get(owned)
    if got is None:
        have = set(owned)
        entered = {d.category_of.get(a) for a in have}
        got = [adv for adv, entry in d.advances.items()
               if adv not in have
               and (entry.data["category"] in entered or d.top_advance[entry.data["category"]] == adv)
               and all(r in have for r in entry.data.get("requires", []))]
        if len(memo) > 4096:
            memo.clear()
        memo[owned] = got
    return got


def buyable(rt: Clash, p: int, first_only: bool = False) -> list[str]:
    """The advances p may get and pay for now (`first_only`: stop at the first). The menu asks at every
    decision, so while no cost modifier of p's is in force, the advances without a cost of their own
    share one payability check."""
    ctx = rt.ctx(p, "rules")
    modified = rt.modified("advance_cost", p)
    plain_ok: bool | None = None
    out = []
    for adv in open_advances(rt.defn, tuple(rt.player(p)["advances"])):
        if modified or adv in rt.index.costs:
            ok = rt.can_pay(ctx, advance_cost(rt, p, adv), "advance")
        else:
            if plain_ok is None:
                plain_ok = rt.can_pay(ctx, [(w, max(0, int(n))) for w, n in sorted(rt.params["advance_cost"].items())],
                                      "advance")
            ok = plain_ok
        if ok:
            out.append(adv)
            if first_only:
                break
    return out


def can_buy_any(rt: Clash, p: int) -> bool:
    """Is some advance affordable now?"""
    return bool(buyable(rt, p, first_only=True))


def buy_advance(rt: Clash, p: int) -> Generator:
    with rt.steady():
        options = buyable(rt, p)
        labels = [f"{rt.defn.advances[a].name} ({_cost_text(advance_cost(rt, p, a))})" for a in options]
    adv = yield from rt.ask(p, "advance", "Which advance?", options, labels)
    cost = advance_cost(rt, p, adv, commit=True)
    paid = yield from rt.pay_for(p, cost, "advance", rt.defn.advances[adv].name)
    yield from gain_advance(rt, p, adv, paid=paid)


def _cost_text(cost: list[tuple[str, int]]) -> str:
    return ", ".join(f"{n} {w}" for w, n in cost if n) or "free"


def gain_advance(rt: Clash, p: int, adv: str, paid: dict | None = None) -> Generator:
    """Get an advance: government switch, levels and tokens, events, then the hooks."""
    d = rt.defn
    pl = rt.player(p)
    cat = d.category_of[adv]
    moved = 0
    if cat in d.government_categories:
        old = [a for a in pl["advances"] if d.category_of.get(a) in d.government_categories
               and d.category_of[a] != cat]
        if old:
            moved = len(old)
            for a in old:
                remove_advance(rt, p, a)
            rt.log(f"{rt.name(p)} changes government: {', '.join(d.advances[a].name for a in old)} are moved")
            for a in old if rt.hears("advance_lost") else ():
                yield from rt.emit("advance_lost", p, advance=a, cause="advancing")
    pl["advances"].append(adv)
    pl["gained"][adv] = rt.state["turn_no"]
    pl["turn"].setdefault("advances_gained", []).append(adv)
    pl["turn"].setdefault("collects_at_gain", {})[adv] = pl["turn"].get("collects", 0)
    rt.log(f"{rt.name(p)} gets {d.advances[adv].name}")
    events = yield from raise_levels(rt, p, d.advances[adv].data.get("border", "none"))
    yield from rt.enforce_limits(p)
    for _ in range(events):
        draw_event = SERVICES["draw_event"]  # written above this layer (cards.events)
        yield from draw_event(rt, p)
    if paid is not None:
        yield from rt.emit("advance_bought", p, advance=adv, payment=paid)
    # `switched`: this advance replaces another government (its cubes moved), so it is not a first one
    yield from rt.emit("advance_gained", p, advance=adv, switched=moved > 0)
    # the rest of a moved government: cubes go to advances of the player's choice in the new category
    for _ in range(max(0, moved - 1)):
        options = [a for a in d.categories[cat].data["advances"] if can_get(rt, p, a)]
        if not options:
            break
        labels = [d.advances[a].name for a in options]
        nxt = yield from rt.ask(p, "advance", "Move a government cube to", options, labels)
        yield from gain_advance(rt, p, nxt)


def remove_advance(rt: Clash, p: int, adv: str) -> None:
    """An advance removed (a government switch, an effect: advance_changes.py): its abilities stop, even
    those lasting the turn."""
    pl = rt.player(p)
    if adv in pl["advances"]:
        pl["advances"].remove(adv)
    # a special advance held through it goes with it, and so do its permissions lasting the turn
    held = set(rt.special_advances(p))
    gone = {adv} | {s for s in rt.defn.special_advances if s not in held}
    pl["temp"] = [t for t in pl["temp"] if len(t) < 3 or t[2] not in gone]


def raise_levels(rt: Clash, p: int, border: str) -> Generator:
    """A bordered advance moves its level up (to 8 at most) and gives a token; returns events to draw."""
    if border not in BORDER_LEVEL:
        return 0
    level_key, token = BORDER_LEVEL[border]
    pl = rt.player(p)
    before = pl[level_key]
    pl[level_key] = min(rt.params["scale_max"], before + 1)
    if pl[level_key] != before:
        yield from rt.level_raised(p, token, pl[level_key], "advancing")
    got = yield from rt.gain_resource(p, token, 1, "advancing")
    rt.log(f"  the {border} border: {rt.name(p)}'s {level_key.replace('_', ' ')} is {pl[level_key]}, "
           f"{got} {token} token{'' if got == 1 else 's'} gained")
    if pl[level_key] != before and pl[level_key] in rt.params["event_levels"]:
        return 1
    return 0


def free_advance(rt: Clash, p: int, category: str | None = None, ctx=None) -> Generator:
    """Get an advance without paying its resource cost (status phase, effects, cards)."""
    options = rt.game.remembered(("free_advance", p, category), lambda: rt.steadily(free_advance_options, p, category))
    if not options:
        return
    labels = [rt.defn.advances[a].name for a in options]
    adv = yield from rt.ask(p, "advance", "Which free advance?", options, labels)
    extra = _extra_cost(rt, p, adv)
    if any(n for _, n in extra):
        yield from rt.pay_for(p, extra, "advance", rt.defn.advances[adv].name)
    yield from gain_advance(rt, p, adv)


def free_advance_options(rt: Clash, p: int, category: str | None = None) -> list[str]:
    """Advances p may get free now (of one category, if given); their own extra cost must be payable."""
    options = [a for a in rt.defn.advances if can_get(rt, p, a)
               and (category is None or rt.defn.category_of[a] == category)]
    # an advance's own extra cost still applies to free advances (the rulebook says so for the dearer advance)
    pctx = rt.ctx(p, "rules")
    return [a for a in options if rt.can_pay(pctx, _extra_cost(rt, p, a), "advance")]


def _extra_cost(rt: Clash, p: int, adv: str) -> list[tuple[str, int]]:
    """The part of an advance's cost that is its own (e.g. extra ore), after p's modifiers."""
    out = []
    for c in rt.index.costs.get(adv, ()):
        ctx = rt.ctx(p, adv, advance=adv)
        for spec in c.cost:
            n = rt.quantity("advance_cost", p, int(spec.amount(ctx)), arg=spec.what, advance=adv)
            out.append((spec.what, max(0, n)))
    return out
