"""tune.png: the trials of a study and each knob's importance (matplotlib, no display needed).

Left: one goal, its distance per trial with the trial's 95% interval (pruned trials hollow, at the games
they had; orange where a --keep band is broken), the best so far as a line and the base game as a dashed line; several goals, the first two
goals' distances of every trial, the Pareto front joined and the chosen trial ringed. Right: each knob's
importance per goal (PED-ANOVA), or a note when the trials cannot say.
"""

from __future__ import annotations

from pathlib import Path

from .plots import _plt


def _trials_one(ax, result: dict) -> None:
    rows = result["trials"]
    goal = result["goals"][0]["name"]
    best, line = float("inf"), []
    for r in rows:
        e = r["estimates"][0]
        done = r["state"] == "complete"
        colour = "C0" if r["feasible"] else "C1"
        ax.errorbar([r["number"]], [e["value"]], yerr=[[e["value"] - e["low"]], [e["high"] - e["value"]]],
                    fmt="o", mfc=colour if done else "none", color=colour, capsize=2, lw=0.8)
        if done and r["feasible"]:
            best = min(best, e["value"])
        line.append(best if best < float("inf") else None)
    ax.step([r["number"] for r in rows], line, where="post", color="C2", label="best so far (complete, kept bands)")
    if not all(r["feasible"] for r in rows):
        ax.plot([], [], "o", color="C1", label="outside a --keep band")
    ax.axhline(result["base"][0]["value"], color="C3", ls="--", lw=1, label="base game")
    ax.set_xlabel("trial (hollow: pruned)")
    ax.set_ylabel(f"{goal}: distance (95% interval)")
    ax.legend(fontsize=8)


def _trials_front(ax, result: dict) -> None:
    g = [x["name"] for x in result["goals"][:2]]
    xs = [r["values"][0] for r in result["trials"] if r["values"]]
    ys = [r["values"][1] for r in result["trials"] if r["values"]]
    ax.scatter(xs, ys, color="C0", s=18, label="trials")
    front = sorted(result["front"], key=lambda r: r["values"][0])
    ax.plot([r["values"][0] for r in front], [r["values"][1] for r in front], "o-", color="C2", label="Pareto front")
    if result["chosen"]:
        c = result["chosen"]["values"]
        ax.scatter([c[0]], [c[1]], s=160, facecolors="none", edgecolors="C3", label="chosen")
    ax.scatter([result["base"][0]["value"]], [result["base"][1]["value"]], marker="x", color="k", label="base game")
    ax.set_xlabel(f"{g[0]}: distance")
    ax.set_ylabel(f"{g[1]}: distance")
    ax.legend(fontsize=8)


def _importance(ax, result: dict) -> None:
    knobs = [k["path"] for k in result["knobs"]]
    goals = [i for i in result["importance"] if i["importance"]]
    if not goals:
        ax.text(0.5, 0.5, "importance: not enough complete trials", ha="center", va="center")
        ax.set_axis_off()
        return
    width = 0.8 / len(goals)
    for j, g in enumerate(goals):
        ax.barh([i + j * width for i in range(len(knobs))], [g["importance"].get(k, 0.0) for k in knobs],
                height=width, label=g["goal"])
    ax.set_yticks([i + width * (len(goals) - 1) / 2 for i in range(len(knobs))], knobs, fontsize=8)
    ax.set_xlabel("importance (PED-ANOVA)")
    ax.legend(fontsize=8)


def tune_plot(result: dict, path: Path) -> None:
    plt = _plt()
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.5))
    if len(result["goals"]) == 1:
        _trials_one(left, result)
    else:
        _trials_front(left, result)
    _importance(right, result)
    fig.suptitle(f"tune: {result['game']}, {result['players']} players, bots {','.join(result['bots'])}", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)
