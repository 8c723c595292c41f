"""Every command block of README.md is run or checked here, so a new user who follows it meets no surprise:
- the two set-up commands are the ones CI runs (.ci/run runs the first as written in a fresh venv, and the
  second is its last line);
- every `rulewright` line of the other bash blocks runs (a person's seat answered "1" at every prompt, as
  `yes 1 |` would; a simulation of many games checked on two);
- the Python blocks run;
- the board picture is what the commands README names for it draw (docs/regenerate_board.py)."""

from __future__ import annotations

import importlib.util
import re
import shlex
from pathlib import Path

import pytest
from where import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
SETUP = README.split("## Set-up", 1)[1].split("\n## ", 1)[0]


def _blocks(language: str, text: str = README) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", text, re.S | re.M)


def _commands() -> list[str]:
    """The `rulewright` lines of every bash block after the set-up section."""
    rest = README.split(SETUP, 1)[1]
    lines = [line.split("   #", 1)[0].strip() for block in _blocks("bash", rest) for line in block.splitlines()]
    return [line for line in lines if line.startswith("rulewright ")]


def test_the_set_up_commands_are_what_ci_runs() -> None:
    install_and_play, run_tests = (b.strip() for b in _blocks("bash", SETUP))
    assert "pip install -e '.[dev]'" in install_and_play and "rulewright play" in install_and_play
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "awk '/^```bash$/{n++; if (n==1)" in ci and 'bash -ec "$FIRST"' in ci  # the first block, as written
    assert run_tests.endswith(ci.strip().splitlines()[-1])  # README's test command, verbatim
    assert run_tests.split("&& ")[2].strip() == ci.split("source \"$VENV/bin/activate\"\n\n", 1)[1].splitlines()[0]


def test_the_readme_has_commands_to_run() -> None:
    assert len(_commands()) >= 8


@pytest.mark.parametrize("line", _commands())
def test_a_readme_command_runs(line: str, cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    argv = shlex.split(line)[1:]
    if argv[0] == "simulate":  # checked on two games: the command is the README's, the count is ours
        argv[argv.index("--games") + 1] = "2"
        argv += ["--no-viewers"]
    answers = "1\n" * 5000 if "--human" in argv else None
    result = cli(argv, input=answers)
    assert result.exit_code == 0, f"{line}\n{result.output[-3000:]}"
    assert result.output.strip(), line


@pytest.mark.parametrize("index", range(len(_blocks("python"))))
def test_a_readme_python_block_runs(index: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    exec(compile(_blocks("python")[index], f"README.md python block {index + 1}", "exec"), {})
    assert capsys.readouterr().out.strip()


def test_the_board_picture_is_what_its_commands_draw(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("regenerate_board", ROOT / "docs" / "regenerate_board.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    play, render = module.claimed_commands(README)
    assert play[:2] == ["rulewright", "play"] and "docs/board.svg" in render
    module.draw(tmp_path / "board.svg")
    assert (tmp_path / "board.svg").read_bytes() == (ROOT / "docs" / "board.svg").read_bytes(), (
        "docs/board.svg is not what README's commands draw now: run `python docs/regenerate_board.py`")
