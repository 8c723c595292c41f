"""Study: does the greedy bot react to the rules? The same seeds played under the base rules and under
variants (benchmarks/studies/rule_reaction/*_pack/variants): a cost and a limit greedy reads, a scoring
weight it does not (Clash); a payoff and a cost it reads (7 Wonders). What is compared is how often each
kind of choice is made per game (tools/playtest/selfplay.py tallies `kind:what`) and the final VP breakdown.

Run: python benchmarks/studies/rule_reaction.py [--games 60]  (writes rule_reaction/results.json)
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from statistics import fmean

from rulewright.tools.playtest.selfplay import play_recorded, settings_tasks
from rulewright.tools.playtest.stats import mean_ci

HERE = Path(__file__).resolve().parent / "rule_reaction"
STUDIES = {
    "clash": {"pack": HERE / "clash_pack", "players": 3, "variants": ["no_wood_growth", "small_cities", "dear_advances"],
              "watch": ["action:grow", "action:advance", "action:collect", "action:build", "action:move"]},
    "wonders7": {"pack": HERE / "wonders7_pack", "players": 3, "variants": ["rich_discards", "dear_trade"],
                 "watch": ["pick:build", "pick:sell", "pick:stage"]},
}


def play(game: str, variant: str | None, games: int) -> list[dict]:
    spec = STUDIES[game]
    settings = {"game": game, "games": games, "players": spec["players"], "seed": 3, "bots": ["greedy"],
                "packs": ["base", str(spec["pack"])],
                "variants": [variant] if variant else []}
    return [play_recorded(t) for t in settings_tasks(settings)]


def summarise(records: list[dict], watch: list[str]) -> dict:
    out = {k: mean_ci([float(r["choices"].get(k, 0)) for r in records]) for k in watch}
    out["vp_per_seat"] = round(fmean(v for r in records for v in r["vp"]), 3)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=60)
    args = ap.parse_args()
    results = {}
    for game, spec in STUDIES.items():
        results[game] = {}
        for variant in [None, *spec["variants"]]:
            records = play(game, variant, args.games)
            results[game][variant or "base"] = summarise(records, spec["watch"])
            row = {k: v["mean"] if isinstance(v, dict) else v for k, v in results[game][variant or "base"].items()}
            print(game, variant or "base", row, flush=True)
    (HERE / "results.json").write_text(json.dumps({"games": args.games, "seed": 3, "bots": "greedy",
                                                   "results": results}, indent=2, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
