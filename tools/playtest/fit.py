"""`rulewright fit`: fit a game's evaluation (engine/value.py) on self-play games and write it as data.

Why: the search bot scores its play-outs with the game's evaluation; the better that evaluation predicts
the game's outcome, the shorter the play-outs can be (docs/bots.md, "The fitted evaluation"). The fit is
data, not code: any game whose search support declares `value_features` (names, rows, progress, the
file) can be fitted the same way.

Self-play games by the greedy bot (one seed per game, `game_seed(seed, i)`) are recorded at every
`every`-th decision with a choice: each player's features, labelled with that player's share of the win
(1, 1/k for a k-way shared win, 0). A logistic regression with an L2 penalty (no intercept: only
differences to the best opponent enter; each weight with the sign the game declares) is fitted on the
games of the training split; the held-out games (every fifth) give the reported log-loss and accuracy, set beside the game's hand-written evaluation's on
the same positions. The file records the command, the seeds and those figures.
"""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path
from typing import Any

import numpy as np

from ...engine.value import input_names, relative, signs


def positions(game_id: str, games: int, players: list[int], seed: int, every: int = 3,
              old_evaluation: Any = None) -> list[dict]:
    """One record a sampled decision and player: inputs, label, game index (and the old evaluation's value)."""
    from ...api import new_game
    from ...engine.bots import make_bot
    from ...engine.playout import play_out
    from .simulation import game_seed

    out: list[dict] = []
    for i in range(games):
        n = players[i % len(players)]
        s = game_seed(seed, i)
        game = new_game(players=n, seed=s, game_id=game_id)
        feats = game.definition.search_support().value_features
        bots = [make_bot("greedy", s * 7 + q, game_id) for q in range(n)]
        seen: list[dict] = []
        k = [0]

        def record(g: Any, step: Any, seen: list[dict] = seen, k: list[int] = k, feats: Any = feats,
                   i: int = i) -> None:
            if len(step.decision.options) < 2:
                return
            k[0] += 1
            if k[0] % every:
                return
            rows, prog = feats.rows(g), feats.progress(g)
            for q in range(len(rows)):
                rec = {"game": i, "player": q, "x": relative(rows, q, prog)}
                if old_evaluation is not None:
                    rec["old"] = old_evaluation(g, q)
                seen.append(rec)

        play_out(game, bots, on_step=record)
        won = feats.winners(game)
        for rec in seen:
            rec["y"] = 1.0 / len(won) if rec["player"] in won else 0.0
        out.extend(seen)
    return out


def fit_logistic(x: np.ndarray, y: np.ndarray, l2: float = 1.0, sign: list[int] | None = None) -> np.ndarray:
    """Weights w minimising the mean log-loss of sigmoid(x @ w) against soft labels y, plus l2/2 |w|^2 / n
    (on standardised columns, so the penalty treats every feature alike; returned in raw units); `sign`
    bounds each weight to >= 0 (+1), <= 0 (-1) or neither (0)."""
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    z = x / scale
    n = len(y)

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        t = z @ w
        p = 1.0 / (1.0 + np.exp(-t))
        ll = np.logaddexp(0, t) - y * t  # -[y log p + (1-y) log(1-p)]
        grad = z.T @ (p - y) / n + l2 * w / n
        return float(ll.mean() + 0.5 * l2 * w @ w / n), grad

    bounds = [(0, None) if g > 0 else (None, 0) if g < 0 else (None, None) for g in (sign or [0] * x.shape[1])]
    from scipy.optimize import minimize  # only when fitting: every other command starts without scipy

    res = minimize(loss, np.zeros(x.shape[1]), jac=True, method="L-BFGS-B", bounds=bounds)
    return res.x / scale


def scores(p: np.ndarray, y: np.ndarray) -> dict:
    """Log-loss and accuracy (a prediction above 1/2 for a win, below for a loss; shared wins left out)."""
    q = np.clip(p, 1e-6, 1 - 1e-6)
    decided = (y == 0) | (y == 1)
    acc = float(((q[decided] > 0.5) == (y[decided] == 1)).mean()) if decided.any() else math.nan
    return {"log_loss": round(float(-(y * np.log(q) + (1 - y) * np.log(1 - q)).mean()), 4),
            "accuracy": round(acc, 4)}


def fit(records: list[dict], l2: float = 1.0, holdout: int = 5, sign: list[int] | None = None
        ) -> tuple[np.ndarray, dict]:
    """Fit on the games whose index is not a multiple of `holdout`; report on those that are."""
    test = np.array([r["game"] % holdout == 0 for r in records])
    x = np.array([r["x"] for r in records], dtype=float)
    y = np.array([r["y"] for r in records], dtype=float)
    w = fit_logistic(x[~test], y[~test], l2, sign)
    report = {"positions": {"train": int((~test).sum()), "held_out": int(test.sum())},
              "train": scores(1 / (1 + np.exp(-(x[~test] @ w))), y[~test]),
              "held_out": scores(1 / (1 + np.exp(-(x[test] @ w))), y[test])}
    if records and "old" in records[0]:
        report["held_out_handwritten"] = scores(np.array([r["old"] for r in records])[test], y[test])
    report["held_out_base_rate"] = scores(np.full(int(test.sum()), statistics.fmean(y[~test])), y[test])
    return w, report


def run(game_id: str, games: int, players: list[int], seed: int, every: int, l2: float, out: Path | None,
        command: str, records_file: Path | None = None) -> dict:
    from ...api import new_game

    support = new_game(players=players[0], seed=seed, game_id=game_id).definition.search_support()
    feats = support.value_features
    old = getattr(support, "handwritten", None)
    if records_file is not None and records_file.exists():  # positions kept from an earlier run (another l2)
        records = json.loads(records_file.read_text())
    else:
        records = positions(game_id, games, players, seed, every, old)
        if records_file is not None:
            records_file.write_text(json.dumps(records))
    names = feats.names(new_game(players=players[0], seed=seed, game_id=game_id))
    sign = signs(names, feats.worse, feats.free)
    w, report = fit(records, l2, sign=sign)
    data = {"game": game_id, "model": "logistic regression, L2, no intercept (engine/value.py)",
            "command": command, "seed": seed, "games": games, "players": players, "every": every, "l2": l2,
            "report": report, "features": names, "signs": sign[:len(names)], "weights": [round(float(v), 6) for v in w],
            "inputs": input_names(names)}
    path = out or feats.path
    Path(path).write_text(json.dumps(data, indent=1) + "\n")
    data["written"] = str(path)
    return data


def register(app: Any) -> None:
    import typer

    @app.command("fit")
    def fit_command(game: str = typer.Option("clash", help="the game whose evaluation (or policy) to fit"),
                 games: int = typer.Option(None, help="self-play games (default 300; with --policy, 40 a round)"),
                 players: str = typer.Option(None, help="player counts, cycled over the games, e.g. 2,3,4 (default 2; "
                                             "with --policy the game's ladder count: 2, 7 Wonders 3)"),
                 seed: int = typer.Option(1, help="series seed (game i plays seed*stride + i)"),
                 every: int = typer.Option(3, help="record every n-th decision with a choice"),
                 l2: float = typer.Option(None, help="L2 penalty on the standardised weights (default 1; with --policy "
                                          "chosen on held-back training games)"),
                 out: Path = typer.Option(None, help="where to write (default: the file the game reads)"),
                 records: Path = typer.Option(None, help="keep the recorded positions here (read back if it exists)"),
                 policy: bool = typer.Option(False, "--policy", help="fit the learned policy (expert iteration: "
                                             "search-labelled self-play) instead of the evaluation"),
                 budget: str = typer.Option("8", help="with --policy: the labelling search's play-outs"),
                 rounds: int = typer.Option(2, help="with --policy: rounds of expert iteration"),
                 ) -> None:
        """Fit the search bot's evaluation, or with --policy the learned bot's policy, on self-play games and
        write the weights next to the game's rules."""
        if policy:
            from .policy_fit import run as run_policy

            count = int(players) if players else (3 if game == "wonders7" else 2)
            n = games or 40
            command = (f"rulewright fit --policy --game {game} --games {n} --players {count} --seed {seed} "
                       f"--every {every} --budget {budget} --rounds {rounds}" + (f" --l2 {l2}" if l2 is not None else ""))
            data = run_policy(game, n, count, seed, every, budget, rounds, l2, out, command, records,
                              progress=lambda row: typer.echo(json.dumps(row), err=True))
            typer.echo(json.dumps({k: data[k] for k in ("written", "rounds")}, indent=1))
            return
        counts = [int(x) for x in (players or "2").split(",") if x.strip()]
        l2 = 1.0 if l2 is None else l2
        n = games or 300
        command = (f"rulewright fit --game {game} --games {n} --players {players or '2'} --seed {seed} "
                   f"--every {every} --l2 {l2}")
        data = run(game, n, counts, seed, every, l2, out, command, records)
        typer.echo(json.dumps({k: data[k] for k in ("written", "report")}, indent=1))
