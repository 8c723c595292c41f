"""What `rulewright sweep PATH=V1,V2,...` runs (sweep.py is the command): one rules-data value varied over the same seeds, every measure against it.

Each value becomes a set-up `PATH=V` (dsl/rules_paths.py builds the overlay a variant file holding it would
be and merges it as every variant is merged), played on the same game seeds as the others; the report gives
each measure's mean with its 95% interval per value, and the paired difference to the first value decided
as compare decides it (tools/playtest/setups.py). sweep.csv, sweep.json and sweep.png hold it all.
"""

from __future__ import annotations

from pathlib import Path

import typer

from .fit_table import fit_table, wrap
from .paired import mean_interval
from .plots import sweep_plot
from .setups import (
    clip_share,
    fmt,
    interval,
    write_json_csv,
)


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


def sweep_result(compared: dict, path: str, values: list[str], records_cols: dict) -> dict:
    """The compare result with, per measure and value, the mean and its interval (and the decision against
    the first value)."""
    by_key = {(r["measure"], r["setup"]): r for r in compared["rows"]}
    means = []
    for col, per in records_cols.items():
        for k, (s, v) in enumerate(zip(compared["setups"], values, strict=True)):
            m = mean_interval(per[k])
            d = by_key.get((col, s["label"]))
            share = d["share"] if d else next((r["share"] for r in compared["rows"] if r["measure"] == col), False)
            row = {"measure": col, "value": v, "setup": s["label"], "share": share, "n": m["n"],
                          "mean": m["mean"], "low": m["low"], "high": m["high"],
                          **({"diff": d["diff"], "diff_low": d["low"], "diff_high": d["high"], "p_holm": d["p_holm"],
                              "decided": d["decided"]} if d else {})}
            clip_share(row, "low", "high", 0.0)
            means.append(row)
    return {**compared, "path": path, "values": [{"value": v, "setup": s["label"]}
                                                 for v, s in zip(values, compared["setups"], strict=True)],
            "means": means}


def sweep_lines(result: dict, width: int) -> list[str]:
    first = result["values"][0]["value"]
    out = wrap(f"{result['path']} swept over {', '.join(v['value'] for v in result['values'])}: "
               f"{result['games']} games per value on the same seeds; bots: {result['bots_text']}", width)
    out += wrap(f"mean with its 95% interval; diff = paired difference to {first}, decided by Holm over the "
                "measures of each value", width)
    cells, last = [], None
    for r in result["means"]:
        cells.append([r["measure"] if r["measure"] != last else "", r["value"], fmt(r["mean"], r["share"]),
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
    fields = ["measure", "value", "n", "mean", "low", "high", "diff", "diff_low", "diff_high", "p_holm", "decided"]
    write_json_csv(result, result["means"], fields, out, "sweep")

    sweep_plot(result, out / "sweep.png")


