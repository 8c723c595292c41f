"""Issue 46: is greedy's strong seat 0 in 3-player base Clash the rules' or the bot's? Greedy gives seat p
"its own" government, p mod 3 of the government categories in their order (bot_plans._government_path).
This plays the same seeds as `rulewright balance --players 3 --games N` with that index turned by K seats
(the board and everything else unchanged): if the strong seat moves with the plan, it is the bot's.

Run from the repository root: nice -n 10 python benchmarks/studies/seat_balance_families/turned.py [K] [N]
Output: benchmarks/studies/seat_balance_families/turned_K.json (the balance report's seats).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rulewright.rules.clash.bots import bot_plans
from rulewright.tools.playtest.balancing import balance_report
from rulewright.tools.playtest.selfplay import play_recorded, settings_tasks

K = int(sys.argv[1]) if len(sys.argv) > 1 else 1
N = int(sys.argv[2]) if len(sys.argv) > 2 else 300


def _turned_path(rt, p):
    """bot_plans._government_path with the seat's government index turned by K."""
    govs = sorted(rt.defn.government_categories, key=lambda c: (rt.defn.categories[c].data.get("order", 0), c))
    held = rt.player(p)["advances"]
    if not govs or any(rt.defn.category_of.get(a) in rt.defn.government_categories for a in held):
        return set()
    entry = rt.defn.categories[govs[(p + K) % len(govs)]].data.get("advances", [None])[0]
    if entry is None:
        return set()
    return {entry, *rt.defn.advances[entry].data.get("requires", [])} - set(held)


def main() -> None:
    bot_plans._government_path = _turned_path
    settings = {"game": "clash", "games": N, "players": 3, "seed": 1, "bots": ["greedy"], "packs": ["base"],
                "variants": []}
    records = [play_recorded(task) for task in settings_tasks(settings)]
    rep = balance_report(records, settings)
    seats = {s: {"win_rate": v["win_rate"], "ci95": v["win_rate_ci95"], "plan": (int(s) + K) % 3}
             for s, v in rep["per_seat"].items()}
    out = {"turned_by": K, "games": N, "seats": seats, "equality": rep["equality"]}
    Path(__file__).with_name(f"turned_{K}.json").write_text(json.dumps(out, indent=2) + "\n")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
