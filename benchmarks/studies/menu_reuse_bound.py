"""Study: how much of a Clash game's time an action menu kept across decisions could save at most
(issue 30, item 2: "answered from data kept current by the state-change hooks, instead of recomputed").

A kept menu saves the questions whose answers did not change since they were last asked. Whatever keeps
them (hooks that drop an answer when what it read is written), an answer that did change must be asked
again. So the most it can save is the time of the menu's questions (each basic action's availability,
each special action's `special_usable`) whose answer equals the one that player's previous menu gave (in
the same turn or, for a turn's first menu, in the player's previous turn). This study times every
question of every menu and adds up those: an upper bound, reached only by a kept menu that costs nothing
to keep and to check.

Run: python benchmarks/studies/menu_reuse_bound.py > benchmarks/studies/menu_reuse_bound.txt
Workloads: the bench's (random bots, 2 and 4 players, 12 seeds each, the legal actions listed at every
decision) and greedy 2-player games (what the search's play-outs are). Times are CPU seconds of this
process with the timers in; the shares are what to read. The menu's time outside its questions is mostly
the timers' own (a profile puts labels, refusals and listing the special actions at about 4% of the menu).
"""

from __future__ import annotations

import time

from rulewright.api import new_game
from rulewright.engine.bots import RandomBot, make_bot
from rulewright.engine.playout import play_out
from rulewright.rules.clash.actions import basic_actions
from rulewright.rules.clash.cards import card_play
from rulewright.rules.clash.phases import turn

QUESTIONS: dict[tuple, tuple[object, float]] = {}  # this menu's questions: answer and seconds


def _timed_basic(name: str, action: basic_actions.BasicAction) -> basic_actions.BasicAction:
    def available(rt, p: int) -> bool:
        t = time.process_time()
        got = action.available(rt, p)
        QUESTIONS[("basic", name)] = (got, time.process_time() - t)
        return got

    return basic_actions.BasicAction(available, action.run)


def instrument(totals: dict[str, float]) -> None:
    """Wrap the menu and its questions (this process only) so that `totals` adds up their times."""
    for name in list(basic_actions.BASIC):
        basic_actions.BASIC[name] = _timed_basic(name, basic_actions.BASIC[name])
    usable, menu = card_play.special_usable, turn.action_menu
    previous: dict[int, dict] = {}  # each player's last menu: its turn and its answers

    def special_usable(rt, p: int, a) -> bool:
        t = time.process_time()
        got = usable(rt, p, a)
        QUESTIONS[("special", a.key)] = (got, time.process_time() - t)
        return got

    def action_menu(rt, p: int, basic: dict):
        QUESTIONS.clear()
        t = time.process_time()
        got = menu(rt, p, basic_actions.BASIC)
        totals["menu"] += time.process_time() - t
        totals["menus"] += 1
        before = previous.get(p)
        totals["first_of_turn"] += before is None or before["turn"] != rt.state["turn_no"]
        for q, (answer, seconds) in QUESTIONS.items():
            totals["questions"] += seconds
            if before is not None and q in before and before[q] == answer:
                totals["unchanged"] += seconds
        previous[p] = {"turn": rt.state["turn_no"], **{q: a for q, (a, _s) in QUESTIONS.items()}}
        return got

    turn.special_usable = special_usable
    turn.action_menu = action_menu


def measure(workload: str) -> dict:
    totals = dict.fromkeys(("menu", "menus", "first_of_turn", "questions", "unchanged"), 0.0)
    instrument(totals)
    start, actions = time.process_time(), 0
    if workload == "random":
        for seed in range(12):
            bot = RandomBot(seed)
            for players in (2, 4):
                game = new_game(players=players, seed=1000 + seed)
                actions += play_out(game, lambda _p, b=bot: b, on_step=lambda g, _s: g.legal_actions())
    else:
        for seed in range(3):
            game = new_game(players=2, seed=100 + seed)
            actions += play_out(game, {p: make_bot("greedy", seed * 10 + p) for p in range(2)})
    total = time.process_time() - start
    return {"workload": workload, "actions": actions, "seconds": round(total, 2), **totals}


def main() -> None:
    import sys

    new_game(players=2, seed=1)  # content loaded before timing
    workload = sys.argv[1] if len(sys.argv) > 1 else "random"
    r = measure(workload)
    share = {k: r[k] / r["seconds"] for k in ("menu", "questions", "unchanged")}
    print(f"{workload}: {r['actions']} actions in {r['seconds']} s; {int(r['menus'])} menus, "
          f"{int(r['first_of_turn'])} the first of a turn")
    print(f"  the menu: {share['menu']:.0%} of the time; its questions {share['questions']:.0%}; "
          f"questions whose answer had not changed since the player's previous menu: {share['unchanged']:.0%}")
    print(f"  a kept menu that cost nothing would make the game at most x{1 / (1 - share['unchanged']):.2f} "
          f"faster")


if __name__ == "__main__":
    main()
