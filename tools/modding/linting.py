"""Linting content: which files and packs a path names, what lint did not read and why, and the sorted
diagnostics (what `rulewright lint` prints, lint.py, and the language server use)."""

from __future__ import annotations

from pathlib import Path

from ...dsl.loader import Content, load_content
from ...engine.diagnostics import Diagnostic
from ..common.clikit import all_bundled, display_path, game_of_packs
from ..common.errors import fail
from .variants import game_named_by, is_variant_file, lint_variant

YAML_SUFFIXES = (".yaml", ".yml")


def skipped_in(root: Path) -> list[tuple[str, str]]:
    """What a pack folder holds that loading it does not read, each with why (lint says so)."""
    out: list[tuple[str, str]] = []
    for p in sorted(root.iterdir()):
        if p.name.startswith(".") or p.name == "__pycache__":
            continue
        if p.is_dir():
            if p.name == "variants":
                continue  # read: the pack's variants are linted against the rules they change
            if p.name == "tests":
                out.append((f"{p}/", "scenarios, not content: run them with `rulewright test "
                                     f"{display_path(str(root))}`"))
            elif (p / "pack.yaml").exists():
                out.append((f"{p}/", "a nested pack, not loaded: lint it on its own "
                                     f"(`rulewright lint {display_path(str(p))}`)"))
            elif any(p.rglob("*.y*ml")):
                out.append((f"{p}/", "a folder: a pack reads only the .yaml files at its top level"))
        elif p.suffix.lower() == ".yml":
            out.append((str(p), "not read: content files end in .yaml"))
        elif p.suffix.lower() != ".yaml":
            out.append((str(p), "not a .yaml file"))
    return out


def _packs_within(p: Path) -> list[Path]:
    return sorted(q.parent for q in p.glob("*/pack.yaml"))


def _targets(paths: list[Path]) -> tuple[list[str | Path], list[Path], list[Path]]:
    """Split the command line into packs (folders), single content files loaded on top of base, and
    variant files (checked against the game's rules with those packs)."""

    packs: list[str | Path] = []
    files: list[Path] = []
    variants: list[Path] = []
    for p in paths:
        if p.is_dir():
            if not (p / "pack.yaml").exists():
                inner = _packs_within(p)
                if not inner:
                    fail(f"'{p}' is not a pack folder (no pack.yaml in it)", 2,
                         "give a pack folder or a single content .yaml file")
                packs.extend(inner)  # a folder of packs: lint each (the summary names them)
                continue
            packs.append(p)
        elif p.name == "pack.yaml":
            packs.append(p.parent)
        elif p.suffix.lower() in YAML_SUFFIXES and p.parent.name == "variants" and \
                (p.parent.parent / "pack.yaml").is_file():
            packs.append(p.parent.parent)  # a pack's own variant: checked with its pack, as the pack loads
        elif p.suffix.lower() in YAML_SUFFIXES:
            (variants if is_variant_file(p) else files).append(p)
        else:
            fail(f"'{p}' is not a YAML content file", 2, "content files end in .yaml")
    if (files or variants) and not packs:
        packs = ["base"]
    return packs, files, variants


def run_lint(paths: list[Path] | None, game: str | None = None) -> Content:
    """Lint the game's bundled packs, or the packs and files given (the game their manifest names)."""
    return run_lint_skipped(paths, game)[0]


def run_lint_skipped(paths: list[Path] | None, game: str | None = None) -> tuple[Content, list[tuple[str, str]]]:
    """The linted content and what was left out (path, why)."""
    if not paths:
        return load_content(all_bundled(game), game=game), []

    packs, files, variants = _targets(paths)
    named = next((g for g in (game_named_by(str(v)) for v in variants) if g), None)
    content = load_content(packs, game=game or game_of_packs(packs, named), extra_files=files or None)
    for v in variants:
        content.diagnostics.extend(lint_variant(content, v))
    skipped: list[tuple[str, str]] = []
    for p in paths:
        if p.is_dir() and not (p / "pack.yaml").exists():
            skipped.append((f"{p}/", "not a pack: linted the packs in it, " +
                            ", ".join(display_path(str(q)) for q in _packs_within(p))))
    for pack in packs:
        if isinstance(pack, Path):
            skipped.extend(skipped_in(pack))
    return content, skipped


def sorted_diagnostics(content: Content) -> list[Diagnostic]:
    """Diagnostics in reading order: files as loaded, then line and column."""
    order = {f: i for i, f in enumerate(content.sources)}
    return sorted(content.diagnostics, key=lambda d: (order.get(d.file, len(order)), d.file, d.line, d.column))
