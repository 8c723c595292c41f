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


def _measure(tree: Path | None, quick: bool, cwd: Path) -> dict:
    """The figures of one tree (None: this one) from a fresh process."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(tree), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    module = "bench" if tree is not None and not (tree / "rulewright" / "tools" / "playtest").is_dir() \
        else "playtest.measuring"
    code = (f"import json\nfrom rulewright.tools.{module} import measure\n"
            f"print(json.dumps(measure({quick!r}, light=True)))")
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
        for r in range(1, rounds + 1):
            for tree, path in (("previous", Path(tmp) / "prev"), ("current", None)):
                say(f"round {r}: measuring {'commit ' + full[:8] if path else 'this tree'} ...")
                runs.append({"tree": tree, "round": r, "results": _measure(path, quick, Path(tmp))})
    prev, cur = _medians(runs, "previous"), _medians(runs, "current")
    ratio = {k: round(cur[k] / prev[k], 3) for k in cur if k in prev and prev[k]}
    return {"against": full, "rounds": rounds, "previous": prev, "current": cur, "ratio": ratio, "runs": runs}
