"""Small helpers shared by the CLI command modules: consoles, output formats, paths, pack loading.

The error style (`fail`) and the error boundary are errors.py's; the set-up checks are resolve.py's.

Conventions every command follows:
- exit 0 on success, 1 when the content (or the thing asked about) has errors or is unknown,
  2 for bad usage (unknown kind, unknown pack, bad option value), 3 for an internal error;
- machine output (`--format json`) goes to stdout as plain JSON, never through rich;
- a command never shows a traceback: `guarded` turns any unexpected exception into one line.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path

from rich.console import Console

try:  # Typer >= 0.29 carries its own copy of Click
    from typer._click.globals import get_current_context
except ImportError:  # pragma: no cover - older Typer on Click
    from click import get_current_context  # type: ignore[no-redef]

from ...dsl.loader import Content, bundled_packs, load_content
from ...dsl.yamlsafe import safe_load
from ...engine import games
from ...engine.diagnostics import did_you_mean
from .errors import fail


class OutputFormat(StrEnum):
    text = "text"
    json = "json"


def console() -> Console:
    """A console on the current stdout (created per call so test runners can capture it)."""
    return Console(highlight=False, soft_wrap=False, emoji=False)


def display_path(file: str) -> str:
    """A path as the user would type it: relative to the working directory when below it."""
    try:
        p = Path(file)
        if p.is_absolute():
            return str(p.relative_to(Path.cwd()))
    except (ValueError, OSError):
        pass
    return file


def game_of_packs(refs: Sequence[str | Path], default: str | None = None) -> str | None:
    """The game a pack folder says it is for (its manifest's `game:`), else `default`."""
    for ref in refs:
        manifest = Path(ref) / "pack.yaml"
        try:
            data = safe_load(manifest.read_text(encoding="utf-8")) if manifest.is_file() else None
        except Exception:  # lint reports a broken manifest itself
            data = None
        if isinstance(data, dict) and isinstance(data.get("game"), str):
            if data["game"] in games.installed():
                return data["game"]
    return default


def all_bundled(game: str | None = None) -> list[str | Path]:
    """Every pack shipped with a game (default: the default game of the registry)."""
    return list(bundled_packs(game)) or ["base"]


def load_packs(packs: Sequence[str] | None, game: str | None = None) -> Content:
    """Load bundled pack ids or pack folders; with none, every bundled pack of the game.

    An unknown pack id (or a missing folder) is a usage error: exit 2 with a did-you-mean.
    """
    bundled = bundled_packs(game)
    refs: list[str | Path] = []
    for p in packs or []:
        path = Path(p)
        if path.is_dir():
            refs.append(path)
        elif p in bundled:
            refs.append(p)
        elif "/" in p or path.suffix:
            fail(f"no pack folder at '{p}'", 2, "a pack is a folder with a pack.yaml manifest")
        else:
            fail(f"unknown pack '{p}'", 2, did_you_mean(p, bundled) or f"bundled packs: {', '.join(bundled)}")
    return load_content(refs or all_bundled(game), game=game)


def plural(n: int, word: str) -> str:
    if n == 1:
        return f"{n} {word}"
    if word.endswith("y") and not word.endswith("ey"):
        return f"{n} {word[:-1]}ies"
    return f"{n} {word}s"


def invocation(program: str = "rulewright") -> list[str]:
    """The command being run, rebuilt from its parsed parameters (what a report says made it): the command's
    path, its arguments, and every option whose value is not its default (paths as given)."""
    ctx = get_current_context(silent=True)
    if ctx is None:
        return [program]
    out = [program, *ctx.command_path.split()[1:]]
    for p in ctx.command.params:
        value = ctx.params.get(p.name)
        if p.param_type_name == "argument":
            out += [str(v) for v in (value if isinstance(value, list | tuple) else [value]) if v is not None]
        elif value is not None and value != p.default and p.opts and not p.opts[0].startswith("--install"):
            flag = p.opts[0]
            if isinstance(value, bool):
                out += [flag] if value else [p.secondary_opts[0]] if getattr(p, "secondary_opts", None) else []
            elif isinstance(value, list | tuple):
                out += [x for v in value for x in (flag, str(v))]
            else:
                out += [flag, str(value)]
    return out
