"""A game's rules data as a definition uses it: its `game.yaml`, then each loaded pack's `rules:` overlay,
then the variants asked for, each merged key by key (rules/<game>/variants/*.yaml and a pack's own
`variants/` folder). Every game assembles its rules this way, so a variant means the same in all."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from .cache import cached_yaml
from .content import Content
from .rules_paths import is_setting, setting_overlay


def merge(base: Any, overlay: Any) -> Any:
    """Overlay a variant onto the rules data: mappings merge key by key, anything else replaces."""
    if isinstance(base, dict) and isinstance(overlay, dict):
        out = dict(base)
        for k, v in overlay.items():
            out[k] = merge(base.get(k), v) if k in base else copy.deepcopy(v)
        return out
    return copy.deepcopy(overlay)


def variant_files(rules_dir: Path, content: Content | None = None) -> dict[str, Path]:
    """Variant overlays: the game's own, then those a loaded pack ships in its `variants/` folder."""
    files = {p.stem: p for p in sorted((rules_dir / "variants").glob("*.yaml"))}
    for pack in (content.packs if content is not None else []):
        files.update({p.stem: p for p in sorted((Path(pack.root) / "variants").glob("*.yaml")) if p.is_file()})
    return files


def assemble_rules(rules_dir: Path, content: Content, variants: list[str] | tuple[str, ...]) -> dict:
    """game.yaml with the packs' `rules:` overlays and the variants merged in (ValueError: unknown variant)."""
    rules = cached_yaml(rules_dir / "game.yaml")
    for pack in content.packs:  # a pack may change the rules data as a variant does (its `rules:`)
        if pack.manifest.get("rules"):
            rules = merge(rules, pack.manifest["rules"])
    files = variant_files(rules_dir, content)
    for v in variants:
        if is_setting(v):  # `params.rounds=5`: one path set, merged like a variant holding it (rules_paths.py)
            rules = merge(rules, setting_overlay(rules, v))
            continue
        if v not in files:
            raise ValueError(f"unknown variant '{v}' (known: {', '.join(files) or 'none'})")
        rules = merge(rules, cached_yaml(files[v]) or {})
    return rules
