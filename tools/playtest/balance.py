"""`rulewright balance`: the command (its options, one call, the printing); what it runs is balancing.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ...dsl.content_overlay import kinds_of, plural
from ...engine import games as game_registry
from ..common import options, resolve
from ..common.clikit import invocation
from ..common.errors import fail, output_folder
from ..common.variant_guard import check_variants, notice_lines
from .balancing import balance_lines, run_balance
from .families import balance_across, restricted_across
from .families import balance_lines as balance_family_lines
from .families import restricted_lines as restricted_family_lines
from .fit_table import terminal_width, wrap
from .reports import balance_html
from .restricted_all import restricted_all_lines, run_restricted_all
from .restricted_run import restricted_lines, run_restricted
from .setups import chosen_measures
from .study_plots import quality_plot, seats_plot


def balance(
    game: Annotated[str, options.game("the game (default: clash; e.g. wonders7, civ_board)")] = "",
    players: Annotated[int, options.players("players")] = 3,
    games_count: Annotated[int, options.games("games (restricted play: seeds)")] = 100,
    seed: Annotated[int, options.seed("run seed; game i uses seed*100003+i")] = 1,
    bots: Annotated[list[str] | None, options.bot_families("bot per seat, comma separated (cycled), e.g. greedy or "
                                                           "search:4; repeat --bots for seat balance (or worth) "
                                                           "per bot family")] = None,
    workers: Annotated[int, options.workers("parallel processes")] = 1,
    pack: Annotated[list[str] | None, options.packs("content pack (repeatable)")] = None,
    variant: Annotated[list[str] | None, options.variants("rule variant (repeatable)")] = None,
    restrict: Annotated[str | None, typer.Option("--restrict", help="restricted play: an advance, wonder, card, "
                                                 "civilisation or board id the forbidden bot may not take")] = None,
    restrict_all: Annotated[str | None, typer.Option("--restrict-all", metavar="KIND", help="restricted play of "
                                                     "every entry of a content kind (e.g. wonder), ranked")] = None,
    measure: Annotated[list[str] | None, options.measures("a count of hook firings 'NAME=HOOK when CONDITION', "
                                                          "reported per seat and in all (repeatable)")] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="write balance.json and games.jsonl here",
                                                        callback=output_folder)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the report as JSON")] = False,
    allow_noop: Annotated[bool, options.allow_noop()] = False,
    width: Annotated[int, typer.Option("--width", min=0, help="text width; 0: the terminal's")] = 0,
    report: Annotated[Path | None, options.report()] = None,
) -> None:
    """Is the game good? Seat win rates and a test of equality, first-player advantage, win rate per
    civilisation or wonder board, decisiveness, lead changes, drama, duration, branching factor; with
    --restrict ID, the worth of ID by restricted play; with --restrict-all KIND, every entry's, ranked. With
    --bots given more than once, balance (or worth) per bot family, the verdicts side by side."""
    texts = list(bots or ["greedy"])
    game_id, kinds = resolve.setup(game, players, texts[0])  # the game, its player range and the bots
    families = resolve.families(texts, game_id)
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
        fail(str(err), 2)
    width = width or terminal_width()
    found = check_variants(game_id, packs, settings["variants"], allow_noop)
    head = notice_lines(found, width)
    if measure:
        common = {"players": players}
        chosen_measures(game_id, common, list(measure), "+".join([*(f"pack:{p}" for p in packs), *settings["variants"]]))
        if not common.get("custom"):
            fail("balance --measure takes counts of hook firings (NAME=HOOK when CONDITION); the game's own "
                 "measures are in its report already", 2)
        settings["custom"] = common["custom"]
    figures: list[tuple[Path, str]] = []
    if restrict is not None and restrict not in defn.content.entries:
        fail(f"--restrict {restrict!r}: no such id in {game_id} with packs {', '.join(packs)}", 2)
    if len(families) > 1:
        if restrict_all is not None:
            fail("--restrict-all ranks entries for one bot family: give --bots once", 2)
        for line in head if not as_json else []:
            typer.echo(line)
        across_families(settings, families, restrict, workers, out, as_json, found, width)
        return
    if restrict is not None or restrict_all is not None:
        if restrict_all is not None:
            kind = kinds_of(defn.content).get(restrict_all)
            if kind is None:
                fail(f"--restrict-all {restrict_all!r}: no such content kind in {game_id}", 2,
                     f"kinds: {', '.join(sorted({plural(k) for k in kinds_of(defn.content).values()}))}")
            ids = sorted(e.id for e in defn.content.of_kind(kind))
            rep = run_restricted_all(settings, kind, ids, workers, out, found)
            lines = restricted_all_lines(rep, width)
        else:
            rep = run_restricted(settings, restrict, workers, out, found)
            lines = [x for line in restricted_lines(rep) for x in wrap(line, width, "    ")]
    else:
        rep = run_balance(settings, workers, out, found)
        lines = balance_lines(rep, width)
        if report is not None:
            folder = out or report.parent
            figures = [(seats_plot(rep, folder / "balance_seats.png"), "win rate per seat"),
                       (quality_plot(rep, folder / "balance_quality.png"), "game-quality measures")]
    if as_json:
        typer.echo(json.dumps(rep, sort_keys=True))
    else:
        for line in head + lines:
            typer.echo(line)
        if out is not None and restrict is None and restrict_all is None:
            typer.echo(f"wrote {out / 'balance.json'} and {out / 'games.jsonl'}")
    if report is not None:
        typer.echo(f"wrote {balance_html(rep, invocation(), head + lines, figures, report)}", err=as_json)


def across_families(settings: dict, families: list[list[str]], restrict: str | None, workers: int, out: Path | None,
                    as_json: bool, found: list | None = None, width: int = 0) -> None:
    """balance (or restricted play) once per bot family, the verdicts side by side (families.py)."""
    width = width or terminal_width()
    if restrict is not None:
        across = restricted_across(lambda k, folder: run_restricted({**settings, "bots": k}, restrict, workers, folder,
                                                                    found), families, out)
        lines = restricted_family_lines(across, width)
    else:
        across = balance_across(lambda k, folder: run_balance({**settings, "bots": k}, workers, folder, found), families,
                                out)
        lines = balance_family_lines(across, width)
    if as_json:
        typer.echo(json.dumps(across, sort_keys=True))
        return
    for line in lines:
        typer.echo(line)
    if out is not None:
        typer.echo(f"wrote {out}/*_families.json and each family's report in its folder")


def register(app: typer.Typer) -> None:
    app.command("balance")(balance)
