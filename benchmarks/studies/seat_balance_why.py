"""Where seat 1's points go missing (companion of seat_balance.py): per seat, the mean VP breakdown and the
government each seat enters, over the first N greedy games of the study's seeds (3 players, seed 1).

Run: python benchmarks/studies/seat_balance_why.py [--games 150]  (writes seat_balance/why.json)
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path
from statistics import fmean

from rulewright.tools.playtest.selfplay import play_recorded, settings_tasks

OUT = Path(__file__).resolve().parent / "seat_balance"


def facts(game) -> dict:
    """Per seat: the VP breakdown and the government categories of the advances it holds."""
    d = game.definition
    from rulewright.api import scores

    s = scores(game)
    govs = [sorted({d.category_of.get(a) for a in p["advances"]} & set(d.government_categories))
            for p in game.state["players"]]
    return {"breakdown": s["breakdown"], "governments": govs}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=150)
    args = ap.parse_args()
    settings = {"game": "clash", "games": args.games, "players": 3, "seed": 1, "bots": ["greedy"], "packs": ["base"],
                "variants": []}
    records = [play_recorded(t, extra=facts) for t in settings_tasks(settings)]
    out = {"games": len(records), "per_seat": {}}
    for seat in range(3):
        keys = records[0]["breakdown"][seat].keys()
        out["per_seat"][str(seat)] = {
            "breakdown": {k: round(fmean(r["breakdown"][seat][k] for r in records), 3) for k in keys},
            "vp": round(fmean(r["vp"][seat] for r in records), 3),
            "government": dict(Counter(g for r in records for g in r["governments"][seat] or ["none"])),
        }
    (OUT / "why.json").write_text(json.dumps(out, indent=2, sort_keys=True) + "\n")
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
