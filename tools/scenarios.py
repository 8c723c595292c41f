"""Scenario files: a starting position, actions, and what must be true afterwards.

    name: Civic improvement raises an angry size-2 city to happy for 4 mood tokens
    covers: [civic_improvement]
    players: 2
    position: {players: [{resources: {mood: 4}, happiness_level: 5}],
               cities: [{owner: 0, at: D2, pieces: {temple: 0}, mood: angry}]}
    actions: [civic_improvement, D2, D2]
    expect:
      - {path: cities.D2.mood, equals: happy}
      - {path: players.0.res.mood, equals: 0}

Actions are the options of the pending decision (space ids may be written as board labels such
as "D2"); a step may instead be {choice: ..., error: "text"} to require that it is refused with
the state unchanged. Expectations: `path` with equals / at_least / at_most / contains / excludes,
`log` (a line containing the text), `options_include` / `options_exclude` (of the decision then
pending), `pending` (its kind) and `over` (the game ended).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema

from ..dsl.explain import explain_effect
from ..dsl.loader import CONTENT_ROOT, PACKAGE_ROOT, schema_for
from ..engine import games
from ..engine.decision import IllegalAction
from ..engine.games import game_dir
from ..engine.machine import Game


def _labels(spec: dict):
    """The game's way of reading what authors write for ids (Clash: board labels "D2" for spaces), or none."""
    label = games.find(spec_game(spec)).extras.get("scenario_label")
    return label or (lambda text: text)


def spec_game(spec: dict) -> str:
    """The game a scenario is for: its `game:` (default: the default game)."""
    return str(spec.get("game") or games.default_game())


@dataclass
class Result:
    path: str
    name: str
    passed: bool
    messages: list[str] = field(default_factory=list)
    covers: list[str] = field(default_factory=list)


def load_scenario(path: Path) -> dict:
    from ..dsl.yamlsafe import safe_load

    if not path.is_file():  # a FIFO or device would block the runner
        raise ValueError("not a regular file")
    data = safe_load(path.read_text(encoding="utf-8"))  # alias bombs refused
    if not isinstance(data, dict):
        raise ValueError("a scenario file is a mapping (name, position, actions, expect)")
    return data


def bundled_scenario_dirs() -> list[Path]:
    dirs = [PACKAGE_ROOT / "tests" / "scenarios"]
    dirs += sorted(p for p in CONTENT_ROOT.glob("*/*/tests") if p.is_dir())
    return [d for d in dirs if d.is_dir()]


def find_scenarios(paths: list[Path] | None = None) -> list[Path]:
    roots = paths or bundled_scenario_dirs()
    out: list[Path] = []
    for r in roots:
        if r.is_dir():
            out.extend(sorted(r.rglob("*.yaml")))
        elif r.exists():
            out.append(r)
    return out


def _translate(choice: Any, options: list[str], label=lambda text: text) -> str:
    """Let authors write the game's labels (Clash: "D2", "D2:temple", "D2>F3") for the ids in options."""
    text = str(choice)
    if text in options:
        return text
    parts = re.split(r"([:>])", text)
    out = "".join(label(p) for p in parts)
    return out


def _resolve(obj: Any, path: str, label=lambda text: text) -> Any:
    cur = obj
    for raw in path.split("."):
        key = label(raw)
        if isinstance(cur, list):
            cur = cur[int(key)]
        elif isinstance(cur, dict):
            if key not in cur:
                raise KeyError(f"{path}: no '{raw}'")
            cur = cur[key]
        else:
            raise KeyError(f"{path}: cannot look into {type(cur).__name__}")
    return cur


def _pack_ref(ref: str, scenario_path: str) -> str:
    """A pack folder named by path: as given, else next to the scenario file, else in the project."""
    if "/" not in ref and not ref.startswith("."):
        return ref
    here = Path(ref)
    for base in [Path.cwd(), *Path(scenario_path).resolve().parents, PACKAGE_ROOT]:
        if (base / here / "pack.yaml").exists():
            return str((base / here).resolve())
    return ref


def scenario_schema(game: str) -> dict:
    """The game's own scenario schema (rules/<game>/scenario.schema.json), else the shared one."""
    own = game_dir(game) / "scenario.schema.json"
    if own.is_file():
        return json.loads(own.read_text(encoding="utf-8"))
    return schema_for("scenario") or {}


def schema_problems(spec: dict) -> list[str]:
    try:
        schema = scenario_schema(spec_game(spec))
    except KeyError as err:
        return [f"game: {err.args[0]}"]
    validator = jsonschema.Draft202012Validator(schema)
    return [f"{'/'.join(map(str, e.absolute_path)) or 'scenario'}: {e.message}" for e in validator.iter_errors(spec)]


def run_scenario(spec: dict, defn: Any = None, path: str = "<scenario>") -> Result:
    name = str(spec.get("name", Path(path).stem))
    covers = list(spec.get("covers") or [])
    res = Result(path, name, True, covers=covers)
    problems = schema_problems(spec)
    if problems:
        return Result(path, name, False, ["the scenario does not match its schema:"] + problems[:10], covers)
    try:
        packs = [_pack_ref(ref, path) for ref in spec.get("packs") or ["base"]]
        label = _labels(spec)
        d = defn or games.find(spec_game(spec)).definition(packs, spec.get("variants") or [])
        config = {"players": int(spec.get("players", 2)), "seed": int(spec.get("seed", 1)),
                  "packs": packs, "variants": spec.get("variants") or [],
                  "position": spec.get("position") or {}}
        game = Game(d, config)
    except Exception as err:  # a broken scenario is a failure with a message, not a crash
        return Result(path, name, False, [f"cannot set up the position: {type(err).__name__}: {err}"], covers)
    for i, step in enumerate(spec.get("actions") or []):
        if game.pending is None:
            res.passed = False
            res.messages.append(f"step {i + 1}: the game is over, cannot apply {step!r}")
            return res
        expect_error = None
        if isinstance(step, dict):
            player = step.get("player", game.pending.player)
            choice = step.get("choice")
            expect_error = step.get("error")
        else:
            player, choice = game.pending.player, step
        choice = _translate(choice, game.pending.options, label)
        before = game.state_hash()
        try:
            game.apply({"player": player, "choice": choice})
        except IllegalAction as err:
            if expect_error is None:
                res.passed = False
                res.messages.append(f"step {i + 1}: {err}")
                return res
            if str(expect_error) not in str(err):
                res.passed = False
                res.messages.append(f"step {i + 1}: expected an error containing {expect_error!r}, got: {err}")
            if game.state_hash() != before:
                res.passed = False
                res.messages.append(f"step {i + 1}: the refused action changed the state")
            continue
        except Exception as err:
            res.passed = False
            res.messages.append(f"step {i + 1}: the rules failed: {type(err).__name__}: {err}")
            return res
        if expect_error is not None:
            res.passed = False
            res.messages.append(f"step {i + 1}: expected {choice!r} to be refused ({expect_error!r}) but it was applied")
    for exp in spec.get("expect") or []:
        msg = _check(game, exp, label)
        if msg:
            res.passed = False
            res.messages.append(msg)
    if not res.passed and covers:
        for c in covers:
            e = d.content.entries.get(c)
            if e is not None:
                english = " ".join(explain_effect(e.effect, d.content.vocab.phrases)) if e.effect else "(no effect)"
                res.messages.append(f"  {e.name}: printed \"{e.text}\"; the effect says: {english}")
    return res


def _check(game: Game, exp: dict, label=lambda text: text) -> str | None:  # noqa: C901 - one branch per expectation kind
    if "path" in exp:
        try:
            actual = _resolve(game.state, str(exp["path"]), label)
        except (KeyError, IndexError, ValueError) as err:
            if "absent" in exp and exp["absent"]:
                return None
            return f"expected {exp['path']}: {err}"
        if "equals" in exp and actual != exp["equals"]:
            return f"{exp['path']}: expected {exp['equals']!r}, actual {actual!r}"
        if "at_least" in exp and not actual >= exp["at_least"]:
            return f"{exp['path']}: expected at least {exp['at_least']!r}, actual {actual!r}"
        if "at_most" in exp and not actual <= exp["at_most"]:
            return f"{exp['path']}: expected at most {exp['at_most']!r}, actual {actual!r}"
        if "contains" in exp and exp["contains"] not in actual:
            return f"{exp['path']}: expected to contain {exp['contains']!r}, actual {actual!r}"
        if "excludes" in exp and exp["excludes"] in actual:
            return f"{exp['path']}: expected not to contain {exp['excludes']!r}, actual {actual!r}"
        if "length" in exp and len(actual) != exp["length"]:
            return f"{exp['path']}: expected length {exp['length']}, actual {len(actual)} ({actual!r})"
        if exp.get("absent"):
            return f"{exp['path']}: expected absent, actual {actual!r}"
        return None
    if "log" in exp:
        if not any(str(exp["log"]) in line for line in game.log):
            tail = "\n    ".join(game.log[-8:])
            return f"expected a log line containing {exp['log']!r}; last lines:\n    {tail}"
        return None
    if "no_log" in exp:
        hit = [line for line in game.log if str(exp["no_log"]) in line]
        return f"expected no log line containing {exp['no_log']!r}, found {hit[0]!r}" if hit else None
    if "options_include" in exp or "options_exclude" in exp:
        options = game.pending.options if game.pending else []
        for o in exp.get("options_include") or []:
            if _translate(o, options, label) not in options:
                return f"expected option {o!r} to be offered; offered: {options}"
        for o in exp.get("options_exclude") or []:
            if _translate(o, options, label) in options:
                return f"expected option {o!r} not to be offered; offered: {options}"
        return None
    if "pending" in exp:
        kind = game.pending.kind if game.pending else None
        return None if kind == exp["pending"] else f"expected a pending {exp['pending']!r} decision, got {kind!r}"
    if "over" in exp:
        return None if game.over == bool(exp["over"]) else f"expected over={exp['over']}, got {game.over}"
    return f"unknown expectation {json.dumps(exp)}"
