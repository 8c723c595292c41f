"""The information-set tree search bot (engine/ismcts.py): legal in both games, deterministic for a seed
with an iteration budget, blind to other seats' hidden cards, and its tree's counts add up."""

from __future__ import annotations

import json

import rulewright.rules.clash  # noqa: F401 - registers the games and their bots
import rulewright.rules.wonders7  # noqa: F401
from clash_secrets import search_decision, swap_hidden
from rulewright.api import new_game
from rulewright.engine.bots import SEARCHING, bot_error, make_bot
from rulewright.engine.decision import Decision
from rulewright.engine.ismcts import IsmctsBot, Node
from rulewright.engine.machine import Game
from rulewright.engine.search import GameSearch, SearchBot
from rulewright.engine.service import from_json, to_json


def _tree(node: Node) -> dict:
    return {o: (c.visits, c.avail, round(c.total, 9), _tree(c)) for o, c in sorted(node.children.items())}


def _sane(node: Node, player_at_root: int) -> int:
    """Checks the counts below `node`; returns how many nodes there are."""
    count = 1
    for child in node.children.values():
        assert 1 <= child.visits <= child.avail
        assert 0.0 <= child.mean() <= 1.0
        assert sum(g.visits for g in child.children.values()) <= child.visits
        count += _sane(child, player_at_root)
    return count


def test_ismcts_plays_legal_moves_in_clash():
    game = new_game(players=2, seed=5, forkable=True)
    bots = [IsmctsBot(1, "3"), make_bot("greedy", 2)]
    for _ in range(60):
        d = game.pending
        choice = bots[d.player].choose(game, d)
        assert choice in d.options
        game.apply({"player": d.player, "choice": choice})
    searched = len(bots[0].decision_seconds)
    assert searched > 0


def test_ismcts_plays_legal_picks_in_seven_wonders():
    game = new_game(players=3, seed=2, game_id="wonders7", forkable=True)
    bots = [make_bot("ismcts:2", 1, "wonders7"), make_bot("greedy", 2, "wonders7"), make_bot("greedy", 3, "wonders7")]
    while len(bots[0].decision_seconds) < 3:  # three searched picks (the first turns of age I)
        d = game.pending
        choice = bots[d.player].choose(game, d)
        assert choice in d.options
        game.apply({"player": d.player, "choice": choice})
    assert "ismcts" in SEARCHING  # play, simulate and compare keep snapshots for it


def test_ismcts_is_deterministic_with_an_iteration_budget_and_its_tree_adds_up():
    text = search_decision(6)
    bots = [IsmctsBot(3, "12"), IsmctsBot(3, "12")]
    choices = [b.choose(g, g.pending) for b, g in zip(bots, (from_json(text), from_json(text)), strict=True)]
    assert choices[0] == choices[1] and choices[0] in from_json(text).pending.options
    root = bots[0].last_root
    assert _tree(root) == _tree(bots[1].last_root)
    assert sum(c.visits for c in root.children.values()) == 12  # every iteration passes the root once
    assert all(c.player == 0 for c in root.children.values())
    assert len(root.children) >= 2  # the prior's best options are compared
    assert _sane(root, 0) > len(root.children)  # the tree grew below the root
    best = max(root.children.values(), key=lambda c: c.visits)
    assert root.children[choices[0]].visits == best.visits
    assert bots[0].iterations == [12] == bots[1].iterations  # what the studies report per decision


def _swap_wonders_hands(text: str) -> str:
    """The same 7 Wonders game with players 1 and 2 holding each other's hand."""
    data = json.loads(text)
    players = data["state"]["players"]
    players[1]["hand"], players[2]["hand"] = players[2]["hand"], players[1]["hand"]
    return json.dumps(data)


def _same_search(text: str, other: str) -> None:
    real, changed = from_json(text), from_json(other)
    assert real.state_hash() != changed.state_hash()  # the games really differ (in hidden things only)
    assert real.view(0) == changed.view(0)
    a, b = IsmctsBot(9, "6"), IsmctsBot(9, "6")
    assert a.choose(real, real.pending) == b.choose(changed, changed.pending)
    assert _tree(a.last_root) == _tree(b.last_root)


def test_ismcts_cannot_see_another_players_hand_in_clash():
    text = search_decision(4)
    _same_search(text, swap_hidden(text))


def test_ismcts_cannot_see_other_players_hands_in_seven_wonders():
    game = new_game(players=3, seed=4, game_id="wonders7", checkpoints=True)
    assert game.pending.player == 0 and game.pending.kind == "pick"
    text = to_json(game)
    _same_search(text, _swap_wonders_hands(text))


def test_bot_names_and_budgets():
    assert bot_error("ismcts") is None and bot_error("ismcts:50") is None and bot_error("ismcts:30ms") is None
    assert "bad setting" in bot_error("ismcts:soon")
    assert IsmctsBot(0, "2s").budget.seconds == 2.0 and IsmctsBot(0, "40").budget.playouts == 40


class _Trap:
    """A two-decision game where flat search's play-out policy hides a refutation: player 0 takes the
    "safe" 0.6 or the "bait"; after the bait player 1 may "pass" (player 0 gets everything) or "punish"
    (player 1 does). The fast policy always passes, so play-outs say the bait is worth 1."""

    game_id = "trap"

    def new_state(self, config: dict) -> dict:
        return {"score": None}

    def flow(self, game):
        first = yield Decision(0, "move", "bait or safe", ["bait", "safe"])
        if first == "safe":
            game.state["score"] = 0.6
            return
        second = yield Decision(1, "move", "pass or punish", ["pass", "punish"])
        game.state["score"] = 1.0 if second == "pass" else 0.0

    def view(self, game, player):
        return dict(game.state)

    def resumable(self, game) -> bool:
        return False

    def search_support(self) -> GameSearch:
        def evaluate(game, player: int) -> float:
            score = game.state["score"]
            return 0.5 if score is None else score if player == 0 else 1.0 - score

        return GameSearch(self, lambda defn, state, player, rng: None, evaluate, lambda seed: _FirstOption(),
                          {"move"}, lambda game, d: [0.0] * len(d.options))


class _FirstOption:
    def choose(self, game, decision):
        return decision.options[0]


def test_the_tree_finds_the_reply_that_flat_play_outs_miss():
    game = Game(_Trap(), {"players": 2})
    assert SearchBot(1, "8").choose(game, game.pending) == "bait"  # its play-outs let player 1 pass
    tree = IsmctsBot(1, "40")
    assert tree.choose(game, game.pending) == "safe"  # player 1's node learns to punish
    bait = tree.last_root.children["bait"]
    assert bait.children["punish"].visits > bait.children["pass"].visits
    blind = IsmctsBot(1, "40")
    blind.opponent_nodes = False  # the other player's decisions left to the policy: as blind as flat search
    assert blind.choose(game, game.pending) == "bait"


def _two_decisions_of_a_turn(reuse: bool) -> IsmctsBot:
    """A bot that searched player 0's action and then, after greedy paid for it, their next action."""
    game = from_json(search_decision(6))
    support = game.definition.search_support()
    bot = IsmctsBot(3, "30")
    bot.reuse = reuse
    game.apply({"player": 0, "choice": bot.choose(game, game.pending)})
    greedy = make_bot("greedy", 1)
    while not (support.searchable(game.pending) and len(game.pending.options) > 1):
        game.apply({"player": game.pending.player, "choice": greedy.choose(game, game.pending)})
    assert game.pending.player == 0
    bot.choose(game, game.pending)
    return bot


def test_reuse_starts_the_next_decision_of_the_turn_from_the_chosen_subtree():
    fresh, kept, again = (_two_decisions_of_a_turn(r) for r in (False, True, True))
    assert sum(c.visits for c in fresh.last_root.children.values()) == 30
    assert sum(c.visits for c in kept.last_root.children.values()) > 30  # the first search's visits carried
    assert _tree(kept.last_root) == _tree(again.last_root)  # deterministic for a seed
    # another game, or another player's decision in between: a new tree
    other = from_json(search_decision(4))
    kept.choose(other, other.pending)
    assert sum(c.visits for c in kept.last_root.children.values()) == 30


def test_the_prior_breaks_even_statistics_and_fades_with_tries():
    def pick(ranked: list[str], weight: float, tries: int = 5) -> str:
        node = Node(0)
        node.ranked, node.visits = ranked, 2 * tries  # visited enough to try both options
        for o in ranked:
            node.children[o] = child = Node(0)
            child.visits, child.total, child.avail = tries, tries * 0.5, 2 * tries
        node.children["b"].total += 0.005 * tries  # "b" is a little better on the evidence
        bot = IsmctsBot(0, "10", prior_weight=weight)
        return bot._step(node, None, Decision(0, "move", "", ["a", "b"]), None, Node(), 0)[0]

    assert pick(["a", "b"], 0.0) == "b"
    assert pick(["a", "b"], 0.1) == "a"  # the prior's first, while the tries are few
    assert pick(["b", "a"], 0.1) == "b"
    assert pick(["a", "b"], 0.1, tries=200) == "b"  # the bias fades as the tries add up


def test_a_game_sets_how_far_ahead_tree_search_looks_and_a_bot_may_override_it():
    """7 Wonders and Clash declare their tree horizon (three decisions ahead, both played worse: docs/bots.md);
    Civilization keeps the engine's; a bot's own setting comes first."""
    from rulewright.engine.ismcts import HORIZON
    from rulewright.rules.clash.bots.search_support import TREE_HORIZON as CLASH_HORIZON
    from rulewright.rules.wonders7.bots.search_support import TREE_HORIZON

    wonders = new_game(players=3, seed=2, game_id="wonders7").definition.search_support()
    clash = new_game(players=2, seed=2).definition.search_support()
    civ = new_game(players=3, seed=2, game_id="civ_board").definition.search_support()
    assert IsmctsBot(1)._horizon(wonders) == TREE_HORIZON != HORIZON
    assert IsmctsBot(1)._horizon(clash) == CLASH_HORIZON != HORIZON
    assert IsmctsBot(1)._horizon(civ) == HORIZON
    assert IsmctsBot(1, horizon=5)._horizon(wonders) == 5 == IsmctsBot(1, horizon=5)._horizon(clash)


def test_seven_wonders_tree_search_plays_out_its_horizon_before_evaluating():
    game = new_game(players=3, seed=2, game_id="wonders7", forkable=True)
    support = game.definition.search_support()
    start = len(game.actions)
    depths: list[int] = []
    evaluate = support.evaluate

    def watched(world, player, *told):
        depths.append(len(world.actions) - start)
        return evaluate(world, player, *told)

    support.evaluate = watched
    try:
        IsmctsBot(1, "6").choose(game, game.pending)
    finally:
        del support.evaluate
    assert depths and min(depths) > 3 * 3  # well past one turn of three players (unless the age ends first)
