"""The error boundary of the command line: one line per error, never a traceback.

Every command registered on a `GuardedTyper` (the `rulewright` app and any Typer app added to it)
runs inside `boundary`:
- an error in what the user gave (a pack lint rejects, a save, a scenario, a file that cannot be
  read or written, a rule that runs away) prints `error: ...` naming the thing and exits 1;
- a bad use of the command (`UsageError`) exits 2;
- anything else is a bug: one line says so and where the full traceback was written; exit 3.
`RULEWRIGHT_DEBUG=1` lets the exception through, traceback and all.
"""

from __future__ import annotations

import datetime
import functools
import json
import os
import sys
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from ...engine.decision import IllegalAction, RunawayEffect
from ...engine.diagnostics import ContentError

try:  # Typer >= 0.29 carries its own copy of Click; its usage errors are that copy's classes
    from typer._click import exceptions as click_errors
except ImportError:  # pragma: no cover - older Typer on Click
    from click import exceptions as click_errors  # type: ignore[no-redef]

GUARDED = "__rulewright_guarded__"


class UserError(Exception):
    """Bad input (content, save, scenario, file): printed as one `error:` line, exit 1."""

    code = 1

    def __init__(self, message: str, hint: str = ""):
        super().__init__(message)
        self.hint = hint


class UsageError(UserError):
    """A bad use of a command (an option out of range, an output path that cannot be written): exit 2."""

    code = 2


def err_console() -> Console:
    """A console on the current stderr (created per call so test runners can capture it)."""
    return Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)


_stderr = err_console


def fail(message: str, code: int = 1, hint: str = "") -> NoReturn:
    """The one error style of the command line: `error: message` (and `  = hint: ...`) on stderr, then exit
    `code` (1: the input is wrong, 2: the command is used wrongly; see the module docstring)."""
    err = err_console()
    err.print(f"[bold red]error[/]: {escape(message)}")
    if hint:
        err.print(f"  = hint: {escape(hint)}")
    raise typer.Exit(code)


def crash_dir() -> Path:
    """Where tracebacks of internal errors go: $RULEWRIGHT_CRASH_DIR, else the temporary folder."""
    return Path(os.environ.get("RULEWRIGHT_CRASH_DIR") or tempfile.gettempdir())


def write_traceback(err: BaseException) -> Path | None:
    """Write the full traceback of a bug to a file of its own; None when that fails too."""
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%S")
    try:
        folder = crash_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"rulewright-crash-{stamp}-{os.getpid()}.txt"
        path.write_text("".join(traceback.format_exception(err)), encoding="utf-8")
        return path
    except OSError:
        return None


def known(err: BaseException) -> tuple[int, str, str] | None:
    """(exit code, message, hint) for an error in the user's input; None for a bug."""
    if isinstance(err, UserError):
        return err.code, str(err), err.hint
    if isinstance(err, ContentError):
        first = err.diagnostics[0].short() if err.diagnostics else "the content has errors"
        more = len(err.diagnostics) - 1
        files = sorted({d.file for d in err.diagnostics})
        hint = f"run `rulewright lint` on the pack ({', '.join(files[:3])})"
        return 1, first + (f" (and {more} more)" if more > 0 else ""), hint
    if isinstance(err, RunawayEffect):
        return 1, str(err), ("the entries named keep the game from moving on: give one a condition, a cost "
                             "or `once per turn`")
    if isinstance(err, IllegalAction):
        return 1, str(err), ""
    if isinstance(err, json.JSONDecodeError):
        return 1, f"not valid JSON: {err}", ""
    if isinstance(err, UnicodeError):
        return 1, f"not readable text: {err}", "files are read as UTF-8"
    if isinstance(err, OSError):
        name = err.filename if err.filename is not None else ""
        return 1, f"{name}: {err.strerror or err}" if name else str(err), ""
    if isinstance(err, RecursionError):
        return 1, "the input is nested too deeply to read", "flatten it: saves and packs are shallow"
    if isinstance(err, MemoryError):
        return 1, "the input is too large to process", ""
    return None


def boundary(func: Callable[..., Any]) -> Callable[..., Any]:
    """Wrap a command so every error ends as one line and an exit code (see the module docstring)."""
    if getattr(func, GUARDED, False):
        return func

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except (typer.Exit, typer.Abort, typer.BadParameter, SystemExit):
            raise
        except KeyboardInterrupt:
            _stderr().print("interrupted")
            raise typer.Exit(130) from None
        except Exception as err:
            if os.environ.get("RULEWRIGHT_DEBUG"):
                raise
            if type(err).__module__.startswith(("click", "typer")):
                raise
            found = known(err)
            if found is not None:
                fail(found[1], found[0], found[2])
            where = write_traceback(err)
            _stderr().print(
                f"[bold red]internal error[/] (a bug in rulewright): {escape(type(err).__name__)}: "
                f"{escape(_first_line(str(err)))}; "
                + (f"the full traceback is in {escape(str(where))}" if where else
                   "set RULEWRIGHT_DEBUG=1 to see the traceback"))
            raise typer.Exit(3) from None

    setattr(wrapper, GUARDED, True)
    return wrapper


def _first_line(text: str, width: int = 200) -> str:
    line = text.strip().split("\n", 1)[0]
    return line if len(line) <= width else line[: width - 3] + "..."


class GuardedTyper(typer.Typer):
    """A Typer app whose every command (and every command of an app added to it) runs in `boundary`."""

    def command(self, *args: Any, **kwargs: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        register = super().command(*args, **kwargs)

        def decorator(func: Callable[..., Any]) -> Callable[..., Any]:
            register(boundary(func))
            return func

        return decorator

    def add_typer(self, typer_instance: typer.Typer, *args: Any, **kwargs: Any) -> None:
        guard_app(typer_instance)
        super().add_typer(typer_instance, *args, **kwargs)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """The console entry point: Click's own usage errors become one `error:` line too (exit 2)."""
        if "standalone_mode" in kwargs:
            return super().__call__(*args, **kwargs)
        try:
            rv = super().__call__(*args, standalone_mode=False, **kwargs)
        except click_errors.NoArgsIsHelpError as err:  # a bare command group: its help, as Click does
            err.show()
            sys.exit(err.exit_code)
        except click_errors.UsageError as err:
            where = err.ctx.command_path if err.ctx is not None else "rulewright"
            _stderr().print(f"[bold red]error[/]: {escape(_first_line(err.format_message(), 400))}")
            _stderr().print(f"  = hint: {escape(where)} --help lists the commands and options")
            sys.exit(2)
        except click_errors.ClickException as err:
            _stderr().print(f"[bold red]error[/]: {escape(_first_line(err.format_message(), 400))}")
            sys.exit(err.exit_code)
        except typer.Abort:
            _stderr().print("aborted")
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) else 0)


def guard_app(app: typer.Typer) -> None:
    """Put an existing Typer app (and its sub-apps) behind the boundary, now and for later commands."""
    if type(app) is typer.Typer:  # commands it gets later go through the boundary too
        app.__class__ = GuardedTyper
    for info in app.registered_commands:
        if info.callback is not None:
            info.callback = boundary(info.callback)
    if app.registered_callback is not None and app.registered_callback.callback is not None:
        app.registered_callback.callback = boundary(app.registered_callback.callback)
    for group in app.registered_groups:
        if group.typer_instance is not None:
            guard_app(group.typer_instance)


# ---- option checks (Typer callbacks: they run before the command does any work) -------------------


def output_file(value: Path | None) -> Path | None:
    """An output file must be writable where it is asked for: checked before the work starts."""
    if value is None:
        return None
    if value.is_dir():
        fail(f"'{value}' is a folder; give a file name to write", 2)
    parent = value.parent if str(value.parent) else Path(".")
    if not parent.is_dir():
        fail(f"cannot write '{value}': the folder '{parent}' does not exist", 2, "create it first")
    if not os.access(parent, os.W_OK) or (value.exists() and not os.access(value, os.W_OK)):
        fail(f"cannot write '{value}': permission denied", 2)
    return value


def output_folder(value: Path | None) -> Path | None:
    """An output folder may not exist yet, but what holds it must, and it may not be a file."""
    if value is None:
        return None
    if value.exists() and not value.is_dir():
        fail(f"'{value}' is a file; give a folder to write into", 2)
    probe = value
    while not probe.exists():
        probe = probe.parent
    if not os.access(probe, os.W_OK):
        fail(f"cannot write into '{value}': permission denied", 2)
    return value
