"""Paying an ability's cost: culture and trade from the dials, resources one by one.

A resource is paid with a token from the civilisation sheet (back to the market) or, failing one, a hut or
village marker showing it (back to the box); `any_resource` is any of them. Each resource asked is first
offered to the payer's `resource_asked` reactions (reactions.py): a culture card in hand that may be played
as that resource, or an ability in force that pays it another way (once per turn, at its own cost). When
there is more than one way, the payer chooses (decision `pay`); a way is offered only if the rest of the cost
can still be paid after it.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..registry import service
from .reactions import answer, candidates, cost_of

if TYPE_CHECKING:
    from ..state.runtime import Civ

TOKEN = "token"
DIALS = ("culture", "trade")


def marker_resource(rt: Civ, marker: str) -> str | None:
    data = rt.d.content.entries[marker].data
    return data.get("resource") or (data.get("reward") if data.get("reward") in rt.d.resources else None)


def holdings(rt: Civ, p: int) -> dict[str, int]:
    """Resources p can spend: tokens plus hut and village markers, by resource."""
    pl = rt.player(p)
    out = {r: int(n) for r, n in pl["resources"].items() if n}
    for m in pl["huts"]:
        r = marker_resource(rt, m)
        if r:
            out[r] = out.get(r, 0) + 1
    return out


def spend_resource(rt: Civ, p: int, res: str | None) -> None:
    """One resource (any when `res` is None): a token first, else a marker."""
    pl = rt.player(p)
    kinds = [res] if res else sorted(holdings(rt, p))
    for r in kinds:
        if pl["resources"].get(r, 0) > 0:
            pl["resources"][r] -= 1
            rt.state["resource_market"][r] = rt.state["resource_market"].get(r, 0) + 1
            return
        m = next((m for m in pl["huts"] if marker_resource(rt, m) == r), None)
        if m is not None:
            pl["huts"].remove(m)
            return


def units(cost: list[tuple[str, int]]) -> list[str]:
    """The resources of a cost one by one, named kinds before `any_resource`."""
    out = [w for w, n in cost if w not in DIALS and w != "any_resource" for _ in range(int(n))]
    return out + [w for w, n in cost if w == "any_resource" for _ in range(int(n))]


def asked(rt: Civ, p: int, res: str) -> dict:
    """The `resource_asked` payload: an `any_resource` asked names no resource, it is `any_kind`."""
    anything = res == "any_resource"
    return {"player": p, "resource": "" if anything else res, "any_kind": anything, "hook": "resource_asked"}


def ways(rt: Civ, p: int, res: str, have: dict[str, int], used: tuple[str, ...]) -> list[tuple[str, list[str], dict]]:
    """(way, resources it then still asks, holdings left) for each way p could pay one `res` now (a card in
    hand as often as p holds it, anything else once: `used` lists those already counted)."""
    out = []
    kinds = sorted(have) if res == "any_resource" else [res]
    token = next((k for k in kinds if have.get(k, 0) > 0), None)
    if token is not None:
        out.append((TOKEN, [], {**have, token: have[token] - 1}))
    for key, t in candidates(rt, p, p, "resource_asked", asked(rt, p, res)):
        if used.count(key) < max(1, rt.player(p)["hand"].count(key)):
            out.append((key, units(cost_of(rt, p, t, asked(rt, p, res))), have))
    return out


def payable(rt: Civ, p: int, need: list[str], have: dict[str, int], used: tuple[str, ...] = ()) -> bool:
    """Can p pay the resources `need` from `have`, each card or substitute used at most once?"""
    if not need:
        return True
    res, rest = need[0], need[1:]
    return any(payable(rt, p, more + rest, left, used if way == TOKEN else (*used, way))
               for way, more, left in ways(rt, p, res, have, used))


@service("can_pay_cost")
def can_pay_cost(rt: Civ, p: int, cost: list[tuple[str, int]]) -> bool:
    pl = rt.player(p)
    if any(pl[w] < int(n) for w, n in cost if w in DIALS):
        return False
    need, have = units(cost), holdings(rt, p)
    return not need or held(need, have) or payable(rt, p, need, have)


def held(need: list[str], have: dict[str, int]) -> bool:
    """Do the resources held alone pay `need` (named kinds first, any_resource from what is left)?"""
    left = dict(have)
    for r in need:
        kind = r if r != "any_resource" else next((k for k in sorted(left) if left[k] > 0), None)
        if kind is None or left.get(kind, 0) <= 0:
            return False
        left[kind] -= 1
    return True


@service("pay_cost")
def pay_cost(rt: Civ, p: int, cost: list[tuple[str, int]]) -> Generator:
    """Pay a cost p can pay (can_pay_cost), asking p how to pay a resource when there is a choice."""
    for w, n in cost:
        if w in DIALS:
            rt.player(p)[w] -= int(n)
    need = units(cost)
    while need:
        res, need = need[0], need[1:]
        have = holdings(rt, p)
        options = [(way, more) for way, more, left in ways(rt, p, res, have, ())
                   if payable(rt, p, more + need, left, () if way == TOKEN else (way,))]
        if not options:
            return
        keys = [way for way, _ in options]
        choice = yield from rt.ask(p, "pay", f"{rt.name(p)}: how do you pay one {res.replace('_', ' ')}?", keys,
                                   [f"a {res.replace('_', ' ')} you hold" if k == TOKEN else rt.entry_name(
                                       k.partition("#")[0]) for k in keys])
        if choice == TOKEN:
            spend_resource(rt, p, None if res == "any_resource" else res)
            continue
        t = next(t for k, t in candidates(rt, p, p, "resource_asked", asked(rt, p, res)) if k == choice)
        paid = yield from answer(rt, p, choice, t, asked(rt, p, res))
        if not paid:
            need = [res, *need]
