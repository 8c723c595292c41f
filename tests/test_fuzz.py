"""Fuzzing: malformed content, effect text and actions give diagnostics or IllegalAction, never a crash.

Three properties, each with a quick default run and a `slow` variant with many more examples:

- mutated YAML (the bundled content files with characters and lines deleted, duplicated, swapped,
  re-indented, values of the wrong type, random unicode, truncation) in a temporary pack: nothing
  raises out of `load_content`, and every problem is a Diagnostic with a file and a line >= 1;
- random effect text (a grammar-aware generator mixing the language's keywords and the vocabulary's
  names with garbage, and plain random text): `parse_effect` + `check_effect` never raise, and every
  diagnostic has a location inside the text;
- random malformed actions (wrong types, unknown players, options of other decisions, huge strings,
  nested junk): `Game.apply` always raises IllegalAction and leaves `state_hash()` and the log as they were.

Crashes the fuzzers found are kept below as explicit regression tests.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rulewright.api import new_game
from rulewright.dsl.checker import check_effect
from rulewright.dsl.loader import CONTENT_ROOT, load_content
from rulewright.dsl.parser import parse_effect
from rulewright.engine.bots import RandomBot
from rulewright.engine.decision import IllegalAction
from rulewright.engine.diagnostics import Diagnostic
from rulewright.engine.playout import play_out

BASE = CONTENT_ROOT / "clash" / "base"
CONTENT_FILES = sorted(p.name for p in BASE.glob("*.yaml"))
QUICK = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
SLOW = settings(max_examples=2000, deadline=None, suppress_health_check=list(HealthCheck))
QUICK_LOADER = settings(QUICK, max_examples=20)  # some examples load all of base: fewer of them


def _located(d: Diagnostic) -> bool:
    return isinstance(d, Diagnostic) and bool(d.file) and d.line >= 1 and d.column >= 1


# ---- (a) mutated YAML documents ---------------------------------------------------------------------

WRONG_VALUES = [
    "[1, 2]", "{a: 1}", "123", "-1.5", "true", "null", "~", '"text"', "''", "[]", "{}", ".inf", ".nan",
    "2024-01-01", "0x1F", "99999999999999999999999", "!!binary aGVsbG8=", "!!python/object:os.system",
    "&anchor 1", "*anchor", "*nowhere", "|", ">", "|-\n", "- - -", "? complex", "{x: [y: {z}]}", "'unclosed",
    '"unclosed', "!!int notanumber", "!custom tag", "- 1\n- 2", "<<: *anchor", "%YAML 1.2", "---", "...",
    "\t", "\x00", "\ufeff", "é", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "on advance_gained: gain 1 idea", "grant collect(",
]
UNICODE = st.text(st.characters(codec="utf-8"), min_size=1, max_size=12)


@st.composite
def mutated(draw, text: str) -> str:
    """The text with 1 to 5 random mutations: characters, lines, indentation, values, unicode, truncation."""
    for _ in range(draw(st.integers(1, 5))):
        lines = text.split("\n")
        op = draw(st.sampled_from(["del_chars", "dup_char", "swap_chars", "del_line", "dup_line", "swap_lines",
                                   "indent", "wrong_value", "unicode", "truncate", "replace_key", "alias"]))
        n = len(text)
        if op == "del_chars" and n:
            i = draw(st.integers(0, n - 1))
            text = text[:i] + text[i + draw(st.integers(1, 8)):]
        elif op == "dup_char" and n:
            i = draw(st.integers(0, n - 1))
            text = text[:i] + text[i] * draw(st.integers(2, 4)) + text[i + 1:]
        elif op == "swap_chars" and n > 1:
            i = draw(st.integers(0, n - 2))
            text = text[:i] + text[i + 1] + text[i] + text[i + 2:]
        elif op == "del_line":
            del lines[draw(st.integers(0, len(lines) - 1))]
            text = "\n".join(lines)
        elif op == "dup_line":
            i = draw(st.integers(0, len(lines) - 1))
            lines.insert(i, lines[i])
            text = "\n".join(lines)
        elif op == "swap_lines" and len(lines) > 1:
            i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        elif op == "indent":
            i = draw(st.integers(0, len(lines) - 1))
            line = lines[i]
            how = draw(st.sampled_from(["more", "less", "tab", "none"]))
            if how == "more":
                line = " " * draw(st.integers(1, 6)) + line
            elif how == "less":
                line = line[min(len(line) - len(line.lstrip(" ")), draw(st.integers(1, 4))):]
            elif how == "tab":
                line = "\t" + line
            else:
                line = line.lstrip()
            lines[i] = line
            text = "\n".join(lines)
        elif op in ("wrong_value", "replace_key"):
            keyed = [i for i, ln in enumerate(lines) if ":" in ln]
            if keyed:
                i = draw(st.sampled_from(keyed))
                key, _, value = lines[i].partition(":")
                junk = draw(st.sampled_from(WRONG_VALUES) | UNICODE)
                if op == "wrong_value":
                    lines[i] = f"{key}: {junk}"
                else:
                    indent = key[:len(key) - len(key.lstrip(" -"))]
                    lines[i] = f"{indent}{junk}:{value}"
                text = "\n".join(lines)
        elif op == "alias":  # an anchored entry, reused as an alias or merged (`<<: *fz`) into a new one
            starts = [i for i, ln in enumerate(lines) if ln.lstrip().startswith("- ")]
            if starts:
                i = draw(st.sampled_from(starts))
                dash = lines[i].index("- ")
                pad = " " * dash
                lines[i] = f"{pad}- &fz\n{pad}  {lines[i][dash + 2:]}"
                lines.append(draw(st.sampled_from([f"{pad}- *fz", f"{pad}- <<: *fz\n{pad}  id: fz_copy",
                                                   f"{pad}- <<: *fz\n{pad}  effect: 'grant nothing('"])))
                text = "\n".join(lines)
        elif op == "unicode":
            i = draw(st.integers(0, n))
            text = text[:i] + draw(UNICODE) + text[i:]
        elif op == "truncate" and n:
            text = text[:draw(st.integers(0, n - 1))]
    return text


@cache
def _original(name: str) -> str:
    return (BASE / name).read_text(encoding="utf-8")


def _write_pack(root: Path, name: str, text: str, mode: str) -> Path:
    """A temporary pack holding the mutated file: alone, on top of base, or in a whole copy of base."""
    pack = root / "fuzzpack"
    if mode == "standalone":
        shutil.copytree(BASE, pack)
    else:
        pack.mkdir()
        depends = "[base]" if mode == "on_base" else "[]"
        (pack / "pack.yaml").write_text(f"id: fuzzpack\nname: Fuzz\nversion: 1.0.0\ngame: clash\ndepends: {depends}\n")
    (pack / name).write_text(text, encoding="utf-8")
    return pack


def _check_loader(name: str, text: str, mode: str) -> None:
    """Load the mutated file (with the on-disk cache in a fresh folder, so its write and read run too)."""
    saved = os.environ.get("RULEWRIGHT_CACHE_DIR")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        os.environ["RULEWRIGHT_CACHE_DIR"] = str(root / "cache")
        try:
            if mode == "extra":
                path = root / name
                path.write_text(text, encoding="utf-8")
                packs, extra = ["base"], [path]
            else:
                packs, extra = [_write_pack(root, name, text, mode)], []
            content = load_content(packs, extra_files=extra)
            if mode == "alone":  # cheap enough to load again, now from the cache: the same diagnostics
                assert load_content(packs, extra_files=extra).diagnostics == content.diagnostics
        finally:
            if saved is None:
                os.environ.pop("RULEWRIGHT_CACHE_DIR", None)
            else:
                os.environ["RULEWRIGHT_CACHE_DIR"] = saved
        lines = {f: len(src) for f, src in content.sources.items()}
        for d in content.diagnostics:
            assert _located(d), d
            if d.file in lines:
                assert d.line <= lines[d.file] + 1, (d, lines[d.file])


# most examples load the mutated file alone (fast); some on top of base or in a whole copy of it
MODES = ["alone", "alone", "alone", "alone", "on_base", "extra", "standalone"]


def _loader_property(data) -> None:
    name = data.draw(st.sampled_from(CONTENT_FILES), label="file")
    text = data.draw(mutated(_original(name)), label="text")
    mode = data.draw(st.sampled_from(MODES if name != "pack.yaml" else ["standalone"]), label="mode")
    _check_loader(name, text, mode)


@pytest.mark.filterwarnings("ignore::ruamel.yaml.error.ReusedAnchorWarning")  # `&fz` twice: fine
@QUICK_LOADER
@given(st.data())
def test_mutated_yaml_gives_diagnostics(data):
    _loader_property(data)


@pytest.mark.filterwarnings("ignore::ruamel.yaml.error.ReusedAnchorWarning")  # `&fz` twice: fine
@pytest.mark.soak
@SLOW
@given(st.data())
def test_mutated_yaml_gives_diagnostics_many(data):
    _loader_property(data)


# ---- (b) random effect text -------------------------------------------------------------------------

KEYWORDS = ["grant", "modify", "on", "any", "action", "forbid", "acquire", "requires", "objective", "when",
            "costs", "free", "optional", "once per turn", "until end of turn", "up to", "for each player",
            "for each other player", "gain", "pay", "lose", "draw", "do", "cancel", "choose", "then", "if",
            "else", "repeat", "times", "at", "and", "or", "not", "in", "has", "min", "max", "self", "me"]
PUNCT = [":", "|", "(", ")", "[", "]", ",", ".", "=", "+=", "-=", "!=", "<", ">=", "+", "-", "*", "//", '"',
         "#", "\n", "\n  ", "\n    ", "\t", " "]


@cache
def _vocab():
    return load_content(["base"]).vocab


@cache
def _names() -> list[str]:
    v = _vocab()
    names = set(v.hooks) | set(v.quantities) | set(v.grants) | set(v.forbids) | set(v.functions)
    names |= set(v.primitives) | set(v.constants) | set(v.globals)
    for payload in v.hooks.values():
        names |= set(payload)
    return sorted(names)


def _token():
    return st.one_of(
        st.sampled_from(KEYWORDS), st.sampled_from(PUNCT), st.sampled_from(_names()),
        st.integers(-5, 10**12).map(str), st.from_regex(r'"[^"\n]{0,8}"', fullmatch=True),
        st.from_regex(r"[a-z_][a-z0-9_]{0,8}", fullmatch=True), UNICODE)


TEMPLATES = [
    "grant {n}({n}, {n})", "grant {n}", "modify {n}({n}) when {n} in [{n}, {n}]: = {i}",
    "modify {n} when not has({n}) once per turn optional costs {i} {n}: += {i} min {i} max {i}",
    "on {n} when {n} has {n} or {n} = {n}:\n  choose: gain {i} {n} | gain {i} {n} when {n}",
    "on any {n} when player = {n}({n}): gain {i} {n}", 'action "{n}" free costs {i} {n}:\n  repeat up to {i}:\n'
    "    pay {i} {n} then choose: gain {i} {n} | draw {i} {n}", "forbid {n} when {n}.{n} = me and {n} != me",
    "acquire costs {i} {n}, {i} {n}", "requires city has {n}", 'objective "{n}" on {n} when {n}({n}) >= {i}',
    "on {n}:\n  if {n}({n}) > {i}:\n    do {n}({n})\n  else:\n    lose {i} {n}",
    "on {n}:\n  for each other player:\n    gain {i} {n} at {n}", "on {n}: grant {n}({n}) until end of turn",
    "on {n}: repeat {i} times: cancel", "modify {n}: = {n} * {i} // ({i} - {n})",
]


@st.composite
def effect_text(draw) -> str:
    kind = draw(st.sampled_from(["template", "tokens", "text", "mixed", "blocks"]))
    if kind == "text":
        return draw(st.text(max_size=80))
    if kind == "tokens":
        return " ".join(draw(st.lists(_token(), max_size=30)))
    lines = []
    for _ in range(draw(st.integers(1, 4))):
        tpl = draw(st.sampled_from(TEMPLATES))
        # blocks: well-formed lines (real names, numbers), so the parser gets as far as the indentation
        names = st.sampled_from(_names()) if kind == "blocks" else st.sampled_from(_names()) | _token()
        numbers = st.sampled_from(["0", "1", "3", "-1", "x", "99999999999999999999"])
        while "{n}" in tpl or "{i}" in tpl:
            if "{n}" in tpl:
                tpl = tpl.replace("{n}", draw(names), 1)
            if "{i}" in tpl:
                tpl = tpl.replace("{i}", draw(numbers if kind == "blocks" else numbers | _token()), 1)
        if kind == "mixed":
            tpl = draw(mutated(tpl))
        lines.append(tpl)
    text = "\n".join(lines)
    if kind == "blocks":  # the same lines, re-indented at random: blocks that match no enclosing block
        text = "\n".join(draw(st.sampled_from(["", " ", "  ", "   ", "    ", "\t", " \t", "      "])) + ln.lstrip()
                         if draw(st.booleans()) else ln for ln in text.split("\n"))
    return text


def _check_effect_text(text: str) -> None:
    effect, errs = parse_effect(text, "fuzz.yaml")
    if effect is not None:
        assert not errs
        errs = check_effect(effect, _vocab(), "fuzz.yaml", "advance")
    n_lines = len(text.split("\n")) + 1
    for d in errs:
        assert _located(d) and d.file == "fuzz.yaml", d
        assert d.line <= n_lines, (d, text)


@QUICK
@given(effect_text())
def test_random_effect_text_gives_diagnostics(text):
    _check_effect_text(text)


@pytest.mark.soak
@SLOW
@given(effect_text())
def test_random_effect_text_gives_diagnostics_many(text):
    _check_effect_text(text)


# ---- (c) random malformed actions -------------------------------------------------------------------


@cache
def _games() -> list:
    """A few games stopped at different kinds of decisions, and every option seen on the way."""
    games, seen = [], set()
    for seed, players, steps in ((1, 2, 0), (2, 3, 17), (3, 4, 60), (4, 2, 140), (5, 3, 400)):
        game = new_game(players=players, seed=seed)
        bot = RandomBot(seed)
        play_out(game, [bot] * players, limit=steps, on_step=lambda _g, step: seen.update(step.decision.options))
        games.append(game)
    return games, sorted(seen)


JUNK = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20) | st.binary(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    | st.tuples(inner, inner), max_leaves=12)


@st.composite
def malformed_action(draw, game, seen: list[str]):
    d = game.pending
    players = st.one_of(st.integers(-3, 8), st.integers(), st.just(True), st.just(False), st.floats(),
                        st.sampled_from([str(d.player), f"{d.player}.0", None, [d.player], {"p": d.player}]),
                        st.just(float(d.player)), JUNK)
    others = [o for o in seen if o not in d.options] or ["nothing"]
    choices = st.one_of(st.sampled_from(others), st.sampled_from(d.options), JUNK,
                        st.text(min_size=1000, max_size=5000), st.just("x" * 100_000),
                        st.sampled_from(d.options).map(lambda o: o + " "), st.sampled_from(d.options).map(str.upper),
                        st.integers(0, len(d.options)), st.sampled_from(d.options).map(lambda o: [o]))
    shape = draw(st.sampled_from(["pair", "pair", "pair", "missing", "junk"]))
    if shape == "junk":
        return draw(JUNK | st.lists(st.sampled_from(d.options)) | st.sampled_from(d.options))
    action = {"player": draw(players), "choice": draw(choices)}
    if shape == "missing":
        del action[draw(st.sampled_from(["player", "choice"]))]
    legal = (type(action.get("player")) is int and action["player"] == d.player
             and type(action.get("choice")) is str and action["choice"] in d.options)
    if legal:  # a legal pair is not what this test is about: send it to a player who is not deciding
        action["player"] = d.player + 1
    return action


def _check_refused(data) -> None:
    games, seen = _games()
    game = data.draw(st.sampled_from(games), label="game")
    if game.pending is None:
        return
    action = data.draw(malformed_action(game, seen), label="action")
    before, log, actions = game.state_hash(), list(game.log), list(game.actions)
    with pytest.raises(IllegalAction):
        game.apply(action)
    assert game.state_hash() == before
    assert game.log == log and game.actions == actions


@QUICK
@given(st.data())
def test_malformed_actions_are_refused(data):
    _check_refused(data)


@pytest.mark.soak
@SLOW
@given(st.data())
def test_malformed_actions_are_refused_many(data):
    _check_refused(data)


# ---- crashes the fuzzers found, kept as regression tests -------------------------------------------


@pytest.mark.parametrize("text, code, line", [
    # Lark's Indenter raised DedentError (not an UnexpectedInput) out of parse_effect
    ("on advance_gained:\n    gain 1 food\n  gain 1 food", "E0104", 3),
    ("on advance_gained:\n  if has(roads):\n    gain 1 food\n   gain 1 food", "E0104", 4),
    # deep nesting exhausted Python's recursion in the transformer and the checker (RecursionError)
    ("requires " + "not " * 3000 + "has(roads)", "E0105", 1),
    ("requires " + "1 + " * 5000 + "1 > 0", "E0105", 1),
    ("requires roads in " + "[" * 2000 + "]" * 2000, "E0105", 1),
])
def test_regression_effect_text(text, code, line):
    effect, errs = parse_effect(text, "fuzz.yaml")
    assert effect is None
    assert [(d.code, d.line) for d in errs] == [(code, line)]
    assert errs[0].column >= 1


def test_regression_yaml_merge_key(write_pack):
    """An entry whose effect comes from a merged mapping (`<<: *a`) raised KeyError in the effect mapper."""
    pack = write_pack({"advances.yaml":
                       "kind: advance\nentries:\n  - &a\n    id: zz_one\n    name: One\n    category: nowhere\n"
                       "    requires: []\n    border: none\n    text: x\n    source: authored\n    effect: |\n"
                       "      grant collect(fertile, fod)\n  - <<: *a\n    id: zz_two\n  - *a\n"}, pack_id="merged")
    content = load_content([pack])
    got = sorted((d.code, d.line) for d in content.diagnostics)
    # the duplicate (*a); the category and 'fod' of both entries, at the anchor's lines
    assert got == [("E0020", 4), ("E0021", 6), ("E0021", 6), ("E0201", 12), ("E0201", 12)]


def test_regression_yaml_merged_unknown_key(write_pack):
    """An unknown key that reaches an entry through `<<: *a` raised KeyError where the loader located it."""
    pack = write_pack({"units.yaml": "kind: unit\nentries:\n  - &fz\n    id: settler\n    ombat: 1\n"
                                     "  - <<: *fz\n    id: fz_copy\n"}, pack_id="merged", depends=())
    content = load_content([pack])
    unknown = [(d.line, d.column) for d in content.diagnostics if d.code == "E0011"]
    assert unknown and set(unknown) == {(5, 5)}  # at the anchor's key, for both entries
    assert all(_located(d) for d in content.diagnostics)


@pytest.mark.parametrize("player", [True, 1.0])
def test_regression_player_of_another_type(player):
    """`True == 1` and `1.0 == 1`: a boolean or float player was accepted and written into the save."""
    game = new_game(players=2, seed=1)
    assert game.pending.player == 1
    before = game.state_hash()
    with pytest.raises(IllegalAction, match="integer"):
        game.apply({"player": player, "choice": game.pending.options[0]})
    assert game.state_hash() == before and game.actions == []
