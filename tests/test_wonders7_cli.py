"""7 Wonders through the command line and the generic machinery: play, list, lint, explain, render, simulate,
hooks and test take --game; views and the log keep every pick secret until it is revealed; forks and the
stateless service resume a 7 Wonders game mid-turn."""

from __future__ import annotations

import json

import pytest
from rulewright.api import new_game
from rulewright.engine.bots import make_bot
from rulewright.engine.service import from_json, to_json


@pytest.mark.parametrize("players", [3, 7])
def test_play_json_finishes_with_every_players_points(players, cli):
    result = cli(["play", "--game", "wonders7", "--players", str(players), "--seed", "4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "wonders7" and data["players_count"] == players and data["rounds"] == 3
    assert len(data["players"]) == players and data["winner"]
    boards = [p["board"] for p in data["players"]]
    assert len(set(boards)) == players  # one city each
    for p in data["players"]:
        assert p["vp"] == sum(p["vp_breakdown"].values())
        assert set(p["vp_breakdown"]) == {"military", "treasury", "wonder", "civilian", "science", "commerce", "guild"}
    again = cli(["play", "--game", "wonders7", "--players", str(players), "--seed", "4", "--json"])
    assert again.output == result.output


def test_play_refuses_a_player_count_the_game_does_not_allow_and_an_unknown_game(cli):
    result = cli(["play", "--game", "wonders7", "--players", "2"])
    assert result.exit_code == 2 and "3 to 7 players" in result.output
    result = cli(["play", "--game", "chess"])
    assert result.exit_code == 2 and "unknown game 'chess'" in result.output


def test_play_prints_the_score_table_and_variants_apply(cli):
    result = cli(["play", "--game", "wonders7", "--players", "4", "--seed", "2", "--variant", "side_b",
                                 "--json"])
    assert result.exit_code == 0, result.output
    assert all(p["board"].endswith("_b") for p in json.loads(result.output)["players"])
    text = cli(["play", "--game", "wonders7", "--players", "3", "--seed", "2"])
    assert text.exit_code == 0 and "Final scores" in text.output and "Winner" in text.output


def test_list_cards_counts_the_148_printed_cards_and_the_boards(cli):
    result = cli(["list", "cards", "--game", "wonders7", "--format", "json"])
    assert result.exit_code == 0, result.output
    cards = json.loads(result.output)
    assert len(cards) == 148
    assert sum(1 for c in cards if c["colour"] == "purple") == 10
    assert {c["age"] for c in cards} == {1, 2, 3}
    boards = json.loads(cli(["list", "boards", "-g", "wonders7", "-f", "json"]).output)
    assert len(boards) == 14 and {b["side"] for b in boards} == {"a", "b"}


def test_lint_is_clean_and_explain_reads_cards_and_stages(cli):
    result = cli(["lint", "--game", "wonders7", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["errors"] == 0 and data["counts"] == {"age_card": 78, "wonder_board": 14}
    out = json.loads(cli(["explain", "rhodes_a", "--game", "wonders7", "-f", "json"]).output)
    assert any(line.startswith("stage 2:") and "shields" in line for line in out["english"])
    found = json.loads(cli(["explain", "vineyard", "-f", "json"]).output)  # no --game: found there
    assert found["kind"] == "age_card"
    out = json.loads(cli(["explain", "marketplace", "--game", "wonders7", "-f", "json"]).output)
    assert out["english"] == ["Manufactured goods bought from a neighbour (both) cost 1 coin each."]


def test_render_draws_the_cities_and_never_a_hidden_hand(tmp_path, cli):
    save = tmp_path / "game.json"
    assert cli(["play", "--game", "wonders7", "--players", "3", "--seed", "5", "--save",
                               str(save)]).exit_code == 0
    out = tmp_path / "mid.svg"
    result = cli(["render", str(save), "--step", "4", "--as", "0", "-o", str(out)])
    assert result.exit_code == 0, result.output
    svg = out.read_text()
    assert svg.count('data-kind="city"') == 3 and "7 Wonders" in svg
    final = tmp_path / "end.svg"
    assert cli(["render", str(save), "-o", str(final)]).exit_code == 0
    assert final.read_text().count('data-kind="card"') >= 3 * 12
    page = tmp_path / "replay.html"
    result = cli(["replay", str(save), "--html", str(page), "--as", "2"])
    assert result.exit_code == 0, result.output
    text = page.read_text()
    assert "7 Wonders" in text and "seen by Player 3" in text and 'data-kind=\\"city\\"' in text


def test_simulate_reports_win_rates_per_wonder_board(tmp_path, cli):
    result = cli(["simulate", "--game", "wonders7", "--games", "4", "--players", "3", "-o",
                                 str(tmp_path), "-q"])
    assert result.exit_code == 0, result.output
    assert "win rate per wonder board" in result.output
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["games"] == 4 and sum(g["games"] for g in report["per_civilization"].values()) == 12


def test_hooks_take_the_game(cli):
    result = cli(["hooks", "--game", "wonders7"])
    assert result.exit_code == 0 and "card_built" in result.output and "stage_built" in result.output


def test_views_and_log_never_show_a_pick_before_the_reveal():
    game = new_game(players=4, seed=9, game_id="wonders7")
    bots = [make_bot("greedy", i, "wonders7") for i in range(4)]
    while game.pending is not None:
        d = game.pending
        logged = len(game.log)
        game.apply({"player": d.player, "choice": bots[d.player].choose(game, d)})
        picked = [p for p, pl in enumerate(game.state["players"]) if pl["pick"]]
        if picked:
            assert len(game.log) == logged  # a pick says nothing until every player has chosen
        for viewer in range(4):
            view = game.view(viewer)
            assert "rng" not in view
            for p, pl in enumerate(view["players"]):
                if p != viewer:
                    assert pl["pick"] is None and set(pl["hand"]) == {"count"} and set(pl["stage_cards"]) == {"count"}
        if len(game.actions) > 40:
            break


def test_forks_and_the_service_resume_mid_turn():
    game = new_game(players=3, seed=6, game_id="wonders7", checkpoints=True)
    same = new_game(players=3, seed=6, game_id="wonders7")
    bot = make_bot("greedy", 2, "wonders7")
    for i in range(45):
        action = {"player": game.pending.player, "choice": bot.choose(game, game.pending)}
        if i % 5 == 1:
            game = from_json(to_json(game))
            fork = game.fork()
            assert fork.state == game.state and fork.pending.options == game.pending.options
        game.apply(action)
        same.apply(action)
        assert game.state == same.state


def test_the_greedy_bot_beats_random_play():
    from rulewright.api import play_game, scores

    share = 0.0
    for seed in range(10):
        game = play_game(4, seed, ["greedy", "random"], game_id="wonders7")  # greedy in seats 0 and 2
        winners = scores(game)["winners"]
        share += sum(1 for p in winners if p % 2 == 0) / len(winners)
    assert share >= 8
