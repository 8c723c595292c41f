"""What `rulewright bench` runs (bench.py is the command): how fast rulewright is, measured (never asserted) and written to a results file.

Figures (the last line printed is the JSON of all of them):
- game_2p_s / game_4p_s: median wall time of one complete random-bot game, listing the legal
  actions at every decision, after content is loaded;
- actions_per_s: applied actions per second over those games;
- actions_per_s_wonders7 / actions_per_s_civ_board: the same rate for random-bot 4-player games of
  7 Wonders and of Civilization (at most 1500 decisions a game), in CPU time;
- game_4p_civilizations_s: the same for a 4-player game with the Civilizations pack (not in
  actions_per_s);
- legal_actions_us_p50 / _p99: listing the legal actions of a pending decision;
- json_apply_us_p50_4p: the stateless service path: a mid-game 4-player game as a JSON string in,
  one action applied, the new game as a JSON string out (each blob the one the service just wrote, as a
  client sends it back); json_apply_cold_us_p50_4p: the same for blobs the service has not seen;
- state_json_bytes_4p: the size of a mid-game 4-player state as JSON;
- fork_us_p50 / fork_us_p99: Game.fork() of a 4-player greedy game at its decisions from action 150 on
  (a mid-game fork, pending decision included), in CPU time (the machine may be shared);
  fork_us_p50_wonders7 / fork_us_p99_wonders7: the same for a whole 4-player 7 Wonders greedy game;
- simulate_games_per_s_4p: complete 4-player greedy-bot games per second on one core, as `simulate`
  plays them (the bots' own scoring included), timed by the process's CPU time;
- search_game_2p_s / search_games_per_core_s: a 2-player game between two search bots at the default
  budget, in CPU seconds (median) and games per second of one core;
- learned_games_per_core_s_2p: complete 2-player Clash games between two learned bots (engine/policy.py,
  the shipped weights) per second of one core's CPU time, tournament seeds (issue 46 item 5: target 3);
- new_game_ms: setting up a new 4-player game (content loaded);
- act_ms_civ_700 / get_ms_civ_700 / undo_ms_civ_700: a person's decision applied through the undo trail
  (engine/undo.py), the seat's game document (what the page's GET computes) and an undo, from step 700
  of a 3-player Civilization game (median CPU ms); undo_replay_ms_civ_700: the same undo worked out by
  replaying the game (no trail), as undo cost before issue 49;
- content_load_cold_s / content_load_warm_s: loading the bundled content in a fresh process
  without / with the on-disk cache;
- lint_all_s: `rulewright lint` of all bundled content, in a fresh process;
- lsp_diagnostics_ms_50: the language server's diagnostics for a 50-entry content file after a change
  (median; its pack already loaded, as while editing).

`--against COMMIT` measures that commit and this tree in one run, alternating fresh processes (the
machine's drift hits both alike), with this tree's measuring code on both, and records both sets of
figures and their ratios (this tree over the commit).
"""

from __future__ import annotations

import json
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ...api import new_game
from ...dsl.loader import bundled_packs
from ...engine import games, service
from ...engine import games as registry
from ...engine.bots import RandomBot, make_bot
from ...engine.playout import play_out
from ...engine.service import apply_json, to_json
from ..modding.lsp.session import Session
from .matches import play_match
from .simulation import game_seed, run_one

CIV_PACKS = ["base", "civilizations"]


def _cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _play(players: int, seed: int, legal_times: list[float], packs: list[str] | None = None) -> tuple[float, int]:

    bot = RandomBot(seed)
    start = time.perf_counter()
    game = new_game(players=players, seed=seed, packs=packs)

    def listed(game, _step) -> None:  # the decision is still pending: time listing its legal actions
        t = time.perf_counter()
        game.legal_actions()
        legal_times.append(time.perf_counter() - t)

    n = play_out(game, lambda _p: bot, on_step=listed)
    return time.perf_counter() - start, n


def _actions_rates(quick: bool) -> dict:
    """Applied actions per second of one core's time in random-bot 4-player games of the other games."""
    out = {}
    for game_id, n, limit in (("wonders7", 4 if quick else 10, None), ("civ_board", 1 if quick else 3, 1500)):
        games.find(game_id).definition()  # content loaded before timing
        actions, start = 0, time.process_time()
        for seed in range(n):
            bot = RandomBot(seed)
            actions += play_out(new_game(players=4, seed=1000 + seed, game_id=game_id), lambda _p, b=bot: b,
                                limit=limit)
        out[f"actions_per_s_{game_id}"] = round(actions / (time.process_time() - start), 1)
    return out


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def _fresh(code: str) -> float:
    """Wall time of a snippet in a fresh interpreter (imports excluded: measured inside)."""
    script = f"import time\n{code}"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def _greedy_rate(games: int) -> float:
    """4-player greedy games per second of one core's time, played as `simulate` plays them: the CPU
    time of this process, so what else the machine runs meanwhile is not counted against it."""

    start = time.process_time()
    for i in range(games):
        run_one({"game": i, "seed": game_seed(7, i), "players": 4, "bots": ["greedy"], "packs": ["base"],
                 "variants": []})
    return round(games / (time.process_time() - start), 2)


def _fork_times(quick: bool, game_id: str = "clash", start: int = 150, suffix: str = "") -> dict:
    """Game.fork() at decisions of a 4-player greedy game from action `start` on, in CPU time."""

    games.find(game_id)  # imports the game's package: its bots register

    game = new_game(players=4, seed=78, forkable=True, game_id=game_id)
    bots = [make_bot("greedy", 78 + i, game_id) for i in range(4)]
    samples: list[float] = []
    wanted = 40 if quick else 200

    def fork(game, step) -> bool:  # forked with the decision pending, before the choice is applied
        if step.index >= start and step.index % 2 == 0:
            t = time.process_time()
            game.fork()
            samples.append(time.process_time() - t)
        return len(samples) >= wanted

    play_out(game, bots, on_step=fork)
    return {f"fork_us_p50{suffix}": round(_pct(samples, 0.5) * 1e6, 1),
            f"fork_us_p99{suffix}": round(_pct(samples, 0.99) * 1e6, 1)}


def _undo_costs(quick: bool) -> dict:
    """A person's act, look and undo at step ~700 of a 3-player Civilization game, in CPU ms (medians)."""
    from ...engine.undo import Trail, undo, undo_check
    from ..seat.seat import HUMAN, seat_state

    game = new_game(players=3, seed=5, game_id="civ_board", forkable=True)
    bot = RandomBot(5)
    play_out(game, lambda _p: bot, limit=700)
    trail = Trail().attach(game)
    acts: list[float] = []
    gets: list[float] = []
    undos: list[float] = []
    for _ in range(400):
        if game.pending is None or len(undos) >= (5 if quick else 20):
            break
        p = game.pending.player
        action = {"player": p, "choice": bot.choose(game, game.pending)}
        t = time.process_time()
        trail.apply(game, action)
        acts.append(time.process_time() - t)
        t = time.process_time()
        seat_state(game, p, [HUMAN] * 3)
        gets.append(time.process_time() - t)
        if game.pending is not None and undo_check(game, p).steps:
            t = time.process_time()
            undo(game, p)
            undos.append(time.process_time() - t)
            trail.apply(game, action)  # and play on
    replays: list[float] = []
    bare = new_game(players=3, seed=5, game_id="civ_board")
    for a in game.actions:
        bare.apply(a)
    for _ in range(2 if quick else 3):  # without a trail: the old way, a replay of the whole game
        p = bare.pending.player
        bare.apply({"player": p, "choice": bare.pending.options[0]})
        t = time.process_time()
        if undo_check(bare, p).steps:
            undo(bare, p)
            replays.append(time.process_time() - t)
        else:
            break
    ms = lambda xs: round(statistics.median(xs) * 1000, 2) if xs else None  # noqa: E731
    return {"act_ms_civ_700": ms(acts), "get_ms_civ_700": ms(gets), "undo_ms_civ_700": ms(undos),
            "undo_replay_ms_civ_700": ms(replays)}


def _search_games(quick: bool) -> dict:
    """2-player games between two search bots at the default budget, in CPU time (tournament seeds)."""
    times = []
    for i in range(1 if quick else 2):
        t = time.process_time()
        play_match({"game": i, "first": "search", "second": "search", "seed": game_seed(1, i), "swap": False,
                    "packs": ["base"]})
        times.append(time.process_time() - t)
    return {"search_game_2p_s": round(statistics.median(times), 2),
            "search_games_per_core_s": round(len(times) / sum(times), 3)}


def _learned_games(quick: bool) -> dict:
    """2-player Clash games between two learned bots per second of this process's CPU time."""
    n = 4 if quick else 12
    play_match({"game": 0, "first": "learned", "second": "learned", "seed": game_seed(1, 0), "swap": False,
                "packs": ["base"]})  # the weights read and the content warm before timing
    t = time.process_time()
    for i in range(n):
        play_match({"game": i, "first": "learned", "second": "learned", "seed": game_seed(1, i), "swap": False,
                    "packs": ["base"]})
    return {"learned_games_per_core_s_2p": round(n / (time.process_time() - t), 2)}


def _fifty_entries(text: str, n: int = 50) -> str:
    """A content file of n entries made from the entries of `text` (ids suffixed so none collide)."""
    head, *chunks = re.split(r"(?m)^(?=  - id:)", text)
    out = [head]
    for k in range(n):
        chunk = chunks[k % len(chunks)]
        out.append(re.sub(r"^(  - id:\s*)(\S+)", rf"\g<1>\g<2>_b{k}", chunk, count=1).rstrip("\n") + "\n\n")
    return "".join(out)


def _lsp_diagnostics_ms(quick: bool) -> float:
    """Median time of the language server's check of a 50-entry file after a change, in milliseconds."""

    base = next(iter(bundled_packs().values()))
    biggest = max(base.glob("*.yaml"), key=lambda f: f.read_text().count("\n  - id:"))
    text = _fifty_entries(biggest.read_text())
    with tempfile.TemporaryDirectory() as tmp:
        pack = Path(tmp) / "bench"
        pack.mkdir()
        session = Session()
        (pack / "pack.yaml").write_text(f"id: bench\nname: Bench\nversion: 1.0.0\ngame: {session.game}\n"
                                        f"depends: [{base.name}]\n")
        doc = pack / biggest.name
        doc.write_text(text)
        assert not session.check(doc, text), "the bench file should be clean"  # the pack loaded, as when opened
        samples = []
        for k in range(5 if quick else 15):
            edited = text + f"# edit {k}\n"
            t = time.perf_counter()
            session.check(doc, edited)
            samples.append(time.perf_counter() - t)
    return round(statistics.median(samples) * 1000, 1)


def measure(quick: bool, light: bool = False) -> dict:
    """All figures; `light` leaves out those timed in fresh processes (content load, lint, lsp)."""

    definition = registry.find(registry.default_game()).definition

    definition()  # content loaded before timing games
    games = 5 if quick else 21
    legal: list[float] = []
    results: dict = {}
    for players, key in ((2, "game_2p_s"), (4, "game_4p_s")):
        times, actions = [], 0
        for seed in range(games):
            dt, n = _play(players, 1000 + seed, legal)
            times.append(dt)
            actions += n
        results[key] = round(statistics.median(times), 4)
        results.setdefault("_actions", 0)
        results["_actions"] += actions
        results.setdefault("_time", 0.0)
        results["_time"] += sum(times)
    results["actions_per_s"] = round(results.pop("_actions") / results.pop("_time"), 1)
    results.update(_actions_rates(quick))
    definition(CIV_PACKS)
    results["game_4p_civilizations_s"] = round(statistics.median(
        _play(4, 1000 + seed, [], CIV_PACKS)[0] for seed in range(games)), 4)
    results["legal_actions_us_p50"] = round(_pct(legal, 0.5) * 1e6, 1)
    results["legal_actions_us_p99"] = round(_pct(legal, 0.99) * 1e6, 1)

    # the stateless JSON service path on a mid-game 4-player game
    game = new_game(players=4, seed=77, checkpoints=True)
    bot = RandomBot(77)
    play_out(game, lambda _p: bot, limit=150)
    results["state_json_bytes_4p"] = len(json.dumps(game.state, separators=(",", ":")))

    samples: list[float] = []
    cold: list[float] = []
    kept = getattr(service, "POSITIONS", {})  # the games behind blobs the service wrote (absent before)
    blobs = [to_json(game)]

    def through_the_service(_game, step) -> None:
        """Time the service applying the step's choice to the last blob: once with no games kept (a blob it
        never wrote) and once as it runs (a blob it wrote); the game itself plays on as the loop applies it."""
        action = json.dumps({"player": step.decision.player, "choice": step.choice})
        saved = dict(kept)
        kept.clear()
        t = time.perf_counter()
        apply_json(blobs[-1], action)
        cold.append(time.perf_counter() - t)
        kept.update(saved)
        t = time.perf_counter()
        blobs.append(apply_json(blobs[-1], action))
        samples.append(time.perf_counter() - t)

    play_out(game, lambda _p: bot, limit=40 if quick else 200, on_step=through_the_service)
    blob = blobs[-1]
    results["json_apply_us_p50_4p"] = round(_pct(samples, 0.5) * 1e6, 1)
    results["json_apply_cold_us_p50_4p"] = round(_pct(cold, 0.5) * 1e6, 1)
    results["service_json_bytes_4p"] = len(blob)

    results.update(_fork_times(quick))
    results.update(_fork_times(quick, "wonders7", 0, "_wonders7"))
    results["simulate_games_per_s_4p"] = _greedy_rate(3 if quick else 8)
    results.update(_search_games(quick))
    results.update(_learned_games(quick))

    t = time.perf_counter()
    for seed in range(50):
        new_game(players=4, seed=seed)
    results["new_game_ms"] = round((time.perf_counter() - t) / 50 * 1000, 3)
    results.update(_undo_costs(quick))
    if light:
        return results

    loader = ("from rulewright.engine import games\ndefinition = games.find(games.default_game()).definition\n"
              "t = time.perf_counter(); definition(); print(time.perf_counter() - t)")
    env_cold = "import os; os.environ['RULEWRIGHT_NO_CACHE'] = '1'\n"
    results["content_load_cold_s"] = round(_fresh(env_cold + loader), 3)
    _fresh(loader)  # make sure the cache is written
    results["content_load_warm_s"] = round(min(_fresh(loader) for _ in range(3)), 3)
    lint = ("from typer.testing import CliRunner\nfrom rulewright.tools.cli import app\n"
            "t = time.perf_counter(); r = CliRunner().invoke(app, ['lint']); assert r.exit_code == 0, r.output\n"
            "print(time.perf_counter() - t)")
    results["lint_all_s"] = round(_fresh(lint), 3)
    results["lsp_diagnostics_ms_50"] = _lsp_diagnostics_ms(quick)
    return results


