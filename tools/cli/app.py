"""The `rulewright` app (Typer + rich): every command, registered in the order `--help` lists them.

This module stays thin: each command lives in a module named after it, in the room of the people it
serves (tools/modding, tools/seat, tools/playtest, tools/render), and exposes `register(app)`. To add a
command, write tools/<room>/<command>.py with a `register(app)` function, import it here and add it to
COMMANDS: two lines. Shared options, the set-up resolver and the error style are in tools/common.
"""

from __future__ import annotations

from ..common.errors import GuardedTyper
from ..modding import docs, explain, hooks, labels, lint, lsp, schema, test, variant, words
from ..modding import list as list_
from ..playtest import analyze, balance, bench, compare, fit, ladder, simulate, sweep, tournament, tune
from ..render import render
from ..seat import play, replay, serve
from . import version

# every command of this app (and of any app added to it) runs in the error boundary of tools/common/errors.py
app = GuardedTyper(
    name="rulewright",
    help="Data-driven rules interpreter for board games (Clash of Cultures, 7 Wonders, Civilization: The Board Game): lint, explain, play, replay and test.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

# the order of `rulewright --help` (Typer lists command groups, such as `variant`, after the commands)
COMMANDS = [lint, list_, explain, schema, hooks, words, play, replay, test, labels, simulate, compare, variant, sweep,
            tune, bench, tournament, ladder, balance, fit, analyze, render, serve, docs, lsp]

version.register(app)  # `rulewright --version`
for _module in COMMANDS:
    _module.register(app)


def main() -> None:  # pragma: no cover - `python -m rulewright.tools.cli`
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
