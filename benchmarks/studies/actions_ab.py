"""Actions per second of random-bot 4-player games, this tree against an earlier commit, in one run.

`python benchmarks/studies/actions_ab.py 517d0de --rounds 5 --out benchmarks/studies/actions_ab.json`
unpacks the commit as `rulewright bench --against` does (tools/playtest/bench_against.py), then measures
the two trees in alternating fresh processes, `rounds` times each, and keeps each tree's best rate per
game (the machine is shared: the best of several is the least disturbed). A rate is applied actions per
second of the process's CPU time, the legal actions listed at every decision as the bench does: Clash
21 games (seeds 1000-1020), 7 Wonders 10, Civilization 3 (at most 1500 decisions each).

`--games clash_greedy` measures what a search bot's play-outs spend: microseconds of CPU per decision
of 2-player Clash games between greedy bots (8 games, seeds 100-107, bot seeds fixed), the whole
decision included (the bot's choice and the rules applying it); its best is the lowest, and its
`ratio` is previous / current, so above 1 is faster here too.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from rulewright.tools.playtest.bench_against import _env, _unpack

GAMES = {"clash": (21, None), "wonders7": (10, None), "civ_board": (3, 1500), "clash_greedy": (8, None)}

CODE = """
import json, time
from rulewright.api import new_game
from rulewright.engine import games
from rulewright.engine.bots import RandomBot
from rulewright.engine.playout import play_out
game_id, n, limit = {game!r}, {n!r}, {limit!r}
games.find(game_id).definition()
start, actions = time.process_time(), 0
for seed in range(n):
    bot = RandomBot(seed)
    game = new_game(players=4, seed=1000 + seed, game_id=game_id)
    actions += play_out(game, lambda _p, b=bot: b, limit=limit, on_step=lambda g, _s: g.legal_actions())
print(json.dumps(actions / (time.process_time() - start)))
"""


GREEDY = """
import json, time
from rulewright.api import new_game
from rulewright.engine import games
from rulewright.engine.bots import make_bot
from rulewright.engine.playout import play_out
games.find("clash").definition()
start, decisions = time.process_time(), 0
for seed in range({n!r}):
    game = new_game(players=2, seed=100 + seed, game_id="clash")
    decisions += play_out(game, {{p: make_bot("greedy", seed * 10 + p) for p in range(2)}})
print(json.dumps((time.process_time() - start) / decisions * 1e6))
"""


def rate(tree: Path | None, game: str, cwd: Path) -> float:
    n, limit = GAMES[game]
    code = GREEDY.format(n=n) if game == "clash_greedy" else CODE.format(game=game, n=n, limit=limit)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=_env(tree), cwd=cwd,
                         check=True)
    return float(out.stdout.strip().splitlines()[-1])


def _figure(game: str) -> str:
    return "us_per_decision" if game == "clash_greedy" else "actions_per_s"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("commit")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--out")
    args = ap.parse_args()
    runs: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        full = _unpack(args.commit, Path(tmp) / "prev")
        for r in range(1, args.rounds + 1):
            for game in args.games.split(","):
                for tree, path in (("previous", Path(tmp) / "prev"), ("current", None)):
                    runs.append({"round": r, "game": game, "tree": tree, _figure(game): rate(path, game, Path(tmp))})
                    print(json.dumps(runs[-1]), flush=True)
    best: dict[str, dict[str, float]] = {}
    for g in args.games.split(","):
        pick = min if g == "clash_greedy" else max  # the least disturbed run: fastest
        best[g] = {t: round(pick(x[_figure(g)] for x in runs if x["game"] == g and x["tree"] == t), 1)
                   for t in ("previous", "current")}
        faster = best[g]["previous"] / best[g]["current"] if g == "clash_greedy" else best[g]["current"] / best[g]["previous"]
        best[g]["ratio"] = round(faster, 3)
    record = {"against": full, "rounds": args.rounds, "best": best, "runs": runs}
    print(json.dumps(best, indent=1))
    if args.out:
        Path(args.out).write_text(json.dumps(record, indent=1) + "\n")


if __name__ == "__main__":
    main()
