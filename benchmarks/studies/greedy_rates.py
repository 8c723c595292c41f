"""Issue 46 item 2: greedy's rates of first place against the first-option bot and against random, read
from the ladder rows of benchmarks/bots.json (`rulewright ladder --out`), written back as one
"greedy_rates" row and printed as the table of docs/bots.md.

In 2-player games greedy is alone in one seat of two; in 3-player 7 Wonders it is alone against two of the
other bot, its seat rotating. Winning is first place, a shared first place counting as a share; the
intervals are Wilson's at 95%. Targets: at least 95% against first-option, 99% against random.

Run (after the ladders): python benchmarks/studies/greedy_rates.py
"""

from __future__ import annotations

import json
from pathlib import Path

BOTS_JSON = Path(__file__).resolve().parents[1] / "bots.json"
TARGETS = {"first": 0.95, "random": 0.99}
NAMES = {"clash": "Clash of Cultures", "wonders7": "7 Wonders", "civ_board": "Civilization"}


def rates(rows: list[dict]) -> list[dict]:
    """One entry per game and opponent, from the ladder rows' pair tables."""
    out = []
    for row in rows:
        if row.get("study") != "ladder":
            continue
        for pair in row["pairs"]:
            if "greedy" not in (pair["a"], pair["b"]):
                continue
            other = pair["b"] if pair["a"] == "greedy" else pair["a"]
            if other not in TARGETS:
                continue
            fp = pair["first_place"]["greedy"]
            out.append({"game": row["game"], "players": row["players"], "against": other, "games": fp["games"],
                        "rate": round(fp["rate"], 4), "ci95": [round(x, 4) for x in fp["ci95"]],
                        "target": TARGETS[other], "met": fp["rate"] >= TARGETS[other], "seed": row["seed"]})
    return out


def table(entries: list[dict]) -> list[str]:
    lines = ["| game | players | against | games (greedy alone) | greedy first | 95% interval | target |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for e in entries:
        lo, hi = e["ci95"]
        lines.append(f"| {NAMES.get(e['game'], e['game'])} | {e['players']} | {e['against']} | {e['games']} | "
                     f"{e['rate']:.1%} | {lo:.1%}-{hi:.1%} | {e['target']:.0%}: {'met' if e['met'] else 'missed'} |")
    return lines


def main() -> None:
    rows = json.loads(BOTS_JSON.read_text())
    entries = rates(rows)
    rows = [r for r in rows if r.get("study") != "greedy_rates"]
    rows.append({"study": "greedy_rates", "measure": "greedy's share of first places when alone against the "
                 "other bot (Wilson 95%), from the ladder rows", "rates": entries})
    BOTS_JSON.write_text(json.dumps(rows, indent=2) + "\n")
    print("\n".join(table(entries)))


if __name__ == "__main__":
    main()
