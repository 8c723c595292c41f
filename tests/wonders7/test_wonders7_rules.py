"""7 Wonders' rules on a small test pack (tests/packs/wonders7_mini): commerce and its payment options,
chains, the three actions, secret picks, hands passing by age, the last card, military, science with
wild symbols, the tie-break, and whole games that are deterministic and survive a save."""

from __future__ import annotations

import json

import pytest
from rulewright.api import load_game, new_game, scores
from rulewright.engine.bots import RandomBot, make_bot
from rulewright.engine.machine import Game
from rulewright.engine.playout import play_out
from rulewright.rules.wonders7.actions.options import card_cost
from rulewright.rules.wonders7.commerce.payment import payment_options
from rulewright.rules.wonders7.phases.conflicts import military_conflicts
from rulewright.rules.wonders7.phases.deal import direction
from rulewright.rules.wonders7.scoring.points import final_scores
from rulewright.rules.wonders7.scoring.science import science_points
from where import TESTS

MINI = str(TESTS / "packs" / "wonders7_mini")
BOARDS = ["t_giza_a", "t_rhodes_a", "t_olympia_a"]  # stone, ore, wood; player 0's left is 2, right is 1


def position_game(players: list[dict], age: int = 1, **extra) -> Game:
    """A 3-player game from a position (player specs merged over a board each and two cards in hand)."""
    specs = []
    for i, board in enumerate(BOARDS):
        spec = {"board": board, "hand": ["t_glass", "t_quarry"]}
        spec.update(players[i] if i < len(players) else {})
        specs.append(spec)
    return new_game(players=3, seed=1, packs=[MINI], game_id="wonders7", position={"age": age, "players": specs, **extra})


def drive(game: Game, choices: list[str]) -> None:
    for c in choices:
        game.apply({"player": game.pending.player, "choice": c})


# ---- commerce ----------------------------------------------------------------------------------

def test_a_resource_bought_from_a_neighbour_costs_two_coins_paid_to_that_neighbour():
    game = position_game([{"coins": 3}])
    rt = game.rt
    assert payment_options(rt, 0, {"wood": 1}) == [{"left": 2, "right": 0, "bank": 0}]
    assert payment_options(rt, 0, {"stone": 1}) == [{"left": 0, "right": 0, "bank": 0}]  # own board
    assert payment_options(rt, 0, {"wood": 1, "ore": 1}) == []  # 4 coins needed, 3 held
    assert payment_options(rt, 0, {"glass": 1}) == []  # nobody makes glass


def test_discounts_apply_to_their_side_and_goods_only():
    game = position_game([{"coins": 5, "built": ["t_post"]}, {"built": ["t_lumber"]}])
    rt = game.rt
    # wood is made on both sides now: 1 coin on the left (discount), 2 on the right; the cheapest first,
    # and each option that pays one neighbour less than every other is offered
    assert payment_options(rt, 0, {"wood": 1}) == [{"left": 1, "right": 0, "bank": 0},
                                                   {"left": 0, "right": 2, "bank": 0}]
    assert payment_options(rt, 0, {"wood": 2}) == [{"left": 1, "right": 2, "bank": 0}]
    assert payment_options(rt, 0, {"wood": 1, "coin": 1})[0] == {"left": 1, "right": 0, "bank": 1}
    assert payment_options(rt, 0, {"glass": 1}) == []  # nobody sells glass
    rt.player(1)["built"] = ["t_glass"]
    assert payment_options(rt, 0, {"glass": 1}) == [{"left": 0, "right": 2, "bank": 0}]  # raw only: 2 coins


def test_a_choice_card_serves_one_resource_per_turn_and_private_ones_are_not_sold():
    game = position_game([{"coins": 9}, {"built": ["t_pit"]}])
    rt = game.rt
    assert payment_options(rt, 0, {"clay": 1}) == [{"left": 0, "right": 2, "bank": 0}]
    assert payment_options(rt, 0, {"clay": 1, "ore": 1}) == [{"left": 0, "right": 4, "bank": 0}]  # ore: right's board
    assert payment_options(rt, 0, {"clay": 2}) == []  # one clay a turn from the pit
    rt.player(1)["built"] = []
    rt.player(1)["board"] = "t_babylon_b"  # clay from the board: sold
    assert payment_options(rt, 0, {"clay": 1}) == [{"left": 0, "right": 2, "bank": 0}]


def test_payment_options_are_the_cheapest_per_neighbour():
    game = position_game([{"coins": 9}, {"built": ["t_lumber"]}])
    opts = payment_options(game.rt, 0, {"wood": 1})
    assert opts == [{"left": 0, "right": 2, "bank": 0}, {"left": 2, "right": 0, "bank": 0}]


# ---- actions -------------------------------------------------------------------------------------

def test_chains_make_a_card_free_and_the_same_card_is_never_built_twice():
    game = position_game([{"built": ["t_altar"], "hand": ["t_temple", "t_altar"], "coins": 0}])
    assert card_cost(game.rt, 0, "t_temple") == {}
    options = game.pending.options
    assert "build:t_temple" in options and "build:t_altar" not in options and "sell:t_altar" in options


def test_the_three_actions_and_their_payments():
    game = position_game([{"coins": 3, "hand": ["t_altar", "t_wall"]},
                          {"hand": ["t_glass", "t_quarry"]},
                          {"hand": ["t_lumber", "t_tavern"]}])
    drive(game, ["build:t_altar", "build:t_glass", "sell:t_lumber"])
    st = game.state
    assert st["players"][0]["built"] == ["t_altar"] and st["players"][0]["coins"] == 1
    assert st["players"][1]["built"] == ["t_glass"] and st["players"][1]["coins"] == 3
    assert st["players"][2]["coins"] == 3 + 2 + 3  # the wood sold to player 0 and the card discarded
    assert "t_lumber" in st["discard"]


def test_a_stage_is_built_with_a_card_and_its_cost():
    game = position_game([{"coins": 0, "built": ["t_quarry"], "hand": ["t_altar", "t_wall"]}])
    assert "stage:t_altar" in game.pending.options  # giza stage 1: 2 stone (board + quarry)
    drive(game, ["stage:t_altar", "sell:t_glass", "sell:t_glass"])
    assert game.state["players"][0]["stages"] == 1
    assert "t_altar" not in game.state["discard"]


def test_picks_stay_secret_until_every_player_has_chosen():
    game = position_game([{"coins": 3, "hand": ["t_altar", "t_wall"]}])
    log_before = list(game.log)
    drive(game, ["build:t_altar"])
    assert game.state["players"][0]["pick"]["card"] == "t_altar"
    assert game.log == log_before  # nothing said yet
    for viewer in (1, 2, None):
        view = game.view(viewer)
        assert view["players"][0]["pick"] is None
        assert view["players"][0]["hand"] == {"count": 2}
        assert "t_altar" not in json.dumps(view["players"][0])
    assert game.view(0)["players"][0]["pick"]["card"] == "t_altar"
    drive(game, ["sell:t_glass", "sell:t_glass"])
    assert any("builds Test Altar" in line for line in game.log)


def test_hands_pass_left_right_left_and_the_last_card_is_discarded():
    game = new_game(players=3, seed=2, packs=[MINI], game_id="wonders7")
    first = [list(game.state["players"][p]["hand"]) for p in range(3)]
    picks = [f"sell:{first[p][0]}" for p in range(3)]
    drive(game, picks)
    for p in range(3):
        left = game.rt.left(p)
        expected = list(first[p])
        expected.remove(first[p][0])
        assert game.state["players"][left]["hand"] == expected
    assert [direction(game.rt)] == ["left"]
    bot = RandomBot(3)
    play_out(game, lambda _p: bot, stop=lambda g: g.state["age"] != 1)
    assert direction(game.rt) == "right"
    # every card of age I went somewhere: a city, a wonder stage or the discard pile (the last ones too)
    placed = sum(len(p["built"]) + p["stages"] for p in game.state["players"]) + len(game.state["discard"])
    assert placed == 3 * 7
    rt = game.rt
    rt.state["age"] = 3
    assert direction(rt) == "left"


def test_the_last_card_of_an_age_is_discarded_unless_a_grant_plays_it():
    game = position_game([{"hand": ["t_altar", "t_wall"], "coins": 3}])
    drive(game, ["sell:t_altar", "sell:t_glass", "sell:t_glass"])
    assert "t_wall" in game.state["discard"] and "t_quarry" in game.state["discard"]
    game = position_game([{"board": "t_babylon_b", "stages": 2, "hand": ["t_altar", "t_tavern"], "coins": 0}])
    drive(game, ["sell:t_altar", "sell:t_glass", "sell:t_glass"])
    assert game.pending.player == 0 and "build:t_tavern" in game.pending.options
    drive(game, ["build:t_tavern"])
    assert "t_tavern" in game.state["players"][0]["built"]


def test_free_build_once_per_age():
    game = position_game([{"board": "t_olympia_a", "stages": 2, "coins": 0, "hand": ["t_palace", "t_stable"]},
                          {"board": "t_giza_a"}, {"board": "t_rhodes_a"}])
    assert "free:t_palace" in game.pending.options and "build:t_palace" not in game.pending.options
    drive(game, ["free:t_palace", "sell:t_glass", "sell:t_glass"])
    assert "t_palace" in game.state["players"][0]["built"]
    assert game.state["players"][0]["free_used"] == 1


# ---- end of age and scoring ----------------------------------------------------------------------

def test_military_tokens_by_age():
    game = position_game([{"built": ["t_stable"]}, {"built": ["t_wall"]}, {}])
    rt = game.rt
    rt.state["age"] = 2
    for _ in military_conflicts(rt):
        pass
    tokens = [rt.player(p)["military"] for p in range(3)]
    assert tokens[0] == [3, 3]        # 3 shields beat 1 and 0
    assert sorted(tokens[1]) == [-1, 3]  # beaten by 0, beats 2
    assert tokens[2] == [-1, -1]


def test_science_sets_squares_and_wild_symbols():
    assert science_points({"compass": 1, "gear": 1, "tablet": 1}, 0, 7) == 10
    assert science_points({"gear": 3}, 0, 7) == 9
    assert science_points({"gear": 2, "tablet": 1}, 1, 7) == 13  # the wild completes a set
    assert science_points({"gear": 3, "tablet": 3}, 1, 7) == 9 + 9 + 1 + 7
    assert science_points({}, 2, 7) == 4


def test_points_per_neighbour_cards_a_copied_guild_and_the_tie_break_by_coins():
    game = position_game([{"board": "t_olympia_b", "stages": 3, "coins": 6},
                          {"built": ["t_workers", "t_lumber"], "coins": 6},
                          {"built": ["t_lumber"], "coins": 6}])
    s = final_scores(game.rt)
    assert s["breakdown"][1]["guild"] == 1       # a brown card in each neighbour... player 0 has none
    assert s["breakdown"][0]["guild"] == 2       # the copied Workers guild: both neighbours' brown cards
    game.rt.player(0)["stages"] = 2              # no copy: the three tie on coins and points alike
    game.rt.player(1)["built"] = []
    game.rt.player(2)["built"] = []
    s = final_scores(game.rt)
    assert s["winners"] == [0]                   # stage 2 of olympia b: 5 VP
    game.rt.player(0)["stages"] = 0
    game.rt.player(1)["coins"] = 8               # same VP (2 each), more coins
    s = final_scores(game.rt)
    assert s["vp"] == [2, 2, 2] and s["winners"] == [1]


# ---- whole games -----------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 5, 7])
def test_bot_games_finish_deterministically_and_replay_from_a_save(players):
    def play(seed):
        g = new_game(players=players, seed=seed, packs=["base"], game_id="wonders7")
        seats = [make_bot("greedy" if p % 2 else "random", seed * 10 + p, "wonders7") for p in range(players)]
        play_out(g, seats)
        return g
    one, two = play(4), play(4)
    assert one.over and one.log == two.log and one.state == two.state
    s = scores(one)
    assert len(s["vp"]) == players and s["winners"]
    assert sum(len(p["built"]) + p["stages"] for p in one.state["players"]) + len(one.state["discard"]) == 3 * 7 * players
    again = load_game(json.loads(json.dumps(one.save())))
    assert again.state == one.state
