"""Issue 46 item 3 asks for `learned` to beat "today's greedy", the greedy bot of the issue's time, in 75% of
2-player Clash games. The greedy bot has been reworked since (item 2), so this study plays a bot against
that greedy as it was: its modules are read from git at ISSUE_COMMIT (the last commit before the rework)
into a temporary package named beside rules/clash/bots but kept outside the checkout (a folder inside
rules/clash would be imported by the game's module walk, and the old search support would replace
today's: learned would then play with the old greedy as its prior, and the games come out the same in
both seatings; the study checks that nothing it imported registered anything), so it plays by today's
rules, and every game pairs seeds with the seats swapped. A first-option row shows the old bot is the one the issue measured (first-option
beat it in 26% of 80 games then; today's rules changed a few plays since).

    nice -n 10 python benchmarks/studies/against_issue_greedy.py --bots first,learned,greedy --games 100 \
        --out benchmarks/studies/learned_policy/against_issue_greedy.json --bots-json benchmarks/bots.json
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from rulewright.api import MAX_STEPS, new_game, scores
from rulewright.engine import games as game_registry
from rulewright.engine.bots import BOTS, GAME_BOTS, make_bot
from rulewright.engine.playout import play_out
from rulewright.rules.clash.registry import FUNCTIONS, PROCEDURES, REFUSALS, SERVICES, STEPS
from rulewright.tools.playtest.ladder_run import TimedSeat
from rulewright.tools.playtest.selfplay import game_seed
from rulewright.tools.playtest.stats import wilson

ISSUE_COMMIT = "616724a"
ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "rulewright.rules.clash.bots_at_issue"
REGISTRIES = (SERVICES, STEPS, FUNCTIONS, PROCEDURES, REFUSALS, BOTS, GAME_BOTS)


def load_issue_greedy(folder: Path) -> type:
    """The GreedyBot class of rules/clash/bots at ISSUE_COMMIT, imported as a package next to today's."""
    names = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "--name-only", ISSUE_COMMIT, "rules/clash/bots/"],
                           check=True, capture_output=True, text=True).stdout.split()
    for name in names:
        text = subprocess.run(["git", "-C", str(ROOT), "show", f"{ISSUE_COMMIT}:{name}"], check=True,
                              capture_output=True, text=True).stdout
        (folder / Path(name).name).write_text(text)
    game_registry.find("clash")
    before = repr(REGISTRIES)
    spec = importlib.util.spec_from_file_location(PACKAGE, folder / "__init__.py",
                                                  submodule_search_locations=[str(folder)])
    module = importlib.util.module_from_spec(spec)
    sys.modules[PACKAGE] = module
    spec.loader.exec_module(module)
    bot = importlib.import_module(f"{PACKAGE}.bots").GreedyBot
    if repr(REGISTRIES) != before:
        raise SystemExit("the old bot's modules registered rule services: the measure would not be clean")
    return bot


def play(kind: str, old: type, seed: int, games: int) -> dict:
    won, played = 0.0, 0
    cpu = {"bot": [0.0, 0], "old": [0.0, 0]}
    for k in range(games):
        s = game_seed(seed, k)
        for seat in (0, 1):
            searching = kind.partition(":")[0] in ("search", "lsearch", "ismcts")
            game = new_game(players=2, seed=s, game_id="clash", forkable=searching)
            seats = [TimedSeat(make_bot(kind, s * 1000 + seat, "clash") if q == seat else old(s * 1000 + q))
                     for q in (0, 1)]
            play_out(game, seats, limit=MAX_STEPS, strict=True)
            for q, side in ((seat, "bot"), (1 - seat, "old")):
                cpu[side][0] += seats[q].cpu
                cpu[side][1] += seats[q].n
            winners = scores(game)["winners"]
            won += 1.0 / len(winners) if seat in winners else 0.0
            played += 1
    rate, lo, hi = wilson(won, played)
    ms = {side: round(1000 * t / max(1, n), 3) for side, (t, n) in cpu.items()}
    print(f"{kind:10} against greedy@{ISSUE_COMMIT}: {won:.1f} of {played} = {rate:.1%} [{lo:.1%}, {hi:.1%}]; "
          f"CPU ms a decision {ms['bot']} against {ms['old']}", flush=True)
    return {"bot": kind, "against": f"greedy@{ISSUE_COMMIT}", "game": "clash", "players": 2, "seed": seed,
            "games": played, "wins": won, "rate": round(rate, 4), "ci95": [round(lo, 4), round(hi, 4)],
            "decision_ms": {kind: ms["bot"], f"greedy@{ISSUE_COMMIT}": ms["old"]},
            "command": f"python benchmarks/studies/against_issue_greedy.py --games {games} --seed {seed}"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bots", default="first,learned")
    ap.add_argument("--games", type=int, default=50, help="seeds, each played with the seats swapped")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--bots-json", type=Path, help="also merge the rows into this list (benchmarks/bots.json)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old = load_issue_greedy(Path(tmp))
        rows = [play(kind, old, args.seed, args.games) for kind in args.bots.split(",")]
    if args.out:
        args.out.write_text(json.dumps(rows, indent=1) + "\n")
    if args.bots_json:
        merged = [r for r in json.loads(args.bots_json.read_text())
                  if not (r.get("study") == "against the issue's greedy" and r.get("bot") in {x["bot"] for x in rows})]
        args.bots_json.write_text(json.dumps([*merged, *({"study": "against the issue's greedy", **r} for r in rows)],
                                             indent=2) + "\n")


if __name__ == "__main__":
    main()
