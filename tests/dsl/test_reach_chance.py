"""Chance anywhere (`roll`, `pick at random`) is the game's hidden random state like a battle's dice: the same
seed gives the same roll, a seat's view holds nothing that foretells it, a searching bot's guessed world
rolls its own dice, the log says what was rolled, and a move that rolled cannot be taken back."""

from __future__ import annotations

import pytest
from rulewright.api import new_game
from rulewright.engine.decision import IllegalAction
from rulewright.engine.search import sample_world
from rulewright.engine.undo import undo, undo_check
from where import ROOT

PACKS = ["base", str(ROOT / "examples" / "reach" / "clash")]
ACT = {"player": 0, "choice": "special:dice_of_fortune#0"}


def game(seed: int):
    position = {"players": [{"culture_level": 3, "hand": {"action_card": ["dice_of_fortune"]}}],
                "cities": [{"owner": 0, "at": "D2"}]}
    return new_game(players=2, seed=seed, packs=PACKS, position=position)


def rolled(g) -> str:
    return next(line for line in g.log if "rolls" in line)


def test_the_same_seed_rolls_the_same_and_other_seeds_differ():
    rolls = []
    for seed in (3, 3, 4, 5, 6, 7):
        g = game(seed)
        g.apply(ACT)
        rolls.append(rolled(g))
    assert rolls[0] == rolls[1]
    assert len(set(rolls[1:])) > 1, rolls  # five seeds: not all alike


def test_a_seat_sees_nothing_of_the_roll_before_it_happens():
    g = game(3)
    for p in (0, 1):
        view = g.view(p)
        assert "rng" not in view and "dice" not in view


def test_a_searching_bots_guessed_world_rolls_its_own_dice():
    """The search bot plays in worlds guessed from its view (engine/search.py sample_world): their rolls come
    from the guess, so what it finds there says nothing of the real roll to come."""
    g = game(3)
    support = g.definition.search_support()
    guesses = set()
    for seed in (1, 2, 3, 4, 5):
        world = sample_world(g, 0, support, seed)
        world.apply(ACT)
        guesses.add(rolled(world))
    assert len(guesses) > 1


def test_a_move_that_rolled_cannot_be_undone():
    g = game(3)
    g.apply(ACT)
    check = undo_check(g, 0)
    assert check.steps == 0 and "a die was rolled" in check.reason
    with pytest.raises(IllegalAction, match="a die was rolled"):
        undo(g, 0)


def test_a_pick_at_random_is_logged_and_seeded():
    picks = set()
    for seed in range(8):
        g = new_game(players=2, seed=seed, packs=PACKS, position={
            "players": [{"resources": {"gold": 1, "food": 0, "wood": 0, "ore": 0}, "hand": {"action_card": ["prospectors"]}}],
            "cities": [{"owner": 0, "at": "D2"}]})
        g.apply({"player": 0, "choice": "special:prospectors#0"})
        line = next(x for x in g.log if "at random" in x)
        got = [r for r in ("food", "wood", "ore") if g.state["players"][0]["res"][r] == 2]
        assert got and got[0] in line
        picks.add(got[0])
    assert len(picks) >= 2  # eight seeds: more than one resource found


def test_looking_at_another_players_hand_cannot_be_undone():
    """`take 1 action_card from rival` shows the rival's hand to the taker (a `take_card` decision, hidden data
    `shown_to_chooser`): the move that led there stands, though nothing changed hands yet."""
    g = new_game(players=2, seed=3, packs=PACKS, position={
        "players": [{"hand": {"action_card": ["spy_network"]}},
                    {"hand": {"action_card": ["oracle_of_omens", "prospectors"]}}],
        "cities": [{"owner": 0, "at": "D2"}]})
    g.apply({"player": 0, "choice": "special:spy_network#0"})
    assert g.pending.kind == "take_card" and set(g.pending.options) == {"oracle_of_omens", "prospectors"}
    check = undo_check(g, 0)
    assert check.steps == 0 and "face down" in check.reason


def test_a_look_at_another_hand_is_asked_even_alone_and_stands():
    """`look at action_card of rival`: one option (`seen`), asked all the same, its prompt naming the cards; the
    move that led to it cannot be undone."""
    g = new_game(players=2, seed=3, packs=PACKS, position={
        "players": [{"hand": {"action_card": ["informants"]}}, {"hand": {"action_card": ["prospectors"]}}],
        "cities": [{"owner": 0, "at": "D2"}]})
    g.apply({"player": 0, "choice": "special:informants#0"})
    assert g.pending.kind == "look" and g.pending.options == ["seen"] and "Prospectors" in g.pending.prompt
    assert "Prospectors" not in " ".join(g.log)  # the log is public: it names no card
    check = undo_check(g, 0)
    assert check.steps == 0 and "face down" in check.reason
