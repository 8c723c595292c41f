"""Turn a `rulewright ladder --log` run of two bots into a "learned policy" row of benchmarks/bots.json
(issue 46 item 3): the first bot's rate of first places when it holds one seat alone against the second
(Wilson 95% interval), and each bot's CPU milliseconds per decision with a choice.

    python benchmarks/studies/learned_policy/record.py LOG --game clash --players 2 --bots learned,greedy \
        --target 0.75 --note "..."
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from rulewright.tools.playtest.ladder_run import pair_table

BOTS_JSON = Path(__file__).resolve().parents[2] / "bots.json"


def row(records: list[dict], game: str, players: int, a: str, b: str, target: float | None, note: str) -> dict:
    table = next(t for t in pair_table(records, [a, b]) if t["a"] == a)
    alone = table["first_place"][a]
    ms = {bot: round(statistics.fmean(m for r in records for k, m in zip(r["kinds"], r["ms"], strict=True)
                                      if k == bot and m is not None), 3) for bot in (a, b)}
    out = {"study": "learned policy", "game": game, "players": players, "bots": f"{a} vs {b}",
           "games": alone["games"], "rate": alone["rate"], "ci95": alone["ci95"],
           "measure": "first places of the first bot alone against the second (seats rotated, same seeds)",
           "cpu_ms_per_decision": ms, "cpu_ratio": round(ms[a] / ms[b], 2) if ms[b] else None, "note": note}
    if target is not None:
        out["target"] = target
        out["met"] = alone["rate"] >= target
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("log", type=Path)
    ap.add_argument("--game", required=True)
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--bots", required=True)
    ap.add_argument("--target", type=float)
    ap.add_argument("--note", default="")
    args = ap.parse_args()
    a, b = args.bots.split(",")
    records = [json.loads(x) for x in args.log.read_text().splitlines() if x.strip()]
    new = row(records, args.game, args.players, a, b, args.target, args.note)
    rows = json.loads(BOTS_JSON.read_text())
    rows = [r for r in rows if not (r.get("study") == new["study"] and r.get("game") == new["game"]
                                    and r.get("bots") == new["bots"])]
    BOTS_JSON.write_text(json.dumps([*rows, new], indent=2) + "\n")
    print(json.dumps(new))


if __name__ == "__main__":
    main()
