"""`rulewright lint`: check content packs and files against their schemas and the card language."""

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from ...dsl.loader import Content
from ...engine.diagnostics import Diagnostic, render
from ..common import options, resolve
from ..common.clikit import OutputFormat, console, display_path, plural
from .linting import run_lint_skipped, sorted_diagnostics


def _print_text(content: Content, skipped: list[tuple[str, str]]) -> None:
    out = console()
    for d in sorted_diagnostics(content):
        shown = Diagnostic(display_path(d.file), d.line, d.column, d.code, d.message, d.hint, d.severity,
                           d.end_column)
        rendered = render(shown, content.sources.get(d.file))
        lines = rendered.split("\n")
        style = "bold red" if d.severity == "error" else "bold yellow"
        text = Text(lines[0], style=style)
        for line in lines[1:]:
            text.append("\n")
            if line.lstrip().startswith("= hint:"):
                text.append(line, style="cyan")
            elif line.strip().endswith("^") and "|" in line:
                text.append(line, style=style)
            else:
                text.append(line)
        out.print(text, soft_wrap=True)
        out.print()
    for path, why in skipped:
        out.print(Text(f"skipped {display_path(path)}: {why}", style="yellow"), soft_wrap=True)
    errors = len(content.errors)
    warnings = len(content.diagnostics) - errors
    summary = (f"checked {plural(len(content.entries), 'entry')} in {plural(len(content.packs), 'pack')}: "
               f"{plural(errors, 'error')}")
    if warnings:
        summary += f", {plural(warnings, 'warning')}"
    out.print(Text(summary, style="bold red" if errors else "bold green"), soft_wrap=True)


def lint(
    paths: Annotated[list[Path] | None, typer.Argument(
        help="Pack folders or single content YAML files (default: every bundled pack).",
        exists=True, show_default=False)] = None,
    format: Annotated[OutputFormat, typer.Option("--format", "-f", help="Output format.")] = OutputFormat.text,
    game: Annotated[str, options.game(short=True, help="Game whose packs to lint (default: the game a pack names, else the default game).")] = "",
) -> None:
    """Check content against its JSON Schemas and the card language; exit 1 when there are errors."""
    content, skipped = run_lint_skipped(paths, resolve.game(game) if game else None)
    errors = len(content.errors)
    if format is OutputFormat.json:
        payload = {
            "diagnostics": [d.to_json() for d in sorted_diagnostics(content)],
            "counts": content.counts(),
            "entries": len(content.entries),
            "packs": [p.id for p in content.packs],
            "errors": errors,
            "warnings": len(content.diagnostics) - errors,
            "skipped": [{"path": display_path(p), "reason": why} for p, why in skipped],
        }
        typer.echo(json.dumps(payload, indent=2))
    else:
        _print_text(content, skipped)
    raise typer.Exit(1 if errors else 0)


def register(app: typer.Typer) -> None:
    app.command("lint")(lint)
