"""The answer of a `rulewright tune` study: the chosen values, their confirmation on fresh seeds, the Pareto
front, each knob's importance, and the variant file that holds the values.

- **Choosing.** One goal: the complete trial (played to --games, every --keep band kept) with the least
  distance. Several goals: the Pareto front of the complete trials that keep every band; the values
  written out are the front's member with the least sum of its distances, each divided by the base game's
  distance for that goal (so a goal the base game already nearly meets weighs more).
- **Confirming.** The chosen values and the base game play `--confirm` games on seeds never used in the
  search (game indices from --games on). The search's figure of a goal is the best of many noisy ones,
  so it flatters; the confirmation says whether it holds: the two estimates agree when their difference
  is within 1.96 standard errors (each read off its 95% interval), and the report says plainly when they
  do not. On the same fresh seeds, the chosen values' distance minus the base game's (a paired bootstrap
  over the games) says whether they beat the base game at all: closer, farther, or no different.
- **Importance.** Optuna's PED-ANOVA (Watanabe et al., IJCAI 2023) over the complete trials, per goal: how
  much each knob's values decide whether a trial is among the better ones (the best tenth, or the best
  two trials when there are fewer than twenty, at most the better half). It needs no random stream and no scikit-learn, so the
  same study gives the same figures.
"""

from __future__ import annotations

import math
import warnings
from pathlib import Path

from ...engine import games
from .goals import versus_base
from .knobs import variant_file
from .tuning import TuneSpec, _optuna

Z = 1.959964


def dominates(a: list[float], b: list[float]) -> bool:
    return all(x <= y for x, y in zip(a, b, strict=True)) and any(x < y for x, y in zip(a, b, strict=True))


def pareto_front(rows: list[dict]) -> list[dict]:
    """The rows no other row dominates (all goals minimised), in the order given; equal values kept once."""
    front, seen = [], set()
    for r in rows:
        key = tuple(r["values"])
        if key in seen or any(dominates(o["values"], r["values"]) for o in rows if o is not r):
            continue
        seen.add(key)
        front.append(r)
    return front


def choose(rows: list[dict], base: list[dict], goals: int) -> tuple[dict | None, list[dict], str]:
    """The chosen trial, the Pareto front (several goals) and a note when no trial keeps every band."""
    complete = [r for r in rows if r["state"] == "complete"]
    feasible = [r for r in complete if r["feasible"]]
    note = ""
    if complete and not feasible:
        note = "no complete trial kept every --keep band: the values shown break at least one"
        feasible = complete
    if not feasible:
        return None, [], "no trial was played to the end"
    if goals == 1:
        return min(feasible, key=lambda r: (r["values"][0], r["number"])), [], note
    front = pareto_front(feasible)
    scale = [b["value"] if b["value"] > 1e-12 else max(max(r["values"][i] for r in front), 1e-12)
             for i, b in enumerate(base)]
    best = min(front, key=lambda r: (sum(v / s for v, s in zip(r["values"], scale, strict=True)), r["number"]))
    return best, front, note


def agree(search: dict, fresh: dict) -> dict:
    """Do two independent estimates of one quantity agree (difference within 1.96 standard errors)?"""
    se = [(e["raw_high"] - e["raw_low"]) / (2 * Z) for e in (search, fresh)]
    diff = fresh["raw"] - search["raw"]
    spread = math.sqrt(se[0] ** 2 + se[1] ** 2)
    holds = abs(diff) <= 1e-9 if spread == 0 else abs(diff) <= Z * spread
    return {"diff": diff, "z": 0.0 if spread == 0 else diff / spread, "agrees": holds}


def confirm(spec: TuneSpec, ev, chosen: dict) -> dict:
    """The chosen values and the base game on `spec.confirm` fresh seeds (indices games..games+confirm-1)."""
    start, stop = spec.games, spec.games + spec.confirm
    mine, base = ev.play([chosen["settings"], []], start, stop)
    found, fresh, base_est = chosen["estimates"], ev.estimates(mine), ev.estimates(base)
    goals = []
    for g, s, f, b in zip(spec.goals, found, fresh, base_est, strict=True):
        goals.append({"goal": s["goal"], "search": s, "fresh": f, "base": b, **agree(s, f),
                      "versus_base": versus_base(g, mine, base, spec.players)})
    return {"games": spec.confirm, "first_index": start, "goals": goals, "keeps": ev.kept(mine, base),
            "holds": all(g["agrees"] for g in goals)}


def importance(study, spec: TuneSpec) -> list[dict]:
    """Each knob's importance per goal (PED-ANOVA); empty where the trials cannot say."""
    optuna = _optuna()
    out = []
    done = study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.COMPLETE,))
    for i, g in enumerate(spec.goals):
        try:
            if len(done) < 2:
                raise ValueError("fewer than two complete trials")
            ev = optuna.importance.PedAnovaImportanceEvaluator(target_quantile=max(0.1, min(0.5, 2 / len(done))))
            with warnings.catch_warnings():  # it warns that it reads lower as better, which is what tune means
                warnings.simplefilter("ignore")
                imp = optuna.importance.get_param_importances(study, evaluator=ev,
                                                              target=lambda t, i=i: t.values[i])
            out.append({"goal": g.name, "importance": {k: float(v) for k, v in imp.items()}})
        except (ValueError, RuntimeError, ZeroDivisionError) as err:
            out.append({"goal": g.name, "importance": {}, "why_not": str(err)[:200]})
    return out


def _entries(defn) -> dict:
    return {k: e.data for k, e in defn.content.entries.items()}


def changes_the_game(spec: TuneSpec, chosen: dict) -> bool:
    """Do the chosen values change the rules or content at all? (When the base game's values win, a variant
    file would change nothing: lint warns of such a file, so none is written.)"""
    module = games.find(spec.game_id)
    base = module.definition(spec.packs, spec.variants)
    tuned = module.definition(spec.packs, [*spec.variants, *chosen["settings"]])
    return base.rules != tuned.rules or _entries(base) != _entries(tuned)


def write_variant(spec: TuneSpec, chosen: dict, out: Path, confirmation: dict | None) -> Path:
    """DIR/tuned.yaml: the chosen values as a variant file, checked to give the rules the settings give."""
    module = games.find(spec.game_id)
    defn = module.definition(spec.packs, spec.variants)
    goals = ", ".join(g.name for g in spec.goals)
    under = f" on top of {', '.join(spec.variants)}" if spec.variants else ""
    said = ""
    if confirmation is not None:
        said = (f" On {confirmation['games']} fresh seeds the search's figures "
                + ("held" if confirmation["holds"] else "did not all hold (see tune.json)") + "; against the base "
                "game: " + "; ".join(f"{g['goal']} {g['versus_base']['verdict']}" for g in confirmation["goals"]) + ".")
    text = (f"Found by rulewright tune (trial {chosen['number']}, goals: {goals}; bots {','.join(spec.bots)}, "
            f"{spec.players} players){under}.{said}")
    path = out / "tuned.yaml"
    path.write_text(variant_file(defn.rules, chosen["settings"], f"Tuned ({goals})", text, spec.game_id, defn.content))
    with_file = module.definition(spec.packs, [*spec.variants, str(path.resolve())])
    with_settings = module.definition(spec.packs, [*spec.variants, *chosen["settings"]])
    if with_file.rules != with_settings.rules or _entries(with_file) != _entries(with_settings):
        raise RuntimeError("the written variant does not give the rules and content its settings give")
    return path
