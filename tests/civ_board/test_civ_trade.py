"""Trading between players in the trade phase (rules/civ_board/phases/negotiation.py): illegal steps are refused
with the reason and change nothing, a stale trade is void, the menus and the number of offers are
bounded, a card offered stays hidden from a third player, and the greedy bot's acceptance rules."""

from __future__ import annotations

import json

import pytest
from civ_helpers import definition as definition_mini
from civ_helpers import new
from rulewright.engine.bots import RandomBot
from rulewright.engine.decision import IllegalAction
from rulewright.engine.games import find
from rulewright.engine.machine import Game
from rulewright.rules.civ_board.bots.bots import GreedyBot
from rulewright.rules.civ_board.phases import negotiation
from rulewright.rules.civ_board.seat.panel import seat_panel
from rulewright.rules.civ_board.seat.render_svg import render_svg


def at_trade(players: int = 2, specs=None, civs=None) -> Game:
    """A base game at its first trade decision (turn 1 starts at the trade phase, one offer each)."""
    civs = civs or ["germany", "rome", "china"][:players]
    position = {"civs": civs, "first": 0, "start": "trade", "trade_offers": 1, "players": specs or []}
    g = Game(find("civ_board").definition(["base"], []), {"players": players, "seed": 1, "position": position})
    assert g.pending.kind == "trade_offer"
    return g


def play(g: Game, *choices: str) -> None:
    for c in choices:
        g.apply({"player": g.pending.player, "choice": c})


def test_an_amount_over_what_is_held_is_refused_with_the_reason_and_changes_nothing():
    g = at_trade(specs=[{"trade": 0, "culture": 3}, {}])
    play(g, "to:1", "culture")
    assert g.pending.kind == "trade_amount" and g.pending.options == ["1", "2", "3"]
    before = g.state_hash()
    with pytest.raises(IllegalAction, match="you hold only 3 culture tokens"):
        play(g, "4")
    with pytest.raises(IllegalAction, match="not a legal choice"):
        play(g, "card:sabotage")          # a card not in the hand
    assert g.state_hash() == before


def test_no_player_offers_a_trade_to_themself():
    g = at_trade()
    with pytest.raises(IllegalAction, match="does not trade with themself"):
        play(g, "to:0")


def test_an_ask_only_names_what_the_partner_may_hold_and_an_unpayable_ask_is_refused_for_them():
    g = at_trade(specs=[{"trade": 0, "culture": 2}, {"trade": 0, "culture": 0, "resources": {"iron": 1}}])
    play(g, "to:1", "culture", "2", "done")
    assert g.pending.kind == "trade_ask"
    assert "iron" in g.pending.options and "culture" not in g.pending.options and "silk" not in g.pending.options
    assert "card:any" not in g.pending.options     # the partner holds no culture card
    play(g, "iron", "done")                         # one iron at most: its amount is not asked
    assert g.pending.kind == "trade_answer" and g.pending.player == 1
    assert g.pending.options == ["refuse", "accept"]


def test_a_stale_trade_is_void_and_changes_nothing():
    g = at_trade(specs=[{"trade": 0, "culture": 2}, {"trade": 0, "resources": {"iron": 1}}])
    rt = g.rt
    before = json.dumps(g.state["players"], sort_keys=True)
    gen = negotiation.exchange(rt, 0, 1, [{"what": "culture", "n": 5}], [], [{"what": "iron", "n": 1}], [])
    with pytest.raises(StopIteration) as done:
        next(gen)
    assert done.value.value is False
    assert json.dumps(g.state["players"], sort_keys=True) == before
    assert g.log[-1] == "The trade is void: Player 1 holds only 2 culture; nothing changes"


def test_random_bots_make_at_most_the_bounded_offers_with_bounded_menus():
    g = new(3)
    bots = [RandomBot(7), RandomBot(8)]
    most = 3 + len(g.definition.resources) + 2 + 3   # cancel, done, trade, culture, resources, cards (3), nothing
    offers: dict[tuple[int, int], int] = {}
    kinds = set()
    while not g.over and g.state["turn"] <= 12:
        d = g.pending
        if d.kind.startswith("trade_"):
            kinds.add(d.kind)
            assert len(d.options) <= (int(g.definition.params["trade_max"]) if d.kind == "trade_amount" else most)
        choice = bots[d.player].choose(g, d)
        if d.kind == "trade_offer":
            key = (g.state["turn"], d.player)
            offers[key] = offers.get(key, 0) + 1
        g.apply({"player": d.player, "choice": choice})
    assert kinds >= {"trade_offer", "trade_give", "trade_ask", "trade_answer"}
    assert max(offers.values()) <= int(g.definition.params["trade_offers"])


def test_a_card_offered_is_seen_by_its_owner_and_the_partner_only_and_stays_hidden_after_the_trade():
    g = at_trade(3, [{"culture_hand": ["we_love_the_queen_day"]}, {"trade": 2}, {}])
    name = g.definition.content.entries["we_love_the_queen_day"].name
    play(g, "to:1", "card:we_love_the_queen_day", "done", "trade", "1", "done")
    assert g.pending.kind == "trade_answer" and name in g.pending.prompt          # the partner is told
    assert g.view(0)["players"][0]["offered"] == ["we_love_the_queen_day"]
    third = json.dumps(g.view(2)) + json.dumps(g.view(None))
    assert "we_love_the_queen_day" not in third
    said = "offer on the table: Player 1 offers Player 2 a culture event card for 1 trade"
    assert f"  {said}" in seat_panel(g, 2) and name not in "\n".join(seat_panel(g, 2)) + render_svg(g, 2, "")
    assert "Player 1 offers Player 2 a culture event card for 1 trade" in render_svg(g, 2, "")
    assert any(line.endswith(f"(you offer {name} (a level 2 culture event card))") for line in seat_panel(g, 0))
    play(g, "accept")
    assert g.state["players"][1]["hand"] == ["we_love_the_queen_day"]
    assert "offered" not in g.state["players"][0] and "offer" not in g.state
    assert "we_love_the_queen_day" not in json.dumps(g.view(2)) and all(name not in line for line in g.log)
    assert g.view(2)["players"][1]["hand"] == {"count": 1}


def _answer(g: Game, bot: GreedyBot) -> str:
    return bot.choose(g, g.pending)


def test_the_greedy_bot_accepts_what_its_road_values_more_and_refuses_the_reverse():
    g = at_trade(specs=[{"trade": 0, "culture": 4}, {"trade": 6, "culture": 0}])
    culture = GreedyBot(0)
    culture.road = "culture"
    play(g, "to:1", "culture", "3", "done", "trade", "2", "done")     # 3 culture tokens for 2 trade
    assert _answer(g, culture) == "accept"
    tech = GreedyBot(0)
    tech.road = "technology"
    assert _answer(g, tech) == "refuse"


@pytest.mark.parametrize("leads", [False, True])
def test_the_greedy_bot_refuses_a_trade_that_helps_the_leader_more(leads):
    proposer = {"trade": 2, "culture": 0, "track": 9 if leads else 0}
    g = at_trade(specs=[proposer, {"trade": 0, "culture": 4, "track": 0 if leads else 9}])
    bot = GreedyBot(0)
    bot.road = "technology"
    play(g, "to:1", "trade", "2", "done", "culture", "4", "done")     # the bot gains 2 trade (its road) for culture it values little
    assert _answer(g, bot) == ("refuse" if leads else "accept")


def test_the_greedy_bot_builds_a_whole_offer_it_gains_by_and_passes_when_none_is_worth_it():
    g = at_trade(specs=[{"trade": 10, "culture": 0}, {"trade": 0, "culture": 6}])
    bot = GreedyBot(0)
    bot.road = "culture"
    for _ in range(8):
        if g.pending.kind not in ("trade_offer", "trade_give", "trade_amount", "trade_ask"):
            break
        play(g, bot.choose(g, g.pending))
    off = g.state["offer"]
    assert [i["what"] for i in off["give"]] == ["trade"] and [i["what"] for i in off["ask"]] == ["culture"]
    poor = at_trade(specs=[{"trade": 0, "culture": 0}, {"trade": 0, "culture": 0}])
    assert bot.choose(poor, poor.pending) == "none"


def test_a_fork_restarted_at_a_turn_to_offer_a_trade_plays_on_exactly_as_the_game():
    g = Game(definition_mini(), {"players": 2, "seed": 4}, False, True)
    bots = [GreedyBot(7), GreedyBot(8)]
    while not (g.state["turn"] >= 2 and g.pending.kind == "trade_offer" and g.state["negotiation"]["round"] == 1):
        d = g.pending
        g.apply({"player": d.player, "choice": bots[d.player].choose(g, d)})
    assert g._snap_at == len(g.actions)     # the fork restarts the flow here, from the state alone
    fork = g.fork()
    assert fork.state == g.state and fork.pending.options == g.pending.options
    bots, twins = [GreedyBot(9), GreedyBot(10)], [GreedyBot(9), GreedyBot(10)]
    for _ in range(80):
        for game, who in ((g, bots), (fork, twins)):
            d = game.pending
            game.apply({"player": d.player, "choice": who[d.player].choose(game, d)})
    assert fork.state == g.state and fork.log == g.log


def test_a_card_asked_by_level_is_chosen_by_the_partner_among_that_level_only_and_none_is_a_refusal():
    g = at_trade(specs=[{"trade": 4}, {"culture_hand": ["sabotage", "we_love_the_queen_day", "lost"]}])
    play(g, "to:1", "trade", "2", "done", "card:2", "done")
    assert g.pending.kind == "trade_answer" and g.pending.options == ["refuse", "accept"]
    assert "a level 2 culture event card of your choice" in g.pending.prompt
    play(g, "accept")
    assert g.pending.kind == "trade_card" and g.pending.options == ["we_love_the_queen_day", "lost"]
    play(g, "lost")
    assert g.state["players"][0]["hand"] == ["lost"]
    g = at_trade(specs=[{"trade": 4}, {"culture_hand": ["sabotage"]}])
    play(g, "to:1", "trade", "2", "done", "card:3", "done")   # no level 3 card: refusing is the only answer
    assert "Player 2 refuses the offer" in g.log and g.state["players"][1]["hand"] == ["sabotage"]


def test_an_offer_of_several_items_for_several_moves_them_all_at_once():
    g = at_trade(specs=[{"trade": 6, "culture": 3, "resources": {"silk": 1}, "culture_hand": ["sabotage"]},
                        {"trade": 0, "culture": 4, "resources": {"iron": 2},
                         "culture_hand": ["lost", "disoriented", "we_love_the_queen_day"]}])
    play(g, "to:1", "trade", "4", "silk", "card:sabotage")
    assert "done" in g.pending.options and "trade" not in g.pending.options   # each kind once
    play(g, "done", "iron", "2")
    assert "iron" not in g.pending.options and "silk" not in g.pending.options   # nor a kind given
    play(g, "card:any", "card:2", "done")
    said = "Player 1 offers Player 2 4 trade, 1 silk and a culture event card for 2 iron, a culture event card " \
           "of their choice and a level 2 culture event card of their choice"
    assert said in g.log
    trade = [pl["trade"] for pl in g.state["players"]]     # after collecting
    play(g, "accept")
    assert g.pending.kind == "trade_card" and g.pending.options == ["lost", "we_love_the_queen_day"]   # level 2 first
    play(g, "lost")
    assert g.pending.kind == "trade_card" and g.pending.options == ["disoriented", "we_love_the_queen_day"]
    play(g, "disoriented")
    p0, p1 = g.state["players"]
    assert (p0["trade"], p1["trade"]) == (trade[0] - 4, trade[1] + 4)
    assert (p0["resources"].get("silk"), p1["resources"].get("silk")) == (0, 1)
    assert (p0["resources"].get("iron"), p1["resources"].get("iron")) == (2, 0)
    assert sorted(p0["hand"]) == ["disoriented", "lost"] and sorted(p1["hand"]) == ["sabotage", "we_love_the_queen_day"]


def test_a_partner_asked_for_more_cards_than_it_holds_of_a_level_can_only_refuse():
    g = at_trade(specs=[{"trade": 4}, {"culture_hand": ["lost", "sabotage"]}])
    play(g, "to:1", "trade", "2", "done", "card:2", "card:2", "done")
    assert g.pending is None or g.pending.kind != "trade_answer"
    assert "Player 2 refuses the offer" in g.log


def test_a_resource_goes_from_a_token_first_else_a_hidden_marker_which_stays_hidden():
    g = at_trade(3, [{"trade": 0, "culture": 2}, {"resources": {}, "huts": ["hut_silk"]}, {}])
    play(g, "to:1", "culture", "2", "done", "silk", "done")
    play(g, "accept")
    assert g.state["players"][0]["huts"] == ["hut_silk"] and g.state["players"][1]["huts"] == []
    assert g.view(2)["players"][0]["huts"] == {"count": 1}


def test_trade_received_over_the_dial_is_lost():
    g = at_trade(specs=[{"trade": 5}, {"trade": 26, "culture": 1}])
    play(g, "to:1", "trade", "3", "done", "culture", "done")
    play(g, "accept")
    assert g.state["players"][1]["trade"] == 27 and g.state["players"][0]["culture"] == 1
    assert any("trade dial stops at 27: 3 trade is lost" in line for line in g.log)   # full after collecting
