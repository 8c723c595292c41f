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
pending), `pending` (its kind), `vp` (victory points by player) and `over` (the game ended); a `path`
also reads `vp`, `score` (the breakdown), `log`, `pending` and `options` (tools/modding/scenario_checks.py).
An item of `actions` may be `{expect: [...]}`: a checkpoint checked there, between actions.
A scenario inside a pack's tests/ folder loads that pack unless it names `packs`.
docs/scenarios.md is the guide.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema

from ...dsl.explain import explain_effect
from ...dsl.loader import CONTENT_ROOT, PACKAGE_ROOT, resolve_packs, schema_for
from ...dsl.rules_data import looks_like_path
from ...dsl.yamlsafe import safe_load
from ...engine import games
from ...engine.decision import AUTO_PICKS, IllegalAction
from ...engine.diagnostics import PositionError
from ...engine.games import game_dir
from ...engine.machine import Game
from .scenario_checks import Labels, check, pending_note, same, translate, waiting
from .scenario_values import value_problems


def _labels(spec: dict) -> Labels:
    """The game's way of reading what authors write for ids and of showing ids to them (Clash: board
    labels "D2" for spaces), or none."""
    module = games.find(spec_game(spec))
    return Labels(module.scenario_label or same, module.scenario_show or same)


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


def load_scenario(path: Path, game: str | None = None) -> dict:
    """A scenario file's mapping. One that names no `game:` is for the game of the pack whose tests/ it
    sits in, else for `game` (`rulewright test --game`), else for the default game."""
    if not path.is_file():  # a FIFO or device would block the runner
        raise ValueError("not a regular file")
    data = safe_load(path.read_text(encoding="utf-8"))  # alias bombs refused
    if not isinstance(data, dict):
        raise ValueError("a scenario file is a mapping (name, position, actions, expect)")
    if "game" not in data:
        home = home_pack(str(path))[0]
        try:
            found = safe_load((Path(home) / "pack.yaml").read_text(encoding="utf-8")) if home != "base" else None
        except Exception:  # a broken manifest: the pack's own loading reports it
            found = None
        named = found.get("game") if isinstance(found, dict) else None
        if named or game:
            data["game"] = str(named or game)
    return data


def bundled_scenario_dirs() -> list[Path]:
    dirs = [PACKAGE_ROOT / "tests" / "scenarios"]
    dirs += sorted(p for p in CONTENT_ROOT.glob("*/*/tests") if p.is_dir())
    dirs += sorted(p for p in (PACKAGE_ROOT / "examples").glob("*/tests") if p.is_dir())  # cookbook packs
    return [d for d in dirs if d.is_dir()]


def scenario_root(path: Path) -> Path:
    """A pack folder stands for its tests/ folder (`rulewright test mypack`); anything else for itself."""
    if path.is_dir() and (path / "pack.yaml").exists():
        return path / "tests"
    return path


def find_scenarios(paths: list[Path] | None = None) -> list[Path]:
    roots = [scenario_root(p) for p in paths] if paths else bundled_scenario_dirs()
    out: list[Path] = []
    for r in roots:
        if r.is_dir():
            out.extend(sorted(r.rglob("*.yaml")))
        elif r.exists():
            out.append(r)
    return out


def home_pack(path: str) -> list[str]:
    """The pack a scenario file sits in (PACK/tests/.../x.yaml), as its default `packs`; else base."""
    for parent in Path(path).resolve().parents:
        if parent.name == "tests" and (parent.parent / "pack.yaml").exists():
            return [str(parent.parent)]
    return ["base"]


def _pack_ref(ref: str, scenario_path: str) -> str:
    """A pack folder named by path, tried from the scenario's own folder first, then from each folder
    above it, then from the working folder and the project: `..` in PACK/tests/x.yaml is PACK wherever
    the command runs. A bundled pack's id stays an id."""
    if "/" not in ref and not ref.startswith("."):
        return ref
    here = Path(ref)
    for base in [*Path(scenario_path).resolve().parents, Path.cwd(), PACKAGE_ROOT]:
        if (base / here / "pack.yaml").exists():
            return str((base / here).resolve())
    return ref


def _variant_ref(ref: str, scenario_path: str) -> str:
    """A variant named by path, tried from the scenario's folder and those above it first, then from the
    working folder; an id stays an id."""

    if not looks_like_path(ref):
        return ref
    for base in [*Path(scenario_path).resolve().parents, Path.cwd()]:
        if (base / ref).is_file():
            return str((base / ref).resolve())
    return ref


def packs_loaded(packs: list[str], game: str) -> str:
    """The packs a scenario's `packs` load, dependencies included, each with its folder: what a set-up
    failure prints, so a pack found in the wrong place shows."""
    try:
        found = resolve_packs(list(packs), game, [], {})
    except Exception:  # a manifest too broken to read: the error itself says so
        return ""
    return ", ".join(f"{p.id} ({p.root})" for p in found)


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
    """Run one scenario; decisions answered without asking (one legal option) are recorded on the game as
    `auto_picks`, so `{auto_picked: KIND}` can check them."""
    picks: list = []
    token = AUTO_PICKS.set(picks)
    try:
        return _run(spec, defn, path, picks)
    finally:
        AUTO_PICKS.reset(token)


def _where(path: str, where: tuple) -> str:
    """'file:line:column: ' of the position's value at `where` in the scenario file, or '' if unknown."""
    from ruamel.yaml import YAML

    try:
        node = YAML(typ="rt").load(Path(path).read_text(encoding="utf-8"))
        parent, key = node, "position"
        for k in where:
            parent, key = parent[key], k
        if isinstance(parent, dict) and key in parent:
            line, col = parent.lc.key(key) if not isinstance(parent[key], str) else parent.lc.value(key)
        else:
            line, col = parent.lc.item(key)
    except Exception:  # no file (a spec built in memory) or a shape the schema let through: no line
        return ""
    return f"{path}:{line + 1}:{col + 1}: "


def _checkpoint(game: Game, step: dict, labels: Labels) -> list[str]:
    """A checkpoint's failures; one naming a decision kind (`pending: KIND`) checks nothing else when
    another decision is pending."""
    kind = step.get("pending")
    if kind is not None and (game.pending is None or game.pending.kind != kind):
        got = game.pending.kind if game.pending else None
        return [f"expected a pending {kind!r} decision, got {got!r}; the checkpoint's items were not checked"
                + waiting(game, labels)]
    return [m for m in (check(game, exp, labels) for exp in step.get("expect") or []) if m]


def scenario_game(spec: dict, path: str, defn: Any = None) -> Game:
    """The game a scenario starts from (its position or set-up, its packs and variants), before any action;
    raises PositionError for what the position names that the game does not have."""
    packs = [_pack_ref(str(ref), path) for ref in spec.get("packs") or home_pack(path)]
    variants = [_variant_ref(str(v), path) for v in spec.get("variants") or []]
    d = defn or games.find(spec_game(spec)).definition(packs, variants)
    config = {"players": int(spec.get("players", 2)), "seed": int(spec.get("seed", 1)),
              "packs": packs, "variants": variants,
              "position": spec.get("position") or {}}
    if "setup" in spec:  # start from the set-up with chosen orders instead of a position
        config.pop("position")
        config["setup"] = spec["setup"] or {}
    return Game(d, config)


def _run(spec: dict, defn: Any, path: str, picks: list) -> Result:  # noqa: C901 - one branch per step kind
    name = str(spec.get("name", Path(path).stem))
    covers = list(spec.get("covers") or [])
    res = Result(path, name, True, covers=covers)
    if "kind" in spec and "entries" in spec:
        return Result(path, name, False, [f"this is a content file (kind: {spec['kind']}), not a scenario: content "
                                          "goes at the top of a pack, scenarios in its tests/ folder"], covers)
    players = spec.get("players", 2)
    problems = value_problems(spec, players) if type(players) is int and players > 0 else []
    if problems:  # before the schema: a 100,000-card list is refused at once, not walked item by item
        return Result(path, name, False, ["the scenario's values are out of range:"] + problems[:10], covers)
    problems = schema_problems(spec)
    if problems:
        return Result(path, name, False, ["the scenario does not match its schema:"] + problems[:10], covers)
    labels = _labels(spec)  # the schema check has found the game
    packs = [_pack_ref(str(ref), path) for ref in spec.get("packs") or home_pack(path)]
    try:
        game = scenario_game(spec, path, defn)
        d = game.definition
        game.auto_picks = picks
    except PositionError as err:  # what the position names that this game does not have, by line
        return Result(path, name, False, ["cannot set up the position:"]
                      + [f"  {_where(path, w)}position.{'.'.join(map(str, w))}: {labels.show(m)}"
                         for w, m in err.problems], covers)
    except Exception as err:  # a broken scenario is a failure with a message, not a crash
        loaded = packs_loaded(packs, spec_game(spec))
        return Result(path, name, False, [f"cannot set up the position: {type(err).__name__}: {labels.show(str(err))}"]
                      + [f"  {d.hint}" for d in getattr(err, "diagnostics", [])[:10] if d.hint]
                      + ([f"  packs loaded: {loaded}"] if loaded else []), covers)
    for i, step in enumerate(spec.get("actions") or []):
        if isinstance(step, dict) and "expect" in step:  # a checkpoint between actions
            for msg in _checkpoint(game, step, labels):
                res.passed = False
                res.messages.append(f"checkpoint at step {i + 1}: {msg}")
            continue
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
        choice = translate(choice, game.pending.options, labels, game.pending.labels)
        before = game.state_hash()
        try:
            game.apply({"player": player, "choice": choice})
        except IllegalAction as err:
            if expect_error is None:
                res.passed = False
                res.messages.append(f"step {i + 1}: {labels.show(str(err))}{waiting(game, labels)}")
                return res
            if str(expect_error) not in str(err) and str(expect_error) not in labels.show(str(err)):
                res.passed = False
                res.messages.append(f"step {i + 1}: expected an error containing {expect_error!r}, got: "
                                    f"{labels.show(str(err))}")
            if game.state_hash() != before:
                res.passed = False
                res.messages.append(f"step {i + 1}: the refused action changed the state")
            continue
        except PositionError as err:  # a position laid once a set-up decision is answered, by line as above
            res.passed = False
            res.messages += [f"step {i + 1}: cannot set up the position:"] + [
                f"  {_where(path, w)}position.{'.'.join(map(str, w))}: {labels.show(m)}" for w, m in err.problems]
            return res
        except Exception as err:
            res.passed = False
            res.messages.append(f"step {i + 1}: the rules failed: {type(err).__name__}: {labels.show(str(err))}")
            return res
        if expect_error is not None:
            res.passed = False
            res.messages.append(f"step {i + 1}: expected {labels.show(choice)!r} to be refused ({expect_error!r}) but "
                                "it was applied")
    for exp in spec.get("expect") or []:
        msg = check(game, exp, labels)
        if msg:
            res.passed = False
            res.messages.append(msg)
    if not res.passed:
        res.messages.append(pending_note(game, labels))
    if not res.passed and covers:
        for c in covers:
            e = d.content.entries.get(c)
            if e is not None:
                english = " ".join(explain_effect(e.effect, d.content.vocab.phrases)) if e.effect else "(no effect)"
                if e.combat_effect is not None:
                    english += " Combat: " + " ".join(explain_effect(e.combat_effect, d.content.vocab.phrases))
                res.messages.append(f"  {e.name}: printed \"{e.text}\"; the effect says: {english}")
    return res
