"""docs/designers.md, "In 7 Wonders and Civilization": its commands run as written, on two games each
(the page's figures come from the games it names; two are enough to show that the command works)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from where import ROOT

PAGE = (ROOT / "docs" / "designers.md").read_text(encoding="utf-8")
SECTION = PAGE.split("## In 7 Wonders and Civilization", 1)[1].split("\n## ", 1)[0]
COMMANDS = [line for block in re.findall(r"^```bash\n(.*?)^```", SECTION, re.S | re.M)
            for line in block.splitlines() if line.startswith("rulewright ")]


def test_the_section_names_both_games() -> None:
    assert {"wonders7", "civ_board"} <= {shlex.split(c)[shlex.split(c).index("--game") + 1] for c in COMMANDS}


@pytest.mark.parametrize("line", COMMANDS)
def test_the_command_runs(line: str, cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    argv = shlex.split(line)[1:]
    argv[argv.index("--games") + 1] = "2"
    result = cli(argv)
    assert result.exit_code == 0, result.output[-3000:]
    assert "decided" in result.output
