"""`rulewright compare`: two or more rule set-ups over the same seeds, side by side, with differences.

A set-up is written `base`, a variant id (`four_round`), a pack (`pack:ID`), or several joined with
`+` (`four_round+no_events`). Each set-up is simulated with the same game seeds; differences to the
first set-up come with 95% intervals (normal approximation for means and for proportions).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from .errors import output_folder
from .simulate import simulate_run
from .stats import Z95


def parse_setup(text: str) -> tuple[list[str], list[str]]:
    packs, variants = ["base"], []
    for part in [p.strip() for p in text.split("+") if p.strip()]:
        if part == "base":
            continue
        if part.startswith("pack:"):
            packs.append(part[5:])
        else:
            variants.append(part)
    return packs, variants


def _diff_mean(a: dict, b: dict) -> dict:
    def se(g: dict) -> float:
        return (g["high"] - g["mean"]) / Z95 if g["n"] > 1 else 0.0

    d = b["mean"] - a["mean"]
    half = Z95 * math.sqrt(se(a) ** 2 + se(b) ** 2)
    return {"diff": round(d, 4), "ci95": [round(d - half, 4), round(d + half, 4)]}


def _diff_rate(a: dict, b: dict) -> dict:
    pa, na, pb, nb = a["win_rate"], a["games"], b["win_rate"], b["games"]
    d = pb - pa
    half = Z95 * math.sqrt(pa * (1 - pa) / max(1, na) + pb * (1 - pb) / max(1, nb))
    return {"diff": round(d, 4), "ci95": [round(d - half, 4), round(d + half, 4)]}


def compare_reports(names: list[str], reports: list[dict]) -> dict:
    base = reports[0]
    out: dict = {"setups": names, "games": base["games"], "per_setup": {}, "differences": {}}
    for name, rep in zip(names, reports, strict=True):
        out["per_setup"][name] = {"per_seat": rep["per_seat"], "rounds": rep["rounds"],
                                  "game_length_actions": rep["game_length_actions"]}
    for name, rep in zip(names[1:], reports[1:], strict=True):
        seats = {}
        for seat, g in rep["per_seat"].items():
            g0 = base["per_seat"].get(seat)
            if g0:
                seats[seat] = {"vp": _diff_mean(g0["vp"], g["vp"]), "win_rate": _diff_rate(g0, g)}
        out["differences"][name] = {"per_seat": seats, "rounds": _diff_mean(base["rounds"], rep["rounds"]),
                                    "game_length_actions": _diff_mean(base["game_length_actions"],
                                                                      rep["game_length_actions"])}
    return out


def _plot(result: dict, out: Path) -> Path:
    from .plots import _plt

    plt = _plt()
    names = result["setups"]
    seats = sorted(result["per_setup"][names[0]]["per_seat"], key=int)
    width = 0.8 / len(names)
    fig, ax = plt.subplots(figsize=(7, 4))
    for k, name in enumerate(names):
        groups = result["per_setup"][name]["per_seat"]
        means = [groups[s]["vp"]["mean"] for s in seats]
        errs = [groups[s]["vp"]["high"] - groups[s]["vp"]["mean"] for s in seats]
        ax.bar([i + k * width for i in range(len(seats))], means, width, yerr=errs, capsize=4, label=name)
    ax.set_xticks([i + width * (len(names) - 1) / 2 for i in range(len(seats))], [f"seat {s}" for s in seats])
    ax.set_ylabel("mean VP (95% interval)")
    ax.set_title("Set-ups compared over the same seeds")
    ax.legend()
    fig.tight_layout()
    path = out / "compare.png"
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def compare(
    setups: Annotated[list[str], typer.Argument(help="set-ups: base, a variant id, pack:ID, joined with +")],
    games: Annotated[int, typer.Option("--games", "-g", min=1)] = 100,
    players: Annotated[int, typer.Option("--players", "-n", min=2, max=4)] = 3,
    seed: Annotated[int, typer.Option("--seed", "-s")] = 1,
    bots: Annotated[str, typer.Option("--bots")] = "greedy",
    workers: Annotated[int, typer.Option("--workers", "-w", min=1)] = 1,
    out: Annotated[Path, typer.Option("--out", "-o", callback=output_folder)] = Path("out/compare"),
    quiet: Annotated[bool, typer.Option("--quiet", "-q")] = False,
) -> None:
    """Compare rule set-ups (variants, packs) over the same seeds, with differences and intervals."""
    if len(setups) < 2:
        typer.echo("compare needs at least two set-ups, e.g. `rulewright compare base four_round`", err=True)
        raise typer.Exit(2)
    kinds = [b.strip() for b in bots.split(",") if b.strip()]
    from ..engine.bots import bot_error

    why = next((bot_error(k) for k in kinds if bot_error(k)), None) if kinds else "no bot named"
    if why:
        typer.echo(f"error: --bots {bots!r}: {why}", err=True)
        raise typer.Exit(2)
    reports = []
    for name in setups:
        packs, variants = parse_setup(name)
        settings = {"games": games, "players": players, "seed": seed, "bots": kinds, "packs": packs,
                    "variants": variants}
        try:
            reports.append(simulate_run(settings, out / name.replace("+", "_").replace(":", "-"), workers,
                                        progress=not quiet))
        except Exception as err:
            typer.echo(f"error in set-up {name!r}: {err}", err=True)
            raise typer.Exit(2) from None
    result = compare_reports(list(setups), reports)
    (out / "compare.json").write_text(json.dumps(result, indent=2, sort_keys=True))
    _plot(result, out)
    table = Table(title=f"differences to {setups[0]} ({games} games each, same seeds)", title_justify="left")
    for col in ("set-up", "seat", "mean VP diff", "95% CI", "win rate diff", "95% CI"):
        table.add_column(col)
    for name, diff in result["differences"].items():
        for seat, d in diff["per_seat"].items():
            table.add_row(Text(name), Text(str(seat)), f"{d['vp']['diff']:+.2f}", f"{d['vp']['ci95'][0]:+.2f}..{d['vp']['ci95'][1]:+.2f}",
                          f"{d['win_rate']['diff']:+.1%}",
                          f"{d['win_rate']['ci95'][0]:+.1%}..{d['win_rate']['ci95'][1]:+.1%}")
    Console().print(table)
    typer.echo(f"wrote {out / 'compare.json'} and {out / 'compare.png'}")


def register(app: typer.Typer) -> None:
    app.command("compare")(compare)
