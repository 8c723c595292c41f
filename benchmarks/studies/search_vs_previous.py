"""Study: the search bot of this tree against the search bot of an earlier commit, in one run.

Two code trees cannot share a process, so the earlier bot plays from a peer process started on that
tree (`--peer`: a folder holding it as `rulewright/`, e.g. made with
`git archive <commit> | tar -x -C /tmp/prev/rulewright`). The peer keeps its own copy of the game in
step: it receives every action applied and, at its seat's decisions, answers with its bot's choice.
Same seed and same actions give the same game in both trees (the determinism rule), which the peer
checks at every step by comparing the pending decision's options.

Games come in pairs on one seed with the seats swapped, as `rulewright tournament` plays them. Each
finished game is appended to the output file (JSON lines), so a long run can be read while it goes.

Run: python benchmarks/studies/search_vs_previous.py --peer /tmp/prev --games 20 --out results.jsonl

search_vs_previous/lean_4x4.jsonl: `--bot search:4 --horizon 4` (one sampled world, every candidate
tried in it, 4 decisions ahead: about 2 s of CPU per game for its side) against the default search
(24 play-outs of 24 decisions: about 55 s) of commit 734dd5d; stopped after 5 games, 1 won (20%,
Wilson 95% [3.6%, 62.5%]): that much cheaper a search is weaker, so the default stays.

search_vs_previous/racing_8x8_vs_517d0de.jsonl: 8 play-outs raced (successive halving: one world for the
four candidates, then two more for the better two) 8 decisions ahead (about 5.7 s of CPU a game for its
side, against 37 s for the default of 517d0de), seed 31; stopped after 4 games, none won (Wilson 95%
[0%, 49%]): not adopted. `--summarise FIRST SECOND --write` puts a run's row in benchmarks/bots.json.

search_vs_previous/fitted_4x4_vs_1bc9be1.jsonl: `--bot search:4 --horizon 4` with the fitted evaluation
(engine/value.py; 1.6 s of CPU a game for its side) against the default search of 1bc9be1 (hand-written
evaluation, 42 s), seed 71; stopped after 6 games, 1 won (Wilson 95% [3.0%, 56.4%]): not adopted.
search_vs_previous/fitted_default_vs_1bc9be1.jsonl: the default search (24 play-outs of 24 decisions)
with that first (unbounded) fitted evaluation against the same, seed 71: stopped after 4 games, none won
(Wilson 95% [0%, 49%]). signed_default_vs_1bc9be1.jsonl: the same with the sign-bounded fit
(`RULEWRIGHT_EVALUATION=fitted` in this tree's environment), same seeds: stopped at 30 games, 18 won (60%,
Wilson 95% [42.3%, 75.4%]): level, not shown better (docs/bots.md, "Search for studies").
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

PEER = r"""
import json, sys, time
from rulewright.api import new_game
from rulewright.engine import games
from rulewright.engine.bots import make_bot
games.find("clash")
game = bot = None
for line in sys.stdin:
    msg = json.loads(line)
    if "new" in msg:
        game = new_game(players=2, seed=msg["new"], forkable=True)
        bot = make_bot(msg["bot"], msg["bot_seed"])
        out = {"ok": True}
    elif "apply" in msg:
        game.apply(msg["apply"])
        out = {"options": game.pending.options if game.pending else None}
    else:
        t = time.process_time()
        out = {"choice": bot.choose(game, game.pending), "cpu": time.process_time() - t}
    print(json.dumps(out), flush=True)
"""


class Peer:
    """The earlier tree's bot, in its own process."""

    def __init__(self, tree: Path):
        env = dict(os.environ, PYTHONPATH=str(tree))
        self.proc = subprocess.Popen([sys.executable, "-c", PEER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, env=env, cwd="/")

    def ask(self, msg: dict) -> dict:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait()


def play(peer: Peer, bot_spec: str, peer_spec: str, seed: int, swap: bool, horizon: int | None = None) -> dict:
    from rulewright.api import new_game, scores
    from rulewright.engine.bots import make_bot

    seat = 1 if swap else 0  # this tree's seat
    game = new_game(players=2, seed=seed, forkable=True)
    mine = make_bot(bot_spec, seed * 1000 + seat)
    if horizon is not None:  # a search bot looking this many decisions ahead
        mine.horizon = horizon
    peer.ask({"new": seed, "bot": peer_spec, "bot_seed": seed * 1000 + 1 - seat})
    cpu = {"mine": 0.0, "peer": 0.0}
    while game.pending is not None:
        d = game.pending
        if d.player == seat:
            t = time.process_time()
            choice = mine.choose(game, d)
            cpu["mine"] += time.process_time() - t
        else:
            got = peer.ask({"choose": True})
            choice, cpu["peer"] = got["choice"], cpu["peer"] + got["cpu"]
        action = {"player": d.player, "choice": choice}
        game.apply(action)
        echo = peer.ask({"apply": action})
        if echo["options"] != (game.pending.options if game.pending else None):
            raise RuntimeError(f"the two trees' games differ after action {len(game.actions)}")
    s = scores(game)
    share = 1.0 / len(s["winners"]) if seat in s["winners"] else 0.0
    return {"seed": seed, "seat": seat, "share": share, "vp": s["vp"], "cpu_s": {k: round(v, 2) for k, v in cpu.items()},
            "actions": len(game.actions)}


BOTS_JSON = Path(__file__).resolve().parents[1] / "bots.json"


def summary(rows: list[dict], first: str, second: str, seed: int) -> dict:
    """The bots.json row of a finished (or stopped) run: this tree's win share with its Wilson interval and
    each side's CPU seconds a game (one side's: a game between two such bots takes about twice that)."""
    import statistics

    from rulewright.tools.playtest.stats import wilson

    rate, lo, hi = wilson(sum(r["share"] for r in rows), len(rows))
    pairs = {r["seed"] for r in rows if sum(q["seed"] == r["seed"] for q in rows) == 2}
    mine = [r["cpu_s"]["mine"] for r in rows]
    peer = [r["cpu_s"]["peer"] for r in rows]
    return {"bots": "search vs previous search", "first": first, "second": second, "game": "clash", "players": 2,
            "games": len(rows), "complete_pairs": len(pairs), "win_rate": rate, "win_rate_ci95": [lo, hi],
            "mean_vp": [round(statistics.fmean(r["vp"][r["seat"]] for r in rows), 2),
                        round(statistics.fmean(r["vp"][1 - r["seat"]] for r in rows), 2)],
            "side_cpu_s_per_game": [round(statistics.fmean(mine), 2), round(statistics.fmean(peer), 2)],
            "measure": "win share", "seed": seed, "paired": "same seed, seats swapped",
            "study": "benchmarks/studies/search_vs_previous.py"}


def write(row: dict) -> None:
    old = json.loads(BOTS_JSON.read_text())
    old = [r for r in old if (r.get("first"), r.get("second")) != (row["first"], row["second"])]
    BOTS_JSON.write_text(json.dumps(old + [row], indent=2) + "\n")


def main() -> None:
    from rulewright.tools.playtest.simulation import game_seed
    from rulewright.tools.playtest.stats import wilson

    ap = argparse.ArgumentParser()
    ap.add_argument("--peer", type=Path, help="a folder holding the earlier tree as rulewright/")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--bot", default="search", help="this tree's bot")
    ap.add_argument("--peer-bot", default="search", help="the earlier tree's bot")
    ap.add_argument("--horizon", type=int, help="this tree's search bot looks this many decisions ahead")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--summarise", nargs=2, metavar=("FIRST", "SECOND"),
                    help="print the bots.json row of --out, naming the two bots (no games played)")
    ap.add_argument("--write", action="store_true", help="with --summarise: merge it into benchmarks/bots.json")
    args = ap.parse_args()
    if args.summarise:
        row = summary([json.loads(x) for x in args.out.read_text().splitlines() if x.strip()], *args.summarise,
                      seed=args.seed)
        print(json.dumps(row, indent=1))
        if args.write:
            write(row)
        return
    if args.peer is None:
        ap.error("--peer is needed to play games")
    peer = Peer(args.peer)
    done = [json.loads(x) for x in args.out.read_text().splitlines()] if args.out.exists() else []
    try:
        for i in range(len(done), args.games):
            row = play(peer, args.bot, args.peer_bot, game_seed(args.seed, i // 2), i % 2 == 1, args.horizon)
            done.append(row)
            with args.out.open("a") as f:
                f.write(json.dumps(row) + "\n")
            rate, lo, hi = wilson(sum(r["share"] for r in done), len(done))
            print(f"game {i}: share {row['share']} cpu {row['cpu_s']}; after {len(done)}: {rate} [{lo}, {hi}]",
                  flush=True)
    finally:
        peer.close()


if __name__ == "__main__":
    main()
