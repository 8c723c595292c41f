"""Undo (engine/undo.py), in both games: a player takes back their own decisions until something new is
revealed (a die, a card, a face-down region) or another seat acts; a refusal says why and changes nothing.
The engine judges it from each game's hidden-information and random data, knowing neither game."""

from __future__ import annotations

import pytest
from rulewright.api import new_game
from rulewright.engine.consult import consulting
from rulewright.engine.decision import IllegalAction
from rulewright.engine.undo import Trail, secrets_of, undo, undo_check
from rulewright.tools.seat.seat import bot_choice


def clash(variants=("four_round",)):
    return new_game(players=2, seed=6, variants=list(variants))


def step(game) -> None:
    game.apply({"player": game.pending.player, "choice": bot_choice(game, "greedy")})


def test_nothing_to_take_back_at_the_start():
    g = clash()
    check = undo_check(g, 0)
    assert check.steps == 0 and "no decision has been made yet" in check.reason
    with pytest.raises(IllegalAction, match="cannot undo: nothing to take back"):
        undo(g, 0)


def test_an_action_choice_is_taken_back_exactly():
    g = clash()
    p = g.pending.player  # whoever the seed makes first player
    before = (g.state_hash(), list(g.log), g.pending.to_json())
    g.apply({"player": p, "choice": "advance"})
    assert g.pending.kind == "advance"
    assert undo_check(g, p).steps == 1
    undo(g, p)
    assert (g.state_hash(), list(g.log), g.pending.to_json()) == before and g.actions == []


def test_another_seats_decision_stands():
    g = clash()
    p = g.pending.player
    while g.pending.player == p:
        step(g)
    other = g.pending.player
    name = g.state["players"][other]["name"]
    step(g)  # the other player acts
    check = undo_check(g, p)
    assert check.steps == 0 and check.reason == f"{name} has acted since your last decision: it stands"
    actions = list(g.actions)
    with pytest.raises(IllegalAction, match=f"{name} has acted"):
        undo(g, p)
    assert g.actions == actions


@pytest.mark.slow  # a whole bot game, judged at every decision
def test_a_revealing_decision_stands_and_says_what_it_revealed():
    """Play the bots' game: whenever seat 0's last decision changed what is hidden from it, or made the rules
    look at something hidden from it, undo is refused naming the kind of information; whenever it did
    neither, undo is allowed. The same answers come from a trail (no replay) and from a replay."""
    g = clash()
    bare = clash()
    Trail().attach(g)
    refused, allowed, looked = set(), 0, 0
    while g.pending is not None:
        p = g.pending.player
        before = secrets_of(g, p)
        kind = g.pending.kind
        choice = bot_choice(g, "greedy")
        g.undo_trail.apply(g, {"player": p, "choice": choice})
        with consulting() as seen:
            bare.apply({"player": p, "choice": choice})
        if g.pending is None or g.pending.player != p:
            continue
        check = undo_check(g, p)
        assert check == undo_check(bare, p)
        if secrets_of(g, p) != before or seen - {p}:
            assert check.steps == 0 and "revealed new information" in check.reason, (kind, check)
            refused.add(check.reason)
            looked += secrets_of(g, p) == before
        elif g.pending.kind not in ("orientation",):
            assert check.steps >= 1, (kind, check)
            allowed += 1
    assert allowed > 10 and refused and looked  # all three happen in an ordinary game
    assert any("a die was rolled" in r for r in refused) and any("a card was drawn" in r for r in refused)
    assert any("the rules looked at" in r for r in refused)


HAPPY_NOT_MET = {"round": 1, "turn": 3, "current": 1, "first": 0,
                 "players": [{"hand": {"objective_card": ["happy_conqueror"]}}, {}],
                 "cities": [{"owner": 0, "at": "D2", "mood": "happy"}, {"owner": 0, "at": "C5", "mood": "happy"},
                            {"owner": 0, "at": "F4", "mood": "happy"}, {"owner": 0, "at": "B7"},
                            {"owner": 1, "at": "D8"}]}


@pytest.mark.parametrize("trail", [False, True])
def test_a_status_phase_that_looked_at_objectives_stands_though_none_was_met(game_at, trail):
    """Issue 49: ending the round's last turn runs the status phase, which looks at the other player's
    objective cards. None is met, so nothing hidden changes; undo was allowed, and the seat learnt that
    none completes in that position. Now the decision stands, with a trail or without."""
    g = game_at(HAPPY_NOT_MET)
    if trail:
        Trail().attach(g)
    before = secrets_of(g, 1)
    if trail:
        g.undo_trail.apply(g, {"player": 1, "choice": "end"})
    else:
        g.apply({"player": 1, "choice": "end"})
    assert secrets_of(g, 1) == before and g.state["players"][0]["completed"] == []  # nothing changed
    check = undo_check(g, 1)
    assert check.steps == 0 and "the rules looked at Player 1's hidden cards" in check.reason, check
    with pytest.raises(IllegalAction, match="looked at Player 1's hidden cards"):
        undo(g, 1)


def test_undo_with_a_trail_replays_nothing_at_any_length(monkeypatch):
    """Issue 49: undo replayed the whole game (0.24 s at step 700 of a Civilization game). With a trail it
    restores the game kept before the decision: no action is applied again, whatever the game's length."""
    from rulewright.engine.machine import Game

    g = new_game(players=2, seed=2, variants=["four_round"], forkable=True)
    trail = Trail().attach(g)
    while len(g.actions) < 120 or g.pending.kind != "action":
        step(g)
    p = g.pending.player
    want = (g.state_hash(), list(g.log), g.pending.to_json(), list(g.actions))
    for option in g.pending.options:  # one that may be taken back here (it reveals nothing)
        trial = g.fork()
        Trail().attach(trial).apply(trial, {"player": p, "choice": option})
        if undo_check(trial, p).steps:
            break
    trail.apply(g, {"player": p, "choice": option})
    applied = []
    real = Game.apply
    monkeypatch.setattr(Game, "apply", lambda self, a: (applied.append(a), real(self, a))[1])
    assert undo_check(g, p).steps == 1
    undo(g, p)
    assert applied == [] and (g.state_hash(), list(g.log), g.pending.to_json(), list(g.actions)) == want
    step(g)  # the game plays on from the restored position
    assert len(g.actions) == len(want[3]) + 1


def test_turning_a_region_shows_its_face_so_the_move_stands():
    """The explorer sees the region's face to choose how it lies (hidden data `shown_to_chooser`): the move
    that led there cannot be taken back, and the options say where each terrain would lie."""
    g = clash()
    while g.pending is not None and not (g.pending.kind == "orientation" and g.pending.player == 0):
        step(g)
    assert g.pending is not None
    d = g.pending
    assert all(label.startswith(f"turn {o}: ") and len(label.split(", ")) == 4 for o, label in zip(d.options, d.labels, strict=True))
    check = undo_check(g, 0)
    assert check.steps == 0 and "face down" in check.reason


def test_wonders7_a_pick_is_taken_back_until_the_next_player_picks():
    g = new_game(players=3, seed=2, game_id="wonders7")
    first = g.pending
    assert first.player == 0
    before = g.state_hash()
    g.apply({"player": 0, "choice": first.options[0]})
    # the pick is hidden from the others but not from its owner: nothing new for Player 1
    assert undo_check(g, 0).steps == 1
    undo(g, 0)
    assert g.state_hash() == before and g.pending.options == first.options
    g.apply({"player": 0, "choice": first.options[1]})
    g.apply({"player": 1, "choice": g.pending.options[0]})
    assert "Player 2 has acted" in undo_check(g, 0).reason
    # the last pick reveals everyone's and passes the hands: new cards in the hand, so it stands
    while g.pending.player != 0:
        last = g.pending.player
        g.apply({"player": last, "choice": g.pending.options[0]})
    check = undo_check(g, last) if g.actions[-1]["player"] == last else None
    assert check is not None and check.steps == 0 and "revealed new information" in check.reason


def test_the_answer_is_kept_until_the_actions_change(monkeypatch):
    """A seat asks at every page refresh; the replay behind the answer runs once per state of the game,
    and a new action (or an undo) gives a fresh answer, not the remembered one."""
    import rulewright.engine.undo as module

    g = clash()
    p = g.pending.player
    g.apply({"player": p, "choice": "advance"})
    replays = []
    real = module._replayed
    monkeypatch.setattr(module, "_replayed", lambda game, player: replays.append(player) or real(game, player))
    assert undo_check(g, p).steps == 1 and undo_check(g, p).steps == 1 and replays == [p]
    undo(g, p)
    assert undo_check(g, p).steps == 0 and "no decision has been made yet" in undo_check(g, p).reason
    assert len(replays) == 1  # undo itself used the kept answer; "nothing to take back" needs no replay
