"""What `rulewright compare` runs (compare.py is the command): rule set-ups played on the same seeds, each against the first (the baseline).

For every measure the game supplies (engine/measures.py) the report gives both means, the paired
difference with its 95% interval and whether it is decided after Holm's correction (tools/playtest/setups.py,
tools/playtest/paired.py). `--until-decided` plays batches of --games until every chosen measure is decided or
--max-games is reached. The table fits the width (tools/playtest/fit_table.py); compare.csv and compare.json
hold every figure, compare.png draws every difference with its interval.
"""

from __future__ import annotations

from pathlib import Path

import typer

from ..common.variant_guard import notice_lines
from .fit_table import fit_table, wrap
from .sequential import METHOD as SEQ_METHOD
from .sequential import Sequential, look_lines, plan
from .setups import (
    METHOD,
    all_decided,
    bots_text,
    check_setups,
    differences,
    fmt,
    interval,
    labels,
    measures_of,
    parse_setup,
    play_setups,
    removes_of,
    write_json_csv,
)
from .study_plots import forest_plot

CSV_FIELDS = ["setup", "setup_name", "setup_removes", "measure", "label", "n", "paired_on_seeds", "base_mean", "mean",
              "diff", "low", "high", "p", "p_holm", "decided", "decided_at_look"]


def legend_lines(result: dict, width: int) -> list[str]:
    """The set-ups' full names and the measures' labels, wrapped to the width (names are never cut)."""
    lines = []
    for s in result["setups"]:
        role = " (baseline)" if s["label"] == result["setups"][0]["label"] else ""
        lines += wrap(f"{s['label']} = {s['name']}{role}", width, "    ")
        lines += ["  " + x for x in notice_lines(s.get("report") or [], width - 2)]
    seen: dict[str, str] = {}
    for r in result["rows"]:
        key = r["measure"].partition("[")[0]
        seen.setdefault(key, r["label"].rsplit(", seat", 1)[0] + (" (per seat [s])" if "[" in r["measure"] else ""))
    lines += wrap("measures: " + "; ".join(f"{k} = {v}" for k, v in seen.items()), width, "  ")
    return lines


def table_lines(result: dict, width: int) -> list[str]:
    """The report as text lines no wider than `width` (one block per set-up against the baseline)."""
    base = result["setups"][0]["label"]
    out = legend_lines(result, width)
    out += wrap(f"bots: {result['bots_text']}", width, "  ")
    for s in result["setups"][1:]:
        rows = [r for r in result["rows"] if r["setup"] == s["label"]]
        n = rows[0]["n"] if rows else 0
        pairing = "paired games" if not rows or rows[0]["paired_on_seeds"] else "games paired by index (own seeds)"
        family = result.get("family") or len(rows)
        others = len(result["setups"]) - 1
        over = f"{family} tests ({others} set-ups x {family // max(1, others)} measures)" if others > 1 \
            else f"{family} measures"
        how = "group-sequential (see below)" if result.get("sequential") else "Holm"
        out += [""] + wrap(f"{s['label']} - {base}: {n} {pairing}; 95% intervals, decided = {how} over {over}",
                           width)
        seq = bool(result.get("sequential"))
        cells = [[r["measure"], fmt(r["base_mean"], r["share"]), fmt(r["mean"], r["share"]),
                  fmt(r["diff"], r["share"], True), interval(r["low"], r["high"], r["share"]),
                  f"{r['p']:.3f}" if seq else f"{r['p_holm']:.3f}",
                  (f"yes, look {r['decided_at_look']}" if seq else "yes") if r["decided"] else "no"] for r in rows]
        lines, dropped = fit_table(["measure", base, s["label"], "diff", "95% interval", "p" if seq else "p Holm",
                                    "decided"], cells, width, optional=[5, 1, 2])
        out += lines
        if dropped:
            out += wrap(f"(left out to fit: {', '.join(dropped)}; all in compare.csv)", width)
    if result.get("sequential"):
        out += [""] + [x for line in look_lines(result["sequential"]) for x in wrap(line, width, "    ")]
    return out


def write_outputs(result: dict, out: Path) -> None:
    write_json_csv(result, result["rows"], CSV_FIELDS, out, "compare")

    forest_plot(result, out / "compare.png")


def run_compare(names: list[str], game_id: str, common: dict, out: Path, games: int, run: dict,
                until_decided: bool = False, max_games: int = 0, chosen: list[str] | None = None,
                allow_noop: bool = False, settings_may_be_noop: bool = False) -> dict:
    """Play the set-ups and return the comparison: every set-up against the first, decided by Holm over all
    set-ups and measures; with `until_decided`, in planned looks of `games` pairs up to `max_games`, decided
    by the group-sequential design of sequential.py (the looks and their thresholds in `sequential`).

    `common["custom"]` holds custom measures (custom_measures.py) played and reported beside the game's."""
    setups = [parse_setup(n) for n in names]
    for s, label in zip(setups, labels(len(setups)), strict=True):
        s["label"] = label
    check_setups(setups, game_id, allow_noop, settings_may_be_noop)
    measures = measures_of(game_id, common.get("custom"))
    schedule = plan(games, max(games, max_games)) if until_decided else (games,)
    seq = Sequential(schedule) if until_decided else None
    rows: list[dict] = []
    total = games
    for k, total in enumerate(schedule):
        records = play_setups(setups, common, out, total, run, resume=k > 0)
        rows = differences(setups, records, measures, chosen)
        if chosen and not rows:
            raise typer.BadParameter(f"no measure named {', '.join(chosen)}; this game measures: "
                                     f"{', '.join(m.key for m in measures.measures)}")
        if seq is None:
            break
        decided = seq.look({f"{r['setup']}:{r['measure']}": r["p"] for r in rows})
        for r in rows:
            key = f"{r['setup']}:{r['measure']}"
            r["decided"] = decided[key]
            r["decided_at_look"] = seq.decided_at[key] + 1 if key in seq.decided_at else None
        if seq.all_decided():
            break
    removed = {s["label"]: removes_of(s) for s in setups}
    for r in rows:
        r["setup_removes"] = removed[r["setup"]]
    return {"method": SEQ_METHOD if seq else METHOD, "game": game_id, "players": common["players"],
            "bots": common["bots"], "bots_text": bots_text(common["bots"], common["players"]), "games": total,
            "seed": common["seed"], "custom": list(common.get("custom") or []),
            "setups": [{k: s[k] for k in ("label", "name", "packs", "variants", "seed", "report")} for s in setups],
            "until_decided": until_decided, "all_decided": all_decided(rows), "family": len(rows),
            "sequential": seq.to_json() if seq else None, "rows": rows}
