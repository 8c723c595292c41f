"""The commands share one set of plumbing (issue 34, item 4): each lives in a module named after it, reads
game, players, bots, packs and back-end through one resolver, and reports a bad value in one error style."""

from __future__ import annotations

import ast

import pytest
import typer
from rulewright.tools.cli import app
from rulewright.tools.cli.app import COMMANDS
from rulewright.tools.common import resolve
from typer.testing import CliRunner
from where import ROOT

runner = CliRunner()


def test_every_command_lives_in_a_module_named_after_it():
    for module in COMMANDS:
        probe = typer.Typer()
        module.register(probe)
        names = [c.name for c in probe.registered_commands] + [g.name for g in probe.registered_groups]
        assert names == [module.__name__.rsplit(".", 1)[1]], f"{module.__name__} registers {names}"
    assert len(COMMANDS) == len(app.registered_commands) + len(app.registered_groups)


def test_no_command_prints_its_own_error_line():
    """Errors go through errors.fail (or the boundary): no `typer.echo("error ...")` of its own."""
    own = []
    for path in sorted((ROOT / "tools").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and ast.unparse(node.func) == "typer.echo" and node.args \
                    and ast.unparse(node.args[0]).lstrip("f").strip("'\"").startswith("error"):
                own.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not own, own


def test_the_resolver_names_the_range_the_bots_and_the_backend():
    assert resolve.game("") == resolve.game(None) and resolve.game("wonders7") == "wonders7"
    assert resolve.player_range("wonders7") == (3, 7) and resolve.players("clash", 4) == 4
    assert resolve.bots(" greedy, search:5 ") == ["greedy", "search:5"]
    assert resolve.bot_names("", ["greedy"]) == ["greedy"] and resolve.packs(["civilizations"]) == ["base", "civilizations"]
    for call in (lambda: resolve.players("clash", 5), lambda: resolve.bots("wizard"), lambda: resolve.bots(","),
                 lambda: resolve.bots("greedy", exactly=2), lambda: resolve.backend("cloud"),
                 lambda: resolve.game("chess"), lambda: resolve.rules("clash", ["base"], ["no_such_variant"])):
        with pytest.raises(typer.Exit) as stop:
            call()
        assert stop.value.exit_code == 2


@pytest.mark.parametrize("args", [
    ["play", "--bots", "wizard"],
    ["simulate", "--bots", "wizard", "--games", "1"],
    ["compare", "base", "four_round", "--bots", "wizard"],
    ["balance", "--bots", "wizard", "--games", "1"],
    ["tournament", "--bots", "wizard,greedy"],
    ["tune", "params.rounds=1..3", "--target", "rounds=2", "--bots", "wizard"],
])
def test_a_bad_bot_reads_the_same_in_every_command(args):
    r = runner.invoke(app, args)
    assert r.exit_code == 2
    assert "error: unknown bot(s): wizard" in r.output and "= hint: known: first, greedy, ismcts, learned, lsearch, random, search" in r.output


@pytest.mark.parametrize("args", [["play", "-n", "5"], ["simulate", "-n", "5", "--games", "1"],
                                  ["sweep", "params.rounds=4,5", "-n", "5"], ["compare", "base", "x", "-n", "5"],
                                  ["tune", "params.rounds=4..5", "--target", "rounds=4", "-n", "5"]])
def test_a_player_count_the_game_refuses_reads_the_same_in_every_command(args):
    r = runner.invoke(app, args)
    assert r.exit_code == 2 and "error: clash is for 2 to 4 players, not 5" in r.output
