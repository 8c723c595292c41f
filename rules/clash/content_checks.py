"""Lint of what a pack changes in the rules: its `rules:` overlay and its `variants/` files.

The game reads these when a game starts, so a wrong one used to pass lint and crash `play`
(`flow: 5`, `starting_units: [dragon]`, a variant that is not YAML). Each overlay is compared with
the rules data it lands on (rules/clash/game.yaml plus the overlays of earlier packs): a key the
rules know must keep its type, a number stays within 0..MAX_PARAM, a list of entry ids or enum words
names real ones, and every procedure a flow or status step names exists. Keys the rules do not know
are a pack's own (the expansion adds some), unless they look like a misspelt known key (warning).
Called by the loader through dsl/packcheck.py (`check`), so `rulewright lint` reports it.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import Any

from ...dsl.cache import cached_yaml
from ...dsl.rules_data import merge
from ...dsl.yamlsafe import safe_load
from ...engine.diagnostics import Diagnostic, did_you_mean
from .actions.basic_actions import BASIC
from .registry import PROCEDURES, STEPS

RULES_DIR = Path(__file__).resolve().parent
MAX_PARAM = 99
VARIANT_KEYS = {"name", "text"}


def check(content: Any) -> list[Diagnostic]:
    rules = cached_yaml(RULES_DIR / "game.yaml")
    out: list[Diagnostic] = []
    for pack in content.packs:
        overlay = pack.manifest.get("rules")
        manifest = str(Path(pack.root) / "pack.yaml")
        if isinstance(overlay, dict):
            found = Overlay(content, manifest, content.sources.get(manifest, [])).check(overlay, rules, "rules")
            out += found
            if not any(d.severity == "error" for d in found):
                rules = merge(rules, overlay)
        out += _variants(content, Path(pack.root) / "variants", rules)
    return out


def _variants(content: Any, folder: Path, rules: dict) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    if not folder.is_dir():
        return out
    for path in sorted(folder.glob("*.yaml")):
        file = str(path)
        if not path.is_file():
            out.append(Diagnostic(file, 1, 1, "W0007", "not a regular file: skipped", severity="warning"))
            continue
        try:
            text = path.read_text(encoding="utf-8")
            data = safe_load(text)
        except Exception as err:  # any YAML or decoding problem: one diagnostic, never a crash
            mark = getattr(err, "problem_mark", None)
            line, col = ((mark.line + 1, mark.column + 1) if mark else (1, 1))
            problem = getattr(err, "problem", None) or str(err)
            out.append(Diagnostic(file, line, col, "E0040", f"variant file: {str(problem).strip()}",
                                  "a variant is a YAML mapping: name, text and the rules data it changes"))
            continue
        if not isinstance(data, dict):
            out.append(Diagnostic(file, 1, 1, "E0040", "a variant file must be a mapping",
                                  "name, text and the rules data it changes (e.g. params: {rounds: 4})"))
            continue
        lines = text.splitlines()
        for key in VARIANT_KEYS & set(data):
            if not isinstance(data[key], str):
                out.append(Diagnostic(file, _line_of(lines, key), 1, "E0041", f"'{key}' must be text"))
        overlay = {k: v for k, v in data.items() if k not in VARIANT_KEYS}
        out += Overlay(content, file, lines).check(overlay, rules, "variant")
    return out


def _line_of(lines: list[str], key: str) -> int:
    pat = re.compile(rf"^\s*-?\s*{re.escape(str(key))}\s*:")
    for i, line in enumerate(lines):
        if pat.match(line):
            return i + 1
    anywhere = re.compile(rf"(?<![\w-]){re.escape(str(key))}\s*:")
    for i, line in enumerate(lines):
        if anywhere.search(line):
            return i + 1
    return 1


class Overlay:
    """Compares one overlay with the rules data under it, collecting diagnostics for `file`."""

    def __init__(self, content: Any, file: str, lines: list[str]):
        self.content = content
        self.file = file
        self.lines = lines
        self.out: list[Diagnostic] = []
        self.procedures = set(PROCEDURES) | set(STEPS) | set(BASIC)
        self.enums = {k: set(v) for k, v in content.vocab.enums.items()}
        self.enums["deck"] = set(content.vocab.decks)

    def error(self, key: str, message: str, hint: str = "", severity: str = "error") -> None:
        code = "E0042" if severity == "error" else "W0042"
        self.out.append(Diagnostic(self.file, _line_of(self.lines, key.rsplit(".", 1)[-1]), 1, code,
                                   message, hint, severity))

    def check(self, overlay: dict, base: dict, where: str) -> list[Diagnostic]:
        self._mapping(overlay, base, where)
        return self.out

    def _mapping(self, overlay: dict, base: dict, path: str) -> None:
        for key, value in overlay.items():
            here = f"{path}.{key}"
            if key not in base:
                close = difflib.get_close_matches(str(key), [str(k) for k in base], n=1, cutoff=0.85)
                if close:  # only a near miss: packs may add keys of their own
                    self.error(here, f"{here}: the rules have no key '{key}'", f"did you mean '{close[0]}'?",
                               "warning")
                self._procedures(value, here)
                continue
            self._value(value, base[key], here)

    def _value(self, value: Any, base: Any, path: str) -> None:
        if base is None:
            return
        if isinstance(base, bool):
            if not isinstance(value, bool):
                self.error(path, f"{path} must be true or false, not {value!r}"[:200])
        elif isinstance(base, int | float):
            if isinstance(value, bool) or not isinstance(value, int | float):
                self.error(path, f"{path} must be a number, not {value!r}"[:200])
            elif not 0 <= value <= MAX_PARAM:
                self.error(path, f"{path} is {value}: a rules number lies between 0 and {MAX_PARAM}")
        elif isinstance(base, str):
            if not isinstance(value, str):
                self.error(path, f"{path} must be a word, not {value!r}"[:200])
            else:
                self._names([value], [base], path)
        elif isinstance(base, list):
            if not isinstance(value, list):
                self.error(path, f"{path} must be a list, not {value!r}"[:200])
            elif base and all(isinstance(b, dict) for b in base):
                for i, item in enumerate(value):
                    if not isinstance(item, dict):
                        self.error(path, f"{path}[{i}] must be a mapping like the rules' own, not {item!r}"[:200])
                self._procedures(value, path)
            elif base and all(isinstance(b, str) for b in base):
                bad = [v for v in value if not isinstance(v, str)]
                if bad:
                    self.error(path, f"{path} must list words, not {bad[0]!r}"[:200])
                else:
                    self._names(value, base, path)
            elif base and all(isinstance(b, int | float) and not isinstance(b, bool) for b in base):
                if any(isinstance(v, bool) or not isinstance(v, int | float) or not 0 <= v <= MAX_PARAM for v in value):
                    self.error(path, f"{path} must list numbers between 0 and {MAX_PARAM}")
        elif isinstance(base, dict):
            if not isinstance(value, dict):
                self.error(path, f"{path} must be a mapping, not {value!r}"[:200])
            else:
                family = self._keys(value, base, path)
                numbers = bool(base) and all(isinstance(b, int | float) for b in base.values())
                for k, v in value.items():
                    if k in base:
                        self._value(v, base[k], f"{path}.{k}")
                    elif family and numbers:  # a new key of a known family: a number like the others
                        self._value(v, next(iter(base.values())), f"{path}.{k}")
                    elif not family:
                        self._mapping({k: v}, base, path)

    def _family(self, words: list[str]) -> tuple[str, set[str]] | None:
        """The entry kind or vocabulary enum all these words belong to (what a replacement must name)."""
        entries = self.content.entries
        kinds = {entries[w].kind for w in words if w in entries}
        if len(kinds) == 1 and all(w in entries for w in words):
            kind = kinds.pop()
            return kind.replace("_", " "), {e.id for e in self.content.of_kind(kind)}
        for name, members in self.enums.items():
            if all(w in members for w in words):
                return name, members
        if all(w in self.procedures for w in words):
            return "procedure", self.procedures
        return None

    def _names(self, value: list[str], base: list[str], path: str) -> None:
        family = self._family(list(base))
        if family is None:
            return
        what, members = family
        for v in value:
            if v not in members:
                self.error(path, f"{path}: unknown {what} '{v}'", did_you_mean(v, members))

    def _keys(self, value: dict, base: dict, path: str) -> bool:
        """Keys of a mapping whose keys are all of one family (resources, decks ...) must be of it too."""
        family = self._family([str(k) for k in base]) if base else None
        if family is None:
            return False
        what, members = family
        for k in value:
            if str(k) not in members:
                self.error(f"{path}.{k}", f"{path}: unknown {what} '{k}'", did_you_mean(str(k), members))
        return True

    def _procedures(self, value: Any, path: str) -> None:
        """Every `do:`/`procedure:` named inside (flow nodes, status steps, actions) must exist."""
        todo = [value]
        seen = 0
        while todo and seen < 10_000:
            seen += 1
            v = todo.pop()
            if isinstance(v, dict):
                for k in ("do", "procedure"):
                    name = v.get(k)
                    if name is not None and (not isinstance(name, str) or name not in self.procedures):
                        self.error(path, f"{path}: unknown procedure {name!r}"[:200],
                                   did_you_mean(str(name), self.procedures))
                todo.extend(v.values())
            elif isinstance(v, list):
                todo.extend(v)
