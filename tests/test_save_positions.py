"""A save is anyone's text: a garbage `position` in its set-up, or markup in its player names, gives one
error line (exit 1, or 2 for analyze's usage-style refusal) or plays on, never a crash (exit 3), in every
command that reads a save: replay, render, play --resume, analyze and replay --html --as (issue 29)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rulewright.api import new_game

GARBAGE = {
    "clash": [{"players": "x"}, {"players": [None]}, {"cities": [{"owner": 0, "at": "D2", "mood": []}]},
              {"cities": [{"owner": 0, "at": "D2", "wonders": [1]}]}, {"players": [{"advances": ["nonexistent"]}]},
              {"cities": [{"owner": 0, "at": "D2", "pieces": {"nonexistent": 0}}]}, {"units": 7}],
    "wonders7": [{"players": "x"}, {"players": [{"hand": 5}]}, {"age": "two"}],
}
CASES = [(g, i) for g, positions in GARBAGE.items() for i in range(len(positions))]


def _save(tmp_path: Path, game_id: str, **config) -> Path:
    game = new_game(players=3, seed=4, game_id=game_id)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    save = game.save()
    save["config"].update(config)
    path = tmp_path / "g.json"
    path.write_text(json.dumps(save))
    return path


@pytest.mark.parametrize("game_id, k", CASES, ids=[f"{g}-{i}" for g, i in CASES])
def test_a_garbage_position_is_one_error_line_in_every_command(tmp_path: Path, game_id: str, k: int, cli) -> None:
    path = _save(tmp_path, game_id, position=GARBAGE[game_id][k])
    commands = [["replay", str(path)], ["render", str(path), "--out", str(tmp_path / "b.svg")],
                ["play", "--resume", str(path)], ["analyze", str(path)],
                ["replay", str(path), "--html", str(tmp_path / "r.html"), "--as", "0"]]
    for cmd in commands:
        result = cli(cmd, input="1\n")
        assert result.exit_code in (1, 2), (cmd, result.exit_code, result.output)
        assert "internal error" not in result.output and "error" in result.output, (cmd, result.output)


def test_markup_in_player_names_is_printed_as_text_on_resume(tmp_path: Path, cli) -> None:
    path = _save(tmp_path, "clash", names=["[/x]", "[red]oops[/]", "\\"])
    result = cli(["play", "--resume", str(path)], input="1\n1\n")
    assert result.exit_code == 1 and "input ended before the game did" in result.output, result.output
    assert "[/x]" in result.output and "[red]oops[/]" in result.output
