"""`rulewright test [PATH...]`: run scenario files and print `N passed, M failed`; with `--mutation`, also
remove each covered entry's effect (or one ability of it) in turn and report the mutants no scenario kills."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from ..common import options, resolve
from .mutation import mutation_report, packs_under_test
from .scenarios import find_scenarios, load_scenario, run_scenario, scenario_root, spec_game


def test(
    paths: Annotated[list[Path] | None, typer.Argument(help="scenario files or folders (default: all bundled)")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="only failures and the summary")] = False,
    mutation: Annotated[bool, typer.Option("--mutation", help="also check that removing any entry's effect (each "
                                           "ability apart, where the game asks) fails a scenario covering it; "
                                           "given your own packs, their entries only")] = False,
    game: Annotated[str | None, options.game("the game of scenarios that name no `game:` (default: their "
                                             "pack's game, else clash)")] = None,
) -> None:
    """Run scenario files: a position, actions, and the expected state, log and options."""
    game = resolve.game(game) if game else None
    console = Console(highlight=False, soft_wrap=True, emoji=False)  # paths stay whole; `land:a:s` stays text
    for p in paths or []:
        root = scenario_root(p)
        if root != p:
            if not root.is_dir():
                console.print(f"[red]error[/]: {escape(str(p))} is a pack with no tests/ folder; "
                              "put its scenario files in " + escape(str(root)))
                raise typer.Exit(1)
            console.print(f"running the scenarios of pack {escape(str(p))} in {escape(str(root))}/")
    files = find_scenarios(list(paths) if paths else None)
    passed = failed = 0
    games: list[str] = []
    for f in files:
        try:
            spec = load_scenario(f, game)
            result = run_scenario(spec, path=str(f))
            games += [g for g in [spec_game(spec)] if g not in games]
        except Exception as err:
            console.print(f"[red]FAIL[/] {escape(str(f))}: cannot read the scenario: {escape(str(err))}")
            failed += 1
            continue
        if result.passed:
            passed += 1
            if not quiet:
                console.print(f"[green]ok[/]   {escape(str(f))}: {escape(str(result.name))}")
        else:
            failed += 1
            console.print(f"[red]FAIL[/] {escape(str(f))}: {escape(str(result.name))}")
            for m in result.messages:
                console.print(f"       {escape(str(m))}")
    console.print(f"{passed} passed, {failed} failed")
    if mutation:
        failed += mutation_summary(console, list(paths) if paths else None, games, game)
    if failed or not files:
        raise typer.Exit(1)


def mutation_summary(console: Console, paths: list[Path] | None, games: list[str], default: str | None = None) -> int:
    """Print, per game of the scenarios, the mutants killed, survived and uncovered; the number of bad ones."""
    bad = 0
    for game in games:
        loaded, own = packs_under_test(paths, game, default) if paths else ([], [])
        if own:  # a modder's packs: their entries only, on the packs the scenarios load
            console.print(f"mutation ({escape(game)}): the entries of {escape(', '.join(own))}")
            report = mutation_report(paths, game=game, packs=tuple(loaded), of_pack=tuple(own), default=default)
        else:
            report = mutation_report(paths, game=game, default=default)
        for key, word in (("survived", "survived (no covering scenario failed)"),
                          ("uncovered", "uncovered (no scenario covers it)")):
            for target in report[key]:
                console.print(f"[red]{key.upper()}[/] {escape(game)}: {escape(target)} {word}")
        bad += len(report["survived"]) + len(report["uncovered"])
        console.print(f"mutation ({escape(game)}): {len(report['killed'])} killed, {len(report['survived'])} survived, "
                      f"{len(report['uncovered'])} uncovered")
    return bad


def register(app: typer.Typer) -> None:
    app.command("test")(test)
