"""engine.hidden.redeal, the guess of hidden cards every game's search support deals with: the same slots
keep their counts and kinds, the guess does not depend on where the unseen cards lay, and the dealing
order a game chose (unsorted, from the pool's end) is kept."""

from __future__ import annotations

import copy

from rulewright.engine.hidden import redeal
from rulewright.engine.rng import Rng, seed_state


def rng(seed: int = 3) -> Rng:
    return Rng({"rng": seed_state(seed)}, "rng")


def test_slots_keep_their_counts_and_only_the_cards_that_belong_move():
    hand, stages, deck = ["b1", "x", "a2"], [None, "a1"], ["b2", "a3", "y"]
    places = [hand, stages, deck]
    redeal(rng(), places, lambda c: c[0] in "ab")
    assert [len(p) for p in places] == [3, 2, 3]
    assert hand[1] == "x" and deck[2] == "y" and stages[0] is None
    moved = sorted(c for p in places for c in p if c and c[0] in "ab")
    assert moved == ["a1", "a2", "a3", "b1", "b2"]


def test_the_guess_depends_on_which_cards_are_unseen_not_where_they_lay():
    one = [["c", "a"], ["b", "d", "e"]]
    two = [["e", "d"], ["a", "c", "b"]]
    redeal(rng(), one)
    redeal(rng(), two)
    assert one == two
    unsorted_one, unsorted_two = [["c", "a"], ["b", "d", "e"]], [["e", "d"], ["a", "c", "b"]]
    redeal(rng(), unsorted_one, sort=False)
    redeal(rng(), unsorted_two, sort=False)
    assert unsorted_one != unsorted_two  # without sorting, the old order shows through (kept for old games)


def test_from_the_end_deals_the_same_pool_reversed():
    front, back = [["a", "b", "c", "d"]], [["a", "b", "c", "d"]]
    redeal(rng(), front)
    redeal(rng(), back, from_end=True)
    assert back[0] == front[0][::-1]
    same = copy.deepcopy(front)
    redeal(rng(), same, lambda c: False)  # nothing belongs: nothing moves, no draw
    assert same == front
