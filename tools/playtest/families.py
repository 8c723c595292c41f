"""Verdicts across bot families: is a finding about the rules, or about the bots that played them?

`compare`, `balance` and restricted play (`balance --restrict ID`) take `--bots` more than once; each
`--bots` is one **family** (its comma list cycled over the seats, as with one). The study runs once per
family on the same seeds, each family's own report is written to its own folder, and the verdicts are
set side by side:

- compare: per set-up and measure, whether the paired difference is decided (Holm within that family's
  comparison, as compare always decides) and in which direction;
- balance: whether the seats' win rates are unequal (chi-square at 5%), and which seats win less or more
  than an equal share (their Wilson interval excludes it);
- restricted play: whether the id is worth something, or a handicap (decided as restricted_run.py decides:
  the exact sign test on enough informative seeds).

A verdict that holds under every family, in the same direction, reads **rules, not bots**; one that holds
under some families only, or in opposite directions, **depends on the bots** (the report names them); one
that holds under none, **not found**. No correction across families is needed for "rules, not bots": it
asks every family's test to reject on its own (an intersection-union test), which is stricter than any one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from .fit_table import fit_table, wrap
from .restricted_run import verdict
from .setups import fmt

RULES = "rules, not bots"
BOTS = "depends on the bots"
NONE = "not found"


def label(kinds: list[str]) -> str:
    """A family's name: its bots as written (`greedy`, `greedy,search:4`)."""
    return ",".join(kinds)


def folder_name(kinds: list[str]) -> str:
    return "bots-" + re.sub(r"[^A-Za-z0-9._=-]+", "_", label(kinds)).strip("_")


def combined(signs: list[int], names: list[str]) -> str:
    """The verdict across families from each family's: +1 or -1 when it holds in that direction, 0 when not."""
    held = [n for s, n in zip(signs, names, strict=True) if s]
    if held and len(held) == len(signs) and len(set(signs)) == 1:
        return RULES
    if not held:
        return NONE
    if len({s for s in signs if s}) > 1:
        return f"{BOTS} (opposite directions)"
    return f"{BOTS} (holds under {', '.join(held)} only)"


def _sign(decided: bool, value: float) -> int:
    return (1 if value > 0 else -1 if value < 0 else 0) if decided else 0


# ---- compare ---------------------------------------------------------------------------------------------

def compare_across(run_one: Callable[[list[str], Path], dict], families: list[list[str]], out: Path) -> dict:
    """Run one comparison per family (`run_one(kinds, folder)` returns compare's result) and set the
    verdicts side by side."""
    results = []
    for kinds in families:
        folder = out / folder_name(kinds)
        folder.mkdir(parents=True, exist_ok=True)
        results.append(run_one(kinds, folder))
    names = [label(k) for k in families]
    first = results[0]
    keyed = [{(r["setup"], r["measure"]): r for r in res["rows"]} for res in results]
    rows = []
    for r in first["rows"]:
        key = (r["setup"], r["measure"])
        per = [k.get(key) for k in keyed]
        if any(p is None for p in per):
            continue
        signs = [_sign(p["decided"], p["diff"]) for p in per]
        rows.append({"setup": r["setup"], "setup_name": r["setup_name"], "measure": r["measure"], "share": r["share"],
                     "per_family": [{"bots": n, "diff": p["diff"], "low": p["low"], "high": p["high"],
                                     "p_holm": p["p_holm"], "decided": p["decided"]}
                                    for n, p in zip(names, per, strict=True)],
                     "verdict": combined(signs, names)})
    across = {"families": names, "games": [res["games"] for res in results], "setups": first["setups"],
              "players": first["players"], "rows": rows,
              "folders": [folder_name(k) for k in families]}
    (out / "compare_families.json").write_text(json.dumps(across, indent=2, sort_keys=True) + "\n")
    return across


def compare_lines(across: dict, width: int) -> list[str]:
    names = across["families"]
    out = wrap(f"bot families: {'; '.join(names)} ({', '.join(str(g) for g in across['games'])} games each, "
               "the same seeds)", width, "  ")
    base = across["setups"][0]
    for s in across["setups"][1:]:
        rows = [r for r in across["rows"] if r["setup"] == s["label"]]
        out += [""] + wrap(f"{s['label']} - {base['label']} ({s['name']} against {base['name']}): the paired "
                           f"difference under each family, * where decided (Holm within the family); verdict "
                           f"across the families", width)
        cells = [[r["measure"], *(fmt(p["diff"], r["share"], True) + ("*" if p["decided"] else " ")
                                  for p in r["per_family"]), r["verdict"]] for r in rows]
        lines, _ = fit_table(["measure", *names, "verdict"], cells, width,
                             right=[False, *([True] * len(names)), False])
        out += lines
    held = sum(r["verdict"] == RULES for r in across["rows"])
    out += [""] + wrap(f"{held} of {len(across['rows'])} measure rows hold under every family (rules, not bots); "
                       "each family's own tables: compare.csv in its folder "
                       f"({', '.join(across['folders'])})", width)
    return out


# ---- balance and restricted play -------------------------------------------------------------------------

def seat_signs(rep: dict) -> list[int]:
    """Per seat: -1 when its win rate's interval lies below an equal share, +1 above, else 0."""
    n = len(rep["per_seat"])
    out = []
    for row in rep["per_seat"].values():
        lo, hi = row["win_rate_ci95"]
        out.append(-1 if hi < 1 / n else 1 if lo > 1 / n else 0)
    return out


def balance_across(run_one: Callable[[list[str], Path | None], dict], families: list[list[str]],
                   out: Path | None) -> dict:
    """One balance report per family (`run_one(kinds, folder)`), with the seat verdicts side by side."""
    reps = [run_one(k, None if out is None else out / folder_name(k)) for k in families]
    names = [label(k) for k in families]
    n = len(reps[0]["per_seat"])
    unequal = [1 if r["equality"]["p_value"] < 0.05 else 0 for r in reps]
    per_seat = [[seat_signs(r)[s] for r in reps] for s in range(n)]
    across = {"families": names, "reports": reps, "unequal": combined(unequal, names),
              "seats": [{"seat": s, "verdict": combined(per_seat[s], names)} for s in range(n)]}
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        slim = {**across, "reports": [{k: r[k] for k in ("games", "per_seat", "equality", "bots")} for r in reps]}
        (out / "balance_families.json").write_text(json.dumps(slim, indent=2, sort_keys=True) + "\n")
    return across


def _rate(row: dict) -> str:
    lo, hi = row["win_rate_ci95"]
    return f"{row['win_rate']:.1%} ({lo:.1%}-{hi:.1%})"


def balance_lines(across: dict, width: int) -> list[str]:
    reps, names = across["reports"], across["families"]
    n = len(reps[0]["per_seat"])
    s = reps[0]["settings"]
    out = wrap(f"{s['game']}: seat balance per bot family, {s['players']} players, {reps[0]['games']} games "
               f"each on the same seeds; win rate (95% Wilson interval), an equal share is {1 / n:.1%}", width)
    cells = [[name, *(_rate(r["per_seat"][str(k)]) for k in range(n)), f"{r['equality']['p_value']:.4f}"]
             for name, r in zip(names, reps, strict=True)]
    lines, _ = fit_table(["bots", *(f"seat {k}" for k in range(n)), "chi-square p"], cells, width)
    out += lines
    out += wrap(f"seats unequal (chi-square, 5%): {across['unequal']}", width, "  ")
    for row in across["seats"]:
        out += wrap(f"seat {row['seat']} away from an equal share: {row['verdict']}", width, "  ")
    return out


def restricted_across(run_one: Callable[[list[str], Path | None], dict], families: list[list[str]],
                      out: Path | None) -> dict:
    reps = [run_one(k, None if out is None else out / folder_name(k)) for k in families]
    names = [label(k) for k in families]
    signs = [(1 if r["worth"]["mean"] > 0 else -1) if r["decided"] else 0 for r in reps]  # restricted_run.py decides
    across = {"families": names, "reports": reps, "verdict": combined(signs, names)}
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        slim = {"families": names, "verdict": across["verdict"], "worth": [r["worth"] for r in reps]}
        (out / "restricted_families.json").write_text(json.dumps(slim, indent=2, sort_keys=True) + "\n")
    return across


def restricted_lines(across: dict, width: int) -> list[str]:
    reps = across["reports"]
    r0 = reps[0]
    out = wrap(f"restricted play of {r0['restrict']} per bot family ({r0['seeds']} seeds each, the same seeds): "
               "a seat's win share allowed minus forbidden, with its 95% interval", width)
    cells = [[name, f"{r['worth']['mean']:+.1%}", f"[{r['worth']['low']:+.1%}, {r['worth']['high']:+.1%}]",
              f"{r['informative_seeds']}/{r['seeds']}", verdict(r)]
             for name, r in zip(across["families"], reps, strict=True)]
    lines, _ = fit_table(["bots", "worth", "95% interval", "informative", "verdict"], cells, width,
                         right=[False, True, True, True, False])
    out += lines
    out += wrap(f"across the families: {across['verdict']}", width, "  ")
    return out
