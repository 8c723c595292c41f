"""`rulewright test [PATH...]`: run scenario files and print `N passed, M failed`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from .scenarios import find_scenarios, load_scenario, run_scenario, scenario_root


def test(
    paths: Annotated[list[Path] | None, typer.Argument(help="scenario files or folders (default: all bundled)")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="only failures and the summary")] = False,
) -> None:
    """Run scenario files: a position, actions, and the expected state, log and options."""
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
    for f in files:
        try:
            spec = load_scenario(f)
            result = run_scenario(spec, path=str(f))
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
    if failed or not files:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("test")(test)
