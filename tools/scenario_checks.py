"""What a scenario's `expect` items check: any state field, the score, the log, the decision pending.

A `path` reads a view of the game: the state's own fields (players.0.res.gold, cities.D2.mood ...) and
`vp` (victory points per player), `score` (the scoring breakdown per player: score.breakdown.0.advances),
`log` (its lines, ids shown as the game labels them), `pending` (kind, player, prompt, options) and
`options`. The game's labels (Clash: board labels such as D2 for space ids) work in paths and options, and
messages show them (`Labels`, from the game's descriptor's `scenario_label` and `scenario_show`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..api import scores
from ..engine.machine import Game


def same(text: str) -> str:
    return text


@dataclass(frozen=True)
class Labels:
    """How a game's ids read for people: `to_id` turns what an author writes (a label or an id) into the id,
    `show` writes the ids inside a text as labels. Games without labels use `Labels()`."""

    to_id: Callable[[str], str] = same
    show: Callable[[str], str] = same


def show(value: Any, labels: Labels = Labels()) -> str:
    """A value as a message shows it: repr, with ids as the game labels them; a lone id that has a label
    shows both ('D2' (id '3,1')), so a label compared with an id reads plainly."""
    if isinstance(value, str) and labels.show(value) != value:
        return f"{labels.show(repr(value))} (id {value!r})"
    return labels.show(repr(value))


def as_ids(value: Any, labels: Labels = Labels()) -> Any:
    """What an author wrote with the game's labels, as the state holds it: every string (and mapping key)
    that is a label becomes its id, in lists and mappings too, so `equals: D2` matches a space "3,1"."""
    if isinstance(value, str):
        return labels.to_id(value)
    if isinstance(value, list):
        return [as_ids(v, labels) for v in value]
    if isinstance(value, dict):
        return {as_ids(k, labels) if isinstance(k, str) else k: as_ids(v, labels) for k, v in value.items()}
    return value


def translate(choice: Any, options: list[str], labels: Labels = Labels(), texts: list[str] | None = None) -> str:
    """Let authors write the game's labels (Clash: "D2", "D2:temple", "D2>F3") for the ids in options, and
    an option's text for an index (a `choose` decision's "gain 1 mood" for its option "1")."""
    text = str(choice)
    if text in options:
        return text
    for option, said in zip(options, texts or [], strict=False):
        if said == text and option.isdigit():
            return option
    parts = re.split(r"([:>])", text)
    return "".join(labels.to_id(p) for p in parts)


def view(game: Game, labels: Labels = Labels()) -> dict:
    """The state plus what a scenario may check that is not a state field."""
    score = scores(game)
    pending = game.pending.to_json() if game.pending else None
    return {**game.state, "vp": score["vp"], "score": score, "log": [labels.show(x) for x in game.log],
            "pending": pending, "options": [labels.show(o) for o in (pending or {}).get("options", [])],
            "auto_picks": [{"player": d.player, "kind": d.kind, "prompt": labels.show(d.prompt),
                            "choice": labels.show(d.options[0])} for d in getattr(game, "auto_picks", [])]}


def resolve(obj: Any, path: str, labels: Labels = Labels()) -> Any:
    cur = obj
    for raw in path.split("."):
        key = labels.to_id(raw)
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


def _path(game: Game, exp: dict, labels: Labels) -> str | None:  # noqa: C901 - one branch per comparison
    try:
        actual = resolve(view(game, labels), str(exp["path"]), labels)
    except (KeyError, IndexError, ValueError) as err:
        if "absent" in exp and exp["absent"]:
            return None
        return labels.show(f"expected {exp['path']}: {err}")
    p = exp["path"]
    exp = {k: as_ids(v, labels) if k in ("equals", "contains", "excludes") else v for k, v in exp.items()}
    if "equals" in exp and actual != exp["equals"]:
        return f"{p}: expected {show(exp['equals'], labels)}, actual {show(actual, labels)}"
    if "at_least" in exp and not actual >= exp["at_least"]:
        return f"{p}: expected at least {show(exp['at_least'], labels)}, actual {show(actual, labels)}"
    if "at_most" in exp and not actual <= exp["at_most"]:
        return f"{p}: expected at most {show(exp['at_most'], labels)}, actual {show(actual, labels)}"
    if "contains" in exp and exp["contains"] not in actual:
        return f"{p}: expected to contain {show(exp['contains'], labels)}, actual {show(actual, labels)}"
    if "excludes" in exp and exp["excludes"] in actual:
        return f"{p}: expected not to contain {show(exp['excludes'], labels)}, actual {show(actual, labels)}"
    if "length" in exp and len(actual) != exp["length"]:
        return f"{p}: expected length {exp['length']}, actual {len(actual)} ({show(actual, labels)})"
    if exp.get("absent"):
        return f"{p}: expected absent, actual {show(actual, labels)}"
    return None


def _in_log(game: Game, text: str, labels: Labels) -> list[str]:
    """Log lines containing `text`, matched with ids or the game's labels alike."""
    return [line for line in game.log if text in line or text in labels.show(line)]


def check(game: Game, exp: dict, labels: Labels = Labels()) -> str | None:  # noqa: C901 - one branch per expectation kind
    """The failure message of one expectation, or None when it holds."""
    if "path" in exp:
        return _path(game, exp, labels)
    if "log" in exp:
        if not _in_log(game, str(exp["log"]), labels):
            tail = "\n    ".join(labels.show(x) for x in game.log[-8:])
            return f"expected a log line containing {exp['log']!r}; last lines:\n    {tail}"
        return None
    if "no_log" in exp:
        hit = _in_log(game, str(exp["no_log"]), labels)
        return f"expected no log line containing {exp['no_log']!r}, found {labels.show(hit[0])!r}" if hit else None
    if "options_include" in exp or "options_exclude" in exp:
        return _options(game, exp, labels)
    if "auto_picked" in exp:
        return _auto_picked(game, exp, labels)
    if "pending" in exp:
        kind = game.pending.kind if game.pending else None
        if kind != exp["pending"]:
            return f"expected a pending {exp['pending']!r} decision, got {kind!r}" + waiting(game, labels)
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
            "contains, excludes, length or absent), log, no_log, options_include, options_exclude, pending, "
            "auto_picked, vp, over (docs/scenarios.md)")


def _options(game: Game, exp: dict, labels: Labels) -> str | None:
    """options_include / options_exclude, of the decision of kind `pending` if the item names one: another
    decision pending is a failure that says so, not a check of the wrong options."""
    d = game.pending
    if "pending" in exp and (d is None or d.kind != exp["pending"]):
        which = "include" if "options_include" in exp else "exclude"
        return (f"options_{which} expected a pending {exp['pending']!r} decision, got "
                f"{d.kind if d else None!r}; its options were not checked" + waiting(game, labels))
    options = d.options if d else []
    texts = d.labels if d else []
    where = f" by the {d.kind!r} decision of player {d.player}" if d else " (the game is over)"
    shown = " | ".join(_option_text(d, o, labels) for o in options) if d else "nothing"
    for o in exp.get("options_include") or []:
        if translate(o, options, labels, texts) not in options:
            return f"expected option {o!r} to be offered{where}; offered: {shown}"
    for o in exp.get("options_exclude") or []:
        if translate(o, options, labels, texts) in options:
            return f"expected option {o!r} not to be offered{where}; offered: {shown}"
    return None


def _auto_picked(game: Game, exp: dict, labels: Labels) -> str | None:
    """`{auto_picked: KIND}` (with `choice`, `player`): a decision of that kind was answered without asking,
    because it had one legal option."""
    picks = view(game, labels)["auto_picks"]
    hits = [a for a in picks if a["kind"] == exp["auto_picked"]
            and ("player" not in exp or a["player"] == exp["player"])
            and ("choice" not in exp or a["choice"] == labels.show(labels.to_id(str(exp["choice"]))))]
    if hits:
        return None
    seen = "; ".join(f"{a['kind']} of player {a['player']}: {a['choice']}" for a in picks) or "none"
    return f"expected a {exp['auto_picked']!r} decision taken without asking; taken without asking: {seen}"


def _option_text(d: Any, option: str, labels: Labels) -> str:
    """An option as failure messages show it: an index carries its text ("0 (gain 1 culture)")."""
    shown = labels.show(option)
    said = d.label(option)
    return f"{shown} ({labels.show(said)})" if option.isdigit() and said != option else shown


def waiting(game: Game, labels: Labels = Labels()) -> str:
    """'; waiting for player 0 (city: D2, E3)' - what the game asks now, for failure messages."""
    d = game.pending
    if d is None:
        return "; the game is over"
    return f"; waiting for player {d.player} ({d.kind}: {' | '.join(_option_text(d, o, labels) for o in d.options[:12])})"


def pending_note(game: Game, labels: Labels = Labels()) -> str:
    """The decision pending when a scenario's checks failed, with its prompt and options."""
    d = game.pending
    if d is None:
        return "  the game is over: no decision is pending"
    return f"  pending: {labels.show(d.prompt)!r}" + waiting(game, labels).replace("; ", " - ", 1)
