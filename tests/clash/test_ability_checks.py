"""The special actions' and modifiers' checks, written out for speed, answer as the plain definitions do.

special_usable builds one context for a special action's condition, cost and refusal and skips the cost
list when there is none; quantity evaluates its modifiers inline. Here each is checked against the plain
way (a fresh context per question, every list built, the modifier asked through _applies) at positions of
random games with the Civilizations pack, so a faster check can never offer a different menu.
"""

from __future__ import annotations

from rulewright.api import new_game
from rulewright.engine.bots import RandomBot
from rulewright.rules.clash.cards.card_play import refusal, special_usable


def _usable_plainly(rt, p, a) -> bool:
    if a.once_per_turn and rt._spent(p, a):
        return False
    ctx = rt.ctx(p, a.source)
    if a.when is not None and not a.when(ctx):
        return False
    cost = [(c.what, c.amount(ctx)) for c in a.cost] + [(w, f(ctx)) for w, f in getattr(a.body, "pays", [])]
    return (not cost or rt.can_pay(ctx, cost)) and refusal(rt, p, a) is None


def _quantity_plainly(rt, name, p, base):
    value = base
    srcs = rt.active_set(p)
    for m in rt.index.modifiers.get(name, ()):
        if m.optional or m.once_per_turn:
            continue
        ctx = rt._applies(m, p, srcs, None, {})
        if ctx is not None:
            value = m.apply(ctx, value)
    return value


def _positions():
    for seed in (21, 22, 23):
        game = new_game(players=3, seed=seed, packs=["base", "civilizations"])
        bots = {p: RandomBot(seed * 10 + p) for p in range(3)}
        steps = 0
        while game.pending is not None and steps < 900:
            d = game.pending
            if d.kind == "action":
                yield game, d.player
            game.apply({"player": d.player, "choice": bots[d.player].choose(game, d)})
            steps += 1


def test_special_usable_and_quantity_answer_as_the_plain_way():
    actions = usable = quantities = 0
    plain_modifiers = None
    for game, p in _positions():
        rt = game.rt
        for a in rt.special_actions(p):
            got = special_usable(rt, p, a)
            assert got == _usable_plainly(rt, p, a), (a.source, a.title)
            actions += 1
            usable += got
        if plain_modifiers is None:  # quantities no modifier of which is optional or limited in use
            plain_modifiers = [n for n, ms in rt.index.modifiers.items()
                               if not any(m.optional or m.once_per_turn or m.arg is not None for m in ms)]
        for name in plain_modifiers:
            for base in (0, 3):
                assert rt.quantity(name, p, base) == _quantity_plainly(rt, name, p, base), name
                quantities += 1
    assert actions > 200 and 0 < usable < actions  # both answers were met
    assert quantities > 200


def test_a_special_action_whose_procedure_could_do_nothing_is_refused_as_the_plain_way_refuses():
    from types import SimpleNamespace

    from rulewright.dsl import ast as A
    from rulewright.dsl.compiler import Compiler
    from rulewright.engine.abilities import SpecialAction

    game = new_game(players=2, seed=5)
    rt = game.rt
    body = Compiler(SimpleNamespace(constants=set(rt.defn.units))).body(
        [A.Do(A.Call("buy_units", [A.Ref([next(iter(rt.defn.units))]), A.Num(1)]))])
    a = SpecialAction(rt.defn.global_sources[0], 99, title="buy", body=body)
    res = rt.player(0)["res"]
    for held in (0, 9):  # nothing to pay with: refused; plenty: offered
        for k in res:
            res[k] = held
        assert special_usable(rt, 0, a) == _usable_plainly(rt, 0, a) == (held > 0)
        assert (refusal(rt, 0, a) is None) == (held > 0)
