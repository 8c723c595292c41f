"""The goals of `rulewright tune` and their estimates with 95% intervals, from the records of a trial's games.

Every goal is a distance to minimise, so one goal is a single objective and several are a Pareto front:

- `--target MEASURE=V`: |mean of the measure - V| (a game-wide measure such as `rounds` or `vp_mean`, or
  one seat's, `vp[0]`); the mean has Student's t interval (paired.mean_interval), and the distance's
  interval is the distances from V to that interval (0 when V is inside it);
- `--fair-seats`: the largest gap between a seat's win rate (a shared win counts 1/k) and a fair share
  1/players. A maximum of absolute gaps has no closed-form interval: it is a percentile bootstrap over
  the games (BOOTSTRAP resamples drawn from a stream seeded by the games' count, so the same games give
  the same interval);
- `--worth ID=V`: restricted play (restricted_run.py): a seat's win share allowed minus forbidden,
  paired by seed; |worth - V| with the interval of the worth as for a target.

`--keep MEASURE[=BAND]` is a constraint, not a goal: the measure stays within BAND of the base game on
the same seeds (BAND a number, or a percentage of the base game's mean; 10% when none is given); a
trial outside every band it must keep is infeasible, and Optuna's samplers steer away from it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from statistics import fmean

from ...engine.measures import GameMeasures
from .paired import mean_interval
from .restricted_run import restricted_report

BOOTSTRAP = 400
DEFAULT_BAND = "10%"


@dataclass(frozen=True)
class Goal:
    """One objective: `kind` is target, fair or worth; `column` the measure (target), `content_id` the
    restricted id (worth), `value` the target."""

    kind: str
    column: str = ""
    value: float = 0.0
    content_id: str = ""

    @property
    def name(self) -> str:
        if self.kind == "fair":
            return "fair seats"
        if self.kind == "worth":
            return f"worth {self.content_id}={_g(self.value)}"
        return f"{self.column}={_g(self.value)}"

    @property
    def means(self) -> str:
        """What the estimate is, for the report's legend."""
        if self.kind == "fair":
            return "largest gap between a seat's win rate and an equal share"
        if self.kind == "worth":
            return f"the win share a seat loses when it may not take {self.content_id}, to {_g(self.value)}"
        return f"mean {self.column}, to {_g(self.value)}"

    def point(self, data: dict, players: int) -> float:
        """The distance alone (no interval): what a paired bootstrap recomputes on every resample."""
        if self.kind == "fair":
            return gap_of([[r["measures"][f"win[{s}]"] for s in range(players)] for r in data["plain"]], players)
        if self.kind == "worth":
            rep = restricted_report(data["worth"][self.content_id], {"players": players}, self.content_id)
            return abs(rep["worth"]["mean"] - self.value)
        return abs(fmean(r["measures"][self.column] for r in data["plain"]) - self.value)

    def estimate(self, data: dict, players: int) -> dict:
        """The goal's distance (`value`, to minimise) with its interval, and the quantity it is read from
        (`raw`, with its interval): the mean measure, the largest gap or the worth."""
        if self.kind == "fair":
            return fair_gap(data["plain"], players)
        if self.kind == "worth":
            rep = restricted_report(data["worth"][self.content_id], {"players": players}, self.content_id)
            w = rep["worth"]
            return _distance(w["mean"], w["low"], w["high"], self.value, w["n"])
        m = mean_interval([r["measures"][self.column] for r in data["plain"]])
        return _distance(m["mean"], m["low"], m["high"], self.value, m["n"])


@dataclass(frozen=True)
class Keep:
    """A constraint: `column` stays within `band` of the base game's mean (`relative`: band is a fraction of it)."""

    column: str
    band: float
    relative: bool

    @property
    def name(self) -> str:
        return f"keep {self.column} within {_g(self.band * 100) + '%' if self.relative else _g(self.band)}"

    def check(self, plain: list[dict], base: list[dict]) -> dict:
        """The trial's mean and the base game's on the same games; `excess` > 0 when outside the band."""
        n = len(plain)
        mine = fmean(r["measures"][self.column] for r in plain)
        theirs = fmean(r["measures"][self.column] for r in base[:n])
        band = abs(theirs) * self.band if self.relative else self.band
        return {"mean": mine, "base": theirs, "band": band, "excess": abs(mine - theirs) - band}


def _g(x: float) -> str:
    return f"{x:g}"


def _distance(mean: float, low: float, high: float, target: float, n: int) -> dict:
    """|mean - target| and its interval: from the target's distance to [low, high] to the far end's."""
    near = 0.0 if low <= target <= high else min(abs(low - target), abs(high - target))
    far = max(abs(low - target), abs(high - target))
    return {"value": abs(mean - target), "low": near, "high": far, "raw": mean, "raw_low": low,
            "raw_high": high, "n": n}


def seat_rates(plain: list[dict], players: int) -> list[float]:
    return [fmean(r["measures"][f"win[{s}]"] for r in plain) for s in range(players)]


def gap_of(wins: list[list[float]], players: int) -> float:
    """The largest |win rate - 1/players| over the seats, from each game's win shares per seat."""
    return max(abs(sum(w[s] for w in wins) / len(wins) - 1.0 / players) for s in range(players))


def fair_gap(plain: list[dict], players: int) -> dict:
    """The largest |win rate - 1/players| over the seats, with a seeded percentile bootstrap interval."""
    wins = [[r["measures"][f"win[{s}]"] for s in range(players)] for r in plain]
    n = len(wins)
    value = gap_of(wins, players)
    rng = random.Random(n * 7919 + players)
    draws = sorted(gap_of([wins[rng.randrange(n)] for _ in range(n)], players) for _ in range(BOOTSTRAP))
    low, high = draws[int(0.025 * BOOTSTRAP)], draws[int(0.975 * BOOTSTRAP) - 1]
    rates = seat_rates(plain, players)
    return {"value": value, "low": min(low, value), "high": max(high, value), "raw": value, "raw_low": low,
            "raw_high": high, "n": n, "seats": rates}


def resample(data: dict, picks: list[int]) -> dict:
    """The games (plain) and seeds (restricted play) of `data` picked by index, each pick a new seed."""
    worth = {}
    for cid, recs in data["worth"].items():
        by_seed: dict[int, list[dict]] = {}
        for r in recs:
            by_seed.setdefault(r["index"], []).append(r)
        seeds = [by_seed[k] for k in sorted(by_seed)]
        worth[cid] = [{**r, "index": j} for j, i in enumerate(picks) if i < len(seeds) for r in seeds[i]]
    return {"plain": [data["plain"][i] for i in picks if i < len(data["plain"])], "worth": worth}


def versus_base(goal: Goal, mine: dict, base: dict, players: int) -> dict:
    """The goal's distance with the chosen values minus the base game's, on the same (fresh) seeds, with a
    seeded paired percentile bootstrap interval (the same games resampled for both)."""
    n = len(base["plain"]) or len(next(iter(base["worth"].values()), [])) // (players + 1)
    diff = goal.point(mine, players) - goal.point(base, players)
    rng = random.Random(n * 104729 + players)
    draws = []
    for _ in range(BOOTSTRAP):
        picks = [rng.randrange(n) for _ in range(n)]
        draws.append(goal.point(resample(mine, picks), players) - goal.point(resample(base, picks), players))
    draws.sort()
    low, high = min(draws[int(0.025 * BOOTSTRAP)], diff), max(draws[int(0.975 * BOOTSTRAP) - 1], diff)
    verdict = ("closer than the base game" if high < 0 else "farther than the base game" if low > 0
               else "no different from the base game")
    return {"diff": diff, "low": low, "high": high, "verdict": verdict}


def columns_of(measures: GameMeasures, players: int) -> list[str]:
    """Every measure column a goal may name: game-wide keys, and `key[s]` for per-seat ones."""
    out = []
    for m in measures.measures:
        out += [f"{m.key}[{s}]" for s in range(players)] if m.per_seat else [m.key]
    return out


def _column(text: str, measures: GameMeasures, players: int, option: str) -> str:
    known = columns_of(measures, players)
    if text in known:
        return text
    per_seat = {m.key for m in measures.measures if m.per_seat}
    if text in per_seat:
        raise ValueError(f"{option} {text}: {text} is per seat; name one seat ({text}[0]) or a game-wide measure")
    raise ValueError(f"{option} {text}: no such measure; this game measures "
                     f"{', '.join(m.key + ('[s]' if m.per_seat else '') for m in measures.measures)}")


def _number(text: str, what: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"{what}: {text!r} is not a number") from None


def parse_goals(targets: list[str], fair: bool, worths: list[str], measures: GameMeasures,
                players: int) -> list[Goal]:
    """The goals in the order given: targets, fair seats, worths; ValueError naming what is wrong."""
    goals = []
    for t in targets:
        name, eq, v = t.partition("=")
        if not eq:
            raise ValueError(f"--target {t}: write MEASURE=VALUE, e.g. --target rounds=5")
        goals.append(Goal("target", _column(name.strip(), measures, players, "--target"),
                          _number(v, f"--target {t}")))
    if fair:
        goals.append(Goal("fair"))
    for w in worths:
        cid, eq, v = w.partition("=")
        goals.append(Goal("worth", content_id=cid.strip(), value=_number(v, f"--worth {w}") if eq else 0.0))
    if len({g.name for g in goals}) != len(goals):
        raise ValueError("a goal is named twice")
    return goals


def parse_keeps(texts: list[str], measures: GameMeasures, players: int) -> list[Keep]:
    out = []
    for t in texts:
        name, _, band = t.partition("=")
        band = band.strip() or DEFAULT_BAND
        relative = band.endswith("%")
        size = _number(band.rstrip("%"), f"--keep {t}")
        if size < 0:
            raise ValueError(f"--keep {t}: a band is not negative")
        out.append(Keep(_column(name.strip(), measures, players, "--keep"), size / 100 if relative else size,
                        relative))
    return out
