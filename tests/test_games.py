"""Whole games by bots: they finish, they are deterministic, and saving never changes them."""

from __future__ import annotations

import json

import pytest
from rulewright.api import load_game, new_game, play_game, summary
from rulewright.engine.playout import play_out


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_bot_games_finish(players, seed, bots):
    game = play_game(players, seed, [bots])
    assert game.over and game.pending is None
    assert game.state["phase"] == "over"
    data = summary(game)
    assert data["winner"]
    assert len(data["players"]) == players


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_hundred_seeds(players):
    """100 seeded games per player count; the invariants are checked after every applied action."""
    import rulewright.rules.clash  # noqa: F401 - registers the greedy bot
    from rulewright.engine.bots import make_bot
    from rulewright.rules.clash.phases.invariants import check_invariants

    for seed in range(100):
        kind = ["random", "greedy"][seed % 2]
        game = new_game(players=players, seed=seed)
        seats = [make_bot(kind, seed * 1000 + i) for i in range(players)]
        def checked(game, _step, seed=seed):  # before each choice is applied, and at the end below
            problems = check_invariants(game)
            assert not problems, (players, seed, len(game.actions), problems)

        play_out(game, seats, on_step=checked)
        assert game.over and not check_invariants(game), (players, seed)


def test_same_seed_same_json_output(cli):
    first = cli(["play", "--players", "3", "--seed", "11", "--json"])
    second = cli(["play", "--players", "3", "--seed", "11", "--json"])
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    data = json.loads(first.output)
    assert data["seed"] == 11 and data["winner"]
    for p in data["players"]:
        assert {"name", "bot", "vp", "vp_breakdown"} <= set(p)
    other = cli(["play", "--players", "3", "--seed", "12", "--json"])
    assert other.output != first.output


@pytest.mark.parametrize("cut", [0, 1, 37, 150, 301])
def test_save_anywhere_and_continue_to_the_same_end(cut):
    full = play_game(2, 5, ["random"])
    actions = list(full.actions)
    cut = min(cut, len(actions) - 1)
    partial = load_game(json.loads(json.dumps(full.save())), upto=cut)
    assert partial.pending is not None  # saved in the middle of a decision
    for a in actions[cut:]:
        partial.apply(a)
    assert partial.over
    assert partial.state_hash() == full.state_hash()
    assert partial.log == full.log


def test_replay_command_reaches_the_same_end(tmp_path, cli):
    save = tmp_path / "game.json"
    played = cli(["play", "--players", "2", "--seed", "4", "--json", "--save", str(save)])
    replayed = cli(["replay", str(save), "--json"])
    assert played.exit_code == 0 and replayed.exit_code == 0, replayed.output
    assert json.loads(played.output)["players"] == json.loads(replayed.output)["players"]


def test_new_game_setup_follows_the_rulebook():
    for players in (2, 3, 4):
        game = new_game(players=players, seed=3)
        st = game.state
        assert len(st["players"]) == players
        for i, p in enumerate(st["players"]):
            assert p["res"]["food"] == 2 and sum(p["res"].values()) == 2
            assert p["advances"] == ["farming", "mining"]
            cities = [s for s, c in st["cities"].items() if c["owner"] == i]
            assert len(cities) == 1
            units = [u for u in st["units"].values() if u["owner"] == i]
            assert [u["type"] for u in units] == ["settler"] and units[0]["space"] == cities[0]
            assert game.rt.terrain(cities[0]) == "fertile"
        regular = [i for i, r in enumerate(st["board"]["revealed"]) if not r]
        assert len(regular) == {2: 8, 3: 12, 4: 14}[players]
        assert 0 <= st["first"] < players
