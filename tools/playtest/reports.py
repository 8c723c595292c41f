"""The HTML reports of compare, sweep and balance (html_report.py builds the file): what each holds.

Every report has the command that made it, the bots of every seat, the run seed and how each game's seed
follows from it, each set-up's variants with their diffs, the full table (every column, whatever the
terminal), and the figures. The tables are the same rows as the terminal's and the CSV's.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from .html_report import Report
from .sequential import look_lines
from .setups import fmt, interval

SEEDS = "game i of every set-up plays seed {seed}*100003+i (the same deal, board and bot seeds)"


def _common(report: Report, argv: Sequence[str], result: dict) -> None:
    report.heading("How it was made")
    report.command(argv)
    report.para(f"game: {result['game']}; {result['players']} players; bots: {result['bots_text']}")
    report.para(SEEDS.format(seed=result["seed"]) + f"; {result['games']} games per set-up")
    report.para(f"method: {result['method']}", "note")
    report.heading("Set-ups")
    for s in result["setups"]:
        report.para(f"{s['label']} = {s['name']}" + (" (the baseline)" if s is result["setups"][0] else ""))
        report.variants(s["label"], s.get("report") or [])


def compare_html(result: dict, argv: Sequence[str], figure: Path, path: Path) -> Path:
    """compare's report: the set-ups and their diffs, every difference with its interval, the forest plot."""
    report = Report(f"compare: {', '.join(s['name'] for s in result['setups'])}")
    _common(report, argv, result)
    report.heading("Differences to the baseline")
    seq = bool(result.get("sequential"))
    rows = [[r["setup"], r["measure"], r["label"], fmt(r["base_mean"], r["share"]), fmt(r["mean"], r["share"]),
             fmt(r["diff"], r["share"], True), interval(r["low"], r["high"], r["share"]), f"{r['p']:.4f}",
             f"{r['p_holm']:.4f}", ("yes" + (f", look {r['decided_at_look']}" if seq else "")) if r["decided"] else "no"]
            for r in result["rows"]]
    report.table(["set-up", "measure", "what", "baseline", "set-up mean", "diff", "95% interval", "p", "p Holm",
                  "decided"], rows, [r["decided"] for r in result["rows"]])
    if seq:
        report.heading("Sequential looks")
        report.pre(look_lines(result["sequential"]))
    report.heading("Forest plot")
    report.image(figure, "each set-up's difference to the baseline, with its 95% interval")
    return report.write(path)


def sweep_html(result: dict, argv: Sequence[str], figure: Path, path: Path) -> Path:
    """sweep's report: each value's set-up, every measure's mean and interval per value, the panels."""
    report = Report(f"sweep: {result['path']} over {', '.join(v['value'] for v in result['values'])}")
    _common(report, argv, result)
    report.para(f"base value (the rules the sweep starts from): {result.get('base_value')!r}")
    report.heading("Every measure against the value")
    rows = [[r["measure"], r["value"] + (" (base)" if r.get("base") else ""), fmt(r["mean"], r["share"]),
             interval(r["low"], r["high"], r["share"], sign=False), r.get("interval", ""),
             fmt(r["diff"], r["share"], True) if "diff" in r else "",
             ("yes" if r["decided"] else "no") if "decided" in r else ""] for r in result["means"]]
    report.table(["measure", "value", "mean", "95% interval", "interval", f"diff to {result['values'][0]['value']}",
                  "decided"], rows, [bool(r.get("decided")) for r in result["means"]])
    report.heading("Figures")
    report.image(figure, "every measure against the swept value")
    return report.write(path)


def balance_html(rep: dict, argv: Sequence[str], lines: Sequence[str], figures: Sequence[tuple[Path, str]],
                 path: Path) -> Path:
    """balance's report (or restricted play's): the command, bots, seeds, variants, the report, its figures."""
    s = rep["settings"]
    report = Report(f"balance: {s['game']}, {s['players']} players")
    report.heading("How it was made")
    report.command(argv)
    report.para(f"bots per seat: {', '.join(s['bots'])}; game i plays seed {s['seed']}*100003+i; "
                f"packs: {', '.join(s['packs'])}")
    report.variants("the rules", rep.get("variants") or [])
    report.heading("Report")
    report.pre(lines)
    for figure, alt in figures:
        report.image(figure, alt)
    return report.write(path)
