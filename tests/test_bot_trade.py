"""The greedy bot trades (rulebook page 14): it offers what it holds spare for what it lacks, pays a
premium for it, and answers offers by what they are worth to it; the leader in VP is never helped."""

from __future__ import annotations

from rulewright.api import new_game
from rulewright.engine.bots import make_bot
from rulewright.engine.games import default_game, find
from rulewright.engine.machine import Game
from rulewright.engine.playout import play_out
from rulewright.rules.clash.bots.bot_trade import Offer, accepts, lacks, plan

ADVANCE = "food"  # what rules/clash/game.yaml's advance_cost asks (2); checked below


def _game(p0: dict, p1: dict, p1_cities: int = 1, p2_cities: int = 0) -> Game:
    """Player 1 at D2 against player 2 (and player 3 when given cities); what a position does not name
    keeps its set-up value."""
    defn = find(default_game()).definition(["base"], [])
    assert dict(defn.params["advance_cost"]) == {ADVANCE: 2}
    cities = [{"owner": 0, "at": "D2"}] + [{"owner": 1, "at": at} for at in ("D8", "E7", "C7")[:p1_cities]]
    cities += [{"owner": 2, "at": at} for at in ("G4", "H4", "G5", "H5")[:p2_cities]]
    players = [{"resources": p0}, {"resources": p1}] + ([{"resources": {"food": 0}}] if p2_cities else [])
    return new_game(players=len(players), seed=3, packs=["base"], position={"players": players, "cities": cities})


def _play_bots(game: Game, steps: int, until: str | None = None) -> list[tuple[str, str]]:
    """Let two greedy bots play `steps` decisions (or fewer, up to one of kind `until`); (kind, choice) of each."""
    bots = [make_bot("greedy", 1), make_bot("greedy", 2)]
    made: list[tuple[str, str]] = []
    play_out(game, bots, limit=steps, stop=lambda g: g.pending.kind == until,
             on_step=lambda _g, step: made.append((step.decision.kind, step.choice)))
    return made


def test_a_player_who_cannot_buy_an_advance_lacks_its_cost():
    game = _game({"food": 0, "wood": 4}, {"food": 2})
    assert lacks(game.rt, 0) == {ADVANCE: 2}
    assert lacks(game.rt, 1) == {}


def test_the_bot_offers_two_spare_for_one_lacked_and_the_partner_accepts():
    game = _game({"food": 0, "wood": 4}, {"food": 2})
    assert plan(game.rt, 0) == Offer(partner=1, give="wood", give_n=2, take=ADVANCE, take_n=1)
    assert game.pending.kind == "action" and "trade" in game.pending.options
    # the only partner, the only kind to give and the only kind to take are not asked
    made = _play_bots(game, 10, until="trade_answer")
    assert made == [("action", "trade"), ("trade_give_amount", "2"), ("trade_take_amount", "1")]
    assert game.pending.kind == "trade_answer" and game.pending.player == 1
    assert game.state["trade_offer"] == {"from": 0, "to": 1, "give": ["wood", 2], "take": [ADVANCE, 1]}
    _play_bots(game, 1)
    res0, res1 = game.state["players"][0]["res"], game.state["players"][1]["res"]
    assert (res0["wood"], res0[ADVANCE], res1["wood"], res1[ADVANCE]) == (2, 1, 2, 1)
    assert "trade_offer" not in game.state
    assert any("trade 2 wood for 1 food" in line for line in game.log)


def test_nothing_spare_or_nothing_lacked_means_no_offer():
    assert plan(_game({"food": 0, "wood": 1}, {"food": 2}).rt, 0) is None  # the one wood is kept back
    assert plan(_game({"wood": 4, "food": 2}, {"food": 2}).rt, 0) is None  # an advance is affordable
    assert plan(_game({"food": 0, "wood": 4}, {"food": 0, "wood": 2}).rt, 0) is None  # the partner has no food


def test_players_behind_trade_with_each_other_but_not_with_the_leader():
    # player 3 leads; player 2 is ahead of player 1, and still they trade
    game = _game({"food": 0, "wood": 4}, {"food": 2}, p1_cities=2, p2_cities=4)
    assert plan(game.rt, 0) == Offer(partner=1, give="wood", give_n=2, take=ADVANCE, take_n=1)
    assert accepts(game.rt, 1, {"from": 0, "to": 1, "give": ["wood", 2], "take": [ADVANCE, 1]})
    assert not accepts(game.rt, 0, {"from": 2, "to": 0, "give": ["wood", 3], "take": [ADVANCE, 1]})


def test_the_leader_is_neither_offered_to_nor_helped():
    game = _game({"food": 0, "wood": 4}, {"food": 2}, p1_cities=3)  # player 2 leads on city pieces
    assert plan(game.rt, 0) is None
    offer = {"from": 1, "to": 0, "give": ["food", 3], "take": ["wood", 1]}
    assert not accepts(game.rt, 0, offer)  # however generous, the leader's offer is declined
    assert accepts(game.rt, 1, {"from": 0, "to": 1, "give": ["wood", 2], "take": [ADVANCE, 1]})


def test_an_offer_worth_less_than_it_costs_is_declined():
    game = _game({"food": 0, "wood": 4}, {"food": 2})
    assert not accepts(game.rt, 1, {"from": 0, "to": 1, "give": ["wood", 1], "take": [ADVANCE, 2]})
    assert not accepts(game.rt, 1, {"from": 0, "to": 1, "give": ["wood", 1], "take": [ADVANCE, 1]})


def test_no_resource_goes_back_and_forth_within_a_turn():
    """An offer is made only if its maker would not then lack what it gives: before, a bot whose plans
    changed with the trade (an advance now affordable) bought back at once what it had just sold."""
    import re

    from rulewright.api import play_game

    pattern = re.compile(r"(Player \d) and (Player \d) trade (\d+) (\w+) for (\d+) (\w+)")
    trades = 0
    for seed in (2, 5):
        game = play_game(3, seed, ["greedy"] * 3)
        given: set[tuple[str, str, str]] = set()  # (giver, taker, kind) this turn
        for line in game.log:
            if re.match(r"Round \d+, turn \d+:", line):
                given = set()
            m = pattern.search(line)
            if m:
                trades += 1
                a, b, _, kind_a, _, kind_b = m.groups()
                assert (b, a, kind_a) not in given and (a, b, kind_b) not in given, line
                given |= {(a, b, kind_a), (b, a, kind_b)}
    assert trades > 0
