"""What a scenario's `expect` items check: any state field, the score, the log, the decision pending.

A `path` reads a view of the game: the state's own fields (players.0.res.gold, cities.D2.mood ...) and
`vp` (victory points per player), `score` (the scoring breakdown per player: score.breakdown.0.advances),
`log` (its lines, ids shown as the game labels them), `pending` (kind, player, prompt, options) and
`options`. The game's labels (Clash: board labels such as D2 for space ids) work in paths and options, and
messages show them (`Labels`, from the game's descriptor's `scenario_label` and `scenario_show`).

`view_of: N` on a `path`, `log`, `no_log` or `log_order` item checks what seat N sees instead: its view of
the state (`game.view(N)`, hidden things counted or removed), the log it may read (the descriptor's
`visible_log`), and the pending decision only when it is N's. `log_order` checks that lines containing
each text come in that order.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...api import scores
from ...engine.games import visible_log
from ...engine.machine import Game

SEAT_CHECKS = ("path", "log", "no_log", "log_order")  # the items `view_of: N` applies to


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


def view(game: Game, labels: Labels = Labels(), seat: int | None = None) -> dict:
    """The state plus what a scenario may check that is not a state field; with `seat`, what that seat sees:
    its view of the state, the log it may read, and the decision pending only when it is the seat's."""
    score = scores(game)
    d = game.pending if seat is None or (game.pending is not None and game.pending.player == seat) else None
    pending = d.to_json() if d else None
    picks = [a for a in getattr(game, "auto_picks", []) if seat is None or a.player == seat]
    return {**(game.state if seat is None else game.view(seat)), "vp": score["vp"], "score": score,
            "log": [labels.show(x) for x in log_of(game, seat)],
            "pending": pending, "options": [labels.show(o) for o in (pending or {}).get("options", [])],
            "auto_picks": [{"player": a.player, "kind": a.kind, "prompt": labels.show(a.prompt),
                            "choice": labels.show(a.options[0])} for a in picks]}


def log_of(game: Game, seat: int | None) -> list[str]:
    """The whole log (seat None), or the lines `seat` may read."""
    return list(game.log) if seat is None else visible_log(game, seat)


def seat_of(game: Game, exp: dict) -> tuple[int | None, str | None]:
    """(the seat an item's `view_of` names, or None; the error when it names no seat or the item cannot
    take it)."""
    if "view_of" not in exp:
        return None, None
    seat, n = exp["view_of"], len(game.state.get("players") or [])
    kind = next((k for k in SEAT_CHECKS if k in exp), None)
    if kind is None:
        return None, (f"view_of applies to {', '.join(SEAT_CHECKS)} items, not to {json.dumps(exp)} (what a seat "
                      "is asked is the path `pending` with view_of)")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        return None, f"view_of: {seat!r} is not a seat of this {n}-player game (seats are 0 to {n - 1})"
    return seat, None


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


def _path(game: Game, exp: dict, labels: Labels, seat: int | None = None) -> str | None:  # noqa: C901 - one branch per comparison
    try:
        actual = resolve(view(game, labels, seat), str(exp["path"]), labels)
    except (KeyError, IndexError, ValueError, TypeError) as err:
        if "absent" in exp and exp["absent"]:
            return None
        return labels.show(f"expected {exp['path']}{_seen_by(seat)}: {err}")
    p = str(exp["path"]) + _seen_by(seat)
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


def _seen_by(seat: int | None) -> str:
    return "" if seat is None else f" (as seat {seat} sees it)"


def _in_log(game: Game, text: str, labels: Labels, seat: int | None = None) -> list[str]:
    """Log lines (those `seat` may read) containing `text`, matched with ids or the game's labels alike."""
    return [line for line in log_of(game, seat) if text in line or text in labels.show(line)]


def _log_order(game: Game, texts: list, labels: Labels, seat: int | None) -> str | None:
    """Lines containing each text, in the order given: each found after the line the previous text matched
    (the earliest such line, so any order that exists is found)."""
    raw = log_of(game, seat)
    lines = [labels.show(x) for x in raw]
    where, after = [], -1
    for text in map(str, texts):
        hits = [i for i, line in enumerate(lines) if text in line or text in raw[i]]
        later = [i for i in hits if i > after]
        if not later:
            found = f"only at line{'s' * (len(hits) > 1)} {', '.join(str(i + 1) for i in hits)}" if hits else "nowhere"
            before = f" after line {after + 1} ({lines[after]!r})" if after >= 0 else ""
            near = set(where) | set(hits) or set(range(max(0, len(lines) - 8), len(lines)))
            shown = "\n    ".join(f"{i + 1}: {line}" for i, line in enumerate(lines) if i in near)
            return (f"expected a log line containing {text!r}{before}{_seen_by(seat)}; it is {found}:\n    {shown}")
        after = later[0]
        where.append(after)
    return None


def check(game: Game, exp: dict, labels: Labels = Labels()) -> str | None:  # noqa: C901 - one branch per expectation kind
    """The failure message of one expectation, or None when it holds."""
    seat, wrong = seat_of(game, exp)
    if wrong:
        return wrong
    if "path" in exp:
        return _path(game, exp, labels, seat)
    if "log" in exp:
        if not _in_log(game, str(exp["log"]), labels, seat):
            tail = "\n    ".join(labels.show(x) for x in log_of(game, seat)[-8:])
            return f"expected a log line containing {exp['log']!r}{_seen_by(seat)}; last lines:\n    {tail}"
        return None
    if "no_log" in exp:
        hit = _in_log(game, str(exp["no_log"]), labels, seat)
        return (f"expected no log line containing {exp['no_log']!r}{_seen_by(seat)}, found {labels.show(hit[0])!r}"
                if hit else None)
    if "log_order" in exp:
        texts = exp["log_order"]
        if not isinstance(texts, list) or len(texts) < 2:
            return f"log_order takes a list of at least two texts, not {texts!r}"
        return _log_order(game, texts, labels, seat)
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
            "contains, excludes, length or absent), log, no_log, log_order, options_include, options_exclude, "
            "pending, auto_picked, vp, over (docs/scenarios.md); view_of: N makes a path or log item seat N's")


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
