"""`rulewright balance`: is the game good? Seat balance, first-player advantage, win rate per civilisation
or wonder board, and Browne's quality measures from self-play; with `--restrict ID`, restricted play.

Game i is played on seed `seed*100003 + i` (as `simulate` does), so a report is the same for any number
of workers. docs/balance.md says what each figure means and how to read it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..engine import games as game_registry
from .errors import output_folder
from .quality import first_player, per_label, quality, seats
from .restricted_run import print_restricted, run_restricted
from .selfplay import play_recorded, run_tasks, settings_tasks
from .setups import resolve


def balance_report(records: list[dict], settings: dict) -> dict:
    """Everything the report shows, a pure function of the records."""
    rep = {"settings": settings, "games": len(records), "bots": sorted(set(b for r in records for b in r["bots"]))}
    rep.update(seats(records))
    rep["first_player"] = first_player(records)
    rep["per_label"] = per_label(records)
    rep["quality"] = quality(records)
    return rep


def run_balance(settings: dict, workers: int = 1, out: Path | None = None) -> dict:
    records = list(run_tasks(play_recorded, settings_tasks(settings), workers))
    rep = balance_report(records, settings)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / "games.jsonl").write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in records))
        (out / "balance.json").write_text(json.dumps(rep, indent=2, sort_keys=True) + "\n")
    return rep


def _pct(rate: float, ci: list[float]) -> tuple[str, str]:
    return f"{rate:.1%}", f"{ci[0]:.1%}-{ci[1]:.1%}"


def _ci(m: dict, digits: int = 2) -> str:
    return f"{m['mean']:.{digits}f} [{m['low']:.{digits}f}, {m['high']:.{digits}f}]"


def print_balance(rep: dict, console: Console) -> None:
    s = rep["settings"]
    console.print(Text(f"{s['game']}: {rep['games']} games, {s['players']} players, bots: "
                       f"{', '.join(rep['bots'])} (per seat: {','.join(s['bots'])})", style="bold"))
    table = Table(title="seat balance", title_justify="left")
    for col in ("seat", "wins", "win rate", "95% CI", "mean VP"):
        table.add_column(col, justify="left" if col == "seat" else "right")
    for seat, row in rep["per_seat"].items():
        table.add_row(seat, f"{row['wins']:g}", *_pct(row["win_rate"], row["win_rate_ci95"]), _ci(row["vp"]))
    console.print(table)
    eq = rep["equality"]
    verdict = "unequal at the 5% level" if eq["p_value"] < 0.05 else "no evidence against equal shares"
    console.print(f"equal shares? chi-square {eq['statistic']:.2f} on {eq['df']} df, p = {eq['p_value']:.4f}: {verdict}")
    fp = rep["first_player"]
    if fp is None:
        console.print("first player: none (everyone chooses at once)")
    else:
        rate, ci = _pct(fp["win_rate"], fp["win_rate_ci95"])
        order = ", ".join(f"{int(k) + 1}: {v[0]:.1%}" for k, v in fp["by_turn_position"].items())
        console.print(f"first player in round 1 wins {rate} ({ci}; an equal share is {fp['equal_share']:.1%}); "
                      f"by place in the round-1 turn order: {order}")
    if rep["per_label"]:
        word = game_registry.find(s["game"]).seat_label_word
        lab = Table(title=f"win rate per {word}", title_justify="left")
        for col in (word, "games", "win rate", "95% CI"):
            lab.add_column(col, justify="left" if col == word else "right")
        for name, g in rep["per_label"].items():
            lab.add_row(Text(name), str(g["games"]), *_pct(g["win_rate"], g["win_rate_ci95"]))
        console.print(lab)
    print_quality(rep["quality"], console)


def print_quality(q: dict, console: Console) -> None:
    if "decided_at" in q:
        console.print(f"decided at (the winner leads for good from this fraction of the game on): "
                      f"{_ci(q['decided_at'])}")
        console.print(f"lead changes per game: {_ci(q['lead_changes'])}")
        lo, hi = q["drama_rate"][1:]
        console.print(f"drama: the winner was behind at some turn in {q['drama_rate'][0]:.1%} of games "
                      f"({lo:.1%}-{hi:.1%}), by {_ci(q['drama_depth'])} VP at worst; final margin {_ci(q['final_margin'])} VP")
    if "rounds" in q:
        console.print(f"duration: {_ci(q['rounds'])} rounds, {_ci(q['turns'], 1)} turns, "
                      f"{_ci(q['decisions'], 0)} decisions; branching factor {q['branching']:.2f} options per decision"
                      f" ({q['shared_wins']} shared wins)")


def balance(
    game: Annotated[str, typer.Option("--game", help="the game (default: clash; e.g. wonders7)")] = "",
    players: Annotated[int, typer.Option("--players", "-n", min=1, max=8, help="players")] = 3,
    games_count: Annotated[int, typer.Option("--games", "-g", min=1, help="games (restricted play: seeds)")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", help="run seed; game i uses seed*100003+i")] = 1,
    bots: Annotated[str, typer.Option("--bots", help="bot per seat, comma separated (cycled), e.g. greedy or "
                                                     "search:4")] = "greedy",
    workers: Annotated[int, typer.Option("--workers", "-w", min=1, help="parallel processes")] = 1,
    pack: Annotated[list[str] | None, typer.Option("--pack", help="content pack (repeatable)")] = None,
    variant: Annotated[list[str] | None, typer.Option("--variant", help="rule variant (repeatable)")] = None,
    restrict: Annotated[str | None, typer.Option("--restrict", help="restricted play: an advance, wonder, card, "
                                                 "civilisation or board id the forbidden bot may not take")] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="write balance.json and games.jsonl here",
                                                        callback=output_folder)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the report as JSON")] = False,
) -> None:
    """Is the game good? Seat win rates and a test of equality, first-player advantage, win rate per
    civilisation or wonder board, decisiveness, lead changes, drama, duration, branching factor; with
    --restrict ID, the worth of ID by restricted play."""
    game_id, kinds = resolve(game, players, bots, "local")  # the game, its player range and the bots
    module = game_registry.find(game_id)
    packs = list(pack or module.default_packs)
    for p in module.default_packs:
        if p not in packs:
            packs.insert(0, p)
    settings = {"game": game_id, "games": games_count, "players": players, "seed": seed, "bots": kinds,
                "packs": packs, "variants": list(variant or [])}
    try:
        defn = module.definition(packs, settings["variants"])  # fail fast on unknown packs or variants
    except Exception as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    if restrict is not None:
        if restrict not in defn.content.entries:
            typer.echo(f"error: --restrict {restrict!r}: no such id in {game_id} with packs {', '.join(packs)}",
                       err=True)
            raise typer.Exit(2)
        rep = run_restricted(settings, restrict, workers, out)
        typer.echo(json.dumps(rep, sort_keys=True)) if as_json else print_restricted(rep, Console(soft_wrap=True))
        return
    rep = run_balance(settings, workers, out)
    if as_json:
        typer.echo(json.dumps(rep, sort_keys=True))
    else:
        print_balance(rep, Console(soft_wrap=True))
        if out is not None:
            typer.echo(f"wrote {out / 'balance.json'} and {out / 'games.jsonl'}")


def register(app: typer.Typer) -> None:
    app.command("balance")(balance)
