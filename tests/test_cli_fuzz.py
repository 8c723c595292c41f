"""Fuzzing the command line with hostile packs, saves, scenarios and service payloads.

Every generated input (tests/fuzzgen.py, seeded: a failure names its seed) goes through the real
commands in process (Typer's CliRunner) under a time limit, and a few through the installed
`rulewright` in a subprocess under a time and a 2 GiB memory limit. A command may accept or refuse
the input; it may not crash: exit code 0, 1 or 2, no traceback, no "internal error", no hang.
The service path (engine/service.py) may only raise IllegalAction. CI runs a few hundred cases;
`pytest -m soak tests/test_cli_fuzz.py -s` runs thousands and prints the figures.
"""

from __future__ import annotations

import json
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import fuzzgen
import pytest
from rulewright.api import new_game
from rulewright.engine.decision import IllegalAction
from rulewright.engine.service import apply_json, from_json, to_json

SCENARIO = Path(__file__).resolve().parent / "scenarios" / "agriculture" / "farming_collects_food_and_wood.yaml"
CASE_SECONDS = 60  # far above any case (most take milliseconds); only a hang reaches it


class Hang(Exception):
    pass


@contextmanager
def time_limit(seconds: int):
    def on_alarm(signum, frame):  # noqa: ARG001
        raise Hang(f"no answer within {seconds} s")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def run_cli(cli, args: list[str], what: str) -> int:
    with time_limit(CASE_SECONDS):
        result = cli(args)
    out = result.output
    assert result.exit_code in (0, 1, 2), f"{what}: exit {result.exit_code}: {out[-600:]}"
    assert "Traceback" not in out and "internal error" not in out, f"{what}: {out[-600:]}"
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), f"{what}: {result.exception!r}"
    return result.exit_code


def write_pack(root: Path, files: dict[str, str]) -> Path:
    if root.exists():
        shutil.rmtree(root)
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8", errors="surrogateescape")
    return root


@pytest.fixture(scope="module")
def save() -> dict:
    game = new_game(players=2, seed=11)
    for _ in range(30):
        game.apply(game.legal_actions()[0])
    return game.save()


@pytest.fixture(scope="module")
def blob() -> dict:
    game = new_game(players=2, seed=12, checkpoints=True)
    for _ in range(12):
        game.apply(game.legal_actions()[0])
    return json.loads(to_json(game))


def pack_case(cli, seed: int, tmp: Path, play: bool = False) -> int:
    rng = random.Random(seed)
    files = fuzzgen.hostile_pack(rng)
    root = write_pack(tmp / "fuzzpack", files)
    code = run_cli(cli, ["lint", str(root)], f"pack seed {seed}")
    if seed % 4 == 0:
        run_cli(cli, ["list", "advances", "--pack", str(root)], f"pack seed {seed} (list)")
        run_cli(cli, ["explain", "fuzz_card", "--pack", str(root)], f"pack seed {seed} (explain)")
    if seed % 25 == 0:
        run_cli(cli, ["list", "variants", "--pack", str(root)], f"pack seed {seed} (variants)")
    if code == 0 and play and "[base]" in files["pack.yaml"]:  # lint-clean: the game must run it too
        run_cli(cli, ["play", "--players", "2", "--seed", str(seed), "--pack", str(root)], f"pack seed {seed} (play)")
    return code


def save_case(cli, seed: int, save: dict, tmp: Path) -> int:
    rng = random.Random(seed)
    f = tmp / "save.json"
    f.write_text(fuzzgen.json_text(rng, save), encoding="utf-8", errors="surrogatepass")
    code = run_cli(cli, ["replay", str(f), "--json"], f"save seed {seed}")
    if seed % 10 == 0:
        run_cli(cli, ["render", str(f), "--out", str(tmp / "board.svg")], f"save seed {seed} (render)")
    if seed % 10 == 5:
        run_cli(cli, ["replay", str(f), "--html", str(tmp / "v.html"), "--as", "0"], f"save seed {seed} (html)")
    return code


def scenario_case(cli, seed: int, tmp: Path) -> int:
    rng = random.Random(seed)
    f = tmp / "scenario.yaml"
    f.write_text(fuzzgen.scenario_text(rng, SCENARIO.read_text()), encoding="utf-8", errors="surrogatepass")
    return run_cli(cli, ["test", str(f)], f"scenario seed {seed}")


_legal: dict[str, dict] = {}


def payload_case(seed: int, blob: dict) -> str:
    """'ok' or 'refused': the service path answers garbage with IllegalAction and nothing else."""
    rng = random.Random(seed)
    text = fuzzgen.json_text(rng, blob) if rng.random() < 0.6 else json.dumps(blob)
    legal = _legal.setdefault("action", from_json(json.dumps(blob)).legal_actions()[1])
    action = fuzzgen.json_text(rng, legal)
    try:
        with time_limit(CASE_SECONDS):
            from_json(text)
            apply_json(text, action)
    except IllegalAction:
        return "refused"
    return "ok"


# ---- CI: a few hundred cheap cases --------------------------------------------------------------

def test_hostile_packs(tmp_path: Path, cli) -> None:
    codes = [pack_case(cli, seed, tmp_path) for seed in range(160)]
    assert 1 in codes  # the generator does produce packs lint refuses


def test_hostile_saves(save: dict, tmp_path: Path, cli) -> None:
    codes = [save_case(cli, seed, save, tmp_path) for seed in range(80)]
    assert 1 in codes


def test_hostile_scenarios(tmp_path: Path, cli) -> None:
    codes = [scenario_case(cli, seed, tmp_path) for seed in range(30)]
    assert 1 in codes


def test_hostile_service_payloads(blob: dict) -> None:
    answers = [payload_case(seed, blob) for seed in range(150)]
    assert "refused" in answers and "ok" in answers


def _limited() -> None:  # in the child: 2 GiB of address space at most
    two_gib = 2 * 1024 ** 3
    resource.setrlimit(resource.RLIMIT_AS, (two_gib, two_gib))


@pytest.mark.parametrize("case", ["bomb", "deep-save", "overlay-play"])
def test_real_binary_under_time_and_memory_limits(case: str, tmp_path: Path) -> None:
    exe = shutil.which("rulewright") or str(Path(sys.executable).parent / "rulewright")
    rng = random.Random(case)
    if case == "bomb":
        root = write_pack(tmp_path / "p", {"pack.yaml": fuzzgen.MANIFEST.format(depends="[]", extra=""),
                                           "advances.yaml": fuzzgen.alias_bomb(rng)})
        args = ["lint", str(root)]
    elif case == "deep-save":
        f = tmp_path / "deep.json"
        f.write_text("[" * 200_000 + "]" * 200_000)
        args = ["render", str(f)]
    else:
        root = write_pack(tmp_path / "p", {"pack.yaml": fuzzgen.MANIFEST.format(
            depends="[base]", extra="rules:\n  params:\n    starting_units: [dragon]\n")})
        args = ["play", "--players", "2", "--pack", str(root)]
    env = {**os.environ, "RULEWRIGHT_CRASH_DIR": str(tmp_path)}
    done = subprocess.run([exe, *args], capture_output=True, text=True, timeout=120, preexec_fn=_limited, env=env)
    assert done.returncode in (0, 1, 2), done.stderr[-600:]
    assert "Traceback" not in done.stdout + done.stderr
    assert "error" in done.stdout + done.stderr


# ---- soak: thousands of cases, figures printed ----------------------------------------------------

@pytest.mark.soak
def test_soak(save: dict, blob: dict, tmp_path: Path, cli) -> None:
    runs = {"packs": (0, 0), "saves": (0, 0), "scenarios": (0, 0), "payloads": (0, 0)}
    base = 10_000
    tallies: dict[str, dict] = {k: {} for k in runs}
    for seed in range(base, base + 2000):
        c = pack_case(cli, seed, tmp_path, play=True)
        tallies["packs"][c] = tallies["packs"].get(c, 0) + 1
    for seed in range(base, base + 1000):
        c = save_case(cli, seed, save, tmp_path)
        tallies["saves"][c] = tallies["saves"].get(c, 0) + 1
    for seed in range(base, base + 400):
        c = scenario_case(cli, seed, tmp_path)
        tallies["scenarios"][c] = tallies["scenarios"].get(c, 0) + 1
    for seed in range(base, base + 3000):
        c = payload_case(seed, blob)
        tallies["payloads"][c] = tallies["payloads"].get(c, 0) + 1
    total = sum(sum(t.values()) for t in tallies.values())
    print(f"\nsoak: {total} inputs, none crashed or hung; exit codes / answers per kind: {tallies}")
