"""Reactions: triggers that answer an event while it happens, from a card in hand or from a card in force.

Four events open a reaction window (the hooks of vocabulary.yaml):
- `culture_card_played`: a culture event card about to take effect (once its target is chosen, for a card
  that `aims`); every other player, in turn order from the one playing it, is asked in secret whether to
  answer, with a card in hand or an ability in force (`on any culture_card_played when ...: cancel`);
- `ability_used`: a resource ability of another player, once paid (its resources stay spent if cancelled);
- `city_action_taken`: a city action another player has chosen, before anything is paid (Writing's spy);
- `resource_asked`: one resource asked of a player paying for an ability (payment.py): a trigger that
  `cancel`s it pays it instead (a culture card played as a resource, the Kremlin).
A culture card in hand reacts by being played (discarded) and its trigger's body run; as a culture event
card played, it opens a window of its own, so a cancel may itself be cancelled. A cancelled card has no
effect and goes to the discards. Nothing here names a card: what may answer is the cards' triggers.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ....engine.abilities import Ctx, Trigger
from ..registry import SERVICES, function, service

if TYPE_CHECKING:
    from ..state.runtime import Civ


def discard_card(rt: Civ, p: int, card: str) -> None:
    """A culture event card from p's hand to the discards of its level."""
    rt.player(p)["hand"].remove(card)
    level = str(rt.d.content.entries[card].data["level"])
    rt.state["culture_discards"].setdefault(level, []).append(card)


def spent(rt: Civ, p: int) -> list[str]:
    return rt.player(p).setdefault("used", [])


def candidates(rt: Civ, q: int, actor: int, hook: str, payload: dict) -> list[tuple[str, Trigger]]:
    """(key, trigger) of what q may answer the event with now: a card in q's hand (key: the card) or an ability
    of q's in force not yet used in its period (key: source#index), whose condition holds and cost q can pay.
    Another player's event is answered only by `on any` triggers."""
    out: list[tuple[str, Trigger]] = []
    mine = q == actor
    for card in dict.fromkeys(rt.player(q)["hand"]):
        for t in rt.d.triggers_of(card, hook):
            if (t.any_player or mine) and holds(rt, q, t, payload):
                out.append((card, t))
                break
    for source in dict.fromkeys(rt.sources(q)):
        for t in rt.d.triggers_of(source, hook):
            key = f"{source}#{t.index}"
            if not (t.any_player or mine) or (t.once_per_turn and key in spent(rt, q)):
                continue
            if holds(rt, q, t, payload) and SERVICES["can_pay_cost"](rt, q, cost_of(rt, q, t, payload)):
                out.append((key, t))
    return out


def holds(rt: Civ, q: int, t: Trigger, payload: dict) -> bool:
    return t.when is None or bool(t.when(Ctx(rt, q, t.source, dict(payload), t)))


def cost_of(rt: Civ, q: int, t: Trigger, payload: dict) -> list[tuple[str, int]]:
    ctx = Ctx(rt, q, t.source, dict(payload), t)
    return [(c.what, int(c.amount(ctx) or 0)) for c in t.cost]


def answer(rt: Civ, q: int, key: str, t: Trigger, payload: dict) -> Generator:
    """q answers with a card in hand (played: it may be cancelled in turn) or an ability in force (paid, its
    use counted); True when the answer cancelled the event."""
    if key in rt.player(q)["hand"]:
        discard_card(rt, q, key)
        if payload.get("hook") == "resource_asked":   # spent as a resource, not played as an event
            rt.log(f"{rt.name(q)} plays {rt.entry_name(key)} as {payload.get('resource') or 'any'} resource")
        else:
            rt.log(f"{rt.name(q)} plays {rt.entry_name(key)}")
            if (yield from card_window(rt, q, key, [])):
                return False
    else:
        spent(rt, q).append(key)
        yield from SERVICES["pay_cost"](rt, q, cost_of(rt, q, t, payload))
        rt.log(f"{rt.name(q)} uses {rt.entry_name(t.source)}")
    ctx = Ctx(rt, q, t.source, dict(payload), t)
    yield from t.body(ctx)
    return ctx.cancelled


def window(rt: Civ, hook: str, actor: int, payload: dict, askers: list[int], prompt: str) -> Generator:
    """Ask each of `askers` in turn whether to answer the event; True as soon as one answer cancels it. The
    event is kept in state["reacting"] (public: what was played, by whom, at whom) while players decide."""
    payload = {**payload, "player": actor, "hook": hook}
    stack = rt.state.setdefault("reacting", [])
    stack.append({k: v for k, v in payload.items() if isinstance(v, (str, int, list))})
    cancelled = False
    for q in askers:   # (no try/finally: a generator dropped by a fork must not touch the state it leaves)
        options = candidates(rt, q, actor, hook, payload)
        if not options:
            continue
        choice = yield from rt.ask(q, "cancel", f"{rt.name(q)}: {prompt}", ["none", *(k for k, _ in options)],
                                   ["none", *(label(rt, k) for k, _ in options)])
        if choice != "none" and (yield from answer(rt, q, choice, dict(options)[choice], payload)):
            cancelled = True
            break
    stack.pop()
    if not stack:
        rt.state.pop("reacting", None)
    return cancelled


def label(rt: Civ, key: str) -> str:
    return rt.entry_name(key.partition("#")[0])


def after(rt: Civ, p: int) -> list[int]:
    """The other players in turn order, from the one after p."""
    return [(p + i) % rt.n for i in range(1, rt.n)]


def card_window(rt: Civ, p: int, card: str, targets: list[int]) -> Generator:
    """The window of a culture event card p plays (aimed at `targets`, the owners of what it aims at); True when
    it was cancelled (then it has no effect)."""
    cancelled = yield from window(rt, "culture_card_played", p, {"card": card, "targets": list(targets)},
                                  after(rt, p), f"{rt.name(p)} plays {rt.entry_name(card)}: answer it?")
    if cancelled:
        rt.log(f"{rt.entry_name(card)} is cancelled")
    return cancelled


def aims(rt: Civ, card: str) -> str | None:
    """What a culture event card aims at (`aims:` of its entry), if anything."""
    e = rt.d.content.entries.get(card)
    return e.data.get("aims") if e is not None and e.kind == "civ_culture_card" else None


@service("aim")
def aim(rt: Civ, ctx: Ctx | None, owners: list[int], kind: str) -> Generator:
    """Called by a procedure of a card that `aims`, once its target(s) are chosen and before anything changes:
    opens the card's window (owners: whose player, figures, squares or buildings it aims at; kind: which of
    these, as the card's `aims` says). True when the card is cancelled: the procedure then stops, and the
    rest of the card's effect with it. Also the service "aim", for modules below this one."""
    if ctx is None or aims(rt, ctx.source) is None:
        return False
    cancelled = yield from card_window(rt, ctx.me, ctx.source, sorted(set(owners)))
    ctx.cancelled = ctx.cancelled or cancelled
    return cancelled


def ability_window(rt: Civ, p: int, source: str, title: str) -> Generator:
    """The window of a resource ability p has paid for: True when another player cancelled it."""
    cancelled = yield from window(rt, "ability_used", p, {"source": source}, after(rt, p),
                                  f"{rt.name(p)} uses {rt.entry_name(source)} ({title}): answer it?")
    if cancelled:
        rt.log(f"{rt.entry_name(source)}: {title} is cancelled (the resources paid are lost)")
    return cancelled


def action_window(rt: Civ, p: int, choice: str, label: str) -> Generator:
    """The window of a city action p is taking (`action` is its kind: arts, harvest, army, building ...); True
    when another player cancelled it (the action is lost)."""
    cancelled = yield from window(rt, "city_action_taken", p, {"action": choice.partition(":")[0]}, after(rt, p),
                                  f"{rt.name(p)}'s city will {label}: answer it?")
    if cancelled:
        rt.log(f"{rt.name(p)}'s city action ({label}) is cancelled")
    return cancelled


@function("aimed_at_me")
def aimed_at_me(rt: Civ, ctx: Any) -> bool:
    """Does the culture event card being answered aim at this player (or their figures, squares, buildings)?"""
    return ctx.me in (ctx.vars.get("targets") or ())
