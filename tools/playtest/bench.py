"""`rulewright bench`: the command (its options, one call, the printing); what it runs is measuring.py."""

from __future__ import annotations

import json
import os
import platform
from pathlib import Path
from typing import Annotated

import typer

from ..common.errors import output_file
from .bench_against import against as run_against
from .measuring import _cpu, measure


def bench(
    quick: Annotated[bool, typer.Option("--quick", help="fewer games (about a minute)")] = False,
    out: Annotated[Path | None, typer.Option("--out", help="write the results here (JSON)", callback=output_file)] = None,
    against: Annotated[str | None, typer.Option("--against", help="also measure this commit, in the same run "
                                                "(e.g. HEAD~1): both trees' figures and their ratios")] = None,
    rounds: Annotated[int, typer.Option("--rounds", min=1, help="with --against: runs of each tree, alternating")] = 2,
) -> None:
    """Measure rulewright's speed and print the figures; the last line is JSON."""
    machine = {"cpu": _cpu(), "cores": os.cpu_count(), "python": platform.python_version()}
    if against:
        record = {"machine": machine, "quick": quick, **run_against(against, quick, rounds)}
        results = record["current"]
        for k, v in results.items():
            typer.echo(f"{k:>26}: {record['previous'].get(k, '-'):>10} -> {v:>10}  x{record['ratio'].get(k, '-')}")
    else:
        results = measure(quick)
        record = {"machine": machine, "quick": quick, "results": results}
        for k, v in results.items():
            typer.echo(f"{k:>24}: {v}")
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(record, indent=2) + "\n")
    typer.echo(json.dumps(results, sort_keys=True))


def register(app: typer.Typer) -> None:
    app.command("bench")(bench)
