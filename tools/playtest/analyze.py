"""`rulewright analyze`: the command (its options, one call, the printing); what it runs is analysis.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ...engine.decision import IllegalAction
from ..common import options
from ..common.errors import fail
from .analysis import analyze_game, plot


def analyze(
    save: Annotated[Path, typer.Argument(help="a saved game (rulewright play --save)")],
    out: Annotated[Path, typer.Option("--out", "-o", help="output folder")] = Path("out/analysis"),
    samples: Annotated[int, typer.Option("--samples", min=1, help="play-outs per position")] = 4,
    horizon: Annotated[int, typer.Option("--horizon", min=0, help="decisions per play-out")] = 24,
    seed: Annotated[int, options.seed("seed of the play-outs", short=False)] = 0,
    quiet: Annotated[bool, options.quiet("no progress bar")] = False,
) -> None:
    """Win chance of every player after every action of a saved game, with a plot and the biggest swings."""
    try:
        data = json.loads(save.read_text(encoding="utf-8"))
        result = analyze_game(data, samples, horizon, seed, progress=not quiet)
    except (OSError, ValueError, IllegalAction) as err:
        fail(f"{save}: {err}", 2)
    out.mkdir(parents=True, exist_ok=True)
    (out / "analysis.json").write_text(json.dumps(result, indent=1))
    plot(result, out / "analysis.png")
    final = ", ".join(f"{n} {c:.0%}" for n, c in zip(result["players"], result["final"], strict=True))
    typer.echo(f"final chances: {final}")
    typer.echo("biggest swings:")
    for s in result["biggest_swings"]:
        who = result["players"][s["player"]] if s["player"] is not None else "-"
        change = ", ".join(f"{n} {d:+.0%}" for n, d in zip(result["players"], s["change"], strict=True))
        q = s.get("question", "").removeprefix(f"{who}: ").strip()  # prompts may name the player first
        typer.echo(f"  action {s['action']} (round {result['points'][s['action']]['round']}): {who}: "
                   + (f"{q} -> " if q else "") + f"{s['choice']} ({change})")
    typer.echo(f"wrote {out / 'analysis.json'} and {out / 'analysis.png'}")


def register(app: typer.Typer) -> None:
    app.command("analyze")(analyze)
