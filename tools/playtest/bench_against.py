"""`rulewright bench --against COMMIT`: this tree and an earlier commit measured in one run.

A shared machine drifts (2x between runs here), so a figure is only comparable with one taken at the
same time. The commit is unpacked (git archive) into a temporary folder as `rulewright/`, this tree's
measuring code (tools/playtest/measuring.py) is copied over its own (the same code on both; into a commit
from before tools/ had rooms it goes to tools/bench.py, its imports pointed at that layout), and the two trees are
measured in alternating fresh processes, `rounds` times each. The record holds every run, the median
of each figure per tree and the ratio this tree / the commit.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import typer

ROOT = Path(__file__).resolve().parents[2]  # the checkout this package runs from
MEASURING = Path(__file__).with_name("measuring.py")
# Where the measuring code's imports lived before tools/ had rooms (commits before the move)
FLAT_LAYOUT = {"from ...": "from ..", "from ..modding.lsp.session": "from .lsp.session",
               "from .simulation import": "from .simulate import"}


def measuring_code_for(pkg: Path) -> tuple[Path, str]:
    """Where this tree's measuring code goes in an unpacked commit, and its text there."""
    text = MEASURING.read_text()
    if (pkg / "tools" / "playtest").is_dir():
        return pkg / "tools" / "playtest" / "measuring.py", text
    lines = []
    for line in text.splitlines(keepends=True):
        for old, new in FLAT_LAYOUT.items():
            if line.startswith(old):
                line = new + line[len(old):]
                break
        lines.append(line)
    return pkg / "tools" / "bench.py", "".join(lines)


def _unpack(commit: str, into: Path, root: Path = ROOT) -> str:
    """The commit's files (of the checkout `root`) under into/rulewright, with this tree's measuring code;
    returns its full hash."""
    found = subprocess.run(["git", "-C", str(root), "rev-parse", "--verify", f"{commit}^{{commit}}"],
                           capture_output=True, text=True)
    if found.returncode != 0:
        raise typer.BadParameter(f"--against {commit!r}: not a commit of {root} ({found.stderr.strip()})")
    full = found.stdout.strip()
    pkg = into / "rulewright"
    pkg.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(root), "archive", full], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(pkg)], input=archive.stdout, check=True)
    target, text = measuring_code_for(pkg)
    target.write_text(text)
    return full


def _module(tree: Path | None) -> str:
    """The measuring module's name in a tree (None: this one): by the tree's layout."""
    return "bench" if tree is not None and not (tree / "rulewright" / "tools" / "playtest").is_dir() \
        else "playtest.measuring"


def _env(tree: Path | None) -> dict:
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(tree), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return env


def keep_own_code_if_needed(tree: Path, full: str, root: Path = ROOT) -> str:
    """'this tree's' when this tree's measuring code runs in the commit; otherwise (it needs what the commit
    lacks, such as a newer engine function) the commit's own measuring code is put back: 'the commit's own'."""
    module = _module(tree)
    check = subprocess.run([sys.executable, "-c", f"import rulewright.tools.{module}"], capture_output=True,
                           text=True, env=_env(tree), cwd=tree)
    if check.returncode == 0:
        return "this tree's"
    rel = "tools/bench.py" if module == "bench" else "tools/playtest/measuring.py"
    own = subprocess.run(["git", "-C", str(root), "show", f"{full}:{rel}"], capture_output=True, text=True)
    if own.returncode != 0:
        raise RuntimeError(f"this tree's measuring code does not run in {full[:8]} and it has none of its own:\n"
                           f"{check.stderr[-2000:]}")
    (tree / "rulewright" / rel).write_text(own.stdout)
    return "the commit's own"


def _measure(tree: Path | None, quick: bool, cwd: Path) -> dict:
    """The figures of one tree (None: this one) from a fresh process."""
    env = _env(tree)
    module = _module(tree)
    code = (f"import inspect, json\nfrom rulewright.tools.{module} import measure\n"
            "light = {'light': True} if 'light' in inspect.signature(measure).parameters else {}\n"
            f"print(json.dumps(measure({quick!r}, **light)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=cwd)
    if out.returncode != 0:
        raise RuntimeError(f"measuring {'the commit' if tree else 'this tree'} failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def _medians(runs: list[dict], tree: str) -> dict:
    mine = [r["results"] for r in runs if r["tree"] == tree]
    keys = [k for k in mine[0] if all(k in m for m in mine)]
    return {k: round(statistics.median(m[k] for m in mine), 4) for k in keys}


def against(commit: str, quick: bool, rounds: int, say=typer.echo) -> dict:
    runs: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        full = _unpack(commit, Path(tmp) / "prev")
        code = keep_own_code_if_needed(Path(tmp) / "prev", full)
        say(f"the commit is measured with {code} measuring code")
        for r in range(1, rounds + 1):
            for tree, path in (("previous", Path(tmp) / "prev"), ("current", None)):
                say(f"round {r}: measuring {'commit ' + full[:8] if path else 'this tree'} ...")
                runs.append({"tree": tree, "round": r, "results": _measure(path, quick, Path(tmp))})
    prev, cur = _medians(runs, "previous"), _medians(runs, "current")
    ratio = {k: round(cur[k] / prev[k], 3) for k in cur if k in prev and prev[k]}
    return {"against": full, "rounds": rounds, "measuring_code": code, "previous": prev, "current": cur,
            "ratio": ratio, "runs": runs}
