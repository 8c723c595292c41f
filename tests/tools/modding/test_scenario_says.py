"""Scenarios that say what they check (issue 28): a checkpoint or an options check names the decision kind
it expects and fails plainly when another is pending; decisions taken without asking are recorded and
checkable; an index option carries its text; a failed check shows the decision pending; 7 Wonders
scenarios take checkpoints and every expectation kind."""

from __future__ import annotations

from rulewright.tools.modding.scenarios import run_scenario

MARKET = {"name": "t", "packs": ["base", "examples/modding"], "players": 2,
          "position": {"players": [{"resources": {"gold": 6, "food": 0, "wood": 0, "ore": 0, "idea": 0},
                                    "culture_level": 3, "happiness_level": 3,
                                    "hand": {"action_card": ["market_day"]}}],
                       "cities": [{"owner": 0, "at": "D2"}]},
          "actions": ["special:market_day#0"]}


def _run(base: dict, **over) -> list[str]:
    res = run_scenario({**base, **over})
    return [] if res.passed else res.messages


def test_options_check_names_its_decision_kind():
    assert _run(MARKET, expect=[{"options_include": ["0"], "pending": "choose"}]) == []
    msgs = _run(MARKET, expect=[{"options_exclude": ["gold"], "pending": "pay"}])
    assert msgs[0] == ("options_exclude expected a pending 'pay' decision, got 'choose'; its options were not "
                       "checked; waiting for player 0 (choose: 0 (get 1 culture) | 1 (get 1 mood))")
    # without a kind, the message still says which decision it looked at
    msgs = _run(MARKET, expect=[{"options_include": ["gold"]}])
    assert msgs[0].startswith("expected option 'gold' to be offered by the 'choose' decision of player 0; "
                              "offered: 0 (get 1 culture) | 1 (get 1 mood)")


def test_checkpoint_names_its_decision_kind():
    steps = ["special:market_day#0", {"pending": "pay", "expect": [{"options_include": ["gold"]}]}]
    msgs = _run(MARKET, actions=steps)
    assert msgs[0] == ("checkpoint at step 2: expected a pending 'pay' decision, got 'choose'; the checkpoint's "
                       "items were not checked; waiting for player 0 (choose: 0 (get 1 culture) | 1 (get 1 mood))")
    steps[1] = {"pending": "choose", "expect": [{"options_include": ["get 1 mood"]}]}
    assert _run(MARKET, actions=steps) == []


def test_a_decision_taken_without_asking_is_recorded_and_checkable():
    # the only resource held is gold: both payments are made without asking
    assert _run(MARKET, expect=[{"auto_picked": "pay", "choice": "gold", "player": 0},
                                {"path": "auto_picks.1.prompt", "equals": "Market Day: which resource to pay?"}]) == []
    msgs = _run(MARKET, expect=[{"auto_picked": "city"}])
    assert msgs[0] == ("expected a 'city' decision taken without asking; taken without asking: pay of player 0: gold; "
                       "pay of player 0: gold")


def test_a_choose_option_is_answered_by_its_text():
    assert _run(MARKET, actions=["special:market_day#0", "get 1 mood"],
                expect=[{"path": "players.0.res.mood", "equals": 1}]) == []


def test_a_failed_final_check_prints_the_pending_decision():
    msgs = _run(MARKET, expect=[{"path": "players.0.res.mood", "equals": 1}])
    assert msgs[-1] == ("  pending: 'Market Day: Choose one' - waiting for player 0 (choose: 0 (get 1 culture) | "
                        "1 (get 1 mood))")


WONDERS = {"name": "t", "game": "wonders7", "players": 3,
           "position": {"age": 3, "players": [{"board": "rhodes_a", "coins": 0, "hand": ["altar", "theater"]},
                                              {"board": "alexandria_a", "coins": 0, "hand": ["altar", "theater"]},
                                              {"board": "ephesus_a", "coins": 0, "hand": ["altar", "theater"]}]}}


def test_wonders7_takes_checkpoints_and_every_expectation_kind():
    every = [{"path": "players.0.coins", "equals": 0}, {"pending": "pick", "player": 0},
             {"options_include": ["sell:altar"], "pending": "pick"}, {"options_exclude": ["sell:temple"]},
             {"vp": {0: 0, 2: 0}}, {"no_log": "sells"}, {"over": False}, {"path": "players.0.built", "length": 0}]
    steps = [{"pending": "pick", "expect": every}, "sell:altar",
             {"expect": [{"pending": "pick", "player": 1}]}, "sell:altar", "sell:altar"]
    assert _run(WONDERS, actions=steps, expect=[{"path": "players.0.coins", "at_least": 3},
                                                {"log": "Age III"}]) == []
    bad = _run(WONDERS, actions=[{"pending": "pick", "expect": [{"vp": {0: 99}}]}, "sell:altar"])
    assert bad[0].startswith("checkpoint at step 1: expected VP {0: 99}")
