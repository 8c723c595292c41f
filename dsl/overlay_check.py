"""Lint of overlays of the rules data: a pack's `rules:` and variant files (a pack's `variants/`, the game's
own, or one file given to `rulewright lint`), the same for every game.

Each overlay is compared with the rules data it lands on (game.yaml plus the overlays of earlier packs):
a key the rules know keeps its type, a number stays finite, whole where the rules' is, and within the range
the game allows (dsl/overlay_values.py), a list of entry ids or enum words names real ones, every procedure
a flow or status step names exists (the game says which exist), the operators of dsl/overlay.py are well
formed, and the game's own keys (`hidden:`, `ranges:`) are left alone (E0049, dsl/overlay_secrecy.py). A variant may only change keys the rules have (an unknown key
is an error listing the accepted ones); a pack's `rules:` may add keys of its own (a near miss of a known
key is a warning). Warnings make silent surprises visible: a variant that changes nothing, a plain value
that drops entries of the base rules, a cost-like mapping that keeps base keys it does not name, an
operator that finds nothing to delete or remove.
"""

from __future__ import annotations

import difflib
from typing import Any

from ..engine.diagnostics import Diagnostic, did_you_mean
from .checker import check_effect
from .overlay import (
    APPEND,
    CONTENT_KEY,
    DELETE,
    LIST_OPS,
    OPERATORS,
    PREPEND,
    REMOVE,
    REPLACE,
    VARIANT_KEYS,
    OverlayError,
    apply,
    diff,
    is_operator,
    is_text_of_lines,
    join,
    lines_of,
    matches,
    removals,
    short,
)
from .overlay_secrecy import GAME_OWN_KEYS, WHERE, touched
from .overlay_values import number_problem
from .parser import parse_effect
from .yaml_positions import pos_of

GAME_OWN = ("id", "name", *GAME_OWN_KEYS)  # the game's own id and name: a variant's `name` is its own
HINT_LIST = ("to add to the base list, write {$append: [...]}; to say you mean to replace it whole, "
             "{$replace: [...]}")
HINT_TEXT = ("to add lines to the base text, write {$append: \"a line\"}; to say you mean to replace it whole, "
             "{$replace: |...}")


def _numbers(d: Any) -> bool:
    return isinstance(d, dict) and bool(d) and all(isinstance(v, int | float) and not isinstance(v, bool)
                                                   for v in d.values())


class OverlayCheck:
    """Compares one overlay with the rules data under it, collecting diagnostics for `file`.

    `doc` is the file read with positions (ruamel), `prefix` the keys leading to the overlay in it
    (`["rules"]` in a pack manifest); `strict`: a variant, whose keys must all be known to the rules."""

    def __init__(self, content: Any, file: str, doc: Any, prefix: list, procedures: set[str] | None,
                 strict: bool):
        self.content = content
        self.file = file
        self.doc = doc
        self.prefix = prefix
        self.strict = strict
        self.out: list[Diagnostic] = []
        self.procedures = procedures
        self.enums = {k: set(v) for k, v in content.vocab.enums.items()}
        self.enums["deck"] = set(content.vocab.decks)
        self.rules: dict = {}  # the whole rules data the overlay lands on (its declared `ranges:`)

    def at(self, keys: list, key: Any = None) -> tuple[int, int]:
        if self.doc is None:
            return 1, 1
        return pos_of(self.doc, self.prefix + keys, key)

    def error(self, keys: list, message: str, hint: str = "", severity: str = "error", code: str = "",
              key: Any = None) -> None:
        code = code or ("E0042" if severity == "error" else "W0042")
        line, col = self.at(keys, key)
        self.out.append(Diagnostic(self.file, line, col, code, message[:300], hint[:900], severity))

    def check(self, overlay: dict, base: dict, where: str) -> list[Diagnostic]:
        self.rules = base
        own = touched(overlay, base)
        for key in own:
            at = key if key in overlay else next((k for k in overlay if is_operator(k)), None)
            self.error([], f"{join(where, key)}: `{key}:` is the game's own: no variant, setting or pack may change "
                           "it", WHERE, code="E0049", key=at)
        if own:
            overlay = {k: v for k, v in overlay.items() if k not in own and not is_operator(k)}
        self._mapping(overlay, base, where, [])
        return self.out

    # ---- the overlay's shape ------------------------------------------------------------------------
    def _mapping(self, overlay: dict, base: dict, path: str, keys: list) -> None:
        if self._operators(overlay, base, path, keys):
            return
        for key, value in overlay.items():
            if key == DELETE:
                continue
            here, sub = join(path, key), keys + [key]
            if key not in base:
                self._unknown(key, value, base, path, keys)
                continue
            self._value(value, base[key], here, sub)

    def _unknown(self, key: Any, value: Any, base: dict, path: str, keys: list) -> None:
        known = [str(k) for k in base]
        if self.strict and known:
            accepted = list(dict.fromkeys(([*VARIANT_KEYS, CONTENT_KEY] if not keys else []) +
                                          [k for k in known if keys or k not in GAME_OWN]))
            hint = did_you_mean(str(key), accepted)
            self.error(keys, f"unknown key '{join(path, key)}'",
                       (hint + " " if hint else "") +
                       f"accepted here: {', '.join(accepted)}", code="E0043", key=key)
            return
        close = difflib.get_close_matches(str(key), known, n=1, cutoff=0.85)
        if close:  # only a near miss: packs may add keys of their own
            self.error(keys, f"{join(path, key)}: the rules have no key '{key}'", f"did you mean '{close[0]}'?",
                       "warning", key=key)
        self._procedures(value, join(path, key), keys + [key])

    def _operators(self, overlay: dict, base: Any, path: str, keys: list) -> bool:
        """Check the `$` keys of one mapping; True when it is an operator mapping checked here in full."""
        ops = [k for k in overlay if is_operator(k)]
        for k in ops:
            if k not in OPERATORS:
                self.error(keys, f"{path or 'the variant'}: unknown operator '{k}'",
                           did_you_mean(k, OPERATORS) or f"operators: {', '.join(OPERATORS)}", code="E0044", key=k)
                return True
        if REPLACE in overlay:
            if len(overlay) > 1:
                self.error(keys, f"{path or 'the variant'}: $replace stands alone in its mapping",
                           "its value is the whole new value", code="E0044", key=REPLACE)
            elif base is not None:
                self._value(overlay[REPLACE], base, path, keys + [REPLACE], replaced=True)
            return True
        if any(k in LIST_OPS for k in overlay):
            self._list_ops(overlay, base, path, keys)
            return True
        if DELETE in overlay:
            names = overlay[DELETE] if isinstance(overlay[DELETE], list) else [overlay[DELETE]]
            for name in names:
                if isinstance(name, dict | list):
                    self.error(keys, f"{path or 'the variant'}: $delete names keys, not {name!r}", "e.g. $delete: [wood]",
                               code="E0044", key=DELETE)
                elif not isinstance(base, dict) or name not in base:
                    self.error(keys, f"{path or 'the variant'}: $delete of '{name}', which the rules do not have: it deletes "
                                     "nothing", did_you_mean(str(name), base if isinstance(base, dict) else []),
                               "warning", "W0045", key=DELETE)
        return False

    def _list_ops(self, overlay: dict, base: Any, path: str, keys: list) -> None:
        try:
            apply(base, overlay, path)
        except OverlayError as err:
            self.error(keys, str(err), err.hint, code="E0044")
            return
        if REMOVE in overlay:
            text = isinstance(base, str)
            patterns = overlay[REMOVE] if isinstance(overlay[REMOVE], list) else [overlay[REMOVE]]
            if text:
                patterns = [line for p in patterns for line in lines_of(str(p))]
                have = lines_of(base)
                missing = [p for p in patterns if p.strip() not in have]
            else:
                missing = [p for p in patterns if not any(matches(x, p) for x in (base or []))]
            for p in missing:
                self.error(keys, f"{path or 'the variant'}: $remove of {short(p)}, which is not there: it removes nothing",
                           "the item must be written as in the base rules (`rulewright variant diff` shows "
                           "them)", "warning", "W0045", key=REMOVE)
        if isinstance(base, list):
            added = [x for op in (APPEND, PREPEND) for x in
                     (overlay.get(op) if isinstance(overlay.get(op), list) else [overlay[op]] if op in overlay else [])]
            if added:
                self._value(base + added, base, path, keys + [next(op for op in (APPEND, PREPEND) if op in overlay)],
                            replaced=True)

    # ---- values against the rules' own --------------------------------------------------------------
    def _value(self, value: Any, base: Any, path: str, keys: list, replaced: bool = False) -> None:
        if isinstance(value, str) and value in OPERATORS:
            self.error(keys, f"{path or 'the variant'}: '{value}' is an operator, written as a key",
                       f"e.g. {{$delete: [{path.rsplit('.', 1)[-1]}]}} in the mapping above, "
                       "or {$replace: VALUE}", code="E0044")
            return
        if isinstance(value, dict) and any(is_operator(k) for k in value) and not isinstance(base, dict):
            if self._operators(value, base, path, keys):
                return
        if base is None:
            return
        if isinstance(base, bool):
            if not isinstance(value, bool):
                self.error(keys, f"{path} must be true or false, not {value!r}")
        elif isinstance(base, int | float):
            if isinstance(value, bool) or not isinstance(value, int | float):
                self.error(keys, f"{path} must be a number, not {value!r}")
            else:
                where = _rules_path(keys)
                problem = number_problem(self.rules, where, value, base)
                if problem:  # said with the path as this file writes it (`rules.params...` in a manifest)
                    self.error(keys, path[: len(path) - len(where)] + problem if path.endswith(where) else problem)
        elif isinstance(base, str):
            if not isinstance(value, str):
                self.error(keys, f"{path} must be a word, not {value!r}")
            elif is_text_of_lines(base) or is_text_of_lines(value) or not base:
                self._dropped(value, base, path, keys, replaced)
            else:
                self._names([value], [base], path, keys)
        elif isinstance(base, list):
            self._list(value, base, path, keys, replaced)
        elif isinstance(base, dict):
            self._dict(value, base, path, keys, replaced)

    def _list(self, value: Any, base: list, path: str, keys: list, replaced: bool) -> None:
        if not isinstance(value, list):
            self.error(keys, f"{path} must be a list, not {value!r}")
            return
        if base and all(isinstance(b, dict) for b in base):
            for i, item in enumerate(value):
                if not isinstance(item, dict):
                    self.error(keys, f"{path}[{i}] must be a mapping like the rules' own, not {item!r}")
            self._procedures(value, path, keys)
        elif base and all(isinstance(b, str) for b in base):
            bad = [v for v in value if not isinstance(v, str)]
            if bad:
                self.error(keys, f"{path} must list words, not {bad[0]!r}")
            else:
                self._names(value, base, path, keys)
        elif base and all(isinstance(b, int | float) and not isinstance(b, bool) for b in base):
            like = 0 if all(isinstance(b, int) for b in base) else 0.0
            problems = [number_problem(self.rules, _rules_path(keys), v, like) for v in value]
            if any(problems):
                self.error(keys, f"{path} must list numbers: {next(p for p in problems if p)}")
        self._dropped(value, base, path, keys, replaced)

    def _dict(self, value: Any, base: dict, path: str, keys: list, replaced: bool) -> None:
        if not isinstance(value, dict):
            self.error(keys, f"{path} must be a mapping, not {value!r}")
            return
        if not replaced and self._operators(value, base, path, keys):
            return
        plain = {k: v for k, v in value.items() if not is_operator(k)}
        family = self._keys(plain, base, path, keys)
        numbers = _numbers(base)
        for k, v in plain.items():
            if k in base:
                self._value(v, base[k], join(path, k), keys + [k], replaced)
            elif family and numbers:  # a new key of a known family: a number like the others
                self._value(v, next(iter(base.values())), join(path, k), keys + [k], replaced)
            elif not family and not replaced:
                self._unknown(k, v, base, path, keys)
        if numbers and not replaced and DELETE not in value:
            kept = {k: v for k, v in base.items() if k not in plain}
            if kept and plain:
                name = path.rsplit(".", 1)[-1]
                said = short({k: plain[k] for k in plain})
                self.error(keys, f"{path} keeps {short(kept)[1:-1]} of the base rules: mappings merge key by key",
                           f"to leave {'it' if len(kept) == 1 else 'them'} out, write {name}: {{$replace: {said}}}; "
                           f"to keep {'it' if len(kept) == 1 else 'them'} and silence this, name "
                           f"{'it' if len(kept) == 1 else 'them'} too", "warning", "W0047")

    def _dropped(self, value: Any, base: Any, path: str, keys: list, replaced: bool) -> None:
        """A plain list or text that replaces the base one and leaves some of its entries out."""
        if replaced:
            return
        gone = removals(diff(base, value, path))
        if gone:
            what = "lines" if isinstance(base, str) else "entries"
            self.error(keys, f"{path} is replaced whole, which removes {what} of the base rules: "
                             + "; ".join(g.split(": ", 1)[-1] for g in gone),
                       HINT_TEXT if isinstance(base, str) else HINT_LIST, "warning", "W0048")

    # ---- names ---------------------------------------------------------------------------------------
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
        if self.procedures and all(w in self.procedures for w in words):
            return "procedure", self.procedures
        return None

    def _names(self, value: list[str], base: list[str], path: str, keys: list) -> None:
        family = self._family(list(base))
        if family is None:
            return
        what, members = family
        for v in value:
            if v not in members:
                self.error(keys, f"{path}: unknown {what} '{v}'", did_you_mean(v, members))

    def _keys(self, value: dict, base: dict, path: str, keys: list) -> bool:
        """Keys of a mapping whose keys are all of one family (resources, decks ...) must be of it too."""
        family = self._family([str(k) for k in base]) if base else None
        if family is None:
            return not base  # an empty mapping in the rules (`limits: {}`) takes keys of a pack's choosing
        what, members = family
        for k in value:
            if str(k) not in members:
                self.error(keys, f"{path}: unknown {what} '{k}'", did_you_mean(str(k), members), key=k)
        return True

    def _procedures(self, value: Any, path: str, keys: list) -> None:
        """Every `do:`/`procedure:` named inside (flow nodes, status steps, actions) must exist."""
        if not self.procedures:
            return
        todo = [value]
        seen = 0
        while todo and seen < 10_000:
            seen += 1
            v = todo.pop()
            if isinstance(v, dict):
                for k in ("do", "procedure"):
                    name = v.get(k)
                    if name is not None and (not isinstance(name, str) or name not in self.procedures):
                        self.error(keys, f"{path}: unknown procedure {name!r}", did_you_mean(str(name), self.procedures))
                todo.extend(v.values())
            elif isinstance(v, list):
                todo.extend(v)


def _rules_path(keys: list) -> str:
    """The dotted rules-data path of an overlay's keys (operators left out): what `ranges:` names."""
    return ".".join(str(k) for k in keys if not is_operator(k))


def effect_after(content: Any, file: str, check: OverlayCheck, base: dict, after: dict) -> list[Diagnostic]:
    """The standing rules' effect text, when the overlay changed it, must still be valid card language."""
    text = after.get("rules_effect")
    if not isinstance(text, str) or text == base.get("rules_effect"):
        return []
    line, col = check.at(["rules_effect"])
    effect, errs = parse_effect(text, file)
    found = errs if errs else check_effect(effect, content.vocab, file, "rules")
    return [Diagnostic(file, line, col, d.code, f"rules_effect after this variant: {d.message}", d.hint, d.severity)
            for d in found]
