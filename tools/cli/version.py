"""`rulewright --version`: what this installation is, in the terms saves and caches use: the package version,
the random stream new games are dealt by (and the older ones saves may name), the save format, and each
installed game's bundled packs with their versions and content fingerprints."""

from __future__ import annotations

from pathlib import Path

import typer
from ruamel.yaml import YAML

from ... import __version__
from ...engine import games
from ...engine.machine import SAVE_FORMAT
from ...engine.provenance import CONTENT_ROOT, STREAM, STREAMS, pack_hash, rules_hash


def _manifest(folder: Path) -> dict:
    try:
        return YAML(typ="safe").load((folder / "pack.yaml").read_text(encoding="utf-8")) or {}
    except (OSError, ValueError):
        return {}


def report() -> list[str]:
    lines = [f"rulewright {__version__}",
             f"random stream {STREAM} ({STREAMS[STREAM]}); saves dealt by streams "
             f"{', '.join(map(str, sorted(STREAMS)))} replay",
             f"save format {SAVE_FORMAT}"]
    for game_id in games.installed():
        rules = YAML(typ="safe").load((games.game_dir(game_id) / "game.yaml").read_text(encoding="utf-8")) or {}
        packs = []
        for folder in sorted(p.parent for p in (CONTENT_ROOT / game_id).glob("*/pack.yaml")):
            manifest = _manifest(folder)
            packs.append(f"{folder.name} {manifest.get('version', '?')} ({pack_hash(game_id, folder.name)})")
        lines.append(f"{game_id}: {rules.get('name', game_id)}; rules ({rules_hash(game_id)}); "
                     f"packs: {', '.join(packs) or 'none'}")
    return lines


def _show(value: bool) -> None:
    if value:
        for line in report():
            typer.echo(line)
        raise typer.Exit()


def register(app: typer.Typer) -> None:
    @app.callback()
    def main(version: bool = typer.Option(False, "--version", callback=_show, is_eager=True,
                                          help="print the version, the random stream and each game's content "
                                               "versions, and exit")) -> None:
        """Data-driven rules interpreter for board games."""
