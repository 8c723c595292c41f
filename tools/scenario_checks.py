"""What a scenario's `expect` items check: any state field, the score, the log, the decision pending.

A `path` reads a view of the game: the state's own fields (players.0.res.gold, cities.D2.mood ...) and
`vp` (victory points per player), `score` (the scoring breakdown per player: score.breakdown.0.advances),
`log` (its lines, space ids as board labels), `pending` (kind, player, prompt, options) and `options`.
Board labels (D2) work in paths and options; messages show spaces as board labels.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..api import scores
from ..engine.hexgrid import readable
from ..engine.machine import Game
from ..rules.clash.state.scenario import space_of

_LABEL = re.compile(r"^[A-Z]\d+$")


def show(value: Any) -> str:
    """A value as a message shows it: repr, with space ids as board labels."""
    return readable(repr(value))


def translate(choice: Any, options: list[str]) -> str:
    """Let authors write board labels ("D2", "D2:temple", "D2>F3") for the space ids in options."""
    text = str(choice)
    if text in options:
        return text
    parts = re.split(r"([:>])", text)
    return "".join(space_of(p) if _LABEL.match(p) else p for p in parts)


def view(game: Game) -> dict:
    """The state plus what a scenario may check that is not a state field."""
    score = scores(game)
    pending = game.pending.to_json() if game.pending else None
    return {**game.state, "vp": score["vp"], "score": score, "log": [readable(x) for x in game.log],
            "pending": pending, "options": [readable(o) for o in (pending or {}).get("options", [])]}


def resolve(obj: Any, path: str) -> Any:
    cur = obj
    for raw in path.split("."):
        key = space_of(raw) if _LABEL.match(raw) else raw
        if isinstance(cur, list):
            cur = cur[int(key)]
        elif isinstance(cur, dict):
            if key not in cur:
                raise KeyError(f"{path}: no '{raw}'" + (f" (there are: {', '.join(map(str, list(cur)[:12]))})"
                                                        if cur and len(cur) <= 40 else ""))
            cur = cur[key]
        else:
            raise KeyError(f"{path}: cannot look into {type(cur).__name__}")
    return cur


def _path(game: Game, exp: dict) -> str | None:  # noqa: C901 - one branch per comparison
    try:
        actual = resolve(view(game), str(exp["path"]))
    except (KeyError, IndexError, ValueError) as err:
        if "absent" in exp and exp["absent"]:
            return None
        return readable(f"expected {exp['path']}: {err}")
    p = exp["path"]
    if "equals" in exp and actual != exp["equals"]:
        return f"{p}: expected {show(exp['equals'])}, actual {show(actual)}"
    if "at_least" in exp and not actual >= exp["at_least"]:
        return f"{p}: expected at least {show(exp['at_least'])}, actual {show(actual)}"
    if "at_most" in exp and not actual <= exp["at_most"]:
        return f"{p}: expected at most {show(exp['at_most'])}, actual {show(actual)}"
    if "contains" in exp and exp["contains"] not in actual:
        return f"{p}: expected to contain {show(exp['contains'])}, actual {show(actual)}"
    if "excludes" in exp and exp["excludes"] in actual:
        return f"{p}: expected not to contain {show(exp['excludes'])}, actual {show(actual)}"
    if "length" in exp and len(actual) != exp["length"]:
        return f"{p}: expected length {exp['length']}, actual {len(actual)} ({show(actual)})"
    if exp.get("absent"):
        return f"{p}: expected absent, actual {show(actual)}"
    return None


def _in_log(game: Game, text: str) -> list[str]:
    """Log lines containing `text`, matched with space ids or board labels alike."""
    return [line for line in game.log if text in line or text in readable(line)]


def check(game: Game, exp: dict) -> str | None:  # noqa: C901 - one branch per expectation kind
    """The failure message of one expectation, or None when it holds."""
    if "path" in exp:
        return _path(game, exp)
    if "log" in exp:
        if not _in_log(game, str(exp["log"])):
            tail = "\n    ".join(readable(x) for x in game.log[-8:])
            return f"expected a log line containing {exp['log']!r}; last lines:\n    {tail}"
        return None
    if "no_log" in exp:
        hit = _in_log(game, str(exp["no_log"]))
        return f"expected no log line containing {exp['no_log']!r}, found {readable(hit[0])!r}" if hit else None
    if "options_include" in exp or "options_exclude" in exp:
        options = game.pending.options if game.pending else []
        shown = " | ".join(readable(o) for o in options)
        for o in exp.get("options_include") or []:
            if translate(o, options) not in options:
                return f"expected option {o!r} to be offered; offered: {shown}"
        for o in exp.get("options_exclude") or []:
            if translate(o, options) in options:
                return f"expected option {o!r} not to be offered; offered: {shown}"
        return None
    if "pending" in exp:
        kind = game.pending.kind if game.pending else None
        if kind != exp["pending"]:
            return f"expected a pending {exp['pending']!r} decision, got {kind!r}" + waiting(game)
        if "player" in exp and game.pending and game.pending.player != exp["player"]:
            return f"expected the {kind!r} decision to be player {exp['player']}'s, got player {game.pending.player}'s"
        return None
    if "vp" in exp:
        want = {int(k): v for k, v in dict(exp["vp"]).items()}
        got = scores(game)["vp"]
        wrong = {p: got[p] for p, v in want.items() if p >= len(got) or got[p] != v}
        return f"expected VP {want}, actual {dict(enumerate(got))}" if wrong else None
    if "over" in exp:
        return None if game.over == bool(exp["over"]) else f"expected over={exp['over']}, got {game.over}"
    return (f"unknown expectation {json.dumps(exp)}: an item checks one of path (with equals, at_least, at_most, "
            "contains, excludes, length or absent), log, no_log, options_include, options_exclude, pending, vp, "
            "over (docs/scenarios.md)")


def waiting(game: Game) -> str:
    """'; waiting for player 0 (city: D2, E3)' - what the game asks now, for failure messages."""
    d = game.pending
    if d is None:
        return "; the game is over"
    return f"; waiting for player {d.player} ({d.kind}: {' | '.join(readable(o) for o in d.options[:12])})"
