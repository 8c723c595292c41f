"""`rulewright fit --policy`: fit a game's learned policy (engine/policy.py) by expert iteration.

Round 1: games between the game's greedy bots; at every `every`-th searched decision a search (flat search,
`budget` play-outs, greedy play-outs) labels the position with the option it finds best, and the game goes
on with the seat's own choice (so the positions are the policy's own). The model is fitted to those labels.
Round 2 on: the same with the last round's model as the players, the search's play-outs and its prior (the
expert gets better as the policy does); each round's model is fitted on every round's labels so far.

The model (engine/policy.py): per option key (decision kind and the option's first word) weights over the
standardised position features, per decision kind weights over the prior's features; a multinomial logit
over the options, L2-penalised, fitted by L-BFGS. Games whose index is a multiple of 5 are held out and
report how often the model picks the search's option, beside how often the prior's best is that option.
The penalty is chosen among L2_GRID on a validation part of the training games (index 1 modulo 5), then
the model is fitted on all training games with it: a noisy expert's labels pull the key weights away from
the prior only as far as that helps on games the fit did not see.
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

import numpy as np

from ...engine.policy import PRIOR_FEATURES, option_key, position_features, prior_features

HOLDOUT = 5
L2_GRID = (0.3, 1.0, 3.0, 10.0, 30.0, 100.0)


def labelled_positions(game_id: str, games: int, players: int, seed: int, every: int, budget: str,
                       policy: str, round_no: int) -> list[dict]:
    """Self-play games by `policy` ("greedy" or "learned"), a search labelling every `every`-th searched
    decision: the options, the prior, the position features and each candidate's mean evaluation."""
    from ...api import new_game
    from ...engine.bots import make_bot
    from ...engine.playout import play_out
    from .selfplay import game_seed

    out: list[dict] = []
    for i in range(games):
        s = game_seed(seed, 1000 * round_no + i)
        game = new_game(players=players, seed=s, forkable=True, game_id=game_id)
        support = game.definition.search_support()
        seeds = [s * 7 + q for q in range(players)]
        seats = [make_bot(policy, seeds[q], game_id) for q in range(players)]
        expert = make_bot(f"{'lsearch' if policy == 'learned' else 'search'}:{budget}", s, game_id)
        count = [0]

        def label(g: Any, step: Any, i: int = i, seats: list = seats, expert: Any = expert,
                  support: Any = support, count: list = count, seeds: list = seeds) -> None:
            d = step.decision
            if len(d.options) < 2 or not support.searchable(d):
                return
            count[0] += 1
            if count[0] % every:
                return
            told = _persona(seats[d.player], support)
            expert.persona_seed = seeds[d.player]  # the same road as the seat (a game whose policy has one)
            expert.last_totals = {}
            expert.choose(g, d)
            if not expert.last_totals:
                return  # one candidate only: nothing to learn
            out.append({"game": i, "round": round_no, "kind": d.kind, "options": list(d.options),
                        "prior": [float(v) for v in support.prior(g, d, *told)],
                        "x": position_features(g, d.player, support), "totals": dict(expert.last_totals)})

        play_out(game, seats, on_step=label)
    return out


def _persona(seat: Any, support: Any) -> tuple:
    """What the prior is told of the seat's own policy, when the game's policy has a persona."""
    if not getattr(support, "persona", False):
        return ()
    return (seat.fast(support),) if hasattr(seat, "fast") else (seat,)


def _target(rec: dict) -> int:
    best = max(rec["totals"], key=lambda o: (rec["totals"][o], -rec["options"].index(o)))
    return rec["options"].index(best)


def fit_policy(records: list[dict], l2: float | None = None) -> tuple[dict, dict]:
    """Weights (the JSON engine/policy.py reads) and the held-out report; `l2` None: chosen on a validation
    part of the training games (L2_GRID)."""
    if l2 is None:
        part = [r for r in records if r["game"] % HOLDOUT > 1]
        check = [r for r in records if r["game"] % HOLDOUT == 1]
        if part and check:
            tried = {v: _agreement(_weights(part, v), check) for v in L2_GRID}
            l2 = max(L2_GRID, key=lambda v: (tried[v], v))  # ties: the stronger penalty
        else:
            l2 = 1.0
    weights = _weights([r for r in records if r["game"] % HOLDOUT], l2)
    return weights, report(records, weights)


def _agreement(weights: dict, records: list[dict]) -> float:
    from ...engine.policy import PolicyModel

    model = PolicyModel(weights)
    hits = 0
    for r in records:
        s = model.scores(r["kind"], r["options"], r["prior"], r["x"])
        hits += max(range(len(s)), key=lambda i: (s[i], r["prior"][i], -i)) == _target(r)
    return hits / len(records)


def _weights(train: list[dict], l2: float) -> dict:
    """The model fitted on `train` with penalty `l2`."""
    from scipy.optimize import minimize  # only when fitting

    x = np.array([r["x"] for r in train], dtype=float) if train and train[0]["x"] else np.zeros((len(train), 0))
    mean = x.mean(axis=0) if len(x) else np.zeros(0)
    scale = x.std(axis=0) if len(x) else np.zeros(0)
    scale[scale == 0] = 1.0
    keys = sorted({option_key(r["kind"], o) for r in train for o in r["options"]})
    kinds = sorted({r["kind"] for r in train})
    data = _arrays(train, keys, kinds, mean, scale)
    m = x.shape[1] + 1
    nk, nj = len(keys), len(kinds)
    size = nk * m + nj * len(PRIOR_FEATURES)

    def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
        w, v = theta[:nk * m].reshape(nk, m), theta[nk * m:].reshape(nj, len(PRIOR_FEATURES))
        return _loss(w, v, data, l2)

    start = np.zeros(size)
    start[nk * m:] = np.tile([0.0, 1.0, 0.0], nj)  # begin from the prior's order
    res = minimize(loss, start, jac=True, method="L-BFGS-B", options={"maxiter": 500})
    w = res.x[:nk * m].reshape(nk, m)
    v = res.x[nk * m:].reshape(nj, len(PRIOR_FEATURES))
    weights = {"position_mean": [round(float(a), 6) for a in mean], "position_scale": [round(float(a), 6) for a in scale],
               "keys": {k: [round(float(a), 6) for a in w[i]] for i, k in enumerate(keys)},
               "kinds": {k: [round(float(a), 6) for a in v[j]] for j, k in enumerate(kinds)},
               "prior_features": list(PRIOR_FEATURES), "l2": l2}
    return weights


def _arrays(recs: list[dict], keys: list[str], kinds: list[str], mean: np.ndarray, scale: np.ndarray) -> dict:
    """The training set flattened to one row an option."""
    kidx = {k: i for i, k in enumerate(keys)}
    jidx = {k: j for j, k in enumerate(kinds)}
    key_of, kind_of, z, pf, first, target = [], [], [], [], [], []
    for r in recs:
        first.append(len(key_of))
        target.append(len(key_of) + _target(r))
        zr = [1.0] + [(a - b) / c for a, b, c in zip(r["x"], mean, scale, strict=True)]
        for o, f in zip(r["options"], prior_features(r["prior"]), strict=True):
            key_of.append(kidx.get(option_key(r["kind"], o), -1))
            kind_of.append(jidx[r["kind"]])
            z.append(zr)
            pf.append(f)
    return {"key": np.array(key_of), "kind": np.array(kind_of), "z": np.array(z, dtype=float),
            "pf": np.array(pf, dtype=float), "first": np.array(first), "target": np.array(target), "n": len(recs)}


def _loss(w: np.ndarray, v: np.ndarray, d: dict, l2: float) -> tuple[float, np.ndarray]:
    known = d["key"] >= 0
    s = (v[d["kind"]] * d["pf"]).sum(axis=1)
    s[known] += (w[d["key"][known]] * d["z"][known]).sum(axis=1)
    top = np.maximum.reduceat(s, d["first"])
    seg = np.repeat(np.arange(len(d["first"])), np.diff(np.append(d["first"], len(s))))
    e = np.exp(s - top[seg])
    total = np.add.reduceat(e, d["first"])
    p = e / total[seg]
    n = d["n"]
    nll = float(-(np.log(p[d["target"]] + 1e-300)).sum()) / n
    g = p.copy()
    g[d["target"]] -= 1.0
    g /= n
    gw = np.zeros_like(w)
    np.add.at(gw, d["key"][known], g[known, None] * d["z"][known])
    gv = np.zeros_like(v)
    np.add.at(gv, d["kind"], g[:, None] * d["pf"])
    nll += 0.5 * l2 * float((w * w).sum()) / n
    gw += l2 * w / n
    return nll, np.concatenate([gw.ravel(), gv.ravel()])


def report(records: list[dict], weights: dict) -> dict:
    """How often the model's and the prior's best option are the search's, on the training and held-out games."""
    from ...engine.policy import PolicyModel

    model = PolicyModel(weights)
    out = {}
    for name, part in (("train", [r for r in records if r["game"] % HOLDOUT]),
                       ("held_out", [r for r in records if not r["game"] % HOLDOUT])):
        if not part:
            continue
        agree_model = agree_prior = 0
        for r in part:
            t = _target(r)
            s = model.scores(r["kind"], r["options"], r["prior"], r["x"])
            agree_model += max(range(len(s)), key=lambda i: (s[i], r["prior"][i], -i)) == t
            agree_prior += max(range(len(s)), key=lambda i: (r["prior"][i], -i)) == t
        out[name] = {"positions": len(part), "model_agrees": round(agree_model / len(part), 4),
                     "prior_agrees": round(agree_prior / len(part), 4)}
    return out


def run(game_id: str, games: int, players: int, seed: int, every: int, budget: str, rounds: int, l2: float | None,
        out: Path | None, command: str, records_file: Path | None = None, progress: Any = None) -> dict:
    """Expert iteration: `rounds` rounds of labelled self-play and a fit after each; writes the last fit."""
    from ...api import new_game

    support = new_game(players=players, seed=seed, game_id=game_id).definition.search_support()
    path = out or getattr(support, "policy_file", None)
    if path is None:
        raise ValueError(f"{game_id} declares no file for a learned policy (policy_file on its search support)")
    records: list[dict] = []
    if records_file is not None and records_file.exists():
        records = json.loads(records_file.read_text())
    weights: dict | None = None
    history = []
    for round_no in range(1, rounds + 1):
        if not any(r["round"] == round_no for r in records):
            if weights is not None:  # the next round's players and expert use this round's model
                from ...engine.policy import PolicyModel

                support.__dict__["_policy_model"] = PolicyModel(weights)
                support.__dict__.pop("_with_policy", None)
            policy = "greedy" if round_no == 1 else "learned"
            records += labelled_positions(game_id, games, players, seed, every, budget, policy, round_no)
            if records_file is not None:
                records_file.write_text(json.dumps(records))
        weights, rep = fit_policy(records, l2)
        history.append({"round": round_no, "positions": len(records), **rep})
        if progress is not None:
            progress(history[-1])
    assert weights is not None
    data = {"game": game_id, "model": "multinomial logit over options (engine/policy.py)", "command": command,
            "seed": seed, "games_per_round": games, "players": players, "every": every, "expert": f"search:{budget}",
            "rounds": history, "mean_candidates": round(statistics.fmean(len(r["totals"]) for r in records), 2),
            **weights}
    Path(path).write_text(json.dumps(data, indent=1) + "\n")
    support.__dict__.pop("_policy_model", None)
    support.__dict__.pop("_with_policy", None)
    data["written"] = str(path)
    return data
