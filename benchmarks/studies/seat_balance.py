"""Study: the 3-player seat imbalance of the base Clash game (seat 1 wins less): the rules or the bots?

One process, bounded CPU (time.process_time), output in benchmarks/studies/seat_balance/. Phases:

1. geometry: what each seat's start position has around it (the board, not the bots);
2. greedy, 500 games (seed 1), as `rulewright balance --games 500 --players 3` plays them;
3. greedy with its seat-indexed plans turned by one and by two seats (500 games each, same seeds):
   greedy gives each seat "its own" government (seat p takes government p mod 3) and breaks ties
   between equal wonder goals by seat; turning them moves that bot asymmetry to other seats while the
   board stays. If the weak seat moves with the plans, it is the bot; if it stays, it is the seat;
4. search:4 in every seat, as many games (same seeds) as the remaining CPU budget allows.

Run: python benchmarks/studies/seat_balance.py [--budget-minutes 24]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from rulewright.engine.hexgrid import distance, label_to_axial
from rulewright.rules.clash.board.map import build_layout
from rulewright.rules.clash.bots import bot_plans
from rulewright.rules.clash.state.definition import definition
from rulewright.tools.playtest.balancing import balance_report
from rulewright.tools.playtest.selfplay import play_recorded, settings_tasks

OUT = Path(__file__).resolve().parent / "seat_balance"
SHIFT = {"k": 0}  # how far greedy's seat-indexed plans are turned
_original_goal = bot_plans.wonder_goal
_original_path = bot_plans._government_path


def _government_path(rt, p):
    """bot_plans._government_path with the seat's government index turned by SHIFT."""
    govs = sorted(rt.defn.government_categories, key=lambda c: (rt.defn.categories[c].data.get("order", 0), c))
    held = rt.player(p)["advances"]
    if not govs or any(rt.defn.category_of.get(a) in rt.defn.government_categories for a in held):
        return set()
    entry = rt.defn.categories[govs[(p + SHIFT["k"]) % len(govs)]].data.get("advances", [None])[0]
    if entry is None:
        return set()
    return {entry, *rt.defn.advances[entry].data.get("requires", [])} - set(held)


def _wonder_goal(rt, p):
    """bot_plans.wonder_goal with the seat's tie-break turned by SHIFT."""
    w = rt.state["wonders"]
    mine = rt.player(p)["reserved_wonder"]
    if mine and mine in w["revealed"]:
        return mine
    order = sorted(rt.defn.wonders)
    targets = bot_plans.wonder_targets(rt, p)
    open_ = [x for x in w["revealed"] if x in targets]
    q = (p + SHIFT["k"]) % rt.n
    return min(open_, key=lambda x: (len(bot_plans.missing_for(rt, p, x)) + (not bot_plans.city_fits(rt, p, x)),
                                     (order.index(x) + 3 * q) % len(order)), default=None)


def geometry() -> dict:
    """Per seat: land and water spaces within distance 2..4 of the home city, on the start tiles and the
    face-down slots (every slot is land or water only once revealed: counted as board spaces), and the
    number of board spaces at all within those distances (the board edge cuts some seats' reach)."""
    d = definition()
    layout = build_layout(d.map_data, 3)
    homes = [s for s in layout.slots if s.home is not None]
    board = {h for s in layout.slots for h in s.hexes}
    out = {}
    for s in sorted(homes, key=lambda s: s.home):
        city = layout.city_hex(s.home, d.map_data)
        row = {"home_label": next(h["label"] for h in d.map_data["outlines"]["3"]["homes"]
                                  if label_to_axial(h["label"]) == s.anchor)}
        for r in (2, 3, 4, 5):
            row[f"board_spaces_within_{r}"] = sum(1 for h in board if distance(h, city) <= r)
        others = [layout.city_hex(o.home, d.map_data) for o in homes if o.home != s.home]
        row["distance_to_other_homes"] = sorted(distance(city, o) for o in others)
        out[str(s.home)] = row
    return out


def run_phase(name: str, bots: list[str], games: int, deadline: float | None = None,
              stop_at: float | None = None) -> dict:
    """Play the phase's games in seed order (going on from games already in its .jsonl: a game is a pure
    function of its seed), until `games`, the CPU deadline or the wall-clock stop."""
    settings = {"game": "clash", "games": games, "players": 3, "seed": 1, "bots": bots, "packs": ["base"],
                "variants": []}
    path = OUT / f"{name}.jsonl"
    records = [json.loads(x) for x in path.read_text().splitlines() if x.strip()] if path.exists() else []
    records = [r for r in records if r["game"] < games]
    done = {r["game"] for r in records}
    with path.open("w") as fh:
        fh.write("".join(json.dumps(r, sort_keys=True) + "\n" for r in records))
        for task in settings_tasks(settings):
            if task["game"] in done:
                continue
            if (deadline is not None and time.process_time() >= deadline) or (stop_at and time.time() >= stop_at):
                break
            r = play_recorded(task)
            records.append(r)
            fh.write(json.dumps(r, sort_keys=True) + "\n")
            fh.flush()
    rep = balance_report(records, {**settings, "games": len(records)})
    (OUT / f"{name}.json").write_text(json.dumps(rep, indent=2, sort_keys=True) + "\n")
    row = {s: [v["win_rate"], *v["win_rate_ci95"]] for s, v in rep["per_seat"].items()}
    print(f"{name}: {len(records)} games, seats {row}, chi2 p={rep['equality']['p_value']}, "
          f"cpu {time.process_time():.0f}s", flush=True)
    return rep


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--budget-minutes", type=float, default=24.0)
    ap.add_argument("--greedy-games", type=int, default=500)
    ap.add_argument("--turned-games", type=int, default=300)
    ap.add_argument("--stop-at", type=float, default=None, help="wall-clock time (epoch s) to stop searching")
    args = ap.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    budget = args.budget_minutes * 60 + time.process_time()
    summary = {"geometry": geometry()}
    print(json.dumps(summary["geometry"]), flush=True)
    summary["greedy"] = run_phase("greedy", ["greedy"], args.greedy_games)
    bot_plans._government_path = _government_path
    bot_plans.wonder_goal = _wonder_goal
    for k in (1, 2):
        SHIFT["k"] = k
        summary[f"greedy_plans_turned_{k}"] = run_phase(f"greedy_plans_turned_{k}", ["greedy"], args.turned_games)
    SHIFT["k"] = 0
    bot_plans._government_path = _original_path
    bot_plans.wonder_goal = _original_goal
    summary["search4"] = run_phase("search4", ["search:4"], 1000, deadline=budget, stop_at=args.stop_at)
    slim = {k: ({"games": v["games"], "per_seat": {s: [x["win_rate"], *x["win_rate_ci95"]] for s, x in v["per_seat"].items()},
                 "equality": v["equality"], "first_player": v["first_player"],
                 "quality": {q: v["quality"].get(q) for q in ("decided_at", "lead_changes", "drama_rate", "rounds",
                                                                "decisions", "branching")}}
                if k != "geometry" else v) for k, v in summary.items()}
    (OUT / "summary.json").write_text(json.dumps(slim, indent=2, sort_keys=True) + "\n")
    print("cpu seconds", round(time.process_time()), file=sys.stderr)


if __name__ == "__main__":
    main()
