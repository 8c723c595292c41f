"""The CLI's error boundary and text output: every bad input ends as one `error:` line and exit 1 or 2,
a bug as one line naming the traceback file and exit 3; names from content or saves print as text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from rulewright.api import new_game
from rulewright.tools.errors import GuardedTyper, guard_app

ADVANCE = """\
kind: advance
entries:
  - id: printing
    name: Printing [/i]
    category: education
    requires: []
    border: culture
    text: "Get [/b] one idea"
    source: authored
    effect: |
      on city_collected when city has {piece}: gain 1 idea
"""


def pack(write_pack, piece: str = "temple") -> Path:
    return write_pack({"advances.yaml": ADVANCE.format(piece=piece)}, pack_id="hostile")


def no_traceback(result) -> None:
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def saved_game(tmp_path: Path, names: list[str] | None = None, actions: int = 6) -> Path:
    game = new_game(players=2, seed=3, names=names)
    for _ in range(actions):
        game.apply(game.legal_actions()[0])
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game.save()))
    return path


@pytest.mark.parametrize("blob", ["[1, 2]", "[" * 100_000 + "]" * 100_000, "\"text\"", "{", "{\"format\": 1}"])
def test_render_and_replay_of_a_bad_save_is_one_error_line(tmp_path: Path, blob: str, cli) -> None:
    f = tmp_path / "bad.json"
    f.write_text(blob)
    for args in (["render", str(f), "--out", str(tmp_path / "x.svg")], ["replay", str(f)]):
        result = cli(args)
        assert result.exit_code == 1, result.output
        assert "error" in result.output and "bad.json" in result.output
        no_traceback(result)


def test_play_checks_the_save_path_before_playing(tmp_path: Path, cli) -> None:
    result = cli(["play", "--players", "2", "--save", str(tmp_path / "missing-dir" / "g.json")])
    assert result.exit_code == 2
    assert "missing-dir" in result.output and "Winner" not in result.output
    result = cli(["play", "--players", "2", "--html", str(tmp_path)])
    assert result.exit_code == 2 and "folder" in result.output


def test_numeric_options_are_validated(tmp_path: Path, cli) -> None:
    save = saved_game(tmp_path)
    assert cli(["replay", str(save), "--upto", "-5"]).exit_code == 2
    assert cli(["render", str(save), "--step", "-1"]).exit_code == 2


def test_play_on_a_pack_lint_rejects_names_the_file(tmp_path: Path, write_pack, cli) -> None:
    root = pack(write_pack, piece="tempel")
    result = cli(["play", "--players", "2", "--pack", str(root)])
    assert result.exit_code == 1
    assert "advances.yaml" in result.output and "tempel" in result.output
    no_traceback(result)


def test_square_brackets_in_content_and_names_print_as_text(tmp_path: Path, write_pack, cli) -> None:
    root = pack(write_pack)
    result = cli(["list", "advances", "--pack", str(root)])
    assert result.exit_code == 0 and "Printing [/i]" in result.output
    save = saved_game(tmp_path, names=["[/oops]", "[bold]x"])
    result = cli(["replay", str(save)])
    assert result.exit_code == 0, result.output
    assert "[bold]x" in result.output
    result = cli(["explain", "printing", "--pack", str(root)])
    assert result.exit_code == 0 and "Get [/b] one idea" in result.output


def test_an_unexpected_exception_is_one_line_exit_3_with_the_traceback_in_a_file(tmp_path: Path,
                                                                                  monkeypatch, cli) -> None:
    monkeypatch.setenv("RULEWRIGHT_CRASH_DIR", str(tmp_path))
    monkeypatch.delenv("RULEWRIGHT_DEBUG", raising=False)
    demo = GuardedTyper()
    sub = typer.Typer()

    @demo.command("boom")
    def boom() -> None:
        raise ZeroDivisionError("on purpose")

    @sub.command("later")
    def later() -> None:
        raise KeyError("sub-command")

    demo.add_typer(sub, name="sub")

    @sub.command("added-after")
    def added_after() -> None:
        raise LookupError("registered after add_typer")

    for args in (["boom"], ["sub", "later"], ["sub", "added-after"]):
        result = cli(args, app=demo)
        assert result.exit_code == 3, (args, result.output)
        assert "bug" in result.output and "rulewright-crash-" in result.output
        assert result.output.count("\n") <= 2
        no_traceback(result)
    crashes = list(tmp_path.glob("rulewright-crash-*.txt"))
    assert crashes and "Traceback" in crashes[0].read_text()


def test_guard_app_wraps_commands_already_registered(cli) -> None:
    plain = typer.Typer()

    @plain.command("x")
    def x() -> None:
        raise OSError(2, "No such file or directory", "missing.yaml")

    @plain.command("y")
    def y() -> None:
        pass

    guard_app(plain)
    result = cli(["x"], app=plain)
    assert result.exit_code == 1 and "missing.yaml" in result.output


@pytest.mark.parametrize("args", [["simulate", "--games", "1", "--out", "FILE"], ["schema", "--out", "FILE"],
                                  ["bench", "--quick", "--out", "MISSING/b.json"],
                                  ["compare", "base", "--out", "FILE"]])
def test_output_paths_of_every_command_are_checked_first(tmp_path: Path, args: list[str], cli) -> None:
    existing = tmp_path / "a-file"
    existing.write_text("x")
    args = [str(existing) if a == "FILE" else str(tmp_path / a) if a.startswith("MISSING") else a for a in args]
    result = cli(args)
    assert result.exit_code == 2, result.output
    assert "error" in result.output and "Traceback" not in result.output


def test_a_fifo_given_as_a_save_is_refused_without_blocking(tmp_path: Path, cli) -> None:
    import os

    fifo = tmp_path / "g.json"
    os.mkfifo(fifo)
    for args in (["replay", str(fifo)], ["render", str(fifo), "--out", str(tmp_path / "x.svg")]):
        result = cli(args)
        assert result.exit_code == 1 and "not a regular file" in result.output


def test_known_errors_raised_anywhere_in_a_command_are_one_line_exit_1(cli) -> None:
    from rulewright.engine.decision import RunawayEffect
    from rulewright.engine.diagnostics import ContentError, Diagnostic

    demo = GuardedTyper()

    @demo.command("loop")
    def loop() -> None:
        raise RunawayEffect("runaway effect stopped: the loop runs through Brooding (brooding)", ["brooding"])

    @demo.command("content")
    def content() -> None:
        raise ContentError([Diagnostic("mypack/advances.yaml", 3, 5, "E0201", "unknown name 'tempel'")])

    @demo.command("deep")
    def deep() -> None:
        raise RecursionError("maximum recursion depth exceeded")

    for args, needle in ((["loop"], "Brooding (brooding)"), (["content"], "mypack/advances.yaml:3:5"),
                         (["deep"], "nested too deeply")):
        result = cli(args, app=demo)
        assert result.exit_code == 1 and needle in result.output, result.output
        assert result.output.startswith("error") and "Traceback" not in result.output


@pytest.mark.parametrize("argv, says", [
    (["play", "--players", "9"], "--players"),
    (["no-such-command"], "No such command"),
    (["play", "--no-such-option"], "No such option"),
])
def test_usage_errors_of_the_installed_command_are_one_line_and_exit_2(argv: list[str], says: str, cli):
    """The console entry point (not the test runner) turns Click's own usage errors into `error:` lines."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", "from rulewright.tools.cli import app; app()", *argv],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert lines[0].startswith("error: ") and says in lines[0]
    assert lines[1].startswith("  = hint: ") and "--help" in lines[1]
    assert len(lines) == 2 and "Traceback" not in done.stderr and "╭" not in done.stderr
