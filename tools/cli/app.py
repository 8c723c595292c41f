"""The `rulewright` command line (Typer + rich).

This module stays thin: each command group lives in its own module under tools/ and exposes
`register(app)`. To add a command (play, replay, test, simulate, bench ...), write tools/<name>.py
with a `register(app)` function and add its module name to COMMAND_MODULES: one line.
Shared conventions (exit codes, JSON output, no tracebacks) are in tools/clikit.py.
"""

from __future__ import annotations

import importlib

from .errors import GuardedTyper

# every command of this app (and of any app added to it) runs in the error boundary of tools/errors.py
app = GuardedTyper(
    name="rulewright",
    help="Data-driven rules interpreter for Clash of Cultures: lint, explain, play, replay and test.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

COMMAND_MODULES: list[str] = [
    "lint",
    "listing",
    "explain_cmd",
    "schema_cmd",
    "hooks_cmd",
    "words_cmd",
    "play",
    "test_cmd",
    "simulate",
    "compare",
    "variants",
    "sweep",
    "bench",
    "tournament",
    "balance",
    "analyze",
    "render",
    "serve",
    "langdoc",
    "lsp",
]

for _name in COMMAND_MODULES:
    importlib.import_module(f"{__package__}.{_name}").register(app)


def main() -> None:  # pragma: no cover - `python -m rulewright.tools.cli`
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
