"""The wheel is the package as users install it: built from the checkout, installed into a fresh virtual
environment, and run from a folder far from the source tree, it must hold every game, its rules and its
content. (An editable install and the tests read the checkout, so they never saw a game the wheel lacked.)

The fresh environment gets the wheel alone; the dependencies come from the environment running the tests
through a path file, so the test needs no network and no second download of numpy or matplotlib."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest
from rulewright.engine import games

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = {"clash": 2, "wonders7": 3, "civ_board": 2}
SKIP = (".git", ".venv*", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", ".ruff_cache",
        ".hypothesis", "out", ".rulewright-cache")


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh environment holding only the wheel; returns its `rulewright` script."""
    work = tmp_path_factory.mktemp("wheel")
    # built from a clean copy: setuptools builds in the source folder, and a `build/` left there by an
    # earlier build would slip modules since moved or deleted into the wheel
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*SKIP))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                    str(work / "dist"), str(source)], check=True, cwd=work, capture_output=True)
    (wheel,) = (work / "dist").glob("rulewright-*.whl")
    env_dir = work / "env"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    # the dependencies: this environment's site-packages, after the wheel's (its own rulewright comes first;
    # an editable install of the checkout here is a path finder that a plain path entry does not start)
    Path(site, "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", site, str(wheel)],
                   check=True, capture_output=True)
    script = env_dir / "bin" / "rulewright"
    script.write_text(f"#!{python}\nfrom rulewright.tools.cli import app\napp()\n", encoding="utf-8")
    script.chmod(0o755)
    return script


def _run(script: Path, *args: str, cwd: Path) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "RULEWRIGHT_CACHE_DIR")}
    env["RULEWRIGHT_CACHE_DIR"] = str(cwd / "cache")
    done = subprocess.run([str(script), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"rulewright {' '.join(args)} failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    return done.stdout


def test_the_wheel_holds_every_game(installed: Path, tmp_path: Path) -> None:
    where = _run(installed, "--version", cwd=tmp_path)
    for game_id in games.installed():
        assert f"\n{game_id}: " in where, f"--version names no {game_id}:\n{where}"
    probe = subprocess.run([installed.parent / "python", "-c", "import rulewright; print(rulewright.__file__)"],
                           cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    assert str(ROOT) not in probe and "site-packages" in probe, probe  # the wheel's copy, not the checkout


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_the_wheel_lints_and_plays(installed: Path, tmp_path: Path, game_id: str) -> None:
    assert game_id in games.installed()
    assert "0 errors" in _run(installed, "lint", "--game", game_id, cwd=tmp_path)
    out = _run(installed, "play", "--game", game_id, "--bots", "random", "--players", str(PLAYERS[game_id]),
               "--seed", "3", "--json", cwd=tmp_path)
    assert '"winner' in out, out[-500:]


def test_every_installed_game_is_played_above() -> None:
    assert set(games.installed()) == set(PLAYERS)
