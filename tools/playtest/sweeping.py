"""What `rulewright sweep PATH=V1,V2,...` runs (sweep.py is the command): one rules-data value varied over the same seeds, every measure against it.

Each value becomes a set-up `PATH=V` (dsl/rules_paths.py builds the overlay a variant file holding it would
be and merges it as every variant is merged), played on the same game seeds as the others; the report gives
each measure's mean with its 95% interval per value, and the paired difference to the first value decided
as compare decides it (tools/playtest/setups.py). sweep.csv, sweep.json and sweep.png hold it all.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from ...dsl.rules_paths import value_at
from ...dsl.yamlsafe import safe_load
from ...engine import games
from .fit_table import fit_table, wrap
from .paired import mean_interval
from .setups import (
    fmt,
    interval,
    parse_setup,
    write_json_csv,
)
from .stats import wilson
from .study_plots import sweep_plot


def split_values(text: str) -> list[str]:
    """`0,1,2` -> ['0', '1', '2']; commas inside brackets stay (`[3,5],[4,6]` is two values)."""
    out, depth, cur = [], 0, ""
    for ch in text:
        depth += ch in "[{"
        depth -= ch in "]}"
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    out.append(cur.strip())
    return [v for v in out if v]


def parse_sweep(spec: str) -> tuple[str, list[str]]:
    path, eq, values = spec.partition("=")
    vals = split_values(values)
    if not eq or not path.strip() or len(vals) < 2:
        raise typer.BadParameter(f"write PATH=V1,V2,... with at least two values, e.g. params.rounds=4,5,6 "
                                 f"(got {spec!r})")
    return path.strip(), vals


def base_value(game_id: str, under: str, path: str) -> Any:
    """The value the path has in the rules the sweep starts from (its `--pack`s and `--variant`s): its base."""
    s = parse_setup(under or "base")
    defn = games.find(game_id).definition(s["packs"], s["variants"])
    return value_at(defn.rules, defn.content, path)


def is_base(value: str, base: Any) -> bool:
    try:
        return safe_load(value) == base
    except Exception:  # a value that is no YAML was refused before any game
        return False


def level(values: list[float], share: bool) -> dict:
    """A value's mean with its 95% interval within what is possible: Wilson's for a rate (a share of wins),
    Student's t cut at 0 for a count (no measure of a game is negative)."""
    if share:
        rate, low, high = wilson(sum(values), len(values))
        return {"n": len(values), "mean": sum(values) / len(values) if values else 0.0, "low": low, "high": high,
                "interval": "Wilson"}
    m = mean_interval(values)
    if values and min(values) >= 0:
        m["low"] = max(0.0, m["low"])
    return {**m, "interval": "t"}


def sweep_result(compared: dict, path: str, values: list[str], records_cols: dict, base: Any = None,
                 chosen: list[str] | None = None) -> dict:
    """The compare result with, per measure and value, the mean and its interval (and the decision against
    the first value); which value is the base one."""
    by_key = {(r["measure"], r["setup"]): r for r in compared["rows"]}
    means = []
    for col, per in records_cols.items():
        if chosen and col not in chosen and col.partition("[")[0] not in chosen:
            continue
        for k, (s, v) in enumerate(zip(compared["setups"], values, strict=True)):
            d = by_key.get((col, s["label"]))
            share = d["share"] if d else next((r["share"] for r in compared["rows"] if r["measure"] == col), False)
            m = level(per[k], share)
            row = {"measure": col, "label": d["label"] if d else col, "value": v, "setup": s["label"],
                   "share": share, "n": m["n"],
                   "mean": m["mean"], "low": m["low"], "high": m["high"], "interval": m["interval"],
                   "base": is_base(v, base),
                   **({"diff": d["diff"], "diff_low": d["low"], "diff_high": d["high"], "p_holm": d["p_holm"],
                       "decided": d["decided"]} if d else {})}
            means.append(row)
    return {**compared, "path": path, "base_value": base,
            "values": [{"value": v, "setup": s["label"], "base": is_base(v, base)}
                       for v, s in zip(values, compared["setups"], strict=True)],
            "means": means}


def sweep_lines(result: dict, width: int) -> list[str]:
    first = result["values"][0]["value"]
    out = wrap(f"{result['path']} swept over {', '.join(v['value'] for v in result['values'])}: "
               f"{result['games']} games per value on the same seeds; bots: {result['bots_text']}", width)
    out += wrap(f"mean with its 95% interval (Wilson's for a rate, never below 0 for a count); diff = paired "
                f"difference to {first}, decided by Holm over every value and measure; (base) marks the value of "
                "the rules the sweep starts from", width)
    cells, last = [], None
    for r in result["means"]:
        cells.append([r["measure"] if r["measure"] != last else "", r["value"] + (" (base)" if r.get("base") else ""),
                      fmt(r["mean"], r["share"]),
                      interval(r["low"], r["high"], r["share"], sign=False),
                      fmt(r["diff"], r["share"], True) if "diff" in r else "",
                      ("yes" if r["decided"] else "no") if "decided" in r else ""])
        last = r["measure"]
    lines, dropped = fit_table(["measure", "value", "mean", "95% interval", f"diff to {first}", "decided"], cells,
                               width, optional=[4])
    out += lines
    if dropped:
        out += wrap(f"(left out to fit: {', '.join(dropped)}; all in sweep.csv)", width)
    return out


def write_sweep(result: dict, out: Path) -> None:
    fields = ["measure", "value", "base", "n", "mean", "low", "high", "interval", "diff", "diff_low", "diff_high",
              "p_holm", "decided"]
    write_json_csv(result, result["means"], fields, out, "sweep")

    sweep_plot(result, out / "sweep.png")


