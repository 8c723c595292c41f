"""A player's turn (rulebook page 7): three actions in any order (the quantity actions_per_turn), plus
the free actions in force."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING

from ....dsl.limits import cap
from ....engine.abilities import SpecialAction
from ..actions.basic_actions import BASIC
from ..actions.trade import can_trade, trade
from ..cards.card_play import frees_card_action, refusal, special_usable, use_free_card_play
from ..registry import procedure, service
from ..state.limits import actions_per_turn

if TYPE_CHECKING:
    from ..state.runtime import Clash

END = "end"


def start_turn(rt: Clash, p: int) -> None:
    st = rt.state
    st["turn_no"] += 1
    st["current"] = p
    st["phase"] = "turn"
    pl = rt.player(p)
    pl["turn"] = {"collects": 0, "influence_success": 0, "advances_gained": []}
    pl["temp"] = lasting_temps(rt, pl)
    for c in st["cities"].values():
        c["act"] = 0
    for u in st["units"].values():
        if u["owner"] == p:
            u["moved"] = u["stop"] = u["battled"] = 0
            u.pop("came_from", None)  # where it first moved from this turn (board/neighbours.py)
    st["actions_left"] = actions_per_turn(rt, p)  # asked once the turn's state is fresh


@procedure("player_turn")
def player_turn(rt: Clash, p: int, ctx=None) -> Generator:
    if not rt.state.pop("resume_turn", False):  # a resumed checkpoint is already inside this turn
        start_turn(rt, p)
        rt.log(f"Round {rt.state['round']}, turn {rt.state['turn']}: {rt.name(p)}")
        yield from rt.emit("turn_start", p)
    used: dict[str, int] = {}  # special actions taken this turn: a free one may not be taken without end
    while True:
        # a fork replaying its parent's actions takes the menu the parent worked out (engine Game.remembered)
        ids, labels, refused = rt.game.remembered(("action", p), lambda: _menu_and_refusals(rt, p))
        if len(ids) == 1:
            break
        left = rt.state["actions_left"]
        choice = yield from rt.ask(p, "action", f"{rt.name(p)}: choose an action ({left} left)", ids, labels,
                                   refused)
        if choice == END:
            break
        runner = menu_runner(rt, p, BASIC, choice)
        if choice.startswith("special:"):
            used[choice] = used.get(choice, 0) + 1
            cap(rt, choice.removeprefix("special:").split("#")[0], "special", used[choice])
        yield from runner()
    yield from rt.emit("turn_end", p)
    rt.player(p)["temp"] = lasting_temps(rt, rt.player(p))


def lasting_temps(rt: Clash, pl: dict) -> list:
    """The player's temporary permissions that outlast a turn: those granted until the end of this round."""
    now = f"round{rt.state['round']}"
    return [t for t in pl["temp"] if len(t) > 3 and t[3] == now]


@service("action_cost")
def action_cost(rt: Clash, p: int, action_id: str) -> tuple[int, int]:
    """(actions, mood tokens) that a basic action costs p now."""
    actions = rt.quantity("action_cost", p, 1, arg=action_id)
    mood = rt.quantity("action_mood_cost", p, 0, arg=action_id)
    return max(0, actions), max(0, mood)


def action_menu(rt: Clash, p: int, basic: dict) -> list[tuple[str, str, Callable[[], Generator]]]:
    """Every action p may take now, each with the procedure that carries it out; `end` last."""
    menu: list[tuple[str, str, Callable[[], Generator]]] = []
    left = rt.state["actions_left"]
    res = rt.player(p)["res"]
    printed = not rt.modified("action_cost", p) and not rt.modified("action_mood_cost", p)
    for spec in rt.defn.actions:
        aid = spec["id"]
        cost_a, cost_m = (1, 0) if printed else action_cost(rt, p, aid)
        if cost_a > left or res["mood"] < cost_m:
            continue
        proc = basic[spec["procedure"]]
        if not proc.available(rt, p):
            continue
        menu.append((aid, spec["name"], _basic_runner(rt, p, aid, spec["name"], proc, cost_a, cost_m)))
    for a in rt.special_actions(p):
        free = a.free or frees_card_action(rt, p, a)
        if not free and left < 1:
            continue
        if not special_usable(rt, p, a):
            continue
        label = f"{a.title} ({rt.source_name(a.source)}{', free' if free else ''})"
        menu.append((f"special:{a.key}", label, _special_runner(rt, p, a)))
    if left > 0 and can_trade(rt, p):  # offered while actions remain, so a spent turn ends by itself
        menu.append(("trade", "offer a trade to another player (free)", lambda: trade(rt, p)))
    menu.append((END, "end the turn", lambda: iter(())))
    return menu


def refused_actions(rt: Clash, p: int) -> dict[str, str]:
    """Special actions not offered because they could do nothing now, with the reason (card_play.refusal)."""
    out: dict[str, str] = {}
    for a in rt.special_actions(p):
        why = refusal(rt, p, a)
        if why:
            out[f"special:{a.key}"] = f"{a.title} ({rt.source_name(a.source)}) would do nothing: {why}"
    return out


def menu_words(rt: Clash, p: int) -> tuple[list[str], list[str]]:
    """The ids and labels of p's action menu now."""
    with rt.steady():
        menu = action_menu(rt, p, BASIC)
    return [m[0] for m in menu], [m[1] for m in menu]


def _menu_and_refusals(rt: Clash, p: int) -> tuple[list[str], list[str], dict[str, str]]:
    """The action menu with the special actions refused (asked only when there is a choice to make)."""
    with rt.steady():  # one stretch: the refusals ask of the same sources and payments as the menu
        ids, labels = menu_words(rt, p)
        return ids, labels, refused_actions(rt, p) if len(ids) > 1 else {}


def menu_runner(rt: Clash, p: int, basic: dict, choice: str) -> Callable[[], Generator]:
    """The procedure of one entry of p's action menu (as action_menu builds it), for the option chosen."""
    if choice == END:
        return lambda: iter(())
    if choice == "trade":
        return lambda: trade(rt, p)
    if choice.startswith("special:"):
        key = choice.removeprefix("special:")
        return _special_runner(rt, p, next(a for a in rt.special_actions(p) if a.key == key))
    spec = next(s for s in rt.defn.actions if s["id"] == choice)
    printed = not rt.modified("action_cost", p) and not rt.modified("action_mood_cost", p)
    cost_a, cost_m = (1, 0) if printed else action_cost(rt, p, choice)
    return _basic_runner(rt, p, choice, spec["name"], basic[spec["procedure"]], cost_a, cost_m)


def _basic_runner(rt: Clash, p: int, aid: str, name: str, proc, cost_a: int, cost_m: int):
    def run() -> Generator:
        rt.state["actions_left"] -= cost_a
        yield from rt.spend(p, "mood", cost_m, "action_cost")
        rt.log(f"{rt.name(p)}: {name}")
        yield from proc.run(rt, p)

    return run


def _special_runner(rt: Clash, p: int, a: SpecialAction):
    def run() -> Generator:
        ctx = rt.ctx(p, a.source)
        ctx.ability = a
        if rt.in_hand(p, a.source):  # a card announced: others' abilities may cancel it (nothing is paid)
            said = yield from rt.emit("action_card_played", p, card=a.source)
            if said.get("cancelled"):
                yield from rt.play_card(p, a.source)
                rt.log(f"  {rt.source_name(a.source)} is cancelled: its action and costs are not paid")
                return
        if frees_card_action(rt, p, a):
            use_free_card_play(rt, p)
        elif not a.free:
            rt.state["actions_left"] -= 1
        if a.once_per_turn:
            rt._spend(p, a)
        if rt.in_hand(p, a.source):
            yield from rt.play_card(p, a.source)
        rt.log(f"{rt.name(p)}: {a.title} ({rt.source_name(a.source)})")
        cost = [(c.what, c.amount(ctx)) for c in a.cost]
        mark = rt.gain_mark()
        yield from rt.pay(ctx, cost)
        yield from a.body(ctx)
        rt.note_bought_nothing(ctx, cost, mark)

    return run
