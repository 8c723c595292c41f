"""How the greedy bot values action cards: read the card's effect, never its name.

- `civil_value` walks the statements of a special action (gain, pay, draw, do, if, choose, repeat) and
  prices them with the bot's tables below (resources, units, procedures of the rules), so a card is
  worth what it does in the current position.
- `combat_benefit` asks the rules what a combat half would change this round: the side's quantities
  (combat value, dice, hits, cancelled hits, the enemy city's defences) with and without the card in force,
  plus a flat value for effects that act before the roll (triggers on combat_round_start).
Both are heuristics for a bot; the rules themselves do not depend on them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....dsl import ast as A
from ....dsl.compiler import Compiler
from ....engine.abilities import ONE_OF
from ..combat.rolls import ctx_vars as _ctx_vars
from ..state.definition import combat_source

if TYPE_CHECKING:
    from ..state.runtime import Clash

TOKEN_VALUE = {"food": 1.0, "wood": 1.0, "ore": 1.0, "idea": 1.0, "gold": 1.2, "mood": 1.5, "culture": 1.5}
DECK_VALUE = {"objective_card": 4.0, "action_card": 2.5}
# what calling a rules procedure is worth to the bot, before its own conditions (see _do_value)
PROCEDURE_VALUE = {
    "free_advance": 7.0, "copy_advance": 7.0, "buy_advance": 6.0, "free_city_piece": 11.0,
    "reveal_region": 2.0, "barbarian_raid": 4.0, "raise_mood": 3.0, "civic_improvement": 3.0,
    "cultural_influence": 4.0, "build_wonder": 10.0, "build_reserved_wonder": 10.0, "reveal_wonder": 2.0,
}
PRE_ROLL_TRIGGER = 0.35  # a pre-roll effect (e.g. a die that may remove an enemy unit), in hits


def _compiler(rt: Clash) -> Compiler:
    comp = getattr(rt, "_bot_compiler", None)
    if comp is None:
        comp = Compiler(rt.defn.content.vocab)
        rt._bot_compiler = comp
    return comp


def _eval(rt: Clash, ctx, expr: A.Expr | None, default: Any = 0) -> Any:
    if expr is None:
        return default
    try:
        return _compiler(rt).expr(expr)(ctx)
    except Exception:  # a heuristic must never break a game
        return default


def _unit_value(rt: Clash, p: int, utype: str) -> float:
    if utype == rt.role("founder"):
        room = rt.params["max_cities"] - len(rt.cities_of(p)) - len(rt.units_of(p, utype))
        return 5.0 if room > 0 else 0.5
    if rt.is_army(utype):
        return 2.5
    return 1.0


def _do_value(rt: Clash, p: int, call: A.Call, ctx, basic_score) -> float:
    name = call.name
    if name == "basic_action" and call.args:
        action = _eval(rt, ctx, call.args[0], None)
        return max(0.0, (basic_score(action) - 20) / 6) if action else 0.0
    if name == "raise_mood":
        unhappy = sum(1 for c in rt.cities_of(p) if rt.state["cities"][c]["mood"] != "happy")
        return PROCEDURE_VALUE[name] if unhappy else 0.0
    return PROCEDURE_VALUE.get(name, 1.0)


def stmts_value(rt: Clash, p: int, stmts: list, ctx, basic_score) -> float:  # noqa: C901
    total = 0.0
    for s in stmts:
        if isinstance(s, A.Seq):
            total += stmts_value(rt, p, s.items, ctx, basic_score)
        elif isinstance(s, A.Gain):
            n = float(_eval(rt, ctx, s.amount, 0) or 0)
            if s.what in TOKEN_VALUE:
                room = rt.limit(p, s.what) - rt.player(p)["res"].get(s.what, 0)
                total += max(0.0, min(n, room)) * TOKEN_VALUE[s.what]
            elif s.what == "actions":
                # an extra action is worth something only when the turn's actions are spent
                total += 8.0 * n if rt.state.get("actions_left", 0) == 0 else -3.0
            elif s.what in rt.defn.units:
                total += n * _unit_value(rt, p, s.what)
            elif s.what == "vp":
                total += 5.0 * n
        elif isinstance(s, (A.Pay, A.Lose)):
            n = float(_eval(rt, ctx, s.amount, 0) or 0)
            total -= n * TOKEN_VALUE.get(s.what, 1.0)
        elif isinstance(s, A.Draw):
            total += float(_eval(rt, ctx, s.amount, 0) or 0) * DECK_VALUE.get(s.what, 1.0)
        elif isinstance(s, A.Do):
            total += _do_value(rt, p, s.call, ctx, basic_score)
        elif isinstance(s, A.If):
            branch = s.then if _eval(rt, ctx, s.cond, False) else s.orelse
            total += stmts_value(rt, p, branch, ctx, basic_score)
        elif isinstance(s, A.Choose):
            total += max((stmts_value(rt, p, a.body.items, ctx, basic_score) for a in s.alts), default=0.0)
        elif isinstance(s, A.Repeat):
            n = int(_eval(rt, ctx, s.count, 1) or 0)
            total += max(0.0, n * stmts_value(rt, p, s.body, ctx, basic_score))
    return total


def _find_action(rt: Clash, p: int, key: str):
    return next((a for a in rt.special_actions(p) if a.key == key), None)


def civil_value(rt: Clash, p: int, key: str, basic_score) -> float | None:
    """Net worth of the special action `key` ("entry#index") for p, its costs deducted; None if unknown."""
    a = _find_action(rt, p, key)
    entry = rt.defn.content.entries.get(a.source) if a is not None else None
    if a is None or entry is None or entry.effect is None or a.index >= len(entry.effect.abilities):
        return None
    node = entry.effect.abilities[a.index]
    ctx = rt.ctx(p, a.source)
    value = stmts_value(rt, p, getattr(node, "body", []), ctx, basic_score)
    for c in a.cost:
        if c.what == ONE_OF:  # `costs A or B`: the cheapest way
            value -= min(sum(float(n or 0) * TOKEN_VALUE.get(w, 1.0) for w, n in way) for way in c.amount(ctx))
            continue
        value -= float(c.amount(ctx) or 0) * TOKEN_VALUE.get(c.what, 1.0)
    return value


def card_worth(rt: Clash, p: int, card: str, basic_score) -> float:
    """What keeping a card in hand is worth: the best of its civil actions (triggers count 2)."""
    best = 0.0
    for a in rt.index.actions.get(card, ()):
        v = civil_value(rt, p, a.key, basic_score) if _find_action(rt, p, a.key) else None
        best = max(best, v or 0.0)
    entry = rt.defn.compiled.get(card)
    if entry is not None and any(type(ab).__name__ == "Trigger" for ab in entry.abilities):
        best = max(best, 2.0)
    return best


def combat_benefit(rt: Clash, p: int, card: str) -> float:
    """Expected extra hits (dealt or avoided) this round if p plays the combat half of `card`."""

    b = getattr(rt, "battle", None)
    if b is None:
        return 0.0
    side = "attacker" if b.attacker == p else "defender"
    ctx = _ctx_vars(rt, b, side)
    src = combat_source(card)
    saved = rt.round_sources.get(p)

    def measure() -> dict[str, int]:
        out = {q: rt.quantity(q, p, 0, **ctx) for q in ("combat_value", "combat_dice", "combat_hits",
                                                         "combat_cancel_hits")}
        if side == "attacker" and b.round == 1:  # what the defending city's own dice and cancels would do
            dctx = _ctx_vars(rt, b, "defender")
            out["city_defence"] = sum(rt.quantity(q, p, rt.quantity(q, b.defender, 0, **dctx), **ctx)
                                  for q in ("fortress_dice", "fortress_cancel_hits"))
        return out

    try:
        before = measure()
        rt.round_sources[p] = list(saved or []) + [src]
        after = measure()
    finally:
        if saved is None:
            rt.round_sources.pop(p, None)
        else:
            rt.round_sources[p] = saved
    gain = ((after["combat_value"] - before["combat_value"]) / 5.0
            + (after["combat_dice"] - before["combat_dice"]) * 0.7
            + (after["combat_hits"] - before["combat_hits"])
            + (after["combat_cancel_hits"] - before["combat_cancel_hits"]))
    if "city_defence" in before:
        gain += (before["city_defence"] - after["city_defence"]) * 0.85
    entry = rt.defn.compiled.get(src)
    if entry is not None:
        gain += PRE_ROLL_TRIGGER * sum(1 for ab in entry.abilities if type(ab).__name__ == "Trigger")
    return gain
