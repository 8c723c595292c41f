"""The cost of a search game and of a greedy decision (issue 30, item 3), and the proof that cheaper code
chooses the same: the action lists of fixed games, hashed.

`python benchmarks/studies/search_cost.py hashes [--quick]` prints one line of JSON: a SHA-256 of the action
list of each fixed game (greedy Clash games, `search:4` and default `search` Clash 2-player games, a 7 Wonders
search game, short ISMCTS and Civilization search games). Run it on two trees (PYTHONPATH pointing at an
unpacked commit, as tools/playtest/bench_against.py does) and compare: equal hashes, same decisions.

`python benchmarks/studies/search_cost.py measure COMMIT --rounds N --out FILE` measures, alternating fresh
processes, this tree and COMMIT: CPU per greedy decision (2-player greedy Clash games, fixed seeds) and the CPU
of one default search game (tools/playtest/measuring.py's, seed fixed).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

HASHES = """
import hashlib, json, sys
from rulewright.api import new_game
from rulewright.engine import games
from rulewright.engine.bots import make_bot
from rulewright.engine.playout import play_out
quick = {quick!r}
def run(game_id, players, seed, kinds, limit=None):
    games.find(game_id)
    game = new_game(players=players, seed=seed, forkable=True, game_id=game_id)
    bots = [make_bot(k, seed * 1000 + i, game_id) for i, k in enumerate(kinds)]
    play_out(game, bots, limit=limit)
    return hashlib.sha256(json.dumps(game.actions, separators=(",", ":")).encode()).hexdigest()[:16]
out = {{}}
for seed in range(6):
    out[f"greedy2p_{{seed}}"] = run("clash", 2, 500 + seed, ["greedy"] * 2)
for seed in range(2):
    out[f"greedy4p_{{seed}}"] = run("clash", 4, 600 + seed, ["greedy"] * 4)
for seed in range(2):
    out[f"search4_{{seed}}"] = run("clash", 2, 700 + seed, ["search:4"] * 2)
out["ismcts16_clash"] = run("clash", 2, 800, ["ismcts:16"] * 2, limit=150)
out["search4_civ"] = run("civ_board", 2, 900, ["search:4"] * 2, limit=60)
out["ismcts8_civ"] = run("civ_board", 2, 901, ["ismcts:8"] * 2, limit=60)
out["search_wonders7"] = run("wonders7", 3, 1000, ["search"] * 3)
if not quick:
    for seed in range(2):
        out[f"search_{{seed}}"] = run("clash", 2, 710 + seed, ["search"] * 2)
print(json.dumps(out, sort_keys=True))
"""

GREEDY = """
import json, time
from rulewright.api import new_game
from rulewright.engine import games
from rulewright.engine.bots import make_bot
from rulewright.engine.playout import play_out
games.find("clash").definition()
start, decisions = time.process_time(), 0
for seed in range({n}):
    game = new_game(players=2, seed=2000 + seed, game_id="clash")
    bots = [make_bot("greedy", seed * 10 + i, "clash") for i in range(2)]
    decisions += play_out(game, bots)
print(json.dumps((time.process_time() - start) / decisions * 1000))
"""

SEARCH = """
import json
from rulewright.tools.playtest.measuring import _search_games
print(json.dumps(_search_games(True)["search_game_2p_s"]))
"""


def _fresh(code: str, tree: Path | None) -> float:
    env = None
    if tree is not None:
        from rulewright.tools.playtest.bench_against import _env
        env = _env(tree)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def measure(commit: str, rounds: int, greedy_games: int) -> dict:
    from rulewright.tools.playtest.bench_against import _unpack
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp)
        full = _unpack(commit, tree, root=Path(__file__).resolve().parents[2])  # this checkout's git
        runs: dict[str, dict[str, list[float]]] = {"previous": {}, "current": {}}
        for _ in range(rounds):
            for side, where in (("previous", tree), ("current", None)):
                runs[side].setdefault("greedy_ms_per_decision", []).append(
                    _fresh(GREEDY.format(n=greedy_games), where))
                runs[side].setdefault("search_game_2p_s", []).append(_fresh(SEARCH, where))
                print(side, {k: v[-1] for k, v in runs[side].items()}, file=sys.stderr, flush=True)
    best = {side: {k: min(v) for k, v in r.items()} for side, r in runs.items()}
    ratio = {k: round(best["current"][k] / best["previous"][k], 3) for k in best["current"]}
    return {"against": full, "rounds": rounds, "greedy_games": greedy_games, "runs": runs, "best": best,
            "current_over_previous": ratio}


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    h = sub.add_parser("hashes")
    h.add_argument("--quick", action="store_true", help="without the two default search games (the long ones)")
    m = sub.add_parser("measure")
    m.add_argument("commit")
    m.add_argument("--rounds", type=int, default=2)
    m.add_argument("--greedy-games", type=int, default=8)
    m.add_argument("--out", type=Path)
    args = ap.parse_args()
    if args.cmd == "hashes":
        code = HASHES.format(quick=args.quick)
        subprocess.run([sys.executable, "-c", code], check=True)
        return
    record = measure(args.commit, args.rounds, args.greedy_games)
    text = json.dumps(record, indent=1)
    if args.out:
        args.out.write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
