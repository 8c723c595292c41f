"""What `rulewright ladder` runs (ladder.py is the command): every pair of bots plays the same seeded games,
and Bradley-Terry ratings are fitted to who finished ahead of whom (ratings.py).

The pairing: for a pair (a, b) and a seed, one bot alone plays against the other in the remaining seats,
in every seat in turn, and then the other way round (2 players: the two games with seats swapped; 3
players: six games). So neither bot gains from a seat, and with 3 players the lone bot's rate of first
places is the measure of "a beats b" (issue 46: greedy against two first-option bots). Every pair of seats
held by different bots in a game is a comparison for the ratings (who finished ahead: a winner ahead of a
non-winner, else more points; level is a draw).

Searching bots cost seconds a decision where the others cost a millisecond, so pairs with one play
`search_games` games instead of `games`. A log file (one JSON line a game) lets a long run stop and go on
where it stopped: games already in the log are not played again.
"""

from __future__ import annotations

import json
import statistics
import time
from itertools import combinations
from pathlib import Path
from typing import Any

from ...engine import games as game_registry
from ...engine.bots import SEARCHING, make_bot
from ...engine.playout import play_out
from .selfplay import game_seed, run_tasks
from .stats import wilson

DEFAULT_BOTS = ["random", "first", "greedy", "learned", "search:4", "search:16", "ismcts:16"]


def searching(kind: str) -> bool:
    return kind.partition(":")[0] in SEARCHING


def schedule(bots: list[str], players: int, games: int, search_games: int, seed: int, game_id: str,
             packs: list[str]) -> list[dict]:
    """Every game of the ladder: each pair's blocks (a block: each bot alone in every seat, on one seed)
    until the pair has its games (whole blocks)."""
    tasks = []
    block = players if players == 2 else 2 * players
    for a, b in combinations(bots, 2):
        want = search_games if searching(a) or searching(b) else games
        for k in range(max(1, -(-want // block))):
            s = game_seed(seed, k)
            lone_bots = [a] if players == 2 else [a, b]
            for lone in lone_bots:
                other = b if lone == a else a
                for seat in range(players):
                    kinds = [lone if q == seat else other for q in range(players)]
                    tasks.append({"id": f"{a}|{b}|{k}|{lone}|{seat}", "pair": [a, b], "seed": s, "kinds": kinds,
                                  "lone": seat, "game_id": game_id, "players": players, "packs": packs})
    return tasks


class TimedSeat:
    """A seat that counts the CPU time of its decisions with a choice (process time: other work on the
    machine does not count)."""

    def __init__(self, bot: Any):
        self.bot, self.cpu, self.n = bot, 0.0, 0

    def choose(self, game: Any, decision: Any) -> str:
        if len(decision.options) < 2:
            return self.bot.choose(game, decision)
        start = time.process_time()
        choice = self.bot.choose(game, decision)
        self.cpu += time.process_time() - start
        self.n += 1
        return choice


def play_one(task: dict) -> dict:
    """One ladder game: the winners, the points and each seat's CPU per decision."""
    from ...api import MAX_STEPS, new_game, scores

    game_id = task["game_id"]
    game_registry.find(game_id)  # its bots register
    kinds = task["kinds"]
    game = new_game(players=task["players"], seed=task["seed"], packs=task["packs"] or None,
                    forkable=any(searching(k) for k in kinds), game_id=game_id)
    seats = [TimedSeat(make_bot(k, task["seed"] * 1000 + i, game_id)) for i, k in enumerate(kinds)]
    play_out(game, seats, limit=MAX_STEPS, strict=True)
    s = scores(game)
    return {"id": task["id"], "pair": task["pair"], "kinds": kinds, "lone": task["lone"],
            "winners": list(s["winners"]), "vp": [float(v) for v in s["vp"]],
            "ms": [round(1000 * t.cpu / t.n, 3) if t.n else None for t in seats], "decisions": [t.n for t in seats]}


def logged_ids(log: Path) -> set[str]:
    """The ids of the games a ladder log holds."""
    return {json.loads(line)["id"] for line in log.read_text().splitlines() if line.strip()}


def run(tasks: list[dict], workers: int, log: Path | None = None, progress: Any = None) -> list[dict]:
    """The games' records, those already in `log` read back, the rest played (and appended to it)."""
    done: dict[str, dict] = {}
    if log is not None and log.exists():
        for line in log.read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                done[r["id"]] = r
    todo = [t for t in tasks if t["id"] not in done]
    out_file = None
    if log is not None:
        log.parent.mkdir(parents=True, exist_ok=True)
        out_file = log.open("a")
    try:
        for r in run_tasks(play_one, todo, workers):
            done[r["id"]] = r
            if out_file is not None:
                out_file.write(json.dumps(r, sort_keys=True) + "\n")
                out_file.flush()
            if progress is not None:
                progress()
    finally:
        if out_file is not None:
            out_file.close()
    return [done[t["id"]] for t in tasks]


def comparisons(record: dict) -> list[tuple[str, str, float]]:
    """(bot a, bot b, a's score) for every pair of seats held by different bots."""
    kinds, vp, won = record["kinds"], record["vp"], set(record["winners"])
    out = []
    for s, t in combinations(range(len(kinds)), 2):
        if kinds[s] == kinds[t]:
            continue
        if (s in won) != (t in won):
            score = 1.0 if s in won else 0.0
        else:
            score = 1.0 if vp[s] > vp[t] else 0.0 if vp[s] < vp[t] else 0.5
        out.append((kinds[s], kinds[t], score))
    return out


def pair_table(records: list[dict], bots: list[str]) -> list[dict]:
    """Per pair: games, a's share of the comparisons with b, and each bot's rate of first places when alone
    against the other (Wilson 95% intervals)."""
    rows = []
    for a, b in combinations(bots, 2):
        games = [r for r in records if r["pair"] == [a, b]]
        if not games:
            continue
        comps = [(x, y, sc) for r in games for x, y, sc in comparisons(r)]
        ahead = sum(sc if x == a else 1.0 - sc for x, y, sc in comps)
        rate, lo, hi = wilson(ahead, len(comps))
        row = {"a": a, "b": b, "games": len(games), "a_ahead": rate, "a_ahead_ci95": [lo, hi], "first_place": {}}
        for bot in (a, b):  # games in which the bot holds one seat alone, and whether that seat won
            alone = [(r, r["kinds"].index(bot)) for r in games if r["kinds"].count(bot) == 1]
            share = sum(1.0 / len(r["winners"]) for r, seat in alone if seat in r["winners"])
            r_, lo_, hi_ = wilson(share, len(alone))
            row["first_place"][bot] = {"games": len(alone), "rate": r_, "ci95": [lo_, hi_]}
        rows.append(row)
    return rows


def decision_ms(records: list[dict], bots: list[str]) -> dict[str, float]:
    """Each bot's median CPU milliseconds per decision with a choice (the median of its games' means)."""
    out = {}
    for bot in bots:
        ms = [m for r in records for k, m in zip(r["kinds"], r["ms"], strict=True) if k == bot and m is not None]
        if ms:
            out[bot] = round(statistics.median(ms), 3)
    return out
