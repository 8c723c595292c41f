"""Runaway content: cards that keep triggering each other are stopped by the depth limit and named.

The pack tests/packs/looping/ holds deliberately looping advances (see its advances.yaml): a trigger
that re-triggers itself through a hook (Brooding), two entries that trigger each other (Sulking and
Pondering), and an advance whose trigger on advance_gained gives a free advance (Endless Study).
Applying the action that starts a loop raises RunawayEffect out of `Game.apply`; its `sources` are the
entries of the loop, its message names them, and the game is exactly as it was before the action.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rulewright.api import load_game, new_game
from rulewright.engine.decision import RunawayEffect
from rulewright.engine.machine import Game
from rulewright.rules.clash.state import runtime

LOOPING = str(Path(__file__).resolve().parent / "packs" / "looping")


def _position(advances: list[str]) -> Game:
    return new_game(players=2, seed=1, packs=["base", LOOPING], position={
        "players": [{"advances": ["farming", *advances], "resources": {"food": 2, "idea": 2}}],
        "cities": [{"owner": 0, "at": "D2"}]})


def _stopped(game: Game, choice: str) -> RunawayEffect:
    """Apply `choice`; it must raise RunawayEffect and change nothing."""
    before, log, actions = game.state_hash(), list(game.log), list(game.actions)
    pending = game.pending.to_json()
    with pytest.raises(RunawayEffect) as err:
        game.apply({"player": game.pending.player, "choice": choice})
    assert game.state_hash() == before
    assert game.log == log and game.actions == actions
    assert game.pending.to_json() == pending
    return err.value


def _drive_until_runaway(game: Game, first: str, limit: int = 400) -> RunawayEffect:
    """Take `first`, then the first option of every decision, until the loop is stopped."""
    game.apply({"player": game.pending.player, "choice": first})
    for _ in range(limit):
        try:
            before = game.state_hash()
            game.apply({"player": game.pending.player, "choice": game.pending.options[0]})
        except RunawayEffect as err:
            assert game.state_hash() == before
            return err
    raise AssertionError(f"no runaway within {limit} decisions")


def test_a_trigger_that_retriggers_itself_through_a_hook():
    game = _position(["brooding"])
    brood = next(o for o in game.pending.options if o.startswith("special:brooding"))
    err = _stopped(game, brood)
    assert err.sources == ["brooding"]
    assert "Brooding (brooding)" in str(err)
    assert f"more than {runtime.MAX_TRIGGER_DEPTH} times deep" in str(err)
    assert "event_mood_loss" in str(err)
    # the game goes on: any other action works, and a save replays to the same state
    game.apply({"player": 0, "choice": "collect"})
    same = load_game(game.save())
    assert same.state_hash() == game.state_hash() and same.log == game.log


def test_two_entries_that_trigger_each_other():
    game = _position(["sulking", "pondering"])
    err = _drive_until_runaway(game, "advance")
    assert err.sources[:2] == ["sulking", "pondering"]
    assert "Sulking (sulking), Pondering (pondering)" in str(err)


def test_an_advance_that_gives_a_free_advance_on_advance_gained():
    game = _position(["endless_study"])
    err = _drive_until_runaway(game, "advance")
    assert err.sources == ["endless_study"]
    assert "Endless Study (endless_study)" in str(err)
    assert "advance_gained" in str(err)


def test_the_depth_limit_is_what_stops_the_loop(monkeypatch):
    monkeypatch.setattr(runtime, "MAX_TRIGGER_DEPTH", 3)
    game = _position(["brooding"])
    before = len(game.log)
    err = _stopped(game, next(o for o in game.pending.options if o.startswith("special:brooding")))
    assert "more than 3 times deep" in str(err) and err.sources == ["brooding"]
    assert len(game.log) == before


def test_finished_triggers_are_not_named():
    """Only triggers still running when the limit is hit make the loop: Philosophy's idea, given on the
    way and finished, is not part of it."""
    game = _position(["endless_study", "philosophy"])
    game.apply({"player": 0, "choice": "advance"})
    while True:
        try:
            game.apply({"player": game.pending.player, "choice": game.pending.options[0]})
        except RunawayEffect as err:
            assert err.sources == ["endless_study"] and "Philosophy" not in str(err)
            break
    assert any("(Philosophy)" in line for line in game.log)  # it did trigger during the chain


def test_lint_warns_of_an_obvious_self_loop():
    """W0301: a trigger on hook H whose body always runs a procedure declared to emit H (vocabulary `emits`)."""
    from rulewright.dsl.loader import load_content

    content = load_content(["base", LOOPING])
    assert not content.errors
    warned = sorted((Path(d.file).name, d.line, d.code) for d in content.diagnostics if d.code == "W0301")
    assert warned == [("advances.yaml", 18, "W0301"), ("advances.yaml", 49, "W0301")]  # Brooding, Endless Study
    assert "emits 'event_mood_loss' again" in content.diagnostics[0].message
    assert not load_content(["base"]).diagnostics  # the bundled content has no such loop
    # a condition, once per turn or a cost may stop it: not obviously a loop, no warning
    from rulewright.dsl.checker import check_effect
    from rulewright.dsl.parser import parse_effect

    for text in ("on advance_gained when advance = roads: do free_advance()",
                 "on advance_gained once per turn: do free_advance()",
                 "on advance_gained costs 1 idea: do free_advance()",
                 "on advance_gained: choose: do free_advance() | gain 1 idea",
                 "on city_grown: do free_advance()"):
        effect, errs = parse_effect(text)
        assert not errs and not check_effect(effect, content.vocab), text
    effect, _ = parse_effect("on advance_gained:\n  repeat 2 times:\n    do free_advance()")
    assert [d.code for d in check_effect(effect, content.vocab)] == ["W0301"]
