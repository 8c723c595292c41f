"""The report of a `rulewright tune` study: tune.json (everything), trials.csv (one row a trial), the text
a person reads (fitted to the terminal), and what the plot and the variant file are drawn from."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from .fit_table import fit_table, wrap
from .setups import bots_text
from .tuning import TuneSpec

METHOD = ("every trial plays the same seeds (common random numbers); a goal's estimate is a distance to "
          "minimise with its 95% interval (a target: Student's t on the games; fair seats: a seeded percentile "
          "bootstrap; worth: restricted play paired by seed); one goal: TPE with successive halving; several: "
          "NSGA-II, whose answer is a Pareto front; the chosen values are played again on fresh seeds")


def result_of(spec: TuneSpec, base: list[dict], rows: list[dict], chosen: dict | None, front: list[dict],
              note: str, confirmation: dict | None, importance: list[dict], played: int, cached: int) -> dict:
    return {"method": METHOD, "game": spec.game_id, "players": spec.players, "bots": spec.bots,
            "bots_text": bots_text(spec.bots, spec.players), "packs": spec.packs, "variants": spec.variants,
            "seed": spec.seed, "knobs": [{"path": k.path, "kind": k.kind, "text": k.text()} for k in spec.knobs],
            "goals": [{"name": g.name, "means": g.means} for g in spec.goals],
            "keeps": [k.name for k in spec.keeps], "trials_wanted": spec.trials, "games": spec.games,
            "rungs": spec.rungs(), "batch": spec.batch,
            "sampler": "TPE" if len(spec.goals) == 1 else "NSGA-II", "pruning": spec.pruning(),
            "base": base, "trials": rows, "chosen": chosen, "front": front, "note": note,
            "confirmation": confirmation, "importance": importance, "games_played": played,
            "games_in_study": cached}


def _share(goal: str) -> bool:
    return goal == "fair seats" or goal.startswith("worth ")


def _f(x: float, share: bool) -> str:
    return f"{x * 100:.1f}%" if share else f"{x:.2f}"


def estimate_text(e: dict) -> str:
    """`4.00 [3.80, 4.20]`: the quantity a goal reads (mean, gap or worth) with its 95% interval."""
    s = _share(e["goal"])
    return f"{_f(e['raw'], s)} [{_f(e['raw_low'], s)}, {_f(e['raw_high'], s)}]"


def _settings(row: dict) -> str:
    return " ".join(row["settings"]) or "(base)"


def report_lines(result: dict, width: int) -> list[str]:
    out = wrap(f"tune: {result['game']}, {result['players']} players; bots: {result['bots_text']}", width, "  ")
    out += wrap("knobs: " + "; ".join(k["text"] for k in result["knobs"]), width, "  ")
    out += wrap("goals: " + "; ".join(f"{g['name']} ({g['means']})" for g in result["goals"])
                + ("; " + "; ".join(result["keeps"]) if result["keeps"] else ""), width, "  ")
    prune = (f"successive halving at {', '.join(map(str, result['rungs'][:-1]))} games" if result["pruning"]
             else "every trial played in full")
    out += wrap(f"search: {result['trials_wanted']} trials of up to {result['games']} games on the same seeds "
                f"({result['sampler']}; {prune}), batches of {result['batch']}, seed {result['seed']}", width, "  ")
    rows = result["trials"]
    pruned = sum(r["state"] == "pruned" for r in rows)
    out += wrap(f"trials: {len(rows)} finished ({len(rows) - pruned} complete, {pruned} pruned); "
                f"{result['games_played']} games played in this run, {result['games_in_study']} in the study", width)
    out += wrap("base game on the search seeds: " + "; ".join(f"{e['goal']}: {estimate_text(e)}"
                                                              for e in result["base"]), width, "  ")
    if result["note"]:
        out += wrap(f"note: {result['note']}", width, "  ")
    chosen = result["chosen"]
    if chosen is None:
        return out
    if result["front"]:
        out += [""] + wrap(f"Pareto front ({len(result['front'])} of the complete trials; distances, lower is "
                           "better):", width)
        cells = [[str(r["number"]), _settings(r), *(_f(v, _share(g["name"])) for v, g in
                                                       zip(r["values"], result["goals"], strict=True))]
                 for r in result["front"]]
        lines, _ = fit_table(["trial", "values", *(g["name"] for g in result["goals"])], cells, width)
        out += lines
    out += [""] + wrap(f"chosen: trial {chosen['number']}: {_settings(chosen)}", width, "  ")
    conf = result["confirmation"]
    if conf:
        head = ["goal", f"search ({result['games']} games)", f"fresh ({conf['games']} games)", "base, fresh", "agrees"]
        cells = [[g["goal"], estimate_text(g["search"]), estimate_text(g["fresh"]), estimate_text(g["base"]),
                  "yes" if g["agrees"] else "NO"] for g in conf["goals"]]
        lines, _ = fit_table(head, cells, width, optional=[3])
        out += lines
        for g in conf["goals"]:
            v, s = g["versus_base"], _share(g["goal"])
            out += wrap(f"{g['goal']} against the base game on the fresh seeds: distance {_f(v['diff'], s)} "
                        f"[{_f(v['low'], s)}, {_f(v['high'], s)}] (paired bootstrap): {v['verdict']}", width, "  ")
        for k in conf["keeps"]:
            inside = "within" if k["excess"] <= 0 else "OUTSIDE"
            out += wrap(f"{k['keep']}: {k['mean']:.2f} against {k['base']:.2f} on the fresh seeds, {inside} the "
                        f"band of {k['band']:.2f}", width, "  ")
        if conf["holds"]:
            out += wrap(f"confirmation on {conf['games']} fresh seeds: holds (every goal's estimate agrees with "
                        "the search's)", width, "  ")
        else:
            bad = ", ".join(g["goal"] for g in conf["goals"] if not g["agrees"])
            out += wrap(f"confirmation on {conf['games']} fresh seeds: DOES NOT HOLD for {bad}: the search's figure "
                        "was partly the luck of its seeds; trust the fresh one, or tune with more games", width, "  ")
    else:
        out += wrap("not confirmed (--confirm 0)", width, "  ")
    for imp in result["importance"]:
        if imp["importance"]:
            out += wrap(f"importance for {imp['goal']}: " + ", ".join(
                f"{k} {v:.2f}" for k, v in sorted(imp["importance"].items(), key=lambda kv: -kv[1])), width, "  ")
    return out


def write_outputs(result: dict, out: Path) -> None:
    (out / "tune.json").write_text(json.dumps(result, indent=2, sort_keys=True) + "\n")
    goals = [g["name"] for g in result["goals"]]
    with (out / "trials.csv").open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["trial", "state", "games", "feasible", *(k["path"] for k in result["knobs"]),
                    *(f"{g} {x}" for g in goals for x in ("distance", "low", "high", "estimate"))])
        for r in result["trials"]:
            est = {e["goal"]: e for e in r["estimates"]}
            w.writerow([r["number"], r["state"], r["games"], r["feasible"],
                        *(r["params"].get(k["path"], "") for k in result["knobs"]),
                        *(round(est[g][x], 6) for g in goals for x in ("value", "low", "high", "raw"))])
