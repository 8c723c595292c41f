"""The cookbook's examples in 7 Wonders and Civilization (examples/modding_wonders7, examples/modding_civ_board;
docs/cookbook.md, "The same in 7 Wonders and Civilization"): each pack lints, its scenarios pass, and each
scenario fails once its card's effect is removed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from where import ROOT

PACKS = {"wonders7": ROOT / "examples" / "modding_wonders7", "civ_board": ROOT / "examples" / "modding_civ_board"}


@pytest.mark.parametrize("game", sorted(PACKS))
def test_the_example_pack_lints_and_its_scenarios_pass(game: str, cli) -> None:
    lint = cli(["lint", str(PACKS[game]), "--game", game])
    assert lint.exit_code == 0 and "0 errors" in lint.output, lint.output
    run = cli(["test", str(PACKS[game])])
    assert run.exit_code == 0 and "1 passed, 0 failed" in run.output, run.output


@pytest.mark.parametrize("game", sorted(PACKS))
def test_the_scenario_fails_without_the_card(game: str, cli, tmp_path: Path) -> None:
    copy = shutil.copytree(PACKS[game], tmp_path / PACKS[game].name)
    cards = copy / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").split("    effect: |\n", 1)[0], encoding="utf-8")
    run = cli(["test", str(copy)])
    assert run.exit_code == 1 and "0 passed, 1 failed" in run.output, run.output
