"""`rulewright tune`: the command (its options, the checks, one call, the printing); what it runs is
tuning.py (the study), tune_answer.py (choice, confirmation, importance, variant file), tune_report.py."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from ...engine import games as game_registry
from ..common import options, resolve
from ..common.errors import fail, output_folder
from .fit_table import terminal_width
from .goals import parse_goals, parse_keeps
from .knobs import parse_knobs
from .setups import chosen_measures
from .simulation import game_measures
from .tune_answer import changes_the_game, choose, confirm, importance, write_variant
from .tune_plots import tune_plot
from .tune_report import report_lines, result_of, write_outputs
from .tune_runner import Runner
from .tuning import TuneSpec, finished_trials, run_study


def _spec_checked(spec: TuneSpec) -> None:
    """Every knob's bounds and choices, and every restricted id, checked before any game is played."""
    for k in spec.knobs:
        for v in k.endpoints():
            resolve.rules(spec.game_id, spec.packs, [*spec.variants, f"{k.path}={v}"], f"knob {k.text()}: ")
    defn = game_registry.find(spec.game_id).definition(spec.packs, spec.variants)
    for g in spec.goals:
        if g.kind == "worth" and g.content_id not in defn.content.entries:
            fail(f"--worth {g.content_id}: no such id in {spec.game_id} with packs {', '.join(spec.packs)}", 2)


def _settings_file(spec: TuneSpec, out: Path, resume: bool) -> None:
    path = out / "settings.json"
    if not resume:
        if path.exists() or (out / "study.db").exists():
            fail(f"{out} holds a study already", 2, "go on with it with --resume, or give another --out")
        path.write_text(json.dumps(spec.identity(), indent=2, sort_keys=True) + "\n")
        return
    if not path.exists():
        fail(f"--resume: no study in {out}", 2, "start one without --resume")
    old = json.loads(path.read_text())
    new = spec.identity()
    changed = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))
    if changed:
        fail(f"--resume needs the settings of the study in {out}; these differ: {', '.join(changed)}", 2,
             "only --trials may change when a study resumes")


def tune(
    knobs: Annotated[list[str], typer.Argument(metavar="PATH=LOW..HIGH|PATH=V1,V2...",
                                               help="knobs: a rules-data path with whole numbers (4..8), reals "
                                                    "(0.5..2.0) or a choice of values (a,b,c)")],
    target: Annotated[list[str] | None, typer.Option("--target", help="goal: a measure to a value, e.g. "
                                                     "rounds=5 or vp_mean=18 (repeatable)")] = None,
    fair_seats: Annotated[bool, typer.Option("--fair-seats", help="goal: every seat's win rate near an equal "
                                             "share (the largest gap)")] = False,
    worth: Annotated[list[str] | None, typer.Option("--worth", help="goal: the restricted-play worth of an id "
                                                    "to a value, e.g. great_library=0 (repeatable)")] = None,
    measure: Annotated[list[str] | None, options.measures("a count of hook firings 'NAME=HOOK when CONDITION' that "
                                                          "--target and --keep may name (repeatable)")] = None,
    keep: Annotated[list[str] | None, typer.Option("--keep", help="constraint: a measure within a band of the "
                                                   "base game, e.g. wonders or wonders=0.2 or rounds=5% "
                                                   "(default band 10%)")] = None,
    trials: Annotated[int, typer.Option("--trials", min=1, help="trials (sets of values) to finish")] = 20,
    games: Annotated[int, options.games("games per trial at most (the same seeds for every trial)", least=2)] = 20,
    min_games: Annotated[int, typer.Option("--min-games", min=0, help="games of a trial's first rung "
                                           "(0: a quarter of --games)")] = 0,
    no_prune: Annotated[bool, typer.Option("--no-prune", help="play every trial in full")] = False,
    batch: Annotated[int, typer.Option("--batch", min=1, help="trials asked and played at once")] = 4,
    confirm_games: Annotated[int, typer.Option("--confirm", min=-1, help="fresh games to confirm the chosen "
                                               "values (-1: as many as --games; 0: none)")] = -1,
    players: Annotated[int, options.players()] = 3,
    seed: Annotated[int, options.seed("run seed: the study's sampler and game i's seed seed*100003+i")] = 1,
    bots: Annotated[str, options.bots("bot per seat, cycled: greedy, search:4, greedy,search:4")] = "greedy",
    game: Annotated[str, options.game("the game (default: clash; e.g. wonders7, civ_board)")] = "",
    pack: Annotated[list[str] | None, options.packs("content pack under every trial")] = None,
    variant: Annotated[list[str] | None, options.variants("variant under every trial")] = None,
    workers: Annotated[int, options.workers(None)] = 1,
    backend: Annotated[str, options.backend("local or ray")] = "local",
    ray_address: Annotated[str | None, typer.Option("--ray-address", help="an existing Ray cluster")] = None,
    resume: Annotated[bool, typer.Option("--resume", help="go on with the study in --out")] = False,
    width: Annotated[int, typer.Option("--width", min=0, help="table width; 0: the terminal's")] = 0,
    out: Annotated[Path, typer.Option("--out", "-o", callback=output_folder)] = Path("out/tune"),
    quiet: Annotated[bool, options.quiet("no progress lines")] = False,
) -> None:
    """Search rules values for goals (a measure's target, fair seats, a card's worth): an Optuna study on the
    same seeds, the answer confirmed on fresh seeds and written as a variant file."""
    game_id, kinds = resolve.setup(game, players, bots, backend)
    module = game_registry.find(game_id)
    packs = list(dict.fromkeys([*module.default_packs, *(pack or [])]))
    common: dict = {"players": players}
    if measure:
        chosen_measures(game_id, common, list(measure), "+".join([*(f"pack:{p}" for p in packs), *(variant or [])]))
        if not common.get("custom"):
            fail("tune --measure takes counts of hook firings (NAME=HOOK when CONDITION); the game's own measures "
                 "are named by --target and --keep directly", 2)
    custom = list(common.get("custom") or [])
    measures = game_measures(game_id, custom)
    try:
        spec = TuneSpec(game_id, players, kinds, packs, list(variant or []), parse_knobs(list(knobs)),
                        parse_goals(list(target or []), fair_seats, list(worth or []), measures, players),
                        parse_keeps(list(keep or []), measures, players), trials, games, min_games, batch, seed,
                        not no_prune, games if confirm_games < 0 else confirm_games, custom)
    except ValueError as err:
        fail(str(err), 2)
    if not spec.goals:
        fail("tune needs a goal", 2, "--target MEASURE=V, --fair-seats or --worth ID=V")
    if spec.min_games > spec.games:
        fail(f"--min-games {spec.min_games} is more than --games {spec.games}", 2)
    if spec.confirm == 1:
        fail("--confirm 1: an interval needs at least two games (0 confirms nothing)", 2)
    resolve.rules(game_id, packs, spec.variants)
    _spec_checked(spec)
    out.mkdir(parents=True, exist_ok=True)
    _settings_file(spec, out, resume)

    def say(line: str) -> None:
        if not quiet:
            print(line, file=sys.stderr, flush=True)

    with Runner(workers, backend, ray_address) as runner:
        try:
            study, base, cache, ev = run_study(spec, out, runner, say)
        except KeyboardInterrupt:
            fail(f"interrupted: the study so far is in {out / 'study.db'}", 1, "run again with --resume to go on")
        rows = finished_trials(study)
        base_est = ev.estimates(base)
        chosen, front, note = choose(rows, base_est, len(spec.goals))
        conf = confirm(spec, ev, chosen) if chosen is not None and spec.confirm >= 2 else None
    result = result_of(spec, base_est, rows, chosen, front, note, conf, importance(study, spec), cache.played,
                       len(cache.records))
    unchanged = chosen is not None and not changes_the_game(spec, chosen)
    if chosen is not None and not unchanged:
        result["variant"] = str(write_variant(spec, chosen, out, conf))
    write_outputs(result, out)
    tune_plot(result, out / "tune.png")
    for line in report_lines(result, width or terminal_width()):
        typer.echo(line)
    made = ", ".join(str(out / f) for f in ("tune.json", "trials.csv", "tune.png", "study.db"))
    if unchanged:
        typer.echo("the base game's values did best: no variant file is written (it would change nothing)")
    typer.echo(f"wrote {made}" + (f" and the variant {result['variant']}" if "variant" in result else ""))


def register(app: typer.Typer) -> None:
    app.command("tune")(tune)
