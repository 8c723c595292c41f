"""Study: information-set MCTS (engine/ismcts.py) against flat search (engine/search.py) and greedy, at
the same time per decision, in both games (docs/bots.md, "Information-set tree search").

Games come in pairs: one seed, the two measured bots' seats swapped. Clash of Cultures is played by two
players (ISMCTS against one opponent). 7 Wonders needs three, so its games seat ISMCTS, flat search and
greedy, and each game is read as two head-to-head results: ISMCTS against flat search and ISMCTS against
greedy (1 when it finishes ahead: it wins and the other does not, or neither wins and it has more VP;
1/2 when level). Each game is one JSON line in the `--log` file as soon as it ends, so a run stopped at
any point keeps what it played; `--summarise` reads the log and merges Wilson intervals into
benchmarks/bots.json.

Run: python benchmarks/studies/ismcts_study.py --pairs 100 --seed 1 --log study.jsonl
Tuning uses other seeds (--seed 900 and up); the study's seed is 1.

ismcts/at_search8_seed41.jsonl: the same in Clash only at twice the budget (flat search at `search:8`,
two sweeps; ISMCTS at its measured time, about 15-20 iterations a decision), on fresh seeds (--seed 41):
--matches clash_flat,clash_greedy --budgets '{"clash": {"search": "8", "ismcts_start_ms": 200},
"wonders7": {"search": "8", "ismcts_start_ms": 600}}'; each record also lists ISMCTS's iterations.

ismcts/w7_seed71.jsonl, _h12, _h24: 7 Wonders at flat search:4's time, seed 71, with tree horizons 3, 12 and 24
(--matches wonders7 --seed 71, the last two with --options '{"horizon": N}').

ismcts/default_seed81*.jsonl: at the DEFAULT flat search's time (six sweeps), seed 81, stopped when the
answer was clear: --budgets '{"clash": {"search": "24", "ismcts_start_ms": 300}, "wonders7": {"search": "24",
"ismcts_start_ms": 1200}}' with --matches clash_flat (_flat; _flat_h24 and _flat_c003 with --options
'{"horizon": 24}' and '{"exploration": 0.03}'), wonders7 (_w7) and clash_greedy (_greedy, with
"ismcts_start_ms": 450: no flat search in those games to take the time from; _greedy_300ms the first four
games at 300 ms, left out of the rows).

ismcts/seed71.jsonl: ISMCTS's later defaults (horizon 3, six options at the root, prior bias 0.1) in Clash
at flat search:4's time, fresh seeds: --pairs 100 --seed 71 --matches clash_flat,clash_greedy; summarised
with --note naming the defaults (rows of another seed are kept beside, not replaced).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from rulewright.api import new_game, scores
from rulewright.engine import games
from rulewright.engine.bots import make_bot
from rulewright.engine.search import Budget
from rulewright.tools.playtest.simulation import game_seed
from rulewright.tools.playtest.stats import wilson

# the time per searched decision: flat search plays one sweep (its four candidates played out once each:
# `search:4`, its cheapest setting); ISMCTS is given flat search's measured mean time per searched
# decision (see `play`), so both spend the same time on average under whatever load the machine has
BUDGETS = {"clash": {"search": "4", "ismcts_start_ms": 70}, "wonders7": {"search": "4", "ismcts_start_ms": 600}}
RECENT = 10  # in a game with flat search, ISMCTS's time is the mean of flat search's last RECENT decisions
BOTS_JSON = Path(__file__).resolve().parents[1] / "bots.json"
# (game, players, seats of the pair's first game); the pair's second game swaps seats 0 and 1
MATCHES = {"clash_flat": ("clash", ["ismcts", "search"]), "clash_greedy": ("clash", ["ismcts", "greedy"]),
           "wonders7": ("wonders7", ["ismcts", "search", "greedy"])}


def play(match: str, budgets: dict, seed: int, swap: bool, options: dict, flat_ms: dict[str, list[float]]) -> dict:
    """One game. ISMCTS's time per searched decision is flat search's mean: over its last RECENT decisions in
    this game once it has decided (a whole-game mean lags behind as the game grows and a sweep takes longer:
    ISMCTS had about 85% of flat search's time that way), else over the run's earlier games of the same game
    (`flat_ms`), else the start."""
    game_id, names = MATCHES[match]
    seats = list(names)
    if swap:
        seats[0], seats[1] = seats[1], seats[0]
    games.find(game_id)
    game = new_game(players=len(seats), seed=seed, forkable=True, game_id=game_id)
    earlier = flat_ms.setdefault(game_id, [])
    start_ms = statistics.fmean(earlier[-400:]) if earlier else budgets[game_id]["ismcts_start_ms"]
    bots = []
    for i, name in enumerate(seats):
        kind = {"greedy": "greedy", "search": f"search:{budgets[game_id]['search']}", "ismcts": f"ismcts:{start_ms}ms"}
        bot = make_bot(kind[name], seed * 1000 + i, game_id)
        for key, value in options.items() if name == "ismcts" else ():
            setattr(bot, key, value)
        bots.append(bot)
    ism = bots[seats.index("ismcts")]
    flat = bots[seats.index("search")] if "search" in seats else None
    target, given = start_ms / 1000, []  # the time to match; the budget ISMCTS had at each of its searches
    start = time.perf_counter()
    while game.pending is not None:
        d = game.pending
        budget = ism.budget.seconds
        game.apply({"player": d.player, "choice": bots[d.player].choose(game, d)})
        if len(given) < len(ism.decision_seconds):
            given.append(budget)
        if flat is not None and flat.decision_seconds:  # its recent decisions: a sweep grows slower as the game grows
            target = statistics.fmean(flat.decision_seconds[-RECENT:])
        # ISMCTS stops after the iteration that reaches its budget: take its mean overshoot off the budget
        over = statistics.fmean(ism.decision_seconds) - statistics.fmean(given) if given else 0.0
        ism.budget = Budget(playouts=None, seconds=max(0.2 * target, target - over))
    s = scores(game)
    ms = {name: [round(x * 1000, 2) for x in getattr(bots[seats.index(name)], "decision_seconds", [])]
          for name in seats if name != "greedy"}
    earlier.extend(ms.get("search", []))
    return {"match": match, "budgets": budgets[game_id], "seed": seed, "seats": seats, "vp": s["vp"],
            "winners": list(s["winners"]), "searched_ms": ms, "ismcts_iterations": list(ism.iterations),
            "seconds": round(time.perf_counter() - start, 2), "options": options}


def ahead(record: dict, a: str, b: str) -> float:
    """1 when bot `a` finished ahead of bot `b` in this game, 1/2 when level, else 0."""
    i, j = record["seats"].index(a), record["seats"].index(b)
    wi, wj = i in record["winners"], j in record["winners"]
    if wi != wj:
        return 1.0 if wi else 0.0
    if wi:
        return 0.5  # a shared win
    vi, vj = record["vp"][i], record["vp"][j]
    return 1.0 if vi > vj else 0.5 if vi == vj else 0.0


def summarise(records: list[dict], a: str, b: str) -> dict:
    got = [ahead(r, a, b) for r in records]
    rate, lo, hi = wilson(sum(got), len(got))
    pairs = {r["seed"] for r in records if sum(q["seed"] == r["seed"] for q in records) == 2}
    out = {"games": len(got), "complete_pairs": len(pairs), "win_rate": rate, "win_rate_ci95": [lo, hi],
           "mean_vp": [round(statistics.fmean(r["vp"][r["seats"].index(x)] for r in records), 2) for x in (a, b)]}
    if "greedy" in records[0]["seats"] and b != "greedy":  # the same games read for the second bot
        ref, ref_lo, ref_hi = wilson(sum(ahead(r, b, "greedy") for r in records), len(records))
        out[f"{b}_ahead_of_greedy"] = {"rate": ref, "ci95": [ref_lo, ref_hi]}
    its = [x for r in records for x in r.get("ismcts_iterations", [])]
    if its:
        out["ismcts_iterations_p50"] = statistics.median(its)
    for name in (a, b):
        ms = [x for r in records for x in r["searched_ms"].get(name, [])]
        if ms:
            out[f"{name}_searched_ms_p50"] = round(statistics.median(ms), 1)
            out[f"{name}_searched_ms_mean"] = round(statistics.fmean(ms), 1)
    return out


def entries(records: list[dict], seed: int, note: str = "") -> list[dict]:
    """The bots.json rows: one per (game, opponent) with the first bot's rate of finishing ahead."""
    rows = []
    for match, (game_id, names) in MATCHES.items():
        mine = [r for r in records if r["match"] == match]
        if not mine:
            continue
        budgets = mine[0]["budgets"]
        for other in names[1:]:
            s = summarise(mine, "ismcts", other)
            second = other if other == "greedy" else f"{other}:{budgets[other]}"
            tuned = ",".join(f"{k}={v}" for k, v in sorted(mine[0].get("options", {}).items()))
            first = f"ismcts{f'({tuned})' if tuned else ''}:time-of-search:{budgets['search']}"
            rows.append({"bots": f"ismcts vs {other}", "first": first,
                         "second": second,
                         "game": game_id, "players": len(names), "seats": names, **s,
                         "measure": "win share" if len(names) == 2 else "finished ahead of the second bot",
                         "seed": seed, "paired": "same seed, seats of the first two bots swapped",
                         "study": "benchmarks/studies/ismcts_study.py", **({"note": note} if note else {})})
    return rows


def merge(rows: list[dict]) -> None:
    old = json.loads(BOTS_JSON.read_text())
    keys = {(r["first"], r["second"], r["game"], r["players"], r["seed"]) for r in rows}  # a new seed adds rows
    old = [r for r in old
           if (r.get("first"), r.get("second"), r.get("game", "clash"), r.get("players"), r.get("seed")) not in keys]
    BOTS_JSON.write_text(json.dumps(old + rows, indent=2) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--budgets", default=json.dumps(BUDGETS), help="per game and bot, as JSON")
    ap.add_argument("--pairs", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--matches", default="clash_flat,wonders7,clash_greedy")
    ap.add_argument("--log", type=Path, required=True)
    ap.add_argument("--options", default="{}", help="ISMCTS attributes as JSON (tuning only)")
    ap.add_argument("--summarise", action="store_true")
    ap.add_argument("--write", action="store_true", help="with --summarise: merge into benchmarks/bots.json")
    ap.add_argument("--note", default="", help="with --summarise: a note for the rows (which defaults played)")
    args = ap.parse_args()
    if args.summarise:
        records = [json.loads(x) for x in args.log.read_text().splitlines() if x.strip()]
        rows = entries(records, args.seed, args.note)
        print(json.dumps(rows, indent=1))
        if args.write:
            merge(rows)
        return
    options = json.loads(args.options)
    done = set()
    flat_ms: dict[str, list[float]] = {}
    if args.log.exists():
        for r in map(json.loads, args.log.read_text().splitlines()):
            done.add((r["match"], r["seed"], tuple(r["seats"])))
            flat_ms.setdefault(MATCHES[r["match"]][0], []).extend(r["searched_ms"].get("search", []))
    for pair in range(args.pairs):  # the matches interleaved, so a run cut short has some of each
        for match in args.matches.split(","):
            for swap in (False, True):
                seed = game_seed(args.seed, pair)
                names = list(MATCHES[match][1])
                if swap:
                    names[0], names[1] = names[1], names[0]
                if (match, seed, tuple(names)) in done:
                    continue
                record = play(match, json.loads(args.budgets), seed, swap, options, flat_ms)
                with args.log.open("a") as f:
                    f.write(json.dumps(record) + "\n")


if __name__ == "__main__":
    main()
