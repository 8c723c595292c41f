"""Rule set-ups played on the same seeds and their paired differences: what compare and sweep share.

A set-up is written `base`, a variant (its name or, where the game accepts one, its file), a pack
(`pack:ID` or `pack:FOLDER`), a rules setting (`params.rounds=5`), or its own run seed (`seed:7`, an
A/A check: the same rules on other seeds), joined with `+`. Every set-up plays games 0..N-1 with the
same game seeds (unless it names its own), so game i of two set-ups is a pair; the difference of each
of the game's measures (engine/measures.py) is the paired mean with its t interval, and Holm's
correction over the measures decides which differences are real (tools/playtest/paired.py).
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Sequence
from pathlib import Path
from statistics import pstdev

from ...dsl.rules_paths import is_setting
from ...engine import games
from ...engine.measures import GameMeasures, column_label, flatten, is_share
from ..common import resolve
from ..common.errors import fail
from ..common.variant_guard import check_variants
from .custom_measures import compile_watch, split
from .paired import ALPHA, holm, paired
from .simulation import game_measures, simulate_run

METHOD = ("paired t on per-seed differences (set-up minus baseline, game i of each on the same seed); "
          "95% interval per measure; 'decided' by Holm's step-down over every set-up and measure, "
          f"family-wise error {ALPHA:.0%}")


def parse_setup(text: str) -> dict:
    """The packs, variants and seed of a set-up written `base+four_round+pack:civilizations+seed:3`."""
    packs, variants, seed = ["base"], [], None
    for part in [p.strip() for p in text.split("+") if p.strip()]:
        if part == "base":
            continue
        if part.startswith("pack:"):
            packs.append(part[5:])
        elif re.fullmatch(r"seed:-?\d+", part):
            seed = int(part[5:])
        else:
            variants.append(part)
    return {"name": text, "packs": packs, "variants": variants, "seed": seed}


def setup_text(setup: dict) -> str:
    """A set-up written back as compare takes it: `base+pack:P+variant+PATH=VALUE+seed:N`."""
    parts = [f"pack:{p}" for p in setup["packs"] if p != "base"] + list(setup["variants"])
    if setup.get("seed") is not None:
        parts.append(f"seed:{setup['seed']}")
    return "+".join(parts) or "base"


def with_settings(setup: str | dict, settings: Sequence[str], game_id: str) -> dict:
    """The set-up (a compare set-up's text or its parsed dict) with each `PATH=VALUE` setting applied after
    its own variants, in order: rules paths (`params.rounds=4`) and content paths
    (`content.units.settler.cost.food=0`) alike, each checked against the rules and content it lands on
    (dsl/rules_paths.py: known path, value of the right kind and range, the game's own keys untouched, valid
    content after). ValueError names the first setting refused. What sweep plays for each value and
    `rulewright tune` for each candidate; the result plays in compare as its `name` says."""
    base = parse_setup(setup) if isinstance(setup, str) else dict(setup)
    bad = [x for x in settings if not is_setting(x)]
    if bad:
        raise ValueError(f"'{bad[0]}' is not a setting: write PATH=VALUE, e.g. params.rounds=5")
    out = {**base, "variants": [*base["variants"], *settings]}
    games.find(game_id).definition(out["packs"], out["variants"])  # every check of a game's set-up
    out["name"] = setup_text(out)
    return out


def labels(n: int) -> list[str]:
    """Short names for set-ups in tables and plots: A, B, ... Z, AA, AB ..."""
    out = []
    for i in range(n):
        s, k = "", i
        while True:
            s = chr(ord("A") + k % 26) + s
            k = k // 26 - 1
            if k < 0:
                break
        out.append(s)
    return out


def folder(out: Path, label: str, name: str) -> Path:
    """Each set-up's own simulation folder: its label and a safe form of its name (paths flattened)."""
    safe = re.sub(r"[^A-Za-z0-9._=-]+", "_", name).strip("_")
    return out / f"{label}-{safe if len(safe) <= 48 else safe[:20] + '__' + safe[-26:]}"


def check_setups(setups: list[dict], game_id: str, allow_noop: bool = False, settings_may_be_noop: bool = False) -> None:
    """Build each set-up's definition once: an unknown pack, variant or rules path fails before any game; then
    the variant guard (tools/common/variant_guard.py) refuses a variant that changes nothing (unless
    `allow_noop`) and keeps, in `s["report"]`, what each variant changes and removes."""
    for s in setups:
        resolve.rules(game_id, s["packs"], s["variants"], f"in set-up {s['name']!r}: ")
        s["report"] = check_variants(game_id, s["packs"], s["variants"], allow_noop, f"in set-up {s['name']!r}: ",
                                     settings_may_be_noop)


def removes_of(setup: dict) -> str:
    """What a set-up's variants remove from the base rules, in one field (compare.csv, sweep.csv)."""
    return "; ".join(x for r in setup.get("report") or [] for x in r["removes"])


def play_setups(setups: list[dict], common: dict, out: Path, games: int, run: dict, resume: bool = False) -> list:
    """Play `games` games of every set-up (going on from earlier batches with `resume`); their records.

    Two set-ups with the same packs, variants and seed play the same games (a game is a pure function of
    its settings and seed), so the second reuses the first's records instead of playing them again."""
    import shutil

    records, played = [], {}
    for s in setups:
        settings = {**common, "games": games, "packs": s["packs"], "variants": s["variants"],
                    "seed": common["seed"] if s["seed"] is None else s["seed"]}
        path = folder(out, s["label"], s["name"])
        key = json.dumps(settings, sort_keys=True)
        if key in played:
            path.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(played[key] / "games.jsonl", path / "games.jsonl")
            (path / "settings.json").write_text(json.dumps(settings, indent=2, sort_keys=True))
        else:
            simulate_run(settings, path, run.get("workers", 1), run.get("backend", "local"), run.get("ray_address"),
                         resume=resume and (path / "games.jsonl").exists(), progress=run.get("progress", True),
                         plots=False)
            played[key] = path
        rows = [json.loads(line) for line in (path / "games.jsonl").read_text().splitlines() if line.strip()]
        records.append(sorted(rows, key=lambda r: r["game"]))
    return records


def columns(records: list[list[dict]], measures: GameMeasures) -> dict[str, list[list[float]]]:
    """Per flattened measure column (`vp[0]`, `battles` ...): each set-up's values, game by game."""
    out: dict[str, list[list[float]]] = {}
    for k, recs in enumerate(records):
        for r in recs:
            for col, v in flatten(measures.measures, r["measures"]).items():
                out.setdefault(col, [[] for _ in records])[k].append(v)
    return out


def differences(setups: list[dict], records: list[list[dict]], measures: GameMeasures,
                chosen: list[str] | None = None) -> list[dict]:
    """One row per set-up after the first and per measure: both means, the paired difference, its 95%
    interval, p, Holm's adjusted p and whether it is decided: Holm over every set-up and measure at once, so
    comparing more set-ups does not make a fluke likelier."""
    cols = columns(records, measures)
    base_seeds = [r["seed"] for r in records[0]]
    rows: list[dict] = []
    for k in range(1, len(setups)):
        if len(records[k]) != len(records[0]):
            raise ValueError(f"set-up {setups[k]['name']!r} has {len(records[k])} games, the baseline "
                             f"{len(records[0])}: pairs need the same games")
        same_seeds = [r["seed"] for r in records[k]] == base_seeds
        for col, per in cols.items():
            if chosen and col not in chosen and col.partition("[")[0] not in chosen:
                continue
            d = paired(per[0], per[k])
            row = {"setup": setups[k]["label"], "setup_name": setups[k]["name"], "measure": col,
                   "label": column_label(measures.measures, col), "share": is_share(measures.measures, col),
                   "n": d["n"], "paired_on_seeds": same_seeds,
                   "base_mean": sum(per[0]) / len(per[0]) if per[0] else 0.0,
                   "pooled_sd": pstdev(per[0] + per[k]) if len(per[0]) > 1 else 0.0,
                   "mean": sum(per[k]) / len(per[k]) if per[k] else 0.0,
                   "diff": d["diff"], "low": d["low"], "high": d["high"], "p": d["p"]}
            clip_share(row, "low", "high", 1.0)
            rows.append(row)
    decided, adjusted = holm([r["p"] for r in rows])
    for r, dec, adj in zip(rows, decided, adjusted, strict=True):
        r.update(p_holm=adj, decided=dec)
    return rows


def all_decided(rows: list[dict]) -> bool:
    return bool(rows) and all(r["decided"] for r in rows)


def fmt(value: float, share: bool, sign: bool = False) -> str:
    """A number as the tables show it: shares in percent, others with two decimals."""
    if share:
        return f"{value * 100:+.1f}%" if sign else f"{value * 100:.1f}%"
    return f"{value:+.2f}" if sign else f"{value:.2f}"


def interval(low: float, high: float, share: bool, sign: bool = True) -> str:
    """`[low, high]`; signed for differences, plain for levels."""
    return f"[{fmt(low, share, sign)}, {fmt(high, share, sign)}]"


def clip_share(row: dict, low: str, high: str, bound: float) -> None:
    """A share's interval cannot leave [-bound, bound] (a t interval of few games can)."""
    if row.get("share"):
        row[low], row[high] = max(-bound, row[low]) + 0.0, min(1.0, row[high])


def write_json_csv(result: dict, rows: list[dict], fields: list[str], out: Path, stem: str) -> None:
    """The whole result as `stem.json` and its rows as `stem.csv` (floats to 6 places), for compare and sweep."""
    (out / f"{stem}.json").write_text(json.dumps(result, indent=2, sort_keys=True))
    with (out / f"{stem}.csv").open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow({k: (round(v, 6) if isinstance(v, float) else v) for k, v in r.items()})


def measures_of(game_id: str, custom: list[str] | None = None) -> GameMeasures:
    """The game's measures, then the custom ones (custom_measures.py) a study names."""
    return game_measures(game_id, custom)


def common_settings(game_id: str, players: int, seed: int, kinds: list[str]) -> dict:

    common = {"players": players, "seed": seed, "bots": kinds}
    if game_id != games.default_game():
        common["game"] = game_id
    return common


def chosen_measures(game_id: str, common: dict, texts: list[str], first_setup: str = "base") -> list[str]:
    """What `--measure` names: the game's measures to decide, and custom measures of hook firings, which
    are compiled here against the first set-up's rules (exit 2 with the card language's message when one
    cannot be) and added to `common["custom"]` for every game; the column names to decide on."""
    try:
        names, custom = split(game_id, texts)
        if custom:
            s = parse_setup(first_setup)
            compile_watch(game_id, s["packs"], s["variants"], [c.text for c in custom])
    except ValueError as err:
        fail(str(err), 2, "a custom measure is a hook and a condition in the card language, "
                          "e.g. defender_wins=battle_ended when side = defender and won (`rulewright hooks`)")
    if custom:
        common["custom"] = [c.text for c in custom]
    return names + [x for c in custom for x in (c.name, f"{c.name}_total")]


def bots_text(kinds: list[str], players: int) -> str:
    """Which bot played which seat, for the report."""
    return ", ".join(f"seat {i} {kinds[i % len(kinds)]}" for i in range(players))
