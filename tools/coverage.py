"""What of the content a set of simulated games used: wonders built, objectives completed, events drawn,
and the content never used at all (so a designer sees at once what the bots left untried).

The per-player facts are read from a finished game (`used_content`, never from its log), stored in each game record, and
summarised by pure functions of the records (`per_wonder`, `per_objective`, `per_event`, `never_used`).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from .stats import _share, wilson

# the content kinds a coverage line reports, with the word a person reads
KINDS = {"advance": "advances", "wonder": "wonders", "objective_card": "objectives", "action_card": "action cards",
         "event_card": "events"}


def catalog(packs: list[str], variants: list[str], game: str | None = None) -> dict[str, list[str]]:
    """Every id of each reported kind in these packs (sorted)."""
    from ..engine import games

    content = games.find(game or games.default_game()).definition(packs, variants).content
    return {kind: sorted({e.id for e in content.of_kind(kind)}) for kind in KINDS}


def used_content(game: Any) -> list[dict]:
    """Per seat: wonders built, objective cards completed and event cards drawn, from the state and what the
    runtime recorded as it happened (`rt.used`), never from the log's wording."""
    used = getattr(game.rt, "used", {})
    return [{"wonders": list(used.get("wonder_built", {}).get(i, [])), "objectives": list(p.get("completed", [])),
             "events_drawn": list(used.get("event_card_drawn", {}).get(i, []))}
            for i, p in enumerate(game.state["players"])]


def _per(records: list[dict], field: str, count: str, rate: str) -> dict:
    rows: dict[str, list[float]] = defaultdict(list)
    for r in records:
        for pl in r["players"]:
            for item in pl.get(field, []):
                rows[item].append(_share(r, pl["seat"]))
    return {k: {count: len(v), rate: wilson(sum(v), len(v))[0], "win_rate_ci95": list(wilson(sum(v), len(v))[1:])}
            for k, v in sorted(rows.items())}


def per_wonder(records: list[dict]) -> dict:
    return _per(records, "wonders", "built", "win_rate_of_builders")


def per_objective(records: list[dict]) -> dict:
    return _per(records, "objectives", "completed", "win_rate_of_completers")


def per_event(records: list[dict]) -> dict:
    return _per(records, "events_drawn", "drawn", "win_rate_of_drawers")


def never_used(rep: dict, cat: dict[str, list[str]]) -> dict[str, list[str]]:
    """Ids of each kind that no game used: never owned, built, completed, played or drawn."""
    used = {"advance": rep.get("per_advance", {}), "wonder": rep.get("per_wonder", {}),
            "objective_card": rep.get("per_objective", {}), "action_card": rep.get("per_card", {}),
            "event_card": rep.get("per_event", {})}
    return {kind: [i for i in ids if i not in used[kind]] for kind, ids in cat.items()}


def coverage_line(never: dict[str, list[str]], cat: dict[str, list[str]]) -> str:
    parts = [f"{KINDS[k]} {len(ids)}/{len(cat[k])}" + (f" ({', '.join(ids)})" if ids else "")
             for k, ids in never.items() if k in KINDS]
    if not any(never.values()):
        return "content never used in these games: none"
    return "content never used in these games: " + "; ".join(parts)
