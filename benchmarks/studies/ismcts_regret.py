"""Study: how good a search bot's choice is at positions of greedy games, against an oracle, for tuning
information-set tree search (engine/ismcts.py) without a tournament per setting.

Positions: every 7th searched decision (the 3rd, 10th, ...) of 2-player Clash games between greedy bots,
seeds 900-903 (tuning seeds, never the studies'). Oracle: each of the prior's six best options is played in
16 sampled worlds (the same worlds for all options: paired), 30 decisions on by the fast policy, then
evaluated; an option a bot picks outside those six is valued the same way when it is picked. Regret of a
choice: the oracle's best mean minus the chosen option's. The bots decide on the live games (forkable
from the start, as in play), so their time per decision is what it is in a real game.

Run: python benchmarks/studies/ismcts_regret.py --cache oracle.json '{"bot": "search:4", "reps": 3}' \
         '{"bot": "ismcts:60ms", "reps": 3, "horizon": 3}'
A setting is a bot spec plus bot attributes (and `reps`: decisions per position, with different seeds).
Results: ismcts/regret_seed900.txt.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rulewright.api import new_game
from rulewright.engine.bots import make_bot
from rulewright.engine.decision import IllegalAction
from rulewright.engine.ismcts import rank
from rulewright.engine.playout import play_out
from rulewright.engine.search import sample_world

SEEDS = (900, 901, 902, 903)
WORLDS, AHEAD, TOP, EVERY = 16, 30, 6, 7


def positions() -> Iterator[tuple[Any, Any]]:
    """(game, decision) at each sampled position, the game live (the caller may search it, not apply)."""
    for seed in SEEDS:
        game = new_game(players=2, seed=seed, forkable=True)
        support = game.definition.search_support()
        bots = [make_bot("greedy", seed * 10 + q) for q in range(2)]
        k = 0
        while game.pending is not None:
            d = game.pending
            if support.searchable(d) and len(d.options) > 1:
                k += 1
                if k % EVERY == 3:
                    yield game, d
            game.apply({"player": d.player, "choice": bots[d.player].choose(game, d)})


def value(game: Any, option: str) -> float:
    """The oracle's mean evaluation of `option` for the deciding player."""
    p, support, out = game.pending.player, game.definition.search_support(), []
    for s in range(WORLDS):
        world = sample_world(game, p, support, 7000 + s)
        try:
            world.apply({"player": p, "choice": option})
            play_out(world, lambda q, s=s: support.policy((7000 + s) * 31 + q), limit=AHEAD)
            out.append(support.evaluate(world, p))
        except (IllegalAction, RuntimeError):
            out.append(0.0)
    return statistics.fmean(out)


def oracle() -> list[dict[str, float]]:
    out = []
    for game, d in positions():
        support = game.definition.search_support()
        out.append({o: value(game, o) for o in rank(support, game, d)[:TOP]})
    return out


def measure(setting: dict, values: list[dict[str, float]]) -> str:
    setting = dict(setting)
    spec, reps = setting.pop("bot"), int(setting.pop("reps", 1))
    regrets, ms, iterations = [], [], []
    for i, (game, d) in enumerate(positions()):
        for rep in range(reps):
            bot = make_bot(spec, 50 + rep * 1000 + i)
            for key, v in setting.items():
                setattr(bot, key, v)
            choice = bot.choose(game, d)
            if choice not in values[i]:
                values[i][choice] = value(game, choice)
            regrets.append(max(values[i].values()) - values[i][choice])
            ms.extend(x * 1000 for x in getattr(bot, "decision_seconds", [])[-1:])
            iterations.extend(getattr(bot, "iterations", []))
    se = statistics.stdev(regrets) / len(regrets) ** 0.5
    return (f"{spec} {json.dumps(setting)}: {len(regrets)} choices, regret {statistics.fmean(regrets):.4f} "
            f"(se {se:.4f}), {statistics.fmean(ms) if ms else 0:.0f} ms a decision, "
            f"{statistics.fmean(iterations) if iterations else 0:.0f} iterations")


def main() -> None:
    import rulewright.rules.clash  # noqa: F401 - registers the game

    ap = argparse.ArgumentParser()
    ap.add_argument("--cache", type=Path, required=True, help="the oracle's values (computed once, ~3 min)")
    ap.add_argument("settings", nargs="*", help="JSON: a bot spec and its attributes")
    args = ap.parse_args()
    if not args.cache.exists():
        args.cache.write_text(json.dumps(oracle()))
    values = json.loads(args.cache.read_text())
    for setting in args.settings:
        print(measure(json.loads(setting), values), flush=True)


if __name__ == "__main__":
    main()
