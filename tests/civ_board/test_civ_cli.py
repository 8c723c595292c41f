"""Civilization through the command line with the base pack: play to a victory (same seed, same game),
the per-seat view of --as, render as SVG, and lint of the pack."""

from __future__ import annotations

import json

from rulewright.tools.cli import app
from typer.testing import CliRunner

runner = CliRunner()


def test_play_two_players_reaches_a_victory_and_replays_it_byte_for_byte():
    args = ["play", "--game", "civ_board", "--players", "2", "--seed", "3", "--json", "--as", "0"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "civ_board" and data["players_count"] == 2 and len(data["winner"]) >= 1
    victories = [p["victory"] for p in data["players"] if p["victory"]]
    assert victories and victories[0] in ("culture", "technology", "economic", "military")
    view = data["view"]
    assert "tile_pool" not in view and isinstance(view["players"][1]["forces"], dict)
    assert runner.invoke(app, args).output == result.output


def test_render_draws_the_map_and_panels_as_a_player_sees_them(tmp_path):
    save = tmp_path / "g.json"
    assert runner.invoke(app, ["play", "--game", "civ_board", "--players", "3", "--seed", "2", "--save", str(save)]).exit_code == 0
    out = tmp_path / "g.svg"
    result = runner.invoke(app, ["render", str(save), "--step", "40", "--as", "0", "--out", str(out)])
    assert result.exit_code == 0, result.output
    svg = out.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and 'data-kind="tile"' in svg and 'data-hidden="1"' in svg
    assert svg.count('data-kind="player"') == 3


def test_the_base_pack_lints_clean():
    result = runner.invoke(app, ["lint", "--game", "civ_board"])
    assert result.exit_code == 0, result.output
