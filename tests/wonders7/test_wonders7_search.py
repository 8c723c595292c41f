"""The search bot in 7 Wonders: it plays a whole game deterministically, never sees another player's hand
or secret pick, its guessed worlds stay legal, and a mid-turn fork is independent of its game."""

from __future__ import annotations

import copy
import json
from collections import Counter

import rulewright.rules.wonders7  # noqa: F401 - registers the game and its bots
from rulewright.api import new_game, scores
from rulewright.engine.bots import make_bot
from rulewright.engine.playout import play_out
from rulewright.engine.rng import Rng
from rulewright.engine.search import SearchBot
from rulewright.engine.service import from_json, to_json
from rulewright.rules.wonders7.bots.search_support import determinise

GAME = "wonders7"


def _play(seed: int) -> tuple[list[dict], dict]:
    game = new_game(players=3, seed=seed, game_id=GAME, forkable=True)
    bots = [make_bot("search:2", seed, GAME), make_bot("greedy", seed + 1, GAME), make_bot("greedy", seed + 2, GAME)]
    play_out(game, bots)
    return game.actions, scores(game)


def test_search_finishes_a_game_the_same_way_for_a_seed():
    actions, table = _play(5)
    assert table["winners"] and len(table["vp"]) == 3
    assert any(a["player"] == 0 for a in actions)
    assert _play(5) == (actions, table)


def _mid_turn(seed: int, checkpoints: bool = False):
    """A 3-player game at player 1's pick in age I, turn 2, once player 0 has picked (in secret)."""
    game = new_game(players=3, seed=seed, game_id=GAME, checkpoints=checkpoints, forkable=not checkpoints)
    bots = [make_bot("greedy", seed + i, GAME) for i in range(3)]
    play_out(game, bots, stop=lambda g: g.state["turn"] == 2 and g.pending.kind == "pick" and g.pending.player == 1)
    assert game.pending.player == 1 and game.state["players"][0]["pick"] is not None
    return game


def _swap_hidden(text: str) -> str:
    """The same game with other cards in players 0 and 2's hands and another secret pick for player 0."""
    data = json.loads(text)
    players = data["state"]["players"]
    h0, h2 = players[0]["hand"], players[2]["hand"]
    i = next(i for i, c in enumerate(h0) if c not in h2 and c != players[0]["pick"]["card"])
    j = next(j for j, c in enumerate(h2) if c not in h0)
    h0[i], h2[j] = h2[j], h0[i]
    players[0]["pick"] = {"action": "sell", "card": h0[i], "pay": {"left": 0, "right": 0, "bank": 0}}
    return json.dumps(data)


def test_search_cannot_see_another_players_hand_or_pick():
    text = to_json(_mid_turn(3, checkpoints=True))
    real, other = from_json(text), from_json(_swap_hidden(text))
    assert real.state_hash() != other.state_hash()  # the two games really differ (in hidden things only)
    assert real.view(0) != other.view(0) and real.view(1) == other.view(1)
    support = real.definition.search_support()
    bot_a, bot_b = SearchBot(9, "4"), SearchBot(9, "4")
    assert bot_a._world(real, 1, support, 77).state_hash() == bot_b._world(other, 1, support, 77).state_hash()
    assert bot_a.choose(real, real.pending) == bot_b.choose(other, other.pending)


class _Fake:
    """Just enough of a Game for the view function."""

    def __init__(self, state: dict):
        self.state = state


def _ages(defn, cards) -> Counter:
    return Counter((defn.content.entries[c].data["age"], c) for c in cards if c is not None)


def test_a_guess_keeps_the_players_view_and_stays_legal():
    game = _mid_turn(4)
    defn, before = game.definition, game.state
    world = game.fork()
    determinise(defn, world.state, 1, Rng({"rng": 5}))
    after = world.state
    assert defn.view(_Fake(after), 1) == defn.view(_Fake(before), 1)  # nothing the player sees changed
    assert after["players"][1] == before["players"][1] and after["rng"] != before["rng"]
    assert after["players"][0]["pick"] is None  # withdrawn: asked again in the sampled world

    def unseen(st):
        return [c for q in (0, 2) for key in ("hand", "stage_cards") for c in st["players"][q][key]] + \
            st["discard"] + st["guild_pool"]
    assert _ages(defn, unseen(after)) == _ages(defn, unseen(before))
    assert [pl["hand"] for pl in after["players"]] != [pl["hand"] for pl in before["players"]]
    # the sampled world plays on by the rules: player 0 picks again, the turn resolves, hands stay even
    bots = [make_bot("greedy", i, GAME) for i in range(3)]
    asked = []
    play_out(world, bots, stop=lambda g: g.state["turn"] != 2, on_step=lambda _g, step: asked.append(step.decision.player))
    assert 0 in asked and len({len(pl["hand"]) for pl in world.state["players"]}) == 1


def test_a_mid_turn_fork_is_independent_of_its_game():
    game = _mid_turn(6)
    real_hash, picks = game.state_hash(), copy.deepcopy([pl["pick"] for pl in game.state["players"]])
    fork = game.fork()
    assert fork.state_hash() == real_hash and fork.pending.to_json() == game.pending.to_json()
    bots = [make_bot("greedy", i, GAME) for i in range(3)]
    played = []
    play_out(fork, bots, limit=12,
             on_step=lambda _g, step: played.append({"player": step.decision.player, "choice": step.choice}))
    assert game.state_hash() == real_hash  # the fork played on; the game did not move
    assert [pl["pick"] for pl in game.state["players"]] == picks
    for action in played:  # the same actions take the game where they took the fork
        game.apply(action)
    assert game.state_hash() == fork.state_hash()


def test_the_search_bot_may_be_seated_in_7_wonders():
    from rulewright.engine.bots import bot_error

    assert bot_error("search:8", GAME) is None and bot_error("search", GAME) is None
    assert "bad setting" in bot_error("search:soon", GAME)
