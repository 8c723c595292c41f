"""The terminal seat: `rulewright play --human 0` (or `--human all` for hot-seat), `--resume FILE`.

A human seat is asked each of its decisions as a numbered menu of the options' labels; before an action
it sees its resources, hand and cities and the log lines since it last played. Commands at the prompt:
`board` (draw the board as this seat sees it, print the file's path), `explain N` (what option N means),
`undo` (take back your last decision while nothing new was revealed and nobody else acted since; the
seat applies a person's decisions through the game's undo trail, engine/undo.py, so an undo is cheap),
`log [N]`, `me`, `help`, `quit`. Each option shows a one-line summary of what it means.
A question a player may answer once for the game (the game's `standing_kinds`, such as Clash's raze
question) takes `always N`: option N now and whenever the same question comes again (same kind, prompt
and options); the seat then says that it answered by itself, and `forget` asks such questions again.
A bad entry is explained and asked again. The game is saved before every human decision, on Ctrl-C,
on `quit` and at the end of input (`--save FILE`, or a new file in the user's data folder), and
`rulewright play --resume FILE` goes on from there.

When stdin is not a terminal, one choice is read per line (`yes 1 | rulewright play --human 0`), and
the chosen line is echoed so a transcript reads like a session.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn, TextIO

import typer
from rich.console import Console
from rich.markup import escape

from ...api import MAX_STEPS, load_game, new_game
from ...engine import games
from ...engine.bots import bot_error
from ...engine.decision import Decision, IllegalAction
from ...engine.diagnostics import ContentError
from ...engine.machine import Game
from ...engine.playout import Asking, Unfinished, play_out
from ...engine.undo import Trail, undo, undo_check
from ..common.errors import fail
from ..render.game import svg_to_png
from .account import print_scores, readable
from .lines import OPTION_INDENT, option_lines, wrapped
from .seat import (
    HUMAN,
    board_svg,
    bot_choice,
    names,
    option_labels,
    option_text,
    option_warning,
    seat_kinds,
    seat_panel,
    standing,
    visible_log,
)
from .standing import Standing

HELP = """Type the number of an option (or the option itself) and press Enter. Other commands:
  explain N    what option N means (the whole text of its card, advance, piece, action or space)
  undo         take back your last decision (until a die, a card or a hidden region is revealed,
               the rules look at something hidden from you, or another player acts)
  board [png]  draw the board as you see it and print the file's path
  always N     choose option N now and whenever this same question comes again in this game
               (offered where the game allows it, e.g. "Raze a size-1 city for 1 gold?")
  forget       forget your standing answers (from always N): such questions are asked again
  log [N]      the last N lines of the game's log (default 20)
  me           what you see of the game again (your hand, your city or cities ...)
  help         this text
  quit         save the game and stop (continue with: rulewright play --resume FILE)"""
MAX_BAD_LINES = 50  # piped input that never gives a valid answer stops instead of looping forever


class Stop(Exception):
    """The person (or the end of input) stops the game; the message says why."""

    def __init__(self, message: str, code: int):
        super().__init__(message)
        self.code = code


def data_dir() -> Path:
    """The user's data folder for rulewright ($XDG_DATA_HOME/rulewright, else ~/.local/share/rulewright)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "rulewright"


def default_save() -> Path:
    return data_dir() / "saves" / time.strftime("game-%Y%m%d-%H%M%S.json", time.gmtime())


def parse_humans(values: list[str], players: int) -> set[int]:
    """`--human 0 --human 2` or `--human all` (also `0,2`): seats counted from 0."""
    seats: set[int] = set()
    for value in values:
        for part in value.split(","):
            part = part.strip().lower()
            if part == "all":
                seats.update(range(players))
            elif part.isdigit() and int(part) < players:
                seats.add(int(part))
            else:
                raise ValueError(f"--human takes a seat from 0 to {players - 1} or 'all', not {part!r}")
    return seats


class Undo(Exception):
    """The person takes back their last decision (the seat checked that it may be undone)."""


class TerminalSeat:
    """Asks people for their decisions through a console and a line reader."""

    def __init__(self, game: Game, console: Console, save_path: Path, stdin: TextIO | None = None,
                 read_line: Callable[[str], str] | None = None):
        self.game = game
        self.console = console
        self.save_path = save_path
        self.stdin = stdin or sys.stdin
        self.tty = read_line is None and self.stdin.isatty()
        self.read_line = read_line
        self.seen: dict[int, int] = {}  # log lines each seat has been shown
        self.last_seat: int | None = None
        self.standing = Standing()  # the questions each seat answered once for the game (always N)
        self.just_undone = False  # a question taken back is asked, not answered again by itself
        # the decisions that open a turn, before which the panel is shown again (the game's descriptor says)
        self.turn_kinds = games.find(game.definition.game_id).seat_turn_kinds

    # ---- input ----------------------------------------------------------------------------------
    def _read(self, prompt: str) -> str:
        if self.read_line is not None:
            return self.read_line(prompt)
        if self.tty:
            return input(prompt)  # EOFError on Ctrl-D, KeyboardInterrupt on Ctrl-C
        self.console.print(escape(prompt), end="")
        line = self.stdin.readline()
        if not line:
            raise EOFError
        self.console.print(escape(line.rstrip("\n")), highlight=False)
        return line

    def choose(self, d: Decision) -> str:
        """Ask seat d.player until a legal option is given; commands are answered on the way."""
        kept, self.just_undone = (None if self.just_undone else self.standing.answer(d)), False
        if kept is not None:
            self._show(d, menu=False)
            self.console.print(f"[bold yellow]{escape(readable(d.prompt))}[/] answered by your standing answer: "
                               f"{escape(d.label(kept))} [dim](type forget at a prompt to be asked again)[/]",
                               highlight=False)
            return kept
        self._show(d)
        bad = 0
        while True:
            try:
                line = self._read(f"choice [1-{len(d.options)}, help]> ").strip()
            except EOFError:
                raise Stop("input ended before the game did", 1) from None
            answer = self._answer(d, line)
            if answer is not None and self._confirmed(d, answer):
                return answer
            if answer is not None:
                continue
            if line and line.split()[0].lower() in ("board", "log", "me", "help", "?", "menu", "explain", "undo",
                                                    "forget", "always"):
                bad = 0
                continue
            bad += 1
            if not self.tty and bad >= MAX_BAD_LINES:
                raise Stop(f"{bad} lines in a row were not a choice; stopping", 2)

    def _confirmed(self, d: Decision, option: str) -> bool:
        """An option with a warning (ending a turn with actions left) is asked again: y goes on."""
        warning = option_warning(self.game, d, option)
        if not warning:
            return True
        try:
            line = self._read(f"{warning} [y/N]> ").strip().lower()
        except EOFError:
            raise Stop("input ended before the game did", 1) from None
        if line in ("y", "yes"):
            return True
        self._menu(d)
        return False

    def _answer(self, d: Decision, line: str) -> str | None:
        if not line:
            return None
        word, _, rest = line.partition(" ")
        if word.isdigit():
            i = int(word)
            if 1 <= i <= len(d.options) and not rest.strip():
                return d.options[i - 1]
            self.console.print(f"[red]{escape(line)!s} is not on the menu[/]: type a number from 1 to {len(d.options)}")
            return None
        if line in d.options:
            return line
        cmd = word.lower()
        if cmd == "help" or cmd == "?":
            self.console.print(escape(HELP), highlight=False)
        elif cmd == "menu":
            self._menu(d)
        elif cmd == "explain":
            self._explain(d, rest.strip())
        elif cmd == "always":
            return self._always(d, rest.strip())
        elif cmd == "forget":
            gone = self.standing.forget(d.player)
            for prompt, option in gone:
                self.console.print(f"forgotten: {escape(readable(prompt))} -> {escape(option)}", highlight=False)
            if not gone:
                self.console.print("no standing answers to forget (answer with always N to make one)")
        elif cmd == "undo":
            check = undo_check(self.game, d.player)
            if check.steps == 0:
                self.console.print(f"[red]cannot undo[/]: {escape(check.reason)}")
            else:
                raise Undo
        elif cmd == "me":
            self._panel(d.player)
        elif cmd == "log":
            n = int(rest) if rest.strip().isdigit() else 20
            for text in visible_log(self.game, d.player)[-n:]:
                self._say(text)
        elif cmd == "board":
            self._board(d.player, rest.strip().lower() == "png")
        elif cmd == "quit":
            raise Stop("stopped at your request", 0)
        else:
            self.console.print(f"[red]not a choice: {escape(line)}[/] (type a number from 1 to "
                               f"{len(d.options)}, or help)")
        return None

    # ---- output ---------------------------------------------------------------------------------
    def _show(self, d: Decision, menu: bool = True) -> None:
        p = d.player
        log = visible_log(self.game, p)
        start = self.seen.get(p, max(0, len(log) - 12))
        if len(log) - start > 40:
            self.console.print(f"[dim]({len(log) - start - 40} earlier log lines: type log 100)[/]")
            start = len(log) - 40
        for text in log[start:]:
            self._say(text)
        self.seen[p] = len(log)
        if self.last_seat != p:
            self.console.rule(f"[bold]{escape(names(self.game)[p])}[/] (seat {p})")
        if d.kind in self.turn_kinds or self.last_seat != p:
            self._panel(p)
        self.last_seat = p
        if menu:
            self._menu(d)

    def _say(self, text: str, more: int = 2, style: str = "") -> None:
        """A line of text wrapped to the console's width between words (later lines indented `more`)."""
        for line in wrapped(text, self.console.width, more):
            self.console.print(f"[{style}]{escape(line)}[/]" if style else escape(line), highlight=False)

    def _menu(self, d: Decision) -> None:
        self._say(readable(d.prompt), style="bold yellow")
        for i, (option, label) in enumerate(zip(d.options, option_labels(d), strict=True), 1):
            head, short, own_line = option_lines(i, label, option_text(self.game, d, option), self.console.width)
            for j, line in enumerate(head):
                start = f"  [bold]{i:>2}[/]){escape(line[5:])}" if j == 0 else escape(line)
                tail = f" [dim]- {escape(short)}[/]" if short and not own_line and j == len(head) - 1 else ""
                self.console.print(start + tail, highlight=False)
            if own_line:
                self.console.print(f"{' ' * OPTION_INDENT}[dim]{escape(short)}[/]", highlight=False)
        if standing(self.game, d):
            self.console.print("  [dim](always N: answer this question with N for the rest of the game)[/]")

    def _always(self, d: Decision, which: str) -> str | None:
        """`always N`: option N, kept as the answer to this question for the rest of the game."""
        if not standing(self.game, d):
            self.console.print("[red]this question is asked each time[/]: always is for questions such as "
                               "the status phase's raze (the game says which)")
            return None
        if not which.isdigit() or not 1 <= int(which) <= len(d.options):
            self.console.print(f"[red]always takes an option's number[/], from 1 to {len(d.options)}")
            return None
        option = d.options[int(which) - 1]
        self.standing.keep(d, option)
        self.console.print(f"kept: {escape(d.label(option))} answers this question from now on (forget undoes it)",
                           highlight=False)
        return option

    def _explain(self, d: Decision, which: str) -> None:
        if not which.isdigit() or not 1 <= int(which) <= len(d.options):
            self.console.print(f"[red]explain takes an option's number[/], from 1 to {len(d.options)}")
            return
        option = d.options[int(which) - 1]
        text = option_text(self.game, d, option)
        self._say(f"{which}) {readable(d.label(option))}: "
                  f"{text if text else 'no card, advance, piece or place behind this option; its label says it all'}", 4)

    def taken_back(self, p: int) -> None:
        """After an undo: the log is shorter again, and the panel and menu are shown afresh."""
        self.console.print("[bold]taken back[/]: you decide again", highlight=False)
        self.just_undone = True
        self.seen[p] = min(self.seen.get(p, 0), len(visible_log(self.game, p)))
        self.last_seat = None

    def _panel(self, p: int) -> None:
        for line in seat_panel(self.game, p):  # the game's own words for what this seat sees
            self._say(line)

    def _board(self, p: int, png: bool) -> None:

        text = board_svg(self.game, p)
        target = self.save_path.with_name(f"{self.save_path.stem}-board-{p}.{'png' if png else 'svg'}")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            if png:

                target.write_bytes(svg_to_png(text))
            else:
                target.write_text(text, encoding="utf-8")
        except (OSError, RuntimeError) as err:
            self.console.print(f"[red]cannot draw the board: {escape(str(err))}[/]")
            return
        self.console.print(f"board drawn: {escape(str(target))}", soft_wrap=True)  # a path copied whole, however long


def write_save(game: Game, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(game.save(), indent=1))
    tmp.replace(path)


def start(players: int, seed: int, bots: list[str], packs: list[str], variants: list[str], humans: list[str],
          resume: Path | None, game_id: str | None = None) -> Game:
    """The game to play: a new one with the seats set, or a resumed save (its seats, unless --human)."""
    if resume is not None:  # the save names its game: its bots are the ones that may sit
        try:
            saved_game = json.loads(resume.read_text()).get("game")
        except (OSError, json.JSONDecodeError, UnicodeDecodeError, AttributeError):
            saved_game = None
        game_id = saved_game if isinstance(saved_game, str) and saved_game in games.installed() else game_id
    kinds = seat_kinds(game_id)
    unknown = [b for b in bots if b not in kinds or bot_error(b, game_id)]  # e.g. a bot this game lacks
    if unknown:
        fail(f"unknown bot(s): {', '.join(unknown)}; known: {', '.join(kinds)}", 2)
    try:
        if resume is not None:
            try:
                game = load_game(json.loads(resume.read_text()))
            except (OSError, json.JSONDecodeError, UnicodeDecodeError) as err:
                fail(f"cannot resume {resume}: {err}", 1)
            n = len(game.state["players"])
            saved = [k if k in kinds else "greedy" for k in game.config.get("bots") or [HUMAN] * n]
            seats = [saved[i % len(saved)] for i in range(n)]
        else:
            game = new_game(players=players, seed=seed, packs=packs, variants=variants, game_id=game_id)
            n = players
            seats = [bots[i % len(bots)] for i in range(n)]
        for i in parse_humans(humans, n):
            seats[i] = HUMAN
    except (ValueError, IllegalAction, ContentError) as err:
        fail(str(err) if resume is None else f"cannot resume {resume}: {err}", 2 if resume is None else 1)
    game.config["bots"] = seats
    if HUMAN in seats:  # a person sits here: the rules may offer shortcuts (a whole collection in one step)
        game.config["seat_shortcuts"] = True
    return game


def play_human(game: Game, save: Path | None, console: Console | None = None, stdin: TextIO | None = None,
               read_line: Callable[[str], str] | None = None) -> Game:
    """Play on until the end, asking human seats and letting bots choose; saves on any stop."""
    console = console or Console(highlight=False, soft_wrap=True)  # paths stay whole for copying
    path = save or default_save()
    seats: list[str] = game.config["bots"]
    seat = TerminalSeat(game, console, path, stdin, read_line)
    humans = [i for i, k in enumerate(seats) if k == HUMAN]
    console.print(f"Seats: {escape(', '.join(f'{n} ({k})' for n, k in zip(names(game), seats, strict=True)))}. "
                  f"Saving to {escape(str(path))}. Type help at a prompt.", highlight=False)
    if not humans:
        console.print("[dim]no human seat: the bots play the whole game[/]")

    trail = Trail().attach(game)  # people's decisions are judged and kept as they are made: undo is cheap

    def person(game: Game, d: Decision) -> str | None:
        write_save(game, path)
        try:
            choice = seat.choose(d)
        except Undo:  # the game goes back; the loop asks for the decision now pending
            undo(game, d.player)
            seat.taken_back(d.player)
            return None
        trail.apply(game, {"player": d.player, "choice": choice})
        return None  # applied here, through the trail: the loop asks for the decision now pending

    try:
        play_out(game, lambda p: Asking(person if seats[p] == HUMAN else lambda g, d: bot_choice(g, seats[d.player])),
                 limit=MAX_STEPS, strict=True)
    except Unfinished as err:
        _stopped(game, path, console, str(err), 3)
    except KeyboardInterrupt:
        _stopped(game, path, console, "interrupted", 130)
    except Stop as stop:
        _stopped(game, path, console, str(stop), stop.code)
    write_save(game, path)
    for text in visible_log(game, humans[0] if len(humans) == 1 else None)[-6:]:
        for line in wrapped(text, console.width):
            console.print(escape(line), highlight=False)
    print_scores(game, console)
    console.print(f"The game is saved in {escape(str(path))}", highlight=False)
    return game


def _stopped(game: Game, path: Path, console: Console, why: str, code: int) -> NoReturn:
    try:
        write_save(game, path)
    except OSError as err:
        console.print(f"\n[red]{escape(why)}; the game could not be saved to {escape(str(path))}: "
                      f"{escape(str(err))}[/]")
        raise typer.Exit(1) from None
    console.print(f"\n{escape(why)}: the game is saved in {escape(str(path))}\n"
                  f"continue with: rulewright play --resume {escape(str(path))}", highlight=False)
    raise typer.Exit(code)
