"""Measures of anything: `--measure "NAME=HOOK when CONDITION"`, the count of a hook's firings under a
condition written in the card language, per seat and in total, beside the game's own measures.

    --measure "defender_wins=battle_ended when side = defender and won"
    --measure "settlers=units_built when built has settler"
    --measure "battle_start"                      # every firing (the name is the hook's)

The condition is checked against the hook's payload as a trigger's `when` is (the card language's parser,
checker and compiler, as `objective "NAME" on HOOK when CONDITION`), so a misspelt name is refused with
the language's own message and hint. A game is played with a watch of them (engine/watch.py), which counts
each firing for the seat it fired for; the record's measures gain NAME (one value per seat) and
NAME_total. The specs travel as text (to worker processes and Ray) and are compiled where the game runs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...dsl.checker import check_effect
from ...dsl.compiler import Compiler
from ...dsl.parser import parse_effect
from ...engine import games
from ...engine.measures import GameMeasures, Measure
from ...engine.watch import COUNTS, Watch, Watched

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_HOOK = re.compile(r"^\s*([a-z][a-z0-9_]*)\s*(?:when\s+(.+?))?\s*$", re.S)


@dataclass(frozen=True)
class CustomMeasure:
    """One measure of hook firings: its name, the hook, the condition as written ('' for every firing)."""

    name: str
    hook: str
    condition: str = ""

    @property
    def text(self) -> str:
        return f"{self.name}={self.hook}" + (f" when {self.condition}" if self.condition else "")

    @property
    def label(self) -> str:
        return f"{self.hook} firings" + (f" when {self.condition}" if self.condition else "")


def parse(text: str) -> CustomMeasure:
    """`NAME=HOOK when COND`, `HOOK when COND` (named `HOOK_when`) or `HOOK` (ValueError: not of that shape)."""
    name, eq, rest = text.partition("=")
    if not eq or " " in name.strip():
        name, rest = "", text
    m = _HOOK.match(rest)
    if m is None:
        raise ValueError(f"measure {text!r}: write HOOK, HOOK when CONDITION, or NAME=HOOK when CONDITION "
                         "(e.g. defender_wins=battle_ended when side = defender and won)")
    hook, cond = m.group(1), " ".join((m.group(2) or "").split())
    name = name.strip() or (f"{hook}_when" if cond else hook)
    if not _NAME.match(name):
        raise ValueError(f"measure {text!r}: a name is lowercase letters, digits and _, not {name!r}")
    return CustomMeasure(name, hook, cond)


def split(game_id: str, texts: Sequence[str]) -> tuple[list[str], list[CustomMeasure]]:
    """The built-in measure names among `texts` and the custom measures (a text naming no built-in measure)."""
    builtin = {m.key for m in games.find(game_id).measures.measures}
    names, custom = [], []
    for t in texts:
        if t.partition("[")[0] in builtin:
            names.append(t)
        else:
            custom.append(parse(t))
    seen = [c.name for c in custom]
    if len(set(seen)) != len(seen) or set(seen) & builtin:
        raise ValueError(f"measures need names of their own: {', '.join(seen)} (write NAME=HOOK when ...)")
    return names, custom


def compile_watch(game_id: str, packs: Sequence[str], variants: Sequence[str], texts: Sequence[str]) -> Watch:
    """The watch counting these measures in games of these rules (ValueError: a hook or condition the
    card language refuses, with its message and hint)."""
    return _compiled(game_id, tuple(packs), tuple(variants), tuple(texts))


@lru_cache(maxsize=64)
def _compiled(game_id: str, packs: tuple[str, ...], variants: tuple[str, ...], texts: tuple[str, ...]) -> Watch:
    vocab = games.find(game_id).definition(list(packs), list(variants)).content.vocab
    compiler = Compiler(vocab)
    out = []
    for spec in (parse(t) for t in texts):
        source = f'objective "{spec.name}" on {spec.hook}' + (f" when {spec.condition}" if spec.condition else "")
        effect, errs = parse_effect(source, f"<measure {spec.name}>")
        found = errs or check_effect(effect, vocab, f"<measure {spec.name}>", "")
        errors = [d for d in found if d.severity == "error"]
        if errors or effect is None:
            e = errors[0]
            raise ValueError(f"measure {spec.text!r}: {e.message}" + (f" ({e.hint})" if e.hint else ""))
        objective = compiler.entry(f"measure:{spec.name}", effect).abilities[0]
        out.append(Watched(spec.name, spec.hook, getattr(objective, "cond", None)))
    return Watch(tuple(out))


def measures_with(base: GameMeasures, custom: Sequence[CustomMeasure]) -> GameMeasures:
    """The game's measures followed by each custom one, per seat and in total (read off the watch's counts)."""
    if not custom:
        return base
    extra = tuple(x for c in custom for x in (Measure(c.name, c.label, per_seat=True),
                                             Measure(f"{c.name}_total", f"{c.label}, all seats")))

    def read(game: Any) -> dict:
        values = dict(base.read(game))
        got = getattr(game.rt, COUNTS, {})
        n = len(game.state["players"])
        for c in custom:
            seats = [float(x) for x in got.get(c.name, [0] * n)]
            values[c.name], values[f"{c.name}_total"] = seats, float(sum(seats))
        return values

    return GameMeasures(base.measures + extra, read)


def custom_of(texts: Sequence[str]) -> list[CustomMeasure]:
    """The custom measures of a task's spec texts."""
    return [parse(t) for t in texts]
