"""Plots of a simulation (matplotlib, no display needed): VP, win rates with intervals, length, advances."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path


def _plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _win_rate_bars(ax, groups: dict, keys: list, labels: list[str], color: str) -> None:
    """Win rates of some groups (seats, civilisations) as bars with their 95% intervals."""
    rates = [groups[k]["win_rate"] for k in keys]
    lows = [groups[k]["win_rate"] - groups[k]["win_rate_ci95"][0] for k in keys]
    highs = [groups[k]["win_rate_ci95"][1] - groups[k]["win_rate"] for k in keys]
    ax.bar(labels, rates, yerr=[lows, highs], capsize=6, color=color)
    ax.set_ylabel("win rate (95% interval)")


def write_plots(records: list[dict], rep: dict, out: Path) -> list[Path]:
    if not records:
        return []
    plt = _plt()
    paths: list[Path] = []

    def save(fig, name: str) -> None:
        path = out / name
        fig.tight_layout()
        fig.savefig(path, dpi=90)
        plt.close(fig)
        paths.append(path)

    by_seat: dict[int, list[float]] = defaultdict(list)
    by_bot: dict[str, list[float]] = defaultdict(list)
    for r in records:
        for p in r["players"]:
            by_seat[p["seat"]].append(p["vp"])
            by_bot[p["bot"]].append(p["vp"])

    fig, ax = plt.subplots(figsize=(6, 4))
    seats = sorted(by_seat)
    ax.boxplot([by_seat[s] for s in seats], tick_labels=[f"seat {s}" for s in seats])
    ax.set_ylabel("victory points")
    ax.set_title("VP distribution by seat")
    save(fig, "vp_by_seat.png")

    fig, ax = plt.subplots(figsize=(6, 4))
    bots = sorted(by_bot)
    ax.boxplot([by_bot[b] for b in bots], tick_labels=bots)
    ax.set_ylabel("victory points")
    ax.set_title("VP distribution by bot")
    save(fig, "vp_by_bot.png")

    fig, ax = plt.subplots(figsize=(6, 4))
    keys = sorted(rep["per_seat"], key=int)
    _win_rate_bars(ax, rep["per_seat"], keys, [f"seat {k}" for k in keys], "#4c72b0")
    ax.axhline(1 / max(1, len(keys)), color="grey", linestyle="--", linewidth=1)
    ax.set_title("Win rate by seat")
    save(fig, "winrate_by_seat.png")

    fig, ax = plt.subplots(figsize=(6, 4))
    ax.hist([r["actions"] for r in records], bins=min(30, max(5, len(records) // 3)), color="#55a868")
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    save(fig, "game_length.png")

    adv = rep.get("per_advance", {})
    if adv:
        fig, ax = plt.subplots(figsize=(7, 5))
        xs = [v["pick_rate"] for v in adv.values()]
        ys = [v["win_rate_of_owners"] for v in adv.values()]
        ax.scatter(xs, ys, s=18, color="#c44e52")
        for name, x, y in zip(adv, xs, ys, strict=False):
            ax.annotate(name, (x, y), fontsize=6, alpha=0.7)
        ax.set_xlabel("pick rate (share of players owning it at the end)")
        ax.set_ylabel("win rate of its owners")
        ax.set_title("Advances: pick rate vs win rate")
        save(fig, "advances.png")

    civs = rep.get("per_civilization", {})
    if civs:
        fig, ax = plt.subplots(figsize=(7, 4))
        _win_rate_bars(ax, civs, sorted(civs), sorted(civs), "#8172b2")
        ax.set_title("Win rate by civilisation")
        ax.tick_params(axis="x", labelrotation=30)
        save(fig, "winrate_by_civilization.png")
    return paths
