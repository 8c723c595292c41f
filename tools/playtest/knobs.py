"""The knobs of `rulewright tune`: paths of the rules data with the values a search may give them.

A knob is written as sweep writes a path (`params.rounds`, `params.grow_cost.food`, a content path such as
`content.units.settler.cost.food`) with a range or a list of values: `params.rounds=4..8` (whole numbers 4 to 8), `params.sell_coins=1.5..4.0` (any real
number in the range: a bound with a decimal point or an exponent makes the range real), or
`params.military_victory=[1,3,5],[2,4,6]` (a choice among values, each read as YAML, commas inside
brackets kept). Every bound and every choice is checked before any game is played by building the
game's rules with it (the same door as `sweep` and compare's `PATH=VALUE` set-ups: dsl/rules_paths.py,
which refuses `hidden:` and `ranges:` and checks the value's kind and range, dsl/overlay_values.py).

A chosen set of values becomes a variant file (`variant_file`): the overlay each setting would be,
merged, with the base values of the sibling keys named where a mapping of numbers is changed in part, so
lint finds nothing to warn about and `compare`, `variant diff` and `serve` read it as any variant.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ...dsl.rules_paths import setting_overlay, value_at
from ...dsl.yamlsafe import safe_load
from .sweeping import split_values

_RANGE = re.compile(r"^\s*(?P<lo>[-+]?[0-9][0-9_.eE+-]*)\s*\.\.\s*(?P<hi>[-+]?[0-9][0-9_.eE+-]*)\s*$")


@dataclass(frozen=True)
class Knob:
    """One path and what it may be: whole numbers low..high, real numbers low..high, or one of `choices`
    (their YAML texts, as a setting writes them)."""

    path: str
    kind: str  # "int", "float" or "choice"
    low: float = 0
    high: float = 0
    choices: tuple[str, ...] = ()

    def text(self) -> str:
        """The knob as written on the command line."""
        if self.kind == "choice":
            return f"{self.path}={','.join(self.choices)}"
        return f"{self.path}={_num(self.low)}..{_num(self.high)}"

    def endpoints(self) -> list[str]:
        """The values that bound what the search may try (every choice, or both ends of a range)."""
        return list(self.choices) if self.kind == "choice" else [_num(self.low), _num(self.high)]

    def suggest(self, trial: Any) -> str:
        """The value an Optuna trial gives this knob, as the text of a setting."""
        if self.kind == "int":
            return str(trial.suggest_int(self.path, int(self.low), int(self.high)))
        if self.kind == "float":
            return _num(trial.suggest_float(self.path, float(self.low), float(self.high)))
        return str(trial.suggest_categorical(self.path, list(self.choices)))

    def distribution(self) -> Any:
        """The Optuna distribution of this knob (to enqueue a trial with known values)."""
        import optuna

        if self.kind == "int":
            return optuna.distributions.IntDistribution(int(self.low), int(self.high))
        if self.kind == "float":
            return optuna.distributions.FloatDistribution(float(self.low), float(self.high))
        return optuna.distributions.CategoricalDistribution(list(self.choices))


def _num(x: float) -> str:
    """A number as a setting writes it: whole numbers without a point, reals to 6 significant digits."""
    if isinstance(x, int):
        return str(x)
    text = f"{x:.6g}"
    return text if any(c in text for c in ".en") else text + ".0"


def parse_knob(spec: str) -> Knob:
    """`params.rounds=4..8`, `params.x=0.5..2.0` or `params.y=a,b,c`; ValueError saying how to write it."""
    path, eq, values = spec.partition("=")
    path = path.strip()
    how = ("write PATH=LOW..HIGH (whole numbers, or reals with a decimal point) or PATH=V1,V2,... "
           f"(a choice of at least two values), e.g. params.rounds=4..8 (got {spec!r})")
    if not eq or not path or not values.strip():
        raise ValueError(how)
    m = _RANGE.match(values)
    if m:
        lo, hi = (safe_load(m.group("lo")), safe_load(m.group("hi")))
        if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in (lo, hi)):
            raise ValueError(how)
        if lo >= hi:
            raise ValueError(f"{path}: the range {values.strip()} is empty or one value; the low end comes first")
        if isinstance(lo, int) and isinstance(hi, int):
            return Knob(path, "int", lo, hi)
        return Knob(path, "float", float(lo), float(hi))
    choices = split_values(values)
    if len(choices) < 2:
        raise ValueError(how)
    if len(set(choices)) != len(choices):
        raise ValueError(f"{path}: a choice is listed twice in {values.strip()}")
    return Knob(path, "choice", choices=tuple(choices))


def parse_knobs(specs: list[str]) -> list[Knob]:
    """Every knob, each path once."""
    knobs = [parse_knob(s) for s in specs]
    seen: set[str] = set()
    for k in knobs:
        if k.path in seen:
            raise ValueError(f"{k.path} is named twice: give each knob once")
        seen.add(k.path)
    return knobs


def settings(knobs: list[Knob], values: dict[str, Any]) -> list[str]:
    """The `PATH=VALUE` settings of one trial, in the knobs' order (values as Optuna holds them)."""
    out = []
    for k in knobs:
        v = values[k.path]
        out.append(f"{k.path}={_num(v) if k.kind != 'choice' else v}")
    return out


def _merge(into: dict, overlay: dict) -> None:
    for key, value in overlay.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict) and "$replace" not in value:
            _merge(into[key], value)
        else:
            into[key] = value


def _leaf(data: dict, depth: int) -> dict:
    """The mapping `depth` keys down the only branch of a one-setting overlay."""
    node = data
    for _ in range(depth):
        node = next(iter(node.values()))
    return node


def overlay_of(rules: dict, texts: list[str], content: Any = None) -> dict:
    """The data a variant holding these settings changes: each setting's overlay (setting_overlay, checked
    as sweep's are; a `content.` path under `content:`), merged; where a mapping of numbers (a cost)
    changes in part, its other keys are named with their base values, so the file says it keeps them
    (lint's W0047)."""
    data: dict = {}
    for text in texts:
        one = setting_overlay(rules, text, content)
        keys = text.partition("=")[0].strip().split(".")
        parent = value_at(rules, content, ".".join(keys[:-1])) if len(keys) > 1 else None
        if isinstance(parent, dict) and parent and all(isinstance(v, int | float) and not isinstance(v, bool)
                                                       for v in parent.values()):
            node = _leaf(one, len(keys) - 1)
            for k, v in parent.items():
                node.setdefault(k, v)
        _merge(data, one)
    return data


def variant_file(rules: dict, texts: list[str], name: str, text: str, game_id: str, content: Any = None) -> str:
    """A variant file (YAML text) holding the settings: name, text, game, and the rules data changed."""
    from io import StringIO

    from ruamel.yaml import YAML

    yaml = YAML()
    yaml.default_flow_style = False
    buf = StringIO()
    yaml.dump({"name": name, "text": text, "game": game_id, **overlay_of(rules, texts, content)}, buf)
    return buf.getvalue()
