"""The action menu's quick answers agree with the slow ones they replace.

The menu asks "can this be paid?" and "can this unit go anywhere?" hundreds of times a turn; it asks
them by shortcuts (Gale's condition instead of listing payments, the first destination instead of all
of them, each player's sources worked out once). Each shortcut is checked here against the question
asked the long way, so a faster menu can never offer a different game.
"""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st
from rulewright.api import new_game
from rulewright.engine.bots import make_bot
from rulewright.rules.clash.actions import movement
from rulewright.rules.clash.actions.basic_actions import BASIC
from rulewright.rules.clash.cards.cardrules import _revealable
from rulewright.rules.clash.phases.turn import action_menu
from rulewright.rules.clash.state.setup import RESOURCES
from rulewright.rules.clash.state.splits import payable

KINDS = [*RESOURCES, "mood"]


def _payable_slowly(held: dict[str, int], need: dict[str, int], payers: dict[str, list[str]]) -> bool:
    """Try every way of taking each needed unit from some kind able to pay it."""
    units = [k for k, n in need.items() for _ in range(max(0, n))]
    for pick in product(*[[k, *payers.get(k, [])] for k in units]):
        spent: dict[str, int] = {}
        for x in pick:
            spent[x] = spent.get(x, 0) + 1
        if all(held.get(x, 0) >= n for x, n in spent.items()):
            return True
    return not units


@settings(max_examples=300, deadline=None)
@given(held=st.dictionaries(st.sampled_from(KINDS), st.integers(0, 3)),
       need=st.dictionaries(st.sampled_from(KINDS), st.integers(0, 3), max_size=3),
       payers=st.dictionaries(st.sampled_from(KINDS), st.lists(st.sampled_from(KINDS), max_size=3)))
def test_gales_condition_decides_as_trying_every_payment_does(held, need, payers):
    assert payable(held, need, payers) == _payable_slowly(held, need, payers)


def test_a_substitute_that_is_held_elsewhere_is_not_counted_twice():
    # food may be paid with gold, wood may be paid with gold: 1 gold cannot pay for both
    assert not payable({"gold": 1}, {"food": 1, "wood": 1}, {"food": ["gold"], "wood": ["gold"]})
    assert payable({"gold": 2}, {"food": 1, "wood": 1}, {"food": ["gold"], "wood": ["gold"]})


def _mid_games():
    """Positions from bot games, at the decisions where the menu is asked."""
    for seed in (3, 4):
        game = new_game(players=4, seed=seed)
        bots = [make_bot("greedy", seed + i) for i in range(4)]
        steps = 0
        while game.pending is not None and steps < 700:
            d = game.pending
            if d.kind == "action" and steps % 5 == 0:
                yield game, d.player
            game.apply({"player": d.player, "choice": bots[d.player].choose(game, d)})
            steps += 1


def test_the_menu_is_a_question_and_its_shortcuts_answer_as_the_long_way_does():
    import copy
    import json

    checked = 0
    for game, p in _mid_games():
        rt = game.rt
        before = json.dumps(game.state, sort_keys=True, default=str)
        with rt.steady():
            steady = [m[0] for m in action_menu(rt, p, BASIC)]
        plain = [m[0] for m in action_menu(rt, p, BASIC)]
        assert steady == plain
        assert json.dumps(game.state, sort_keys=True, default=str) == before  # asking changed nothing
        for u in rt.units_of(p):
            space = rt.state["units"][u]["space"]
            assert movement.can_leave(rt, p, space, [u]) == bool(movement.destinations(rt, p, space, [u])[0])
        for cost in ([("food", 2)], [("idea", 3), ("food", 1)], [("any_resource", 2), ("wood", 1)]):
            ctx = rt.ctx(p, "rules")
            long_way = [(w, n) for w, n in cost if w != "any_resource"]
            anys = sum(n for w, n in cost if w == "any_resource")
            res = rt.player(p)["res"]
            slow = (sum(res[r] for r in RESOURCES) >= anys
                    and bool(rt.payment_options(p, copy.deepcopy(long_way), "advance")))
            assert rt.can_pay(ctx, cost, "advance") == slow
        board = rt.board  # unexplored regions next to p's cities: the board's memo against every neighbour
        mine = {board.space(c).region for c in rt.cities_of(p)}
        assert _revealable(rt, p) == [
            i for i, up in enumerate(rt.state["board"]["revealed"]) if not up
            and any(board.space(n).region in mine for s in board.region_spaces(i) for n in board.neighbors(s))]
        checked += 1
    assert checked >= 20
