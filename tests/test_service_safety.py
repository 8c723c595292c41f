"""The stateless JSON service path refuses garbage and never half-applies a move.

A game restored with `from_json` that hits a failing rule mid-move (the runaway limit of the looping
test pack) must leave its blob byte-identical; `from_json` checks the blob's layout and its state,
and `apply_json` answers anything unusable with IllegalAction.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rulewright.api import new_game
from rulewright.engine.decision import IllegalAction, RunawayEffect
from rulewright.engine.machine import Game
from rulewright.engine.service import ServiceError, apply_json, from_json, to_json

LOOPING = str(Path(__file__).resolve().parent / "packs" / "looping")


def looping_game(advances: list[str], seed: int) -> Game:
    return new_game(players=2, seed=seed, packs=["base", LOOPING], checkpoints=True, position={
        "players": [{"advances": ["farming", *advances], "resources": {"food": 2, "idea": 2}}],
        "cities": [{"owner": 0, "at": "D2"}]})


@pytest.mark.parametrize("seed", [1, 3])  # (under seed 7 the only city falls before the loop begins)
@pytest.mark.parametrize("advances,first", [(["sulking", "pondering"], "advance"), (["endless_study"], "advance"),
                                            (["brooding"], "special:brooding#1")])
def test_a_rule_failing_mid_move_leaves_a_restored_game_unchanged(advances: list[str], first: str, seed: int) -> None:
    game = looping_game(advances, seed)
    game.apply({"player": 0, "choice": "collect"})  # a harmless move first: the checkpoint is not the set-up
    while game.pending.kind != "action":
        game.apply({"player": game.pending.player, "choice": game.pending.options[0]})
    assert game.checkpoints_taken > 1
    choice = first if first in game.pending.options else "advance"
    stopped = 0
    for _ in range(300):
        blob = to_json(game)
        restored = from_json(blob)
        try:
            restored.apply({"player": restored.pending.player, "choice": choice})
        except RunawayEffect:
            stopped += 1
            assert to_json(restored) == blob  # byte-identical: the checkpoint and the actions since
            for other in list(restored.pending.options):  # every other move either works or changes nothing
                try:
                    restored.apply({"player": restored.pending.player, "choice": other})
                except RunawayEffect:
                    assert to_json(restored) == blob
                    continue
                break
            break
        game, choice = restored, restored.pending.options[0] if restored.pending else None
        if choice is None:
            break
    assert stopped == 1


def test_apply_json_refuses_a_move_the_rules_break_and_the_blob_is_unchanged() -> None:
    game = looping_game(["brooding"], 3)
    blob = to_json(game)
    with pytest.raises(RunawayEffect):
        apply_json(blob, json.dumps({"player": 0, "choice": "special:brooding#1"}))
    assert from_json(blob).state_hash() == game.state_hash()


def _blob() -> dict:
    game = new_game(players=2, seed=5, checkpoints=True)
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    return json.loads(to_json(game))


def _with(blob: dict, change) -> str:
    data = json.loads(json.dumps(blob))
    change(data)
    return json.dumps(data)


BAD = {
    "not json": lambda b: "nope",
    "a list": lambda b: "[]",
    "null": lambda b: "null",
    "deep": lambda b: "[" * 100_000 + "]" * 100_000,
    "no config": lambda b: _with(b, lambda d: d.pop("config")),
    "format 2": lambda b: _with(b, lambda d: d.update(format=2)),
    "state a list": lambda b: _with(b, lambda d: d.update(state=[])),
    "empty state": lambda b: _with(b, lambda d: d.update(state={})),
    "nine players": lambda b: _with(b, lambda d: d["state"]["players"].extend(d["state"]["players"][:1] * 7)),
    "config nine": lambda b: _with(b, lambda d: d["config"].update(players=9)),
    "negative food": lambda b: _with(b, lambda d: d["state"]["players"][0]["res"].update(food=-3)),
    "food as text": lambda b: _with(b, lambda d: d["state"]["players"][0]["res"].update(food="3")),
    "bad since": lambda b: _with(b, lambda d: d.update(since=[{"player": 0, "choice": "fly"}])),
    "since not list": lambda b: _with(b, lambda d: d.update(since={"a": 1})),
    "unknown game": lambda b: _with(b, lambda d: d.update(game="chess")),
    "unknown pack": lambda b: _with(b, lambda d: d["config"].update(packs=["nope"])),
    "extra field": lambda b: _with(b, lambda d: d.update(extra=1)),
    # found by the soak of tests/test_cli_fuzz.py: a name the OS refuses raised OSError from Path.is_dir
    "pack name too long": lambda b: _with(b, lambda d: d["config"].update(packs=["x" * 5000])),
    "pack name with NUL": lambda b: _with(b, lambda d: d["config"].update(packs=["a\u0000b"])),
    "players not list": lambda b: _with(b, lambda d: d["state"].update(players={"0": 1})),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_from_json_refuses_garbage_with_a_clear_error(name: str) -> None:
    text = BAD[name](_blob())
    with pytest.raises(ServiceError) as err:
        from_json(text)
    assert str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("action", ["not json", "[]", "null", '{"player": "0", "choice": "collect"}', "{}",
                                    '{"player": 0}', "[" * 50_000, '"collect"', '{"player": 0, "choice": 3}'])
def test_apply_json_answers_garbage_with_illegal_action(action: str) -> None:
    blob = json.dumps(_blob())
    with pytest.raises(IllegalAction):
        apply_json(blob, action)


def test_a_good_blob_still_round_trips() -> None:
    blob = json.dumps(_blob())
    game = from_json(blob)
    after = apply_json(blob, json.dumps(game.legal_actions()[0]))
    assert from_json(after).state_hash() != game.state_hash()


def test_a_mood_change_of_a_city_gone_meanwhile_does_nothing() -> None:
    """A trigger holds the space of the city it changes; a city razed or captured before the effect lands
    keeps no mood (before: a KeyError that stopped the game)."""
    game = looping_game([], 1)
    rt = game.rt
    cities = dict(rt.state["cities"])
    assert list(rt.shift_mood("0,0", -1, "event")) == [] and "0,0" not in rt.state["cities"]
    assert rt.state["cities"] == cities
