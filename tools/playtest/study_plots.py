"""The figures of compare, sweep and balance (matplotlib, no display needed), each written as a PNG.

- compare: one forest plot. Each row is a set-up's difference to the baseline in one measure, with its 95%
  interval, on a common axis: the difference in standard deviations of both set-ups' values (so VP,
  counts and rates sit side by side); the difference itself, in the measure's unit, is written at the right.
  Decided rows are filled red, the others hollow grey, and the legend says so.
- sweep: one panel per measure, the mean and its interval (clipped to what is possible) against the swept
  value; the base value is marked, decided values are filled, and both axes are named.
- balance: the seats' win rates with their Wilson intervals and the equal share; the game-quality measures.
"""

from __future__ import annotations

from pathlib import Path

DECIDED, UNDECIDED, BASE = "#c44e52", "#7f7f7f", "#2f6f4f"


def _plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(plt, fig, path: Path) -> Path:
    fig.savefig(path, dpi=90, bbox_inches="tight")
    plt.close(fig)
    return path


def _unit(row: dict, value: float) -> str:
    return f"{value * 100:+.1f}%" if row["share"] else f"{value:+.2f}"


def forest_plot(result: dict, path: Path) -> Path:
    """compare's forest plot (module docstring)."""
    plt = _plt()
    from matplotlib.lines import Line2D

    rows = result["rows"]
    n = max(1, len(rows))
    fig, ax = plt.subplots(figsize=(9, 1.2 + 0.28 * n))
    labels = []
    for y, r in enumerate(reversed(rows)):
        sd = r.get("pooled_sd") or 0.0
        scale = 1 / sd if sd > 0 else 0.0
        d, lo, hi = r["diff"] * scale, r["low"] * scale, r["high"] * scale
        colour = DECIDED if r["decided"] else UNDECIDED
        ax.errorbar([d], [y], xerr=[[d - lo], [hi - d]], fmt="o", capsize=3, color=colour,
                    markerfacecolor=colour if r["decided"] else "white")
        labels.append(f"{r['setup']}: {r['measure']}")
        ax.annotate(f"{_unit(r, r['diff'])} [{_unit(r, r['low'])}, {_unit(r, r['high'])}]", (1.01, y),
                    xycoords=("axes fraction", "data"), fontsize=7, va="center")
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(range(len(labels)), labels, fontsize=7)
    ax.set_ylim(-0.7, n - 0.3)
    ax.set_xlabel("difference to the baseline, in standard deviations of the games of both (95% interval)")
    ax.set_ylabel("set-up: measure")
    base = result["setups"][0]
    ax.set_title(f"compare: each set-up minus {base['label']} = {base['name']} ({result['games']} paired games)",
                 fontsize=9, pad=20)
    ax.legend(handles=[Line2D([], [], marker="o", color=DECIDED, linestyle="", label="decided"),
                       Line2D([], [], marker="o", color=UNDECIDED, markerfacecolor="white", linestyle="",
                              label="not decided")], fontsize=7, loc="lower left", bbox_to_anchor=(0, 1.02),
              ncol=2, frameon=False)
    return _save(plt, fig, path)


def _grid(plt, n: int):
    cols = min(4, max(1, n))
    rows = (n + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(3.2 * cols, 2.7 * rows + 0.9), squeeze=False)
    flat = [ax for row in axes for ax in row]
    for ax in flat[n:]:
        ax.set_visible(False)
    return fig, flat[:n]


def sweep_plot(result: dict, path: Path) -> Path:
    """sweep's panels (module docstring)."""
    plt = _plt()
    from matplotlib.lines import Line2D

    measures = list(dict.fromkeys(r["measure"] for r in result["means"]))
    values = [v["value"] for v in result["values"]]
    fig, axes = _grid(plt, max(1, len(measures)))
    for ax, m in zip(axes, measures, strict=False):
        rows = [r for r in result["means"] if r["measure"] == m]
        scale = 100.0 if rows and rows[0]["share"] else 1.0
        xs = list(range(len(rows)))
        ys = [r["mean"] * scale for r in rows]
        ax.errorbar(xs, ys, yerr=[[(r["mean"] - r["low"]) * scale for r in rows],
                                  [(r["high"] - r["mean"]) * scale for r in rows]], fmt="-", capsize=3,
                    color=UNDECIDED, linewidth=1)
        for x, y, r in zip(xs, ys, rows, strict=True):
            colour = DECIDED if r.get("decided") else UNDECIDED
            ax.plot([x], [y], "o", color=colour, markerfacecolor=colour if r.get("decided") else "white",
                    markersize=6)
            if r.get("base"):
                ax.axvspan(x - 0.3, x + 0.3, color=BASE, alpha=0.12, linewidth=0)
        ax.set_xticks(xs, [f"{v}\n(base)" if r.get("base") else str(v) for v, r in zip(values, rows, strict=False)],
                      fontsize=7)
        ax.set_xlabel(result["path"], fontsize=7)
        label = next((r["label"] for r in rows if r.get("label") and r["label"] != m), m)
        ax.set_ylabel(label + (", %" if scale == 100.0 else ""), fontsize=7)
        ax.set_title(m, fontsize=8)
        ax.tick_params(labelsize=7)
        if rows and min(r["low"] for r in rows) >= 0:
            ax.set_ylim(bottom=0)
    fig.legend(handles=[Line2D([], [], marker="o", color=DECIDED, linestyle="", label="decided against the first value"),
                        Line2D([], [], marker="o", color=UNDECIDED, markerfacecolor="white", linestyle="",
                               label="not decided (or the first value)"),
                        Line2D([], [], color=BASE, alpha=0.3, linewidth=8, label="base value")],
               loc="upper center", bbox_to_anchor=(0.5, 0.965), ncol=3, fontsize=8, frameon=False)
    fig.suptitle(f"{result['path']} swept: {result['games']} games per value on the same seeds; mean and 95% "
                 "interval (Wilson for rates, never below 0 for counts)", fontsize=9, y=0.995)
    fig.tight_layout(rect=(0, 0, 1, 0.93))
    return _save(plt, fig, path)


def seats_plot(rep: dict, path: Path) -> Path:
    """balance: every seat's win rate with its Wilson interval, and the equal share."""
    plt = _plt()
    seats = list(rep["per_seat"])
    rates = [rep["per_seat"][s]["win_rate"] * 100 for s in seats]
    lows = [(rep["per_seat"][s]["win_rate"] - rep["per_seat"][s]["win_rate_ci95"][0]) * 100 for s in seats]
    highs = [(rep["per_seat"][s]["win_rate_ci95"][1] - rep["per_seat"][s]["win_rate"]) * 100 for s in seats]
    fig, ax = plt.subplots(figsize=(5.5, 3.6))
    ax.bar([f"seat {s}" for s in seats], rates, yerr=[lows, highs], capsize=6, color="#4c72b0")
    ax.axhline(100 / max(1, len(seats)), color="black", linestyle="--", linewidth=1, label="equal share")
    eq = rep["equality"]
    ax.set_title(f"win rate per seat ({rep['games']} games); chi-square p = {eq['p_value']:.3g}", fontsize=9)
    ax.set_xlabel("seat")
    ax.set_ylabel("win rate, % (95% Wilson interval)")
    ax.legend(fontsize=8)
    return _save(plt, fig, path)


def quality_plot(rep: dict, path: Path) -> Path:
    """balance: the game-quality measures, each with its 95% interval, on panels of their own units."""
    plt = _plt()
    q = rep["quality"]
    panels = [(k, label) for k, label in (("decided_at", "decided at (fraction of the game)"),
                                          ("lead_changes", "lead changes per game"),
                                          ("drama_depth", "winner's worst deficit (VP)"),
                                          ("final_margin", "final margin (VP)"),
                                          ("rounds", "rounds"), ("decisions", "decisions")) if k in q]
    fig, axes = plt.subplots(1, max(1, len(panels) + ("drama_rate" in q)), figsize=(2.3 * (len(panels) + 1), 3.2),
                             squeeze=False)
    flat = list(axes[0])
    for ax, (k, label) in zip(flat, panels, strict=False):
        m = q[k]
        ax.errorbar([0], [m["mean"]], yerr=[[m["mean"] - m["low"]], [m["high"] - m["mean"]]], fmt="o", capsize=5,
                    color="#4c72b0")
        ax.set_xticks([])
        ax.set_ylabel(label, fontsize=8)
        ax.set_ylim(0, 1.0 if k == "decided_at" else max(1.0, m["high"] * 1.2))
        ax.tick_params(labelsize=7)
    if "drama_rate" in q:
        rate, lo, hi = q["drama_rate"]
        ax = flat[len(panels)]
        ax.errorbar([0], [rate * 100], yerr=[[(rate - lo) * 100], [(hi - rate) * 100]], fmt="o", capsize=5,
                    color="#8172b2")
        ax.set_xticks([])
        ax.set_ylim(0, 105)
        ax.set_ylabel("games the winner was behind, %", fontsize=8)
        ax.tick_params(labelsize=7)
    fig.suptitle(f"game quality over {rep['games']} games (mean and 95% interval)", fontsize=9)
    fig.tight_layout()
    return _save(plt, fig, path)
