"""Issue 45 item 2: the false "decided" rate of `compare --until-decided`, before and after, from real games.

    python benchmarks/studies/aa_sequential.py --play 400     # play the records (about 1 s of CPU a game)
    python benchmarks/studies/aa_sequential.py                # the A/A simulation on the records kept

The records are 3-player base Clash games with greedy in every seat (seed 45, as `rulewright simulate
--seed 45` plays them); their end-of-game measures are kept in tests/fixtures/aa_records.json, which
tests/tools/playtest/test_sequential.py reads. The simulation (tools/playtest/aa_check.py) draws A/A pairs
from them and runs the old rule (a 5% test at every look) and the group-sequential one on the same draws,
at compare's default batch (100 pairs) and cap (2000), and at a cap of 200. Results: aa_sequential/aa.json.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "aa_records.json"
KEPT = ("vp_mean", "city_pieces", "battles", "advances", "decisions")


def play(n: int) -> None:
    from rulewright.tools.playtest.simulation import simulate_run

    out = HERE / "aa_sequential"
    settings = {"games": n, "players": 3, "seed": 45, "bots": ["greedy"], "packs": ["base"], "variants": []}
    simulate_run(settings, out, progress=False, plots=False, resume=(out / "games.jsonl").exists())
    records = sorted((json.loads(x) for x in (out / "games.jsonl").read_text().splitlines() if x.strip()),
                     key=lambda r: r["game"])
    FIXTURE.write_text(json.dumps({
        "made_by": "benchmarks/studies/aa_sequential.py --play", "settings": settings,
        "measures": {m: [r["measures"][m] for r in records] for m in KEPT}}, indent=0) + "\n")
    for name in ("games.jsonl", "games.csv", "report.json", "settings.json"):
        (out / name).unlink(missing_ok=True)  # the fixture keeps what the simulation needs


def simulate(runs: int) -> dict:
    from rulewright.tools.playtest.aa_check import aa_runs

    pool = json.loads(FIXTURE.read_text())["measures"]
    out = {}
    for cap in (2000, 200):
        for measures in (["vp_mean"], ["vp_mean", "city_pieces"]):
            key = f"cap {cap}, {'+'.join(measures)}"
            out[key] = aa_runs({m: pool[m] for m in measures}, 100 if cap == 2000 else 25, cap, runs, seed=cap)
            print(key, json.dumps(out[key]), flush=True)
    (HERE / "aa_sequential" / "aa.json").write_text(json.dumps(out, indent=2) + "\n")
    return out


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT.parent))
    ap = argparse.ArgumentParser()
    ap.add_argument("--play", type=int, default=0)
    ap.add_argument("--runs", type=int, default=2000)
    args = ap.parse_args()
    if args.play:
        play(args.play)
    simulate(args.runs)
