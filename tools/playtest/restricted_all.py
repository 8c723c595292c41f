"""`balance --restrict-all KIND`: the worth of every entry of a kind by restricted play, ranked.

Every entry is played on the same seeds, with one baseline game per seed shared by all of them
(restricted_run.py), so the entries are compared on the same deals. Each worth has its 95% interval, its
informative seeds and the exact sign test's p; "decided" applies Holm's correction over the entries (with
forty advances, two would look decided by chance at 5% each) and the minimum of informative seeds.
"""

from __future__ import annotations

import json
from pathlib import Path

from .fit_table import fit_table, wrap
from .paired import holm
from .restricted_run import MIN_INFORMATIVE, play_restricted, restricted_report, restricted_tasks
from .selfplay import run_tasks


def run_restricted_all(settings: dict, kind: str, ids: list[str], workers: int = 1, out: Path | None = None,
                       variants: list | None = None) -> dict:
    """Restricted play of every id (of one kind), ranked by worth, decided by Holm over the ids."""
    records = list(run_tasks(play_restricted, restricted_tasks(settings, ids), workers))
    reps = [restricted_report(records, settings, cid) for cid in ids]
    decided, adjusted = holm([r["sign_test_p"] for r in reps])
    for r, dec, adj in zip(reps, decided, adjusted, strict=True):
        r.update(p_holm=adj, decided=dec and r["informative_seeds"] >= MIN_INFORMATIVE)
        r.pop("settings")
    reps.sort(key=lambda r: (-r["worth"]["mean"], r["restrict"]))
    rep = {"settings": settings, "kind": kind, "entries": reps, "seeds": len(settings_seeds(records)),
           "games": len(records), "bots": sorted(set(b for r in records for b in r["bots"])),
           "method": "worth = win share allowed minus forbidden, paired by seed (95% t interval over seeds); exact "
                     f"sign test on the informative seeds; decided: Holm over {len(ids)} entries at 5% and at "
                     f"least {MIN_INFORMATIVE} informative seeds"}
    if variants is not None:
        rep["variants"] = variants
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / "restricted.jsonl").write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in records))
        (out / "restricted_all.json").write_text(json.dumps(rep, indent=2, sort_keys=True) + "\n")
    return rep


def settings_seeds(records: list[dict]) -> set[int]:
    return {r["index"] for r in records if r["forbidden"] is None}


def restricted_all_lines(rep: dict, width: int) -> list[str]:
    """The ranking as a table no wider than `width` (numbers never cut)."""
    s = rep["settings"]
    out = wrap(f"restricted play of every {rep['kind'].replace('_', ' ')} in {s['game']}: {len(rep['entries'])} "
               f"entries, {rep['seeds']} seeds ({rep['games']} games), {s['players']} players, bots: "
               f"{', '.join(rep['bots'])}", width)
    out += wrap(rep["method"], width)
    cells = [[str(i + 1), r["restrict"], f"{r['worth']['mean']:+.1%}",
              f"[{r['worth']['low']:+.1%}, {r['worth']['high']:+.1%}]",
              f"{r['informative_seeds']}/{r['seeds']}", f"{r['sign_test_p']:.3f}", f"{r['p_holm']:.3f}",
              f"{r['taken_in_baseline']:.0%}", "yes" if r["decided"] else "no"] for i, r in enumerate(rep["entries"])]
    lines, dropped = fit_table(["rank", "entry", "worth", "95% interval", "informative", "p", "p Holm", "taken",
                                "decided"], cells, width, optional=[7, 5, 0])
    out += lines
    if dropped:
        out += wrap(f"(left out to fit: {', '.join(dropped)}; all in restricted_all.json with --out)", width)
    return out
