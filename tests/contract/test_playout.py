"""The one play loop (engine/playout.py) and the game descriptor's player range, for every installed game."""

from __future__ import annotations

import json

import pytest
from ruamel.yaml import YAML
from rulewright.api import MAX_STEPS, new_game, play_game
from rulewright.engine import games
from rulewright.engine.bots import RandomBot
from rulewright.engine.decision import IllegalAction
from rulewright.engine.playout import Asking, Step, Unfinished, play_out

GAMES = games.installed()


def _game(game_id: str, **kw):
    lo, _ = games.find(game_id).players
    return new_game(players=lo, seed=4, game_id=game_id, **kw)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_loop_asks_the_deciding_seat_and_stops_at_its_limit(game_id):
    game = _game(game_id)
    made: list[int] = []
    steps: list[Step] = []

    def seat(p: int):
        made.append(p)
        return RandomBot(p)

    assert play_out(game, seat, limit=15, on_step=lambda g, s: steps.append(s)) == 15 == len(game.actions)
    assert len(made) == len(set(made))  # a seat's bot is made once, when that player first decides
    assert [s.index for s in steps] == list(range(15))
    assert [(s.decision.player, s.choice) for s in steps] == [(a["player"], a["choice"]) for a in game.actions]
    assert all(s.choice in s.decision.options and s.seconds >= 0 for s in steps)
    with pytest.raises(Unfinished):
        play_out(game, seat, limit=3, strict=True)
    assert len(game.actions) == 18  # the three it took before giving up stay applied


@pytest.mark.parametrize("game_id", GAMES)
def test_a_stop_condition_and_a_callback_end_the_loop(game_id):
    game = _game(game_id)
    bots = [RandomBot(p) for p in range(len(game.state["players"]))]
    assert play_out(game, bots, stop=lambda g: len(g.actions) >= 4) == 4
    assert play_out(game, bots, on_step=lambda g, s: s.index == 2) == 3  # True after the third: stop
    assert len(game.actions) == 7 and game.pending is not None


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seat_may_take_nothing_and_an_illegal_choice_changes_nothing(game_id):
    game = _game(game_id)
    asked = []

    def undecided(g, d):  # first says "nothing" (as a person's undo does), then answers
        asked.append(d.player)
        return None if len(asked) == 1 else d.options[0]

    assert play_out(game, lambda _p: Asking(undecided), limit=1) == 1 and len(asked) == 2
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        play_out(game, lambda _p: Asking(lambda g, d: "\u00a7no such option"))
    assert game.state_hash() == before and len(game.actions) == 1


@pytest.mark.parametrize("game_id", GAMES)
def test_play_game_plays_to_the_end_and_the_player_range_is_the_rules_data(game_id):
    data = YAML(typ="safe").load((games.game_dir(game_id) / "game.yaml").read_text(encoding="utf-8"))
    lo, hi = games.find(game_id).players
    assert (lo, hi) == (data["players"]["min"], data["players"]["max"])
    game = play_game(lo, 2, ["random"], game_id=game_id)
    assert game.over and len(game.actions) < MAX_STEPS and game.config["bots"] == ["random"]
    assert json.dumps(game.save()) == json.dumps(play_game(lo, 2, ["random"], game_id=game_id).save())


def test_a_game_yaml_without_a_player_range_is_refused(tmp_path, monkeypatch):
    (tmp_path / "nogame").mkdir()
    (tmp_path / "nogame" / "game.yaml").write_text("id: nogame\nname: No game\n")
    monkeypatch.setattr(games, "GAMES_ROOT", tmp_path)
    games.player_range.cache_clear()
    try:
        with pytest.raises(ValueError, match="players: {min: N, max: M}"):
            games.player_range("nogame")
    finally:
        games.player_range.cache_clear()
