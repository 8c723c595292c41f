"""7 Wonders positions that fix what the random stream would deal (issue 48): an age's deck in dealing
order, the guilds left out of age III, the turn of the hands given; a deck the rules could not have made
is a message naming where it is, and a fixed deal is the same whatever the seed."""

from __future__ import annotations

from pathlib import Path

from rulewright.engine.machine import Game
from rulewright.rules.wonders7.state.definition import definition
from rulewright.tools.modding.scenarios import load_scenario, run_scenario

BOARDS = ["gizah_a", "babylon_a", "rhodes_a"]
AGE_II = ["sawmill", "quarry", "brickyard", "foundry", "loom_2", "press_2", "vineyard"]
GUILDS = ["workers_guild", "craftsmens_guild", "traders_guild", "spies_guild", "builders_guild"]


def _game(position: dict, seed: int = 1) -> Game:
    return Game(definition(), {"players": 3, "seed": seed, "position": position})


def _last_turn_of_age_one(**more) -> dict:
    return {"age": 1, "turn": 6, "players": [{"board": b, "coins": 0, "hand": ["altar", "theater"]} for b in BOARDS],
            **more}


def _play(game: Game, picks: list[str]) -> None:
    for choice in picks:
        game.apply({"player": game.pending.player, "choice": choice})


def test_a_fixed_deck_is_dealt_as_listed_whatever_the_seed():
    worlds = []
    for seed in (1, 2, 3):
        game = _game(_last_turn_of_age_one(decks={2: AGE_II}), seed)
        assert game.pending.prompt.startswith("Age I, turn 6: ")
        _play(game, ["build:altar"] * 3)
        st = game.state
        assert [pl["hand"] for pl in st["players"]] == [AGE_II[0:2], AGE_II[2:4], AGE_II[4:6]]
        assert st["decks"] == {"2": ["vineyard"]} and st["turns"] == 1
        worlds.append((st["players"], game.log))
    assert worlds[0] == worlds[1] == worlds[2]
    # unfixed, the seed deals another age II
    game = _game(_last_turn_of_age_one())
    _play(game, ["build:altar"] * 3)
    assert game.state["players"][0]["hand"] != AGE_II[0:2] and len(game.state["players"][0]["hand"]) == 7


def test_a_fixed_age_three_keeps_the_guilds_the_position_names():
    deck = ["pantheon", "gardens", "senate", "arena", "study", "lodge"] + GUILDS[:3]
    game = _game(_last_turn_of_age_one(decks={2: AGE_II, 3: deck}, guild_pool=GUILDS[3:]))
    _play(game, ["build:altar"] * 3 + ["sell:sawmill", "sell:brickyard", "sell:loom_2"])
    st = game.state
    assert st["age"] == 3 and [pl["hand"] for pl in st["players"]] == [deck[0:3], deck[3:6], deck[6:9]]
    assert st["guild_pool"] == GUILDS[3:]
    assert game.view(1)["guild_pool"] == {"count": 2} and game.view(1)["decks"] == {"2": {"count": 1}, "3": {"count": 0}}


def test_hands_given_at_a_later_turn_end_the_age_after_their_last_card():
    game = _game(_last_turn_of_age_one())
    _play(game, ["build:altar"] * 3)
    assert game.state["age"] == 2 and "Age I, turn 6" in game.log


BAD = """name: t
game: wonders7
players: 3
position:
  age: 2
  decks:
    1: [altar, theater, baths, altar, theater, baths]
    2: [sawmill, quarry, pantheon, foundry, lumbr_yard, press_2]
    3: [pantheon, gardens]
    4: [altar]
  guild_pool: [workers_guild, senate]
  turn: 3
  players:
    - {board: gizah_a}
"""


def test_a_deck_the_rules_could_not_have_made_names_where_and_why(tmp_path: Path):
    f = tmp_path / "bad.yaml"
    f.write_text(BAD)
    res = run_scenario(load_scenario(f), path=str(f))
    assert not res.passed and res.messages[0] == "cannot set up the position:"
    text = "\n".join(res.messages)
    assert f"{f}:7:5: position.decks.1: age 1's deck was dealt before the position's age 2" in text
    assert f"{f}:8:26: position.decks.2.2: 'pantheon' is a card of age 3, not of age 2" in text
    assert f"{f}:8:45: position.decks.2.4: 'lumbr_yard' is not a card of the loaded packs; did you mean " \
        "'lumber_yard' or 'timber_yard' or 'brickyard'? accepted: academy, " in text
    assert f"{f}:9:5: position.decks.3: age 3's deck holds 2 cards: 3 players need at least 6" in text
    assert f"{f}:10:5: position.decks.4: 4 is not an age; the ages are 1 to 3" in text
    assert f"{f}:11:31: position.guild_pool.1: 'senate' is not a purple card of the loaded packs" in text
    assert f"{f}:12:3: position.turn: a turn is the turn of the hands given: give the players' hands too" in text
    assert "Traceback" not in text and len(res.messages) == 8


def test_the_undealt_cards_of_the_age_the_hands_are_given_in_stay_in_its_deck():
    game = _game({"age": 3, "decks": {3: ["palace"]},
                  "players": [{"board": b, "hand": ["altar", "baths"]} for b in BOARDS]})
    assert game.state["decks"] == {"3": ["palace"]}
    _play(game, ["sell:altar"] * 3)
    assert game.over and game.state["decks"] == {"3": ["palace"]}
