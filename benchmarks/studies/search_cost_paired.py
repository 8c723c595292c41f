"""This tree against a commit, paired and interleaved: two long-lived worker processes (one per tree) take
turns on the same small tasks, so the drift of a shared machine hits both alike within seconds, and each
task's CPU time is compared with the other tree's on the very same task.

Tasks: one 2-player greedy Clash game (seed 2000+i): CPU per decision; one searched decision of the default
search bot at a fixed position (a 2-player greedy game from seed 4000+i stopped at player 0's action menu
after 30+5(i mod 50) actions): CPU of `SearchBot.choose` (with --ismcts, of `IsmctsBot.choose` too). Both trees make the same decisions (search_cost.py hashes),
so each pair is the same work but for the code measured.

`python benchmarks/studies/search_cost_paired.py 69b86f6 --greedy 16 --search 12 --out FILE`
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

WORKER = r"""
import json, sys, time
from rulewright.api import new_game
from rulewright.engine import games
from rulewright.engine.bots import make_bot
from rulewright.engine.playout import play_out
from rulewright.engine.search import SearchBot
from rulewright.engine.ismcts import IsmctsBot
games.find("clash").definition()
for line in sys.stdin:
    kind, i = line.split()
    i = int(i)
    if kind == "greedy":
        game = new_game(players=2, seed=2000 + i, game_id="clash")
        bots = [make_bot("greedy", i * 10 + q, "clash") for q in range(2)]
        t = time.process_time()
        n = play_out(game, bots)
        out = {"cpu": time.process_time() - t, "decisions": n}
    else:
        game = new_game(players=2, seed=4000 + i, forkable=True, game_id="clash")
        bots = [make_bot("greedy", i * 10 + q, "clash") for q in range(2)]
        play_out(game, bots, stop=lambda g: len(g.actions) >= 30 + 5 * (i % 50) and g.pending.player == 0
                 and g.pending.kind == "action" and len(g.pending.options) > 2)
        if game.pending is None:
            out = {"cpu": 0.0, "choice": None, "skipped": True}
        else:
            bot = SearchBot(i) if kind == "search" else IsmctsBot(i)
            t = time.process_time()
            choice = bot.choose(game, game.pending)
            out = {"cpu": time.process_time() - t, "choice": choice}
    print(json.dumps(out), flush=True)
"""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("commit")
    ap.add_argument("--greedy", type=int, default=16)
    ap.add_argument("--search", type=int, default=12)
    ap.add_argument("--ismcts", type=int, default=0, help="also ISMCTS decisions (default budget) at those positions")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    from rulewright.tools.playtest.bench_against import _env, _unpack
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp)
        full = _unpack(args.commit, tree, root=Path(__file__).resolve().parents[2])
        workers = {side: subprocess.Popen([sys.executable, "-c", WORKER], stdin=subprocess.PIPE,
                                          stdout=subprocess.PIPE, text=True, env=_env(where))
                   for side, where in (("previous", tree), ("current", None))}
        tasks = ([("greedy", i) for i in range(args.greedy)] + [("search", i) for i in range(args.search)]
                 + [("ismcts", i) for i in range(args.ismcts)])
        pairs = []
        for k, (kind, i) in enumerate(tasks):
            order = ("previous", "current") if k % 2 == 0 else ("current", "previous")
            got = {}
            for side in order:
                w = workers[side]
                w.stdin.write(f"{kind} {i}\n")
                w.stdin.flush()
                got[side] = json.loads(w.stdout.readline())
            assert got["previous"].get("choice") == got["current"].get("choice")
            assert got["previous"].get("decisions") == got["current"].get("decisions")
            pairs.append({"task": kind, "i": i, **{s: got[s] for s in got}})
            print(kind, i, {s: round(got[s]["cpu"], 3) for s in got}, file=sys.stderr, flush=True)
        for w in workers.values():
            w.stdin.close()
            w.wait()
    summary = {}
    for kind in ("greedy", "search", "ismcts"):
        rows = [p for p in pairs if p["task"] == kind and not p["previous"].get("skipped")]
        if not rows:
            continue
        ratios = [p["current"]["cpu"] / p["previous"]["cpu"] for p in rows]
        tot = {s: sum(p[s]["cpu"] for p in rows) for s in ("previous", "current")}
        summary[kind] = {"tasks": len(rows), "cpu_previous_s": round(tot["previous"], 3),
                         "cpu_current_s": round(tot["current"], 3),
                         "current_over_previous_total": round(tot["current"] / tot["previous"], 3),
                         "current_over_previous_median": round(statistics.median(ratios), 3)}
        if kind == "greedy":
            n = sum(p["previous"]["decisions"] for p in rows)
            summary[kind]["ms_per_decision"] = {s: round(tot[s] / n * 1000, 4) for s in tot}
    record = {"against": full, "summary": summary, "pairs": pairs}
    text = json.dumps(record, indent=1)
    if args.out:
        args.out.write_text(text + "\n")
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
