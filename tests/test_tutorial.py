"""The README's modder tutorial works exactly as written: lint, explain and test a new advance."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def _tutorial_blocks() -> list[str]:
    text = README.read_text()
    section = text.split("## Modder tutorial", 1)[1].split("\n## ", 1)[0]
    return [textwrap.dedent(b) for b in re.findall(r"```(?:yaml|text)\n(.*?)```", section, re.S)]


def test_tutorial(tmp_path, monkeypatch, cli):
    blocks = _tutorial_blocks()
    pack_yaml, advances_yaml, lint_output, scenario_yaml = blocks
    monkeypatch.chdir(tmp_path)
    pack = tmp_path / "mypack"
    (pack / "tests").mkdir(parents=True)
    (pack / "pack.yaml").write_text(pack_yaml)

    # the mistake shown in the README is reported exactly as shown
    (pack / "advances.yaml").write_text(advances_yaml.replace("city has temple", "city has tempel"))
    result = cli(["lint", "mypack"])
    assert result.exit_code == 1
    first = lint_output.strip().splitlines()[0]
    assert first in result.output

    (pack / "advances.yaml").write_text(advances_yaml)
    result = cli(["lint", "mypack"])
    assert result.exit_code == 0, result.output

    result = cli(["explain", "printing", "--pack", "mypack"])
    assert result.exit_code == 0, result.output
    assert "1 idea" in result.output

    (pack / "tests" / "printing.yaml").write_text(scenario_yaml)
    result = cli(["test", "mypack"])
    assert result.exit_code == 0, result.output
    assert "1 passed, 0 failed" in result.output

    # and the scenario really tests the advance: without it, no idea is gained
    (pack / "tests" / "printing.yaml").write_text(scenario_yaml.replace(", printing]", "]"))
    result = cli(["test", "mypack"])
    assert result.exit_code == 1
    assert "0 passed, 1 failed" in result.output
