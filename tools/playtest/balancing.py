"""What `rulewright balance` runs (balance.py is the command): is the game good? Seat balance, first-player advantage, win rate per civilisation
or wonder board, and Browne's quality measures from self-play; with `--restrict ID`, restricted play.

Game i is played on seed `seed*100003 + i` (as `simulate` does), so a report is the same for any number
of workers. docs/balance.md says what each figure means and how to read it.
"""

from __future__ import annotations

import json
from pathlib import Path

from ...engine import games as game_registry
from .custom_measures import parse
from .fit_table import fit_table, wrap
from .quality import first_player, per_label, quality, seats
from .selfplay import play_recorded, run_tasks, settings_tasks
from .stats import mean_ci


def balance_report(records: list[dict], settings: dict) -> dict:
    """Everything the report shows, a pure function of the records."""
    rep = {"settings": settings, "games": len(records), "bots": sorted(set(b for r in records for b in r["bots"]))}
    rep.update(seats(records))
    rep["first_player"] = first_player(records)
    rep["per_label"] = per_label(records)
    rep["quality"] = quality(records)
    custom = [parse(t) for t in settings.get("custom") or []]
    if custom:
        rep["custom"] = {c.name: {"label": c.label, "total": mean_ci([float(sum(r["custom"][c.name])) for r in records]),
                                  "per_seat": [mean_ci([float(r["custom"][c.name][i]) for r in records])
                                               for i in range(settings["players"])]} for c in custom}
    return rep


def run_balance(settings: dict, workers: int = 1, out: Path | None = None, variants: list | None = None) -> dict:
    """The balance report of the settings' self-play games (`variants`: the variant guard's reports, kept in it)."""
    records = list(run_tasks(play_recorded, settings_tasks(settings), workers))
    rep = balance_report(records, settings)
    if variants is not None:
        rep["variants"] = variants
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / "games.jsonl").write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in records))
        (out / "balance.json").write_text(json.dumps(rep, indent=2, sort_keys=True) + "\n")
    return rep


def _pct(rate: float, ci: list[float]) -> tuple[str, str]:
    return f"{rate:.1%}", f"{ci[0]:.1%}-{ci[1]:.1%}"


def _ci(m: dict, digits: int = 2) -> str:
    return f"{m['mean']:.{digits}f} [{m['low']:.{digits}f}, {m['high']:.{digits}f}]"


def balance_lines(rep: dict, width: int) -> list[str]:
    """The report as plain lines no wider than `width`: tables that drop no number (fit_table), prose wrapped."""
    s = rep["settings"]
    out = wrap(f"{s['game']}: {rep['games']} games, {s['players']} players, bots: {', '.join(rep['bots'])} "
               f"(per seat: {','.join(s['bots'])})", width)
    out.append("seat balance")
    cells = [[seat, f"{row['wins']:g}", *_pct(row["win_rate"], row["win_rate_ci95"]), _ci(row["vp"])]
             for seat, row in rep["per_seat"].items()]
    out += fit_table(["seat", "wins", "win rate", "95% CI", "mean VP"], cells, width)[0]
    eq = rep["equality"]
    verdict = "unequal at the 5% level" if eq["p_value"] < 0.05 else "no evidence against equal shares"
    out += wrap(f"equal shares? chi-square {eq['statistic']:.2f} on {eq['df']} df, p = {eq['p_value']:.4f}: "
                f"{verdict}", width)
    fp = rep["first_player"]
    if fp is None:
        out.append("first player: none (everyone chooses at once)")
    else:
        rate, ci = _pct(fp["win_rate"], fp["win_rate_ci95"])
        order = ", ".join(f"{int(k) + 1}: {v[0]:.1%}" for k, v in fp["by_turn_position"].items())
        out += wrap(f"first player in round 1 wins {rate} ({ci}; an equal share is {fp['equal_share']:.1%}); by "
                    f"place in the round-1 turn order: {order}", width)
    if rep["per_label"]:
        word = game_registry.find(s["game"]).seat_label_word
        out.append(f"win rate per {word}")
        cells = [[name, str(g["games"]), *_pct(g["win_rate"], g["win_rate_ci95"])] for name, g in rep["per_label"].items()]
        out += fit_table([word, "games", "win rate", "95% CI"], cells, width)[0]
    for name, m in (rep.get("custom") or {}).items():
        per = ", ".join(f"seat {i} {_ci(x)}" for i, x in enumerate(m["per_seat"]))
        out += wrap(f"{name} ({m['label']}): {_ci(m['total'])} a game in all; {per}", width)
    return out + quality_lines(rep["quality"], width)


def quality_lines(q: dict, width: int) -> list[str]:
    out: list[str] = []
    if "decided_at" in q:
        out += wrap(f"decided at (the winner leads for good from this fraction of the game on): "
                    f"{_ci(q['decided_at'])}", width)
        out += wrap(f"lead changes per game: {_ci(q['lead_changes'])}", width)
        lo, hi = q["drama_rate"][1:]
        out += wrap(f"drama: the winner was behind at some turn in {q['drama_rate'][0]:.1%} of games "
                    f"({lo:.1%}-{hi:.1%}), by {_ci(q['drama_depth'])} VP at worst; final margin "
                    f"{_ci(q['final_margin'])} VP", width)
    if "rounds" in q:
        out += wrap(f"duration: {_ci(q['rounds'])} rounds, {_ci(q['turns'], 1)} turns, {_ci(q['decisions'], 0)} "
                    f"decisions; branching factor {q['branching']:.2f} options per decision ({q['shared_wins']} shared "
                    "wins)", width)
    return out
