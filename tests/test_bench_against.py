"""`rulewright bench --against COMMIT`: the commit unpacked with this tree's measuring code, medians per tree."""

from __future__ import annotations

import pytest
import typer
from rulewright.tools import bench_against
from rulewright.tools.bench_against import _medians, _unpack


def test_the_commit_is_unpacked_with_this_trees_bench(tmp_path):
    full = _unpack("HEAD", tmp_path / "prev")
    assert len(full) == 40 and all(c in "0123456789abcdef" for c in full)
    pkg = tmp_path / "prev" / "rulewright"
    assert (pkg / "engine" / "machine.py").is_file()
    here = bench_against.ROOT / "tools" / "bench.py"
    assert (pkg / "tools" / "bench.py").read_text() == here.read_text()


def test_an_unknown_commit_is_refused(tmp_path):
    with pytest.raises(typer.BadParameter, match="not a commit"):
        _unpack("no-such-commit-anywhere", tmp_path / "prev")


def test_medians_per_tree_keep_only_figures_every_run_has():
    runs = [{"tree": "current", "results": {"a": 1.0, "b": 5}}, {"tree": "current", "results": {"a": 3.0}},
            {"tree": "previous", "results": {"a": 10.0}}]
    assert _medians(runs, "current") == {"a": 2.0}
    assert _medians(runs, "previous") == {"a": 10.0}
