"""Lint of whole variant files (a pack's `variants/`, the game's own, or one file given to `rulewright lint`)
and of each pack's `rules:`, the same for every game: the rules part through OverlayCheck
(dsl/overlay_check.py), the `content:` part entry by entry (dsl/content_overlay.py), and what the variant
as a whole does (W0046: it changes nothing).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..engine.diagnostics import Diagnostic
from .content_overlay import _entry, entry_problems, kinds_of, overlay_content, plural
from .overlay import CONTENT_KEY, Change, OverlayError, apply, content_overlay_of, diff, overlay_of
from .overlay_check import OverlayCheck, effect_after


def _content(content: Any, file: str, doc: Any, overlay: Any, procedures: set[str] | None) \
        -> tuple[list[Diagnostic], list[Change]]:
    """Diagnostics of a variant's `content:` part, and what it changes when it has no errors."""
    if not overlay:
        return [], []
    check = OverlayCheck(content, file, doc, [], procedures, strict=False)
    if not isinstance(overlay, dict):
        check.error([], f"'{CONTENT_KEY}' is a mapping of content kinds to entries",
                    "e.g. content: {units: {settler: {cost: {food: 0}}}}", code="E0042", key=CONTENT_KEY)
        return check.out, []
    kinds = kinds_of(content)
    for kind_key, by_id in overlay.items():
        if not isinstance(by_id, dict):
            check.error([CONTENT_KEY], f"{CONTENT_KEY}.{kind_key} is a mapping of entry ids to their changes",
                        code="E0042", key=kind_key)
            continue
        for ident, change in by_id.items():
            keys = [CONTENT_KEY, kind_key]
            try:
                entry = _entry(content, kinds, kind_key, ident)
            except OverlayError as err:
                check.error(keys if kind_key in kinds else [CONTENT_KEY], err.message, err.hint, code="E0043",
                            key=ident if kind_key in kinds else kind_key)
                continue
            where = f"{CONTENT_KEY}.{plural(entry.kind)}.{entry.id}"
            if not isinstance(change, dict) or "$replace" in change:
                check.error(keys, f"{where}: an entry is changed field by field, not replaced whole",
                            "write the fields that change, e.g. cost: {food: 0}", code="E0044", key=ident)
                continue
            sub = OverlayCheck(content, file, doc, keys + [ident], procedures, strict=False)
            found = sub.check(change, entry.data, where)
            check.out += found
            if any(d.severity == "error" for d in found):
                continue
            try:
                data = apply(entry.data, change, where)
            except OverlayError as err:
                check.error(keys, str(err), err.hint, code="E0044", key=ident)
                continue
            line, col = check.at(keys, ident)
            check.out += [Diagnostic(file, line, col, d.code, d.message, d.hint, d.severity)
                          for d in entry_problems(content, entry, data, file)[0]]
    if any(d.severity == "error" for d in check.out):
        return check.out, []
    try:
        return check.out, overlay_content(content, overlay, file)[1]
    except ValueError as err:  # what the checks above did not see (two overlays of one entry ...)
        return check.out + [Diagnostic(file, 1, 1, "E0042", str(err))], []


def check_variant(content: Any, file: str, data: Any, doc: Any, base: dict,
                  procedures: set[str] | None) -> list[Diagnostic]:
    """Every diagnostic of one variant file's data against the rules data (and content) it applies to."""
    if not isinstance(data, dict):
        return [Diagnostic(file, 1, 1, "E0040", "a variant file must be a mapping",
                           "name, text and the rules data it changes (e.g. params: {rounds: 4})")]
    check = OverlayCheck(content, file, doc, [], procedures, strict=True)
    for key in ("name", "text", "game"):
        if key in data and not isinstance(data[key], str):
            check.error([], f"'{key}' must be text", code="E0041", key=key)
    if isinstance(data.get("game"), str) and data["game"] != base.get("id", data["game"]):
        check.error([], f"this is a variant of '{data['game']}', checked against '{base.get('id')}'",
                    f"lint it with --game {data['game']}", code="E0041", key="game")
    overlay = overlay_of(data)
    out = check.check(overlay, base, "")
    held, content_changes = _content(content, file, doc, content_overlay_of(data), procedures)
    out += held
    if any(d.severity == "error" for d in out):
        return out
    try:
        after = apply(base, overlay)
    except OverlayError as err:
        return out + [Diagnostic(file, 1, 1, "E0044", str(err), err.hint)]
    out += effect_after(content, file, check, base, after)
    if not diff(base, after) and not content_changes:
        first = next(iter(overlay), None) or (CONTENT_KEY if CONTENT_KEY in data else None)
        line, col = check.at([], first) if first is not None else (1, 1)
        out.append(Diagnostic(file, line, col, "W0046", "this variant changes nothing in the rules",
                              "`rulewright variant diff FILE` shows what each key does; a mapping merges key "
                              "by key, so a value equal to the base one changes nothing", "warning"))
    return out


def read_variant_doc(path: Path, diags: list[Diagnostic], sources: dict, text: str | None = None) -> tuple[Any, Any]:
    """A variant file with positions (ruamel) and as plain data; (None, None) and a diagnostic when unreadable."""
    from .yaml_positions import plain, read_yaml

    found: list[Diagnostic] = []
    doc = read_yaml(path, found, sources, text)
    for d in found:
        message = d.message if d.code == "W0007" else f"variant file: {d.message.removeprefix('YAML: ')}"
        diags.append(Diagnostic(d.file, d.line, d.column, "E0040" if d.severity == "error" else d.code, message,
                                d.hint or "a variant is a YAML mapping: name, text and the rules data it changes",
                                d.severity))
    if doc is None:
        return None, None
    return doc, plain(doc)


def check_variant_file(content: Any, path: Path, base: dict, procedures: set[str] | None,
                       text: str | None = None) -> list[Diagnostic]:
    """Lint one variant file (a pack's, the game's own, or one given alone) against `base`."""
    out: list[Diagnostic] = []
    doc, data = read_variant_doc(path, out, content.sources, text)
    if doc is None and not out:
        return [Diagnostic(str(path), 1, 1, "W0046", "this variant file is empty: it changes nothing",
                           "a variant names the rules data it changes, e.g. params: {rounds: 4}", "warning")]
    if doc is None:
        return out
    return out + check_variant(content, str(path), data, doc, base, procedures)


def check_overlays(content: Any, rules_dir: Path, procedures: set[str] | None) -> list[Diagnostic]:
    """Each loaded pack's `rules:` overlay and `variants/` files, in load order (the game's whole-pack check)."""
    from .cache import cached_yaml
    from .yaml_positions import _yaml

    rules = cached_yaml(rules_dir / "game.yaml")
    out: list[Diagnostic] = []
    for pack in content.packs:
        overlay = pack.manifest.get("rules")
        manifest = str(Path(pack.root) / "pack.yaml")
        if isinstance(overlay, dict):
            try:
                doc = _yaml().load("\n".join(content.sources.get(manifest, [])))
            except Exception:  # the manifest was read once already; positions are a comfort
                doc = None
            found = OverlayCheck(content, manifest, doc, ["rules"], procedures, strict=False).check(overlay, rules,
                                                                                                 "rules")
            out += found
            if not any(d.severity == "error" for d in found):
                try:
                    rules = apply(rules, overlay)
                except OverlayError as err:
                    out.append(Diagnostic(manifest, 1, 1, "E0044", f"rules.{err}", err.hint))
        folder = Path(pack.root) / "variants"
        if folder.is_dir():
            for path in sorted(folder.glob("*.yaml")):
                out += check_variant_file(content, path, rules, procedures)
    return out
