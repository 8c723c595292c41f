"""What `rulewright tune` runs (tune.py is the command): an Optuna study over knobs of the rules data,
each trial estimated from bot games on the same seeds, stored in SQLite so a killed run resumes.

How a study goes:
- **common random numbers.** Every trial plays games 0..N-1 on seeds `seed*100003 + i`, the same seeds as
  every other trial and as the base game (played first, for reference and for `--keep`): what differs
  between two trials is the rules, not the deal;
- **samplers.** One goal: TPE (random for the first trials); several: NSGA-II, whose answer is a Pareto
  front. A fresh sampler is seeded for every trial from the run seed and the trial's place in the study,
  so a study is a function of its settings and of what it has seen, never of the process that runs it;
- **batches.** `--batch K` trials are asked at once (TPE's constant liar keeps them apart) and their
  games are played together, over `--workers` processes or Ray workers; the study depends on K, never
  on the workers or the backend;
- **more games for the promising.** With one goal, games are played in rungs (min-games, twice that ...,
  up to --games) and Optuna's successive-halving pruner stops a trial that is not in the better half of
  the trials that reached the same rung (its estimate is kept, marked pruned). Several goals play every
  trial in full (Optuna prunes single-objective studies only);
- **resuming.** The study lives in DIR/study.db (Optuna's RDB storage on SQLite) and every game in
  DIR/games.jsonl. A killed run leaves its last batch running in the database; `--resume` takes those
  trials up with the values they hold, replays none of their games, and goes on as the run would have.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .goals import Goal, Keep
from .knobs import Knob, settings
from .simulation import game_seed
from .tune_runner import GameCache, Runner

STUDY = "tune"
REDUCTION = 2  # successive halving keeps the better half of a rung


@dataclass
class TuneSpec:
    """Everything that decides a study (stored beside it: a resumed run must say the same)."""

    game_id: str
    players: int
    bots: list[str]
    packs: list[str]
    variants: list[str]
    knobs: list[Knob]
    goals: list[Goal]
    keeps: list[Keep] = field(default_factory=list)
    trials: int = 20
    games: int = 20
    min_games: int = 0
    batch: int = 4
    seed: int = 1
    prune: bool = True
    confirm: int = 0
    custom: list[str] = field(default_factory=list)  # measures of hook firings (custom_measures.py)

    def identity(self) -> dict:
        """What must match for --resume (the number of trials may grow)."""
        data = asdict(self)
        data.pop("trials")
        return json.loads(json.dumps(data))

    def rungs(self) -> list[int]:
        """The game counts at which a trial is estimated (and may be pruned): m, 2m, 4m ... then --games."""
        if not self.pruning():
            return [self.games]
        m, out = self.first_rung(), []
        while m < self.games:
            out.append(m)
            m *= REDUCTION
        return out + [self.games]

    def first_rung(self) -> int:
        return self.min_games or max(2, self.games // 4)

    def pruning(self) -> bool:
        return self.prune and len(self.goals) == 1 and self.first_rung() < self.games


def _optuna():
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
    return optuna


def constraints(trial) -> list[float]:
    """Optuna's constraints: each --keep's excess over its band (<= 0 is within it)."""
    return list(trial.user_attrs.get("constraints", []))


def _own_constraints(optuna) -> bool:
    """Optuna 5 keeps a trial's constraints on the trial (set_constraint); Optuna 4 asks a function."""
    return hasattr(optuna.trial.Trial, "set_constraint")


def _constrain(trial, kept: list[dict]) -> None:
    """Set the trial's constraints once, just before it is told (Optuna 5 keeps the first value set)."""
    import optuna

    if _own_constraints(optuna):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a trial taken up after a kill may have them already
            for k in kept:
                trial.set_constraint(k["keep"], k["excess"])


def make_sampler(spec: TuneSpec, place: int):
    """The sampler for the trial asked at `place` in the study: TPE for one goal, NSGA-II for several."""
    optuna = _optuna()
    seed = (spec.seed * 1_000_003 + place) % 2**32
    kept = constraints if spec.keeps and not _own_constraints(optuna) else None
    if len(spec.goals) == 1:
        return optuna.samplers.TPESampler(seed=seed, n_startup_trials=max(2, min(10, spec.trials // 3)),
                                          constraints_func=kept)
    return optuna.samplers.NSGAIISampler(seed=seed, population_size=max(4, min(50, spec.trials // 3)),
                                         constraints_func=kept)


def open_study(spec: TuneSpec, out: Path):
    optuna = _optuna()
    storage = optuna.storages.RDBStorage(f"sqlite:///{(out / 'study.db').resolve()}")
    pruner = (optuna.pruners.SuccessiveHalvingPruner(min_resource=spec.first_rung(), reduction_factor=REDUCTION)
              if spec.pruning() else optuna.pruners.NopPruner())
    return optuna.create_study(storage=storage, study_name=STUDY, directions=["minimize"] * len(spec.goals),
                               load_if_exists=True, sampler=make_sampler(spec, 0), pruner=pruner)


class Evaluator:
    """Plays (or finds in the cache) the games of one set-up of the rules and estimates the goals."""

    def __init__(self, spec: TuneSpec, runner: Runner, cache: GameCache, on_game: Callable[[], None] | None = None):
        self.spec, self.runner, self.cache, self.on_game = spec, runner, cache, on_game

    def tasks(self, texts: list[str], start: int, stop: int) -> dict:
        """The game tasks of a set-up (the knobs' settings `texts`) for game indices start..stop-1."""
        s = self.spec
        base = {"players": s.players, "bots": s.bots, "packs": s.packs, "variants": [*s.variants, *texts],
                "game_id": s.game_id, **({"custom": s.custom} if s.custom else {})}
        out: dict = {"plain": [], "worth": {}}
        if any(g.kind != "worth" for g in s.goals) or s.keeps:
            out["plain"] = [{**base, "game": i, "seed": game_seed(s.seed, i)} for i in range(start, stop)]
        for g in s.goals:
            if g.kind == "worth":
                out["worth"][g.content_id] = [
                    {**base, "seed": game_seed(s.seed, i), "index": i, "game": i * (s.players + 1) + k,
                     "restrict": g.content_id, "forbidden": seat}
                    for i in range(start, stop) for k, seat in enumerate([None, *range(s.players)])]
        return out

    def play(self, sets: list[list[str]], start: int, stop: int) -> list[dict]:
        """Every set-up's records for games start..stop-1, their games played together (one call to the runner)."""
        per = [self.tasks(t, start, stop) for t in sets]
        flat = [t for p in per for t in [*p["plain"], *(x for v in p["worth"].values() for x in v)]]
        self.runner.play(flat, self.cache, self.on_game)
        return [{"plain": [self.cache.get(t) for t in p["plain"]],
                 "worth": {k: [self.cache.get(t) for t in v] for k, v in p["worth"].items()}} for p in per]

    def estimates(self, data: dict) -> list[dict]:
        return [{"goal": g.name, **g.estimate(data, self.spec.players)} for g in self.spec.goals]

    def kept(self, data: dict, base: dict) -> list[dict]:
        return [{"keep": k.name, **k.check(data["plain"], base["plain"])} for k in self.spec.keeps]


def _state_names(optuna) -> dict:
    s = optuna.trial.TrialState
    return {"finished": (s.COMPLETE, s.PRUNED), "running": s.RUNNING}


def _record(trial, spec: TuneSpec, ev: Evaluator, data: dict, base: dict, games: int) -> list[dict]:
    est = ev.estimates(data)
    kept = ev.kept(data, base)
    trial.set_user_attr("settings", settings(spec.knobs, trial.params))
    trial.set_user_attr("games", games)
    trial.set_user_attr("estimates", est)
    trial.set_user_attr("keeps", kept)
    trial.set_user_attr("constraints", [k["excess"] for k in kept])
    return est


def run_batch(study, trials: list, spec: TuneSpec, ev: Evaluator, base: dict) -> None:
    """Play a batch of asked trials rung by rung, pruning with one goal, and tell Optuna each result."""
    optuna = _optuna()
    active = list(trials)
    rungs = spec.rungs()
    for n in rungs:
        if not active:
            break
        sets = [settings(spec.knobs, t.params) for t in active]
        datas = ev.play(sets, 0, n)
        last = n == rungs[-1]
        still = []
        for t, data in zip(active, datas, strict=True):
            est = _record(t, spec, ev, data, base, n)
            if last:
                _constrain(t, t.user_attrs["keeps"])
                study.tell(t, [e["value"] for e in est])
                continue
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # a trial taken up after a kill has reported this rung already
                t.report(est[0]["value"], n)
            still.append(t)
        active = []
        for t in still:
            if t.should_prune():
                _constrain(t, t.user_attrs["keeps"])
                study.tell(t, state=optuna.trial.TrialState.PRUNED)
            else:
                active.append(t)


def run_study(spec: TuneSpec, out: Path, runner: Runner, say: Callable[[str], None]) -> tuple:
    """Run (or resume) the study to spec.trials finished trials; the study, the base game's records on the
    search seeds and the cache."""
    optuna = _optuna()
    names = _state_names(optuna)
    cache = GameCache(out / "games.jsonl")
    ev = Evaluator(spec, runner, cache)
    base = ev.play([[]], 0, spec.games)[0]
    study = open_study(spec, out)
    knobs = spec.knobs
    while True:
        trials = study.get_trials(deepcopy=False)
        finished = [t for t in trials if t.state in names["finished"]]
        running = [t for t in trials if t.state == names["running"]]
        if len(finished) >= spec.trials and not running:
            break
        batch = [optuna.trial.Trial(study, t._trial_id) for t in running]
        asked = len(finished) + len(running)
        fill = (-asked) % spec.batch if running else spec.batch
        for _ in range(min(fill, spec.trials - asked)):
            study.sampler = make_sampler(spec, asked)
            t = study.ask()
            for k in knobs:
                k.suggest(t)
            batch.append(t)
            asked += 1
        for t in batch:  # a trial taken up after a kill may lack values it had not drawn yet
            for k in knobs:
                k.suggest(t)
        run_batch(study, batch, spec, ev, base)
        done = len(finished) + len(batch)
        say(f"trials {done}/{spec.trials}; games played {cache.played} (cached {len(cache.records)})")
    return study, base, cache, ev


def finished_trials(study) -> list[dict]:
    """Every finished trial as plain data, in the order asked."""
    optuna = _optuna()
    rows = []
    for t in study.get_trials(deepcopy=False, states=_state_names(optuna)["finished"]):
        a = t.user_attrs
        rows.append({"number": t.number, "state": t.state.name.lower(), "params": dict(t.params),
                     "settings": a.get("settings", []), "games": a.get("games", 0),
                     "estimates": a.get("estimates", []), "keeps": a.get("keeps", []),
                     "feasible": all(x <= 0 for x in a.get("constraints", [])),
                     "values": list(t.values) if t.values is not None else None})
    return rows
