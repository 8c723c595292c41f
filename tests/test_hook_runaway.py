"""Runaway protection covers the state-change hooks: a card that gains a resource whenever it gains one,
and two cards that set each other off through resource_gained and resource_lost, are stopped by the depth
limit with a diagnostic naming them, and the game is as it was before the action (tests/packs/hoarding)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rulewright.api import new_game
from rulewright.dsl.loader import load_content
from rulewright.engine.decision import RunawayEffect
from rulewright.engine.machine import Game

HOARDING = str(Path(__file__).resolve().parent / "packs" / "hoarding")


def _game(advances: list[str]) -> Game:
    return new_game(players=2, seed=1, packs=["base", HOARDING], position={
        "players": [{"advances": advances, "resources": {"food": 1, "gold": 1}}], "cities": [{"owner": 0, "at": "D2"}]})


def _stopped(game: Game, prefix: str) -> RunawayEffect:
    choice = next(o for o in game.pending.options if o.startswith(prefix))
    before = game.state_hash()
    with pytest.raises(RunawayEffect) as err:
        game.apply({"player": game.pending.player, "choice": choice})
    assert game.state_hash() == before
    return err.value


def test_a_card_that_gains_whenever_it_gains_is_stopped_and_named():
    err = _stopped(_game(["miser"]), "special:miser")
    assert err.sources == ["miser"]
    assert "Miser (miser)" in str(err) and "runaway effect stopped" in str(err)


def test_two_cards_that_set_each_other_off_through_state_hooks_are_named():
    err = _stopped(_game(["alchemy", "usury"]), "special:alchemy")
    assert sorted(err.sources) == ["alchemy", "usury"]
    assert "Alchemy (alchemy)" in str(err) and "Usury (usury)" in str(err)


def test_lint_warns_of_a_statement_that_emits_its_own_hook():
    content = load_content(["base", HOARDING])
    assert not content.errors
    warned = [(Path(d.file).name, d.code) for d in content.diagnostics if d.code == "W0301"]
    assert warned == [("advances.yaml", "W0301")]  # Miser's gain on resource_gained
    assert any("does gain, which emits 'resource_gained'" in d.message for d in content.diagnostics)
