"""Saves: a JSON Schema, validation with clear refusals, and round trips at random points of random games.

A save is the set-up and every action (content/schema/save.schema.json). `Game.load` and
`rulewright.api.load_game` check it against the schema first and refuse a bad one with SaveError (an
IllegalAction) saying why: not a save, a newer or older format, which field is wrong, which action
the game refuses on replay. A save written at any point of any game loads to the same state hash,
log and pending decision; a player's view survives JSON unchanged.
"""

from __future__ import annotations

import copy
import json

import jsonschema
import pytest
import rulewright.rules.clash  # noqa: F401 - registers the greedy bot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rulewright.api import load_game, new_game
from rulewright.engine import machine
from rulewright.engine.bots import make_bot
from rulewright.engine.decision import IllegalAction
from rulewright.engine.machine import SAVE_FORMAT, SAVE_SCHEMA, Game, SaveError, validate_save
from rulewright.engine.playout import play_out
from rulewright.rules.clash.state.definition import definition

QUICK = settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
SLOW = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
VARIANTS = [[], [], ["four_round"], ["no_events"], ["optional_events"], ["roll_to_end"], ["wonderful_ending"]]

games = st.fixed_dictionaries({
    "players": st.integers(2, 4), "seed": st.integers(0, 10**9), "variants": st.sampled_from(VARIANTS),
    "bots": st.lists(st.sampled_from(["random", "greedy"]), min_size=1, max_size=4),
    "steps": st.integers(0, 400)})


def _play(players: int, seed: int, variants: list[str], bots: list[str], steps: int) -> tuple[Game, list[str]]:
    """A game stopped after `steps` decisions (or at its end), with the state hash after each action."""
    game = new_game(players=players, seed=seed, variants=variants)
    seats = [make_bot(bots[i % len(bots)], seed + i) for i in range(players)]
    hashes = [game.state_hash()]
    for _ in range(steps):  # one decision at a time: the hash after each
        if not play_out(game, seats, limit=1):
            break
        hashes.append(game.state_hash())
    return game, hashes


def _same(a: Game, b: Game) -> None:
    assert b.state_hash() == a.state_hash()
    assert b.log == a.log
    assert b.actions == a.actions
    assert (b.pending.to_json() if b.pending else None) == (a.pending.to_json() if a.pending else None)
    assert b.over == a.over


# ---- round trips -------------------------------------------------------------------------------------


def _round_trip(spec: dict, data) -> None:
    game, hashes = _play(**spec)
    save = game.save()
    jsonschema.validate(save, json.loads(SAVE_SCHEMA.read_text()))  # what we write, the schema accepts
    loaded = load_game(json.loads(json.dumps(save)))
    _same(game, loaded)
    # loading only the first n actions reaches the state the game had after n actions
    n = data.draw(st.integers(0, len(game.actions)), label="upto")
    assert load_game(save, upto=n).state_hash() == hashes[n]
    # and both copies go on alike
    bot = make_bot("random", spec["seed"])
    for _ in range(data.draw(st.integers(0, 30), label="more")):
        if game.pending is None:
            break
        action = {"player": game.pending.player, "choice": bot.choose(game, game.pending)}
        game.apply(action)
        loaded.apply(dict(action))
    _same(game, loaded)


@QUICK
@given(spec=games, data=st.data())
def test_save_and_load_at_random_points(spec, data):
    _round_trip(spec, data)


@pytest.mark.soak
@SLOW
@given(spec=games, data=st.data())
def test_save_and_load_at_random_points_many(spec, data):
    _round_trip(spec, data)


def _view_round_trip(spec: dict) -> None:
    game, _ = _play(**spec)
    for viewer in [None, *range(spec["players"])]:
        view = game.view(viewer)
        assert json.loads(json.dumps(view)) == view, viewer


@QUICK
@given(spec=games)
def test_player_view_survives_json(spec):
    _view_round_trip(spec)


@pytest.mark.soak
@SLOW
@given(spec=games)
def test_player_view_survives_json_many(spec):
    _view_round_trip(spec)


def test_a_scenario_game_saves_and_loads(game_at):
    game = game_at({"players": [{"resources": {"food": 2, "ore": 2}}],
                    "cities": [{"owner": 0, "at": "D2", "mood": "happy"}]}, seed=3)
    game.apply({"player": 0, "choice": "build"})
    _same(game, Game.load(definition(), json.loads(json.dumps(game.save()))))


# ---- the schema and refusals ---------------------------------------------------------------------------


def test_the_schema_is_a_valid_json_schema():
    schema = json.loads(SAVE_SCHEMA.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"].startswith("https://json-schema.org/")
    assert set(schema["required"]) == {"format", "game", "config", "actions"}


def _save() -> dict:
    game, _ = _play(2, 4, [], ["random"], 12)
    return game.save()


def _edited(change) -> dict:
    save = copy.deepcopy(_save())
    change(save)
    return save


BAD_SAVES = [
    (None, "not a save: a save is a JSON object"),
    (lambda s: s.pop("format"), "no 'format' field"),
    (lambda s: s.update(format=SAVE_FORMAT + 1), f"format {SAVE_FORMAT + 1}, written by a newer rulewright"),
    (lambda s: s.update(format=0), "format 0, older than any this version reads"),
    (lambda s: s.update(format="1"), "format: '1' is not of type 'integer'"),
    (lambda s: s.pop("actions"), "'actions' is a required property"),
    (lambda s: s.update(config=[]), "config: [] is not of type 'object'"),
    (lambda s: s["config"].pop("players"), "config: 'players' is a required property"),
    (lambda s: s["config"].update(seed="7"), "config/seed: '7' is not of type 'integer'"),
    (lambda s: s["config"].update(packs="base"), "config/packs: 'base' is not of type 'array'"),
    (lambda s: s["actions"].__setitem__(3, {"player": 0}), "actions/3: 'choice' is a required property"),
    (lambda s: s["actions"].__setitem__(3, {"player": True, "choice": "end"}),
     "actions/3/player: True is not of type 'integer'"),
    (lambda s: s["actions"].__setitem__(3, {"player": 0, "choice": 7}), "actions/3/choice: 7 is not of type"),
    (lambda s: s["actions"][3].update(note="x"), "actions/3: Additional properties are not allowed"),
    (lambda s: s.update(comment="x"), "Additional properties are not allowed ('comment' was unexpected)"),
    (lambda s: s.update(game="chess"), "this save is for game 'chess'"),
    (lambda s: s["config"].update(players=9), "cannot start a game: Clash of Cultures is for 2 to 4 players"),
    (lambda s: s["config"].update(variants=["nope"]), "unknown variant 'nope'"),
    (lambda s: s["config"].update(packs=["nope"]), "unknown pack 'nope'"),
    (lambda s: s["actions"].__setitem__(5, {"player": 0, "choice": "no such option"}), "action 5 of the save"),
    (lambda s: s["actions"].insert(0, {"player": 5, "choice": "end"}), "action 0 of the save"),
]


@pytest.mark.parametrize("change, reason", BAD_SAVES, ids=[r for _, r in BAD_SAVES])
def test_a_bad_save_is_refused_with_the_reason(change, reason):
    save = None if change is None else _edited(change)
    with pytest.raises(SaveError) as err:
        load_game(save)
    assert reason in str(err.value)
    assert isinstance(err.value, IllegalAction)  # callers catching IllegalAction keep working


def test_game_load_validates_too():
    with pytest.raises(SaveError, match="actions/0/choice"):
        Game.load(definition(), {"format": SAVE_FORMAT, "game": "clash", "config": {"players": 2},
                                 "actions": [{"player": 0, "choice": ["end"]}]})
    with pytest.raises(SaveError, match="for game 'chess', not 'clash'"):
        Game.load(definition(), {"format": SAVE_FORMAT, "game": "chess", "config": {"players": 2}, "actions": []})


def test_many_errors_are_summed_up():
    save = _edited(lambda s: s.update(actions=[{"player": -1, "choice": 1}] * 8))
    with pytest.raises(SaveError) as err:
        validate_save(save)
    text = str(err.value)
    assert "actions/0/choice" in text and "actions/0/player" in text and "more)" in text


def test_an_older_format_loads_through_its_upgrade(monkeypatch):
    """A format this version knows how to upgrade loads; the upgrade is what MIGRATIONS holds."""
    save = _save()
    game = load_game(save)
    old = dict(save, format=SAVE_FORMAT, moves=save["actions"])  # an imagined older layout
    del old["actions"]
    monkeypatch.setattr(machine, "SAVE_FORMAT", SAVE_FORMAT + 1)
    monkeypatch.setitem(machine.MIGRATIONS, SAVE_FORMAT,
                        lambda s: {**{k: v for k, v in s.items() if k != "moves"}, "actions": s["moves"],
                                   "format": SAVE_FORMAT + 1})
    _same(game, load_game(old))


# ---- the command line ---------------------------------------------------------------------------------


def test_play_json_as_player_adds_that_players_view(cli):
    res = cli(["play", "--players", "2", "--seed", "5", "--json", "--as", "1"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    from rulewright.api import play_game

    game = play_game(2, 5, ["greedy"])
    assert out["view"] == json.loads(json.dumps(game.view(1)))
    assert out["view"]["viewer"] == 1
    assert isinstance(out["view"]["players"][1]["hand"]["action_card"], list)
    assert set(out["view"]["players"][0]["hand"]["action_card"]) == {"count"}
    plain = json.loads(cli(["play", "--players", "2", "--seed", "5", "--json"]).output)
    # a seat's output leaves out the seed (it would tell the deck order); the rest is the plain summary
    assert "view" not in plain and "seed" not in out
    assert {k: v for k, v in plain.items() if k != "seed"} == {k: v for k, v in out.items() if k != "view"}
    bad = cli(["play", "--players", "2", "--json", "--as", "2"])
    assert bad.exit_code == 2


def test_replay_refuses_a_bad_save_with_the_reason(tmp_path, cli):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_edited(lambda s: s.update(format=SAVE_FORMAT + 1))))
    res = cli(["replay", str(path)])
    assert res.exit_code == 1
    assert "written by a newer rulewright" in res.output
