"""`rulewright play` and `rulewright replay`: whole games by bots, told round by round."""

from __future__ import annotations

import json
import re
from pathlib import Path

import typer
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..api import load_game, new_game, scores
from ..engine import games
from ..engine.bots import SEARCHING, bot_error, bots_for, make_bot
from ..engine.decision import IllegalAction
from ..engine.hexgrid import axial_to_label
from ..engine.machine import Game
from .clikit import check_game
from .errors import output_file
from .inputs import read_json

MAX_STEPS = 200_000


def play_game(players: int, seed: int, bots: list[str], packs: list[str] | None = None,
              variants: list[str] | None = None, game_id: str | None = None) -> Game:
    """Play a complete game with one bot per seat; bot seeds derive from the game seed."""
    game_id = game_id or games.default_game()
    games.find(game_id)  # imports the game's package: its bots register
    forkable = any(b.partition(":")[0] in SEARCHING for b in bots)  # a searching bot forks the game
    game = new_game(players=players, seed=seed, packs=packs, variants=variants, forkable=forkable, game_id=game_id)
    game.config["bots"] = list(bots)
    seats = [make_bot(bots[i % len(bots)], seed * 1000 + i, game_id) for i in range(players)]
    steps = 0
    while game.pending is not None:
        if steps >= MAX_STEPS:
            raise RuntimeError(f"game did not finish within {MAX_STEPS} decisions")
        d = game.pending
        game.apply({"player": d.player, "choice": seats[d.player].choose(game, d)})
        steps += 1
    return game


def summary(game: Game) -> dict:
    """The game's result as JSON: the generic fields, plus what the game adds per player (its `extras`:
    `player_summary`, and `progress` for how far it went)."""
    s = scores(game)
    bots = game.config.get("bots") or []
    extras = games.find(game.definition.game_id).extras
    per_player = extras.get("player_summary") or (lambda g, i: {})
    progress = extras.get("progress") or (lambda g: g.state.get("round"))
    out = {
        "seed": game.config.get("seed"),
        "players_count": len(game.state["players"]),
        "packs": game.config.get("packs", ["base"]),
        "variants": game.config.get("variants", []),
        "rounds": progress(game),
        "actions": len(game.actions),
        "winner": [game.state["players"][p]["name"] for p in s["winners"]],
        "players": [
            {"name": pl["name"], "bot": bots[i % len(bots)] if bots else None, "vp": s["vp"][i],
             "vp_breakdown": s["breakdown"][i], **per_player(game, i)}
            for i, pl in enumerate(game.state["players"])
        ],
    }
    if game.definition.game_id != games.default_game():
        out["game"] = game.definition.game_id
    return out


_SPACE = re.compile(r"(?<![\w.])(-?\d+),(-?\d+)(?![\w.])")


def readable(line: str) -> str:
    """Space ids ("3,-1") shown as board labels ("D1") for people."""
    def label(m: re.Match) -> str:
        try:
            return axial_to_label((int(m.group(1)), int(m.group(2))))
        except ValueError:
            return m.group(0)
    return _SPACE.sub(label, line)


def print_game(game: Game, console: Console) -> None:
    for line in map(readable, game.log):  # log lines hold names from content and players: text, not markup
        if line.startswith("---") or line.startswith("Set-up"):
            console.print(Text(line, style="bold cyan"))
        elif line.startswith("Round "):
            console.print(Text(line, style="bold"))
        elif line.startswith("Game over") or line.startswith("Winner"):
            console.print(Text(line, style="bold green"))
        else:
            console.print(Text(line), highlight=False)
    print_scores(game, console)


def print_scores(game: Game, console: Console) -> None:
    data = summary(game)
    columns = list(games.find(game.definition.game_id).extras.get("score_columns")
                   or data["players"][0]["vp_breakdown"])
    # light rules between columns: eight columns of a 4-player Civilizations game fit 80 without cutting a heading
    table = Table(title=Text(f"Final scores (seed {data['seed']}, {data['rounds']} rounds, {data['actions']} decisions)"),
                  box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    civs = any("civilization" in p for p in data["players"])
    names = ("player", "bot") + (("civ",) if civs else ())
    for col in names + tuple(c.replace("_", " ") for c in columns) + ("VP",):
        if col in names:  # names are read whole; long headings of numbers fold onto two lines
            table.add_column(col, justify="left", no_wrap=True)
        else:
            table.add_column(col, justify="right", overflow="fold")
    for p in data["players"]:
        b = p["vp_breakdown"]
        civ = (p.get("civilization") or "-",) if civs else ()
        table.add_row(Text(p["name"]), Text(p["bot"] or "-"), *map(Text, civ), *(f"{b.get(c, 0):g}" for c in columns),
                      f"[bold]{p['vp']:g}[/]")
    console.print(table)
    console.print(Text(f"Winner: {' and '.join(data['winner'])}", style="bold green"))


def play(players: int = typer.Option(3, "--players", "-n", min=1, max=8, help="players (Clash: 2 to 4; 7 Wonders: 3 to 7)"),
         seed: int = typer.Option(1, "--seed", "-s", help="random seed: same seed, same game"),
         bots: str = typer.Option("greedy", "--bots", help="bot per seat, comma separated (random, greedy)"),
         pack: list[str] = typer.Option(["base"], "--pack", help="content packs to play with"),
         variant: list[str] = typer.Option([], "--variant", help="rule variant: an id (rulewright list variants) or a variant file's path; repeatable"),
         as_json: bool = typer.Option(False, "--json", help="print one JSON object instead of the account"),
         save: Path | None = typer.Option(None, "--save", callback=output_file, help="write the game (set-up + actions) to this file"),
         html: Path | None = typer.Option(None, "--html", callback=output_file, help="also write the replay viewer (one HTML file)"),
         as_player: int | None = typer.Option(None, "--as", help="with --json: add the final `view` of this "
                                              "player (seat 0, 1, ...): what that player may see"),
         human: list[str] = typer.Option([], "--human", help="a seat played by you (0, 1, ...; repeatable), "
                                         "or 'all' for hot-seat: you are asked each decision as a menu"),
         resume: Path | None = typer.Option(None, "--resume", help="continue a game saved by a --human game"),
         game_name: str = typer.Option("", "--game", "-g", help="the game to play (default: clash; e.g. wonders7)"),
         ) -> None:
    """Play a complete game (Clash of Cultures unless --game) with bots and tell it round by round; --human to take a seat."""
    game_id = check_game(game_name)
    lo, hi = games.find(game_id).extras.get("players", (2, 4))
    if not lo <= players <= hi:
        typer.echo(f"error: {game_id} is for {lo} to {hi} players, not {players}", err=True)
        raise typer.Exit(2)
    if (human or resume is not None) and not games.find(game_id).extras.get("seats", True):
        typer.echo(f"error: {game_id} has no terminal seats yet: play it with bots", err=True)
        raise typer.Exit(2)
    if human or resume is not None:
        from .human import play_human, start

        if as_json or as_player is not None:
            typer.echo("error: --json and --as are for bot games; a game with --human is told as it goes", err=True)
            raise typer.Exit(2)
        kinds = [b.strip() for b in bots.split(",") if b.strip()] or ["greedy"]
        game = play_human(start(players, seed, kinds, list(pack), list(variant), list(human), resume, game_id),
                          save or resume)
        if html:
            from .replay_html import write_viewer
            typer.echo(write_viewer(game.save(), html), err=True)
        return
    if as_player is not None and not 0 <= as_player < players:
        typer.echo(f"error: --as takes a seat from 0 to {players - 1}, not {as_player}", err=True)
        raise typer.Exit(2)
    kinds = [b.strip() for b in bots.split(",") if b.strip()]
    unknown = [b for b in kinds if bot_error(b, game_id)]
    if unknown or not kinds:
        why = "; ".join(bot_error(b, game_id) or "" for b in unknown) or "no bot named"
        typer.echo(f"unknown bot(s): {', '.join(unknown) or '(none)'} ({why}); known: {', '.join(sorted(bots_for(game_id)))}",
                   err=True)
        raise typer.Exit(2)
    try:
        game = play_game(players, seed, kinds, list(pack), list(variant), game_id)
    except (ValueError, IllegalAction) as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    if save:
        save.write_text(json.dumps(game.save(), indent=1))
    if html:
        from .replay_html import write_viewer
        typer.echo(write_viewer(game.save(), html), err=True)
    if as_json:
        out = summary(game)
        if as_player is not None:  # a per-seat output: never the seed (docs/hidden-information.md)
            out.pop("seed", None)
            out["view"] = game.view(as_player)
        typer.echo(json.dumps(out, sort_keys=True))
    else:
        print_game(game, Console())


def replay(file: Path = typer.Argument(..., help="a game saved with `play --save`"),
           as_json: bool = typer.Option(False, "--json", help="print the result as JSON"),
           upto: int | None = typer.Option(None, "--upto", min=0, help="replay only the first N actions"),
           html: Path | None = typer.Option(None, "--html", callback=output_file, help="write the step-by-step viewer (one HTML file) "
                                                                "instead of printing the account"),
           as_player: str | None = typer.Option(None, "--as", help="with --html: only what this player sees "
                                                                  "(seat 0.. or name)")) -> None:
    """Replay a saved game to the same end (or to action N) and print it, or write it as an HTML viewer."""
    if as_player is not None and html is None:
        typer.echo("error: --as goes with --html", err=True)
        raise typer.Exit(2)
    try:
        data = read_json(file, "save")
        game = load_game(data, upto)
    except (OSError, json.JSONDecodeError, IllegalAction, KeyError, ValueError, TypeError) as err:
        typer.echo(f"error: cannot replay {file}: {err}", err=True)
        raise typer.Exit(1) from None
    if html is not None:
        from .replay_html import write_viewer
        try:
            typer.echo(write_viewer(game.save(), html, as_player), err=as_json)
        except ValueError as err:
            typer.echo(f"error: {err}", err=True)
            raise typer.Exit(2) from None
        if not as_json:
            return
    if as_json:
        out = summary(game) if game.over else {"actions": len(game.actions),
                                               "pending": game.pending.to_json() if game.pending else None}
        typer.echo(json.dumps(out, sort_keys=True))
    elif game.over:
        print_game(game, Console())
    else:
        console = Console()
        for line in game.log:
            console.print(Text(line), highlight=False)
        console.print(Text(f"Waiting for: {game.pending.prompt}", style="bold"),
                      Text(f"options: {', '.join(game.pending.options)}"))


def register(app: typer.Typer) -> None:
    app.command("play")(play)
    app.command("replay")(replay)
