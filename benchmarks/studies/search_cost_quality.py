"""Study: how good a choice cheaper flat-search settings make, per play-out step spent, on sampled positions.

A tournament against the default search costs about 40 s of CPU a game for the default's side alone, so
settings cannot be tried one tournament each. This study instead plays once, at positions sampled from
greedy games (every `--every`-th searched decision of two 2-player Clash games), what flat search plays:
the prior's four best candidates, each in `--worlds` sampled worlds (the same worlds for all four, as the
bot's sweeps), and records the evaluation of each play-out after 0, 2, 4, 8, 12, 16, 24 and 32 decisions.
Any setting (decisions ahead, worlds, racing, a play-out scored by the mean of its evaluations at several
points) is then replayed from those numbers: it chooses from one half of the worlds, and its choice is
scored on the other half at 32 decisions ahead (the "truth", itself a sample). Regret: the truth's best candidate's mean minus the chosen one's, averaged over positions and
both halves. Cost: play-out steps per decision (candidates x worlds x decisions ahead).

Each play-out records both evaluations, the hand-written and the fitted one (engine/value.py), at the same
points, so `--read` compares settings with either and scores them against either 32 decisions ahead
(fitted_seed61: the first fit; signed_seed61: the sign-bounded fit in rules/clash/value_fit.json).

Run: python benchmarks/studies/search_cost_quality.py --seed 61 --every 6 --worlds 12 \
         --out benchmarks/studies/search_cost_quality/seed61.json
     python benchmarks/studies/search_cost_quality.py --read benchmarks/studies/search_cost_quality/seed61.json
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

CHECKS = [0, 1, 2, 4, 8, 12, 16, 24, 32]  # decisions after the candidate at which the position is evaluated
FIRST_CHECKS = [0, 2, 4, 8, 12, 16, 24, 32]  # those of the first study's files (seed61.json)
AT = {h: i for i, h in enumerate(CHECKS)}


def collect(seed: int, every: int, worlds: int) -> list[dict]:
    from rulewright.api import new_game
    from rulewright.engine import games
    from rulewright.engine.bots import make_bot
    from rulewright.engine.decision import IllegalAction
    from rulewright.engine.playout import play_out
    from rulewright.engine.search import SearchBot
    from rulewright.rules.clash.bots.search_support import ClashSearch

    games.find("clash")
    out = []
    for gseed in (seed, seed + 1):
        game = new_game(players=2, seed=gseed, forkable=True)
        bots = [make_bot("greedy", gseed * 7 + i, "clash") for i in range(2)]
        support = game.definition.search_support()
        fitted = ClashSearch(game.definition, "fitted").evaluate
        k = 0
        while game.pending is not None:
            d = game.pending
            if len(d.options) > 1 and support.searchable(d):
                k += 1
                if k % every == 0:
                    bot, p = SearchBot(gseed * 100 + k), d.player
                    prior = support.prior(game, d)
                    cands = [d.options[i] for i in sorted(range(len(d.options)), key=lambda i: (-prior[i], i))[:4]]
                    rec: dict = {"kind": d.kind, "step": len(game.actions), "cands": cands, "scores": [],
                                 "fitted": []}
                    for w in range(worlds):
                        ws = gseed * 100000 + k * 100 + w
                        row, frow = [], []
                        for o in cands:
                            world = bot._world(game, p, support, ws)
                            policy: dict = {}

                            def seat(q: int, policy: dict = policy, ws: int = ws, support=support):
                                return policy.setdefault(q, support.policy(ws * 31 + q))

                            evs: list[float] = []
                            fits: list[float] = []
                            try:
                                world.apply({"player": p, "choice": o})
                                done = 0
                                for c in CHECKS:
                                    if c > done:
                                        done += play_out(world, seat, limit=c - done)
                                    evs.append(round(support.handwritten(world, p), 4))
                                    fits.append(round(fitted(world, p), 4))
                            except (IllegalAction, RuntimeError):
                                evs = [0.0] * len(CHECKS)
                                fits = [0.0] * len(CHECKS)
                            row.append(evs)
                            frow.append(fits)
                        rec["scores"].append(row)
                        rec["fitted"].append(frow)
                    out.append(rec)
            game.apply({"player": d.player, "choice": bots[d.player].choose(game, d)})
    return out


def _flat(r: dict, worlds: list[int], h: int, key: str = "scores") -> int:
    tot = [sum(r[key][w][c][AT[h]] for w in worlds) for c in range(len(r["cands"]))]
    return max(range(len(tot)), key=lambda c: (tot[c], -c))


def _averaged(r: dict, worlds: list[int], hs: list[int]) -> int:
    """Flat search scoring each play-out by the mean of its hand-written evaluations at the points `hs`."""
    tot = [sum(r["scores"][w][c][AT[h]] for w in worlds for h in hs) for c in range(len(r["cands"]))]
    return max(range(len(tot)), key=lambda c: (tot[c], -c))


def _race(r: dict, first: list[int], then: list[int], h: int) -> int:
    n = len(r["cands"])
    tot = [sum(r["scores"][w][c][AT[h]] for w in first) for c in range(n)]
    alive = sorted(range(n), key=lambda c: (-tot[c], c))[:(n + 1) // 2]
    for c in alive:
        tot[c] += sum(r["scores"][w][c][AT[h]] for w in then)
    return max(alive, key=lambda c: (tot[c], -c))


def regret(recs: list[dict], choose, truth: str = "scores") -> float:
    """Mean regret of `choose` (from one half of the worlds) against `truth`'s evaluation 32 decisions ahead
    on the other half: "scores" is the hand-written evaluation (the oracle of the first study), "fitted" the
    fitted one."""
    regs = []
    for r in recs:
        half = len(r["scores"]) // 2
        for use, held in ((range(half), range(half, 2 * half)), (range(half, 2 * half), range(half))):
            truth_c = [statistics.fmean(r[truth][w][c][AT[32]] for w in held) for c in range(len(r["cands"]))]
            regs.append(max(truth_c) - truth_c[choose(r, list(use))])
    return round(statistics.fmean(regs), 4)


def table(recs: list[dict]) -> list[dict]:
    """Each setting's regret against both oracles (the fitted one only where the records hold it)."""
    fitted = all("fitted" in r for r in recs)
    oracles = ["scores", "fitted"] if fitted else ["scores"]

    def row(setting: str, steps: int, choose) -> dict:
        out = {"setting": setting, "steps": steps}
        for o in oracles:
            out[f"regret_{o}"] = regret(recs, choose, o)
        return out

    rows = [row("prior's best (greedy)", 0, lambda r, u: 0)]
    keys = [("scores", "hand-written")] + ([("fitted", "fitted")] if fitted else [])
    for key, label in keys:
        for h in CHECKS:
            for w in (1, 2, 3, 6):
                rows.append(row(f"flat {label}, {w} worlds, {h} ahead", 4 * w * h,
                                lambda r, u, h=h, w=w, key=key: _flat(r, u[:w], h, key)))
    for w, hs in ((6, [8, 16, 24]), (1, [1, 2, 4]), (2, [2, 4, 8]), (3, [4, 8]), (3, [4, 8, 12]), (6, [2, 4, 8]),
                  (2, [4, 8, 12, 16, 24]), (3, [8, 12, 16, 24])):
        if all(h in AT for h in hs):
            rows.append(row(f"averaged hand-written, {w} worlds, at {','.join(map(str, hs))}", 4 * w * max(hs),
                            lambda r, u, w=w, hs=hs: _averaged(r, u[:w], hs)))
    for h in (8, 16, 24):
        for w1, w2 in ((1, 2), (1, 3), (1, 5), (2, 4)):
            rows.append(row(f"race hand-written, {w1} then {w2} worlds, {h} ahead", (4 * w1 + 2 * w2) * h,
                            lambda r, u, h=h, a=w1, b=w2: _race(r, u[:a], u[a:a + b], h)))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=61)
    ap.add_argument("--every", type=int, default=6)
    ap.add_argument("--worlds", type=int, default=12)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--read", type=Path, help="a file written by --out: print the settings' regrets")
    args = ap.parse_args()
    if args.read:
        recs = json.loads(args.read.read_text())
        if len(recs[0]["scores"][0][0]) == len(FIRST_CHECKS):  # a file of the first study
            CHECKS[:] = FIRST_CHECKS
            AT.clear()
            AT.update({h: i for i, h in enumerate(CHECKS)})
        print(f"{len(recs)} positions")
        print(f"{'setting':48s} {'steps':>5s}  regret vs hand-written@32   vs fitted@32")
        for row in table(recs):
            other = f"{row['regret_fitted']:.4f}" if "regret_fitted" in row else "-"
            print(f"{row['setting']:48s} {row['steps']:5d}  {row['regret_scores']:.4f}{'':20s}{other}")
        return
    if args.out is None:
        ap.error("--out or --read")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(collect(args.seed, args.every, args.worlds)))


if __name__ == "__main__":
    main()
