"""`rulewright analyze SAVE --out DIR`: the win chance of every player after every action of a saved game.

The game is replayed; after each action the chances are estimated by Monte Carlo from forks of the
position (engine/chances.py); every position uses the same seeds for its play-outs (common random
numbers), so a change between two positions reflects the action more than the sampling. Writes DIR/analysis.json (one point per action, the round boundaries and
the three actions that changed the chances most) and DIR/analysis.png (one line per player, rounds
marked). The default budget (4 samples of 24 decisions a position) analyses a 2-player game in about
a minute on one core; --samples and --horizon trade time for precision.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ..engine.decision import IllegalAction


def analyze_game(save: dict, samples: int = 4, horizon: int = 24, seed: int = 0, progress: bool = True) -> dict:
    from ..api import load_game
    from ..engine import games
    from ..engine.chances import win_chances
    from ..engine.machine import Game

    whole = load_game(save)  # validates the save and its actions
    show_ids = games.find(whole.definition.game_id).scenario_show or str  # Clash: "1,1" reads B2
    game = Game(whole.definition, whole.config, forkable=True)
    names = [p["name"] for p in game.state["players"]]
    actions = save["actions"]
    points = [{"action": 0, "round": game.state.get("round"), "player": None, "choice": None,
               "chances": win_chances(game, samples, horizon, seed)}]
    with Progress(TextColumn("[bold]analysing[/]"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), disable=not progress) as bar:
        job = bar.add_task("actions", total=len(actions))
        for i, a in enumerate(actions, start=1):
            label = show_ids(game.pending.label(a["choice"]) if game.pending else a["choice"])
            question = show_ids(game.pending.prompt) if game.pending else ""
            game.apply(a)
            points.append({"action": i, "round": game.state.get("round"), "player": a["player"],
                           "choice": label, "question": question,
                           "chances": win_chances(game, samples, horizon, seed)})
            bar.update(job, advance=1)
    rounds = [p["action"] for k, p in enumerate(points) if k and p["round"] != points[k - 1]["round"]]
    swings = []
    for k in range(1, len(points)):
        delta = [round(b - a, 4) for a, b in zip(points[k - 1]["chances"], points[k]["chances"], strict=True)]
        swings.append({"action": points[k]["action"], "player": points[k]["player"],
                       "choice": points[k]["choice"], "question": points[k]["question"], "change": delta,
                       "size": max(abs(d) for d in delta)})
    swings.sort(key=lambda s: (-s["size"], s["action"]))
    return {"players": names, "samples": samples, "horizon": horizon, "seed": seed, "actions": len(actions),
            "final": points[-1]["chances"], "round_starts": rounds, "points": points, "biggest_swings": swings[:3]}


def plot(analysis: dict, path: Path) -> None:
    from .plots import _plt

    plt = _plt()
    fig, ax = plt.subplots(figsize=(10, 4.5))
    xs = [p["action"] for p in analysis["points"]]
    for i, name in enumerate(analysis["players"]):
        ax.plot(xs, [p["chances"][i] for p in analysis["points"]], label=name, linewidth=1.4)
    for k, x in enumerate(analysis["round_starts"]):
        ax.axvline(x, color="grey", linewidth=0.8, linestyle="--", label="round starts" if k == 0 else None)
    for k, s in enumerate(analysis["biggest_swings"]):  # the biggest swings, stacked so they never overlap
        ax.axvline(s["action"], color="red", linewidth=0.6, alpha=0.5)
        ax.annotate(f"#{s['action']}", (s["action"], 0.98 - 0.06 * k), fontsize=8, ha="left", va="top",
                    color="red")
    ax.set_xlabel("action")
    ax.set_ylabel("win chance")
    ax.set_ylim(0, 1)
    ax.set_title("Win chances after every action")
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def analyze(
    save: Annotated[Path, typer.Argument(help="a saved game (rulewright play --save)")],
    out: Annotated[Path, typer.Option("--out", "-o", help="output folder")] = Path("out/analysis"),
    samples: Annotated[int, typer.Option("--samples", min=1, help="play-outs per position")] = 4,
    horizon: Annotated[int, typer.Option("--horizon", min=0, help="decisions per play-out")] = 24,
    seed: Annotated[int, typer.Option("--seed", help="seed of the play-outs")] = 0,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="no progress bar")] = False,
) -> None:
    """Win chance of every player after every action of a saved game, with a plot and the biggest swings."""
    try:
        data = json.loads(save.read_text(encoding="utf-8"))
        result = analyze_game(data, samples, horizon, seed, progress=not quiet)
    except (OSError, ValueError, IllegalAction) as err:
        typer.echo(f"error: {save}: {err}", err=True)
        raise typer.Exit(2) from None
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
