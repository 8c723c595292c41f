"""A game's rules data as a definition uses it: its `game.yaml`, then each loaded pack's `rules:` overlay,
then the variants asked for (rules/<game>/variants/*.yaml, a pack's own `variants/` folder, or a variant
file named by its path). Every overlay is applied by dsl/overlay.py, so a variant means the same in every
game: mappings merge key by key, `$replace`/`$delete`/`$append`/`$prepend`/`$remove` say the rest."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .cache import cached_yaml
from .content import Content
from .content_overlay import overlay_content
from .overlay import OverlayError, apply, content_overlay_of, overlay_of
from .overlay_secrecy import guarded_apply
from .rules_paths import is_setting, setting_overlay, split_overlay
from .variant_check import check_variant


def merge(base: Any, overlay: Any) -> Any:
    """Overlay a pack's `rules:` or a variant onto the rules data (the semantics of dsl/overlay.py)."""
    return apply(base, overlay)


def variant_files(rules_dir: Path, content: Content | None = None) -> dict[str, Path]:
    """Variant overlays: the game's own, then those a loaded pack ships in its `variants/` folder."""
    files = {p.stem: p for p in sorted((rules_dir / "variants").glob("*.yaml"))}
    for pack in (content.packs if content is not None else []):
        files.update({p.stem: p for p in sorted((Path(pack.root) / "variants").glob("*.yaml")) if p.is_file()})
    return files


def looks_like_path(ref: str) -> bool:
    """A variant named by its file (`./x.yaml`, `designs/cheap.yml`) rather than by its id."""
    return "/" in ref or "\\" in ref or ref.lower().endswith((".yaml", ".yml"))


def variant_path(rules_dir: Path, content: Content | None, ref: str) -> Path:
    """The file of a variant given by id or by path (ValueError: unknown variant, or no such file)."""
    files = variant_files(rules_dir, content)
    if ref in files:
        return files[ref]
    if looks_like_path(ref):
        path = Path(ref).expanduser()
        if path.is_file():
            return path
        raise ValueError(f"no variant file '{ref}' (a variant is an id of `rulewright list variants` "
                         "or the path of a .yaml file)")
    from ..engine.diagnostics import did_you_mean

    raise ValueError(f"unknown variant '{ref}' (known: {', '.join(files) or 'none'}; or give a variant file's "
                     f"path){' - ' + did_you_mean(ref, files) if did_you_mean(ref, files) else ''}")


def variant_stamp(variants: list[str] | tuple[str, ...]) -> tuple:
    """What a cached definition must also be keyed by: the size and time of each variant given by path, so
    a designer who edits the file gets the new rules in the next game (ids are bundled: their name is enough)."""
    out = []
    for v in variants:
        if looks_like_path(v) and not is_setting(v):
            try:
                st = Path(v).expanduser().stat()
                out.append((v, st.st_size, st.st_mtime_ns))
            except OSError:
                out.append((v, -1, -1))
    return tuple(out)


def read_variant(path: Path) -> dict:
    """A variant file's data (ValueError when it is not a readable YAML mapping)."""
    from .yamlsafe import safe_load

    try:
        data = safe_load(path.read_text(encoding="utf-8"))
    except Exception as err:  # any YAML, decoding or OS problem: one message, never a traceback
        raise ValueError(f"variant {path}: cannot be read ({str(err).strip()[:200]}); "
                         f"run `rulewright lint {path}`") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ValueError(f"variant {path}: a variant file is a mapping (name, text and the rules data it changes)")
    return data


def base_rules(rules_dir: Path, content: Content) -> dict:
    """game.yaml with the loaded packs' `rules:` overlays: what variants apply to."""
    rules = cached_yaml(rules_dir / "game.yaml")
    for pack in content.packs:  # a pack may change the rules data as a variant does (its `rules:`)
        if pack.manifest.get("rules"):
            try:
                rules = guarded_apply(rules, pack.manifest["rules"])
            except OverlayError as err:
                raise ValueError(f"pack {pack.id}: rules.{err}") from None
    return rules


def _refuse_errors(content: Content, path: Path | str, data: dict, rules: dict) -> None:
    """A variant file given by path (or a `PATH=VALUE` setting) was never linted with the packs: its errors
    refuse it (ValueError)."""
    errors = [d for d in check_variant(content, str(path), data, None, rules, None) if d.severity == "error"]
    if errors:
        e = errors[0]
        what = f"setting {path}" if isinstance(path, str) and is_setting(path) else f"variant {path}"
        tail = "" if isinstance(path, str) and is_setting(path) else f"; `rulewright lint {path}` shows every problem"
        raise ValueError(f"{what}: {e.message}" + (f" ({e.hint})" if e.hint else "") + tail)


def assemble_rules(rules_dir: Path, content: Content, variants: list[str] | tuple[str, ...]) -> dict:
    """game.yaml with the packs' `rules:` overlays and the variants applied (ValueError: unknown variant,
    or one that cannot be applied)."""
    return assemble(rules_dir, content, variants)[1]


def variant_overlay(rules_dir: Path, content: Content, rules: dict, ref: str) -> tuple[dict, dict]:
    """One variant (an id, a file, or a `PATH=VALUE` setting) as (its rules overlay, its `content:` overlay),
    checked against the rules and content it lands on (ValueError: unknown, unreadable, another game's, or
    with errors lint would report)."""
    if is_setting(ref):  # `params.rounds=5`: one path set, as a variant holding it would (rules_paths.py)
        overlay = setting_overlay(rules, ref, content)
        _refuse_errors(content, ref, overlay, rules)
        return split_overlay(overlay)
    path = variant_path(rules_dir, content, ref)
    data = read_variant(path)
    if looks_like_path(ref) and ref not in variant_files(rules_dir, content):
        _refuse_errors(content, path, data, rules)
    game = rules.get("id")
    if data.get("game") not in (None, game):
        raise ValueError(f"variant {ref}: it is a variant of {data['game']!r}, not of {game!r}")
    return overlay_of(data), content_overlay_of(data)


def assemble(rules_dir: Path, content: Content, variants: list[str] | tuple[str, ...]) -> tuple[Content, dict]:
    """The content and rules data a game plays: game.yaml with the packs' `rules:` overlays, then each
    variant's rules overlay (never touching the game's own keys: overlay_secrecy.py) and `content:` overlay
    in order (ValueError: unknown variant, or one that cannot be applied). The content given is not
    changed: a variant over content gives a new one."""
    rules = base_rules(rules_dir, content)
    for v in variants:
        what = "setting" if is_setting(v) else "variant"
        ruled, held = variant_overlay(rules_dir, content, rules, v)
        try:
            rules = guarded_apply(rules, ruled)
            content, _ = overlay_content(content, held, v)
        except OverlayError as err:
            raise ValueError(f"{what} {v}: {err}" + (f" ({err.hint})" if err.hint else "")) from None
        except ValueError as err:
            raise ValueError(f"{what} {v}: {err}") from None
    return content, rules
