"""What the variants of a set-up do, each against the rules and content the ones before it left: the report
every command that plays prints and records (tools/common/variant_guard.py), `variant diff` and
`list variants` show, and lint's warnings about it.

A variant here is anything `assemble` (rules_data.py) applies: an id, a file, or a `PATH=VALUE` setting.
Each report holds its name (a file's `name:`, a setting's own text), what it changes (dsl/overlay.py's
`Change`, content changes under `content.`), what it removes from the base rules, and the warnings lint
gives its file (a setting has none: its path was checked and it says exactly what it sets).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.diagnostics import Diagnostic
from .content import Content
from .content_overlay import overlay_content
from .overlay import Change, OverlayError, apply, diff, removals, short
from .rules_data import base_rules, read_variant, variant_overlay, variant_path
from .rules_paths import is_setting
from .variant_check import check_variant_file


@dataclass
class VariantReport:
    """One variant of a set-up: its name, file, changes, removals of base rules, and lint's warnings."""

    ref: str
    name: str
    file: str = ""
    text: str = ""
    changes: list[Change] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)
    setting: bool = False

    @property
    def noop(self) -> bool:
        """Does it change nothing at all (rules or content)?"""
        return not self.changes

    @property
    def removes(self) -> list[str]:
        return removals(self.changes)

    def to_json(self) -> dict[str, Any]:
        return {"ref": self.ref, "name": self.name, "file": self.file, "setting": self.setting,
                "changes": [c.to_json() for c in self.changes], "summary": summary(self.changes),
                "removes": self.removes, "warnings": [d.short() for d in self.warnings]}


def report_variants(rules_dir: Path, content: Content, variants: list[str] | tuple[str, ...],
                    procedures: set[str] | None = None) -> list[VariantReport]:
    """A report per variant, in order, each against what the ones before it left (ValueError: a variant
    that cannot be applied, or whose file lint finds errors in, naming the first)."""
    rules = base_rules(rules_dir, content)
    out: list[VariantReport] = []
    for ref in variants:
        if is_setting(ref):
            rep = VariantReport(ref, ref, setting=True)
        else:
            path = variant_path(rules_dir, content, ref)
            data = read_variant(path)
            found = check_variant_file(content, path, rules, procedures)
            errors = [d for d in found if d.severity == "error"]
            if errors:
                e = errors[0]
                raise ValueError(f"variant {ref}: {e.message}" + (f" ({e.hint})" if e.hint else "")
                                 + f"; `rulewright lint {path}` shows every problem")
            rep = VariantReport(ref, str(data.get("name") or path.stem), str(path), str(data.get("text") or ""),
                                warnings=[d for d in found if d.code != "W0046"])
        ruled, held = variant_overlay(rules_dir, content, rules, ref)
        try:
            after = apply(rules, ruled)
            content, content_changes = overlay_content(content, held, ref)
        except (OverlayError, ValueError) as err:
            raise ValueError(f"variant {ref}: {err}") from None
        rep.changes = diff(rules, after) + content_changes
        rules = after
        out.append(rep)
    return out


def summary(changes: list[Change], width: int = 60) -> str:
    """A variant's changes in one line: `params.rounds 6 -> 4; rules_effect + 1 line`."""
    if not changes:
        return "changes nothing"
    return "; ".join(_one(c, width) for c in changes)


def is_long(value: Any) -> bool:
    """A block of lines or a list of mappings: shown as the entries gained and lost, not whole."""
    return isinstance(value, str) or (isinstance(value, list) and any(isinstance(x, dict | list) for x in value))


def _one(c: Change, width: int) -> str:
    if c.kind == "added":
        return f"{c.path} = {short(c.after, width)} (new)"
    if c.kind == "removed":
        return f"{c.path} removed (was {short(c.before, width)})"
    if c.added or c.removed:
        bits = [f"+ {short(x, width)}" for x in c.added] + [f"- {short(x, width)}" for x in c.removed]
        if not is_long(c.before):
            return f"{c.path} {short(c.before)} -> {short(c.after)}"
        return f"{c.path}: " + ", ".join(bits)
    return f"{c.path} {short(c.before, width)} -> {short(c.after, width)}"
