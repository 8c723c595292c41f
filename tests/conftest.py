"""Fixtures every test folder shares: a game from a position, a pack folder writer, the command-line runner.

Each replaces copies that used to live in single test files (a `Game(definition(), {... "position": ...})`
built by hand, a `pack.yaml` written by a local helper, a `CliRunner()` per file). Folders may add their
own conftest.py for what only they need.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result


@pytest.fixture
def game_at() -> Callable[..., Any]:
    """`game_at(position, players=2, seed=1, packs=None, variants=None, game_id=None)`: a game started from a
    scenario's `position:` mapping (rulewright.api.new_game), what the position does not name keeping its
    set-up value."""
    from rulewright.api import new_game

    def make(position: dict, players: int = 2, seed: int = 1, packs: Sequence[str] | None = None,
             variants: Sequence[str] | None = None, game_id: str | None = None, **kw: Any) -> Any:
        return new_game(players=players, seed=seed, packs=list(packs) if packs else None,
                        variants=list(variants) if variants else None, game_id=game_id, position=position, **kw)

    return make


def manifest(pack_id: str = "mypack", depends: Sequence[str] = ("base",), game: str = "clash",
             name: str | None = None) -> str:
    """The text of a pack.yaml."""
    return (f"id: {pack_id}\nname: {name or pack_id.replace('_', ' ').capitalize()}\nversion: 1.0.0\n"
            f"game: {game}\ndepends: [{', '.join(depends)}]\n")


@pytest.fixture
def write_pack(tmp_path: Path) -> Callable[..., Path]:
    """`write_pack(files, pack_id="mypack", depends=("base",), game="clash", root=None, manifest=None)`: a pack
    folder (under the test's tmp_path unless `root`) holding pack.yaml and `files` ({relative path: text});
    `manifest` replaces the generated pack.yaml text (None with `manifest=False`: no pack.yaml at all)."""

    def make(files: dict[str, str] | None = None, pack_id: str = "mypack", depends: Sequence[str] = ("base",),
             game: str = "clash", root: Path | None = None, manifest_text: str | bool | None = None) -> Path:
        folder = root if root is not None else tmp_path / pack_id
        folder.mkdir(parents=True, exist_ok=True)
        if manifest_text is not False:
            text = manifest_text if isinstance(manifest_text, str) else manifest(pack_id, depends, game)
            (folder / "pack.yaml").write_text(text, encoding="utf-8")
        for rel, text in (files or {}).items():
            (folder / rel).parent.mkdir(parents=True, exist_ok=True)
            (folder / rel).write_text(text, encoding="utf-8", errors="surrogateescape")
        return folder

    return make


class Cli:
    """The `rulewright` command line run in-process: `cli("play", "--players", "2")` or `cli(["lint", path])`;
    the result of Typer's CliRunner (exit_code, output, stdout, stderr, exception)."""

    def __init__(self) -> None:
        self.runner = CliRunner()

    def __call__(self, *args: Any, input: str | None = None, env: dict[str, str] | None = None,
                 app: Any = None) -> Result:
        from rulewright.tools.cli import app as main

        argv = [str(a) for a in (args[0] if len(args) == 1 and isinstance(args[0], list | tuple) else args)]
        return self.runner.invoke(app or main, argv, input=input, env=env)


@pytest.fixture(scope="session")
def cli() -> Cli:
    """The command-line runner (see Cli)."""
    return Cli()
