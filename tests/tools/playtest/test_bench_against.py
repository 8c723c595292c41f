"""`rulewright bench --against COMMIT`: the commit unpacked with this tree's measuring code, medians per tree."""

from __future__ import annotations

import subprocess

import pytest
import typer
from rulewright.tools.playtest.bench_against import (
    MEASURING,
    _medians,
    _unpack,
    keep_own_code_if_needed,
    measuring_code_for,
)


@pytest.fixture
def checkout(tmp_path):
    """A tiny git checkout laid out like this one (the suite may run from a copy without .git, as CI does)."""
    root = tmp_path / "checkout"
    (root / "engine").mkdir(parents=True)
    (root / "tools" / "playtest").mkdir(parents=True)
    (root / "engine" / "machine.py").write_text("# the engine\n")
    for package in (root, root / "tools", root / "tools" / "playtest"):
        (package / "__init__.py").write_text("")
    (root / "tools" / "playtest" / "measuring.py").write_text("# an older measuring module\n")
    git = ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "one"], check=True)
    return root


def test_the_commit_is_unpacked_with_this_trees_measuring_code(tmp_path, checkout):
    full = _unpack("HEAD", tmp_path / "prev", root=checkout)
    assert len(full) == 40 and all(c in "0123456789abcdef" for c in full)
    pkg = tmp_path / "prev" / "rulewright"
    assert (pkg / "engine" / "machine.py").read_text() == "# the engine\n"
    assert (pkg / "tools" / "playtest" / "measuring.py").read_text() == MEASURING.read_text()


def test_a_commit_from_before_the_rooms_gets_the_code_where_its_layout_had_it(tmp_path):
    (tmp_path / "tools").mkdir()
    target, text = measuring_code_for(tmp_path)
    assert target == tmp_path / "tools" / "bench.py"
    assert "from ..api import" in text and "from ...api import" not in text
    assert "from .simulate import game_seed" in text and "from .lsp.session import Session" in text


def test_an_unknown_commit_is_refused(tmp_path, checkout):
    with pytest.raises(typer.BadParameter, match="not a commit"):
        _unpack("no-such-commit-anywhere", tmp_path / "prev", root=checkout)


def test_medians_per_tree_keep_only_figures_every_run_has():
    runs = [{"tree": "current", "results": {"a": 1.0, "b": 5}}, {"tree": "current", "results": {"a": 3.0}},
            {"tree": "previous", "results": {"a": 10.0}}]
    assert _medians(runs, "current") == {"a": 2.0}
    assert _medians(runs, "previous") == {"a": 10.0}


def test_a_commit_lacking_what_the_measuring_code_needs_keeps_its_own(tmp_path, checkout):
    """This tree's measuring code imports the API and the engine's play loop; a commit without them is
    measured with its own measuring code, and the record says so."""
    full = _unpack("HEAD", tmp_path / "prev", root=checkout)
    assert keep_own_code_if_needed(tmp_path / "prev", full, root=checkout) == "the commit's own"
    own = tmp_path / "prev" / "rulewright" / "tools" / "playtest" / "measuring.py"
    assert own.read_text() == "# an older measuring module\n"
