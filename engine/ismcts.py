"""Information-set Monte Carlo tree search (single observer, after Cowling, Powley and Whitehouse 2012)
for any game that offers a `SearchSupport` (engine/search.py).

Flat search gives every candidate of the decision the same number of play-outs and then lets the fast
policy play on. This bot grows a tree instead, so the time goes where it decides something:

- every iteration samples one world (a fork in which what the deciding player may not know is guessed
  from their view, `determinise`: the same guess as flat search), then walks down the tree in that world;
- a node is a sequence of searched decisions from the root (the searcher's and the other players'
  alike: the searcher's information set when it is theirs); an edge is an option. A world offers only
  some of a node's options (another player's hand differs from world to world), so a child's UCB counts
  its tries against the times it was *available* (the paper's availability counts), not against its
  parent's visits;
- a node's options are ranked once by the game's prior; only the best few may be tried, more as the
  node is visited more (progressive widening), the untried best first; among those tried, UCB plus a
  progressive bias that favours the prior's order while an option has few tries (`prior_weight`);
- below the tree, decisions the game does not search (payments, casualties ...) and the play-out after
  the new leaf go to the fast policy, until `horizon` decisions from the root (3: iterations stay cheap,
  about a fork, three decisions and an evaluation, so a decision gets tens of them; a game may ask for more,
  `tree_horizon`: Clash and 7 Wonders look 24 ahead, as flat search does, since their evaluations a few
  decisions ahead tell the options apart too poorly, docs/bots.md); then the game's `evaluate` scores the
  position for each player, and every node on the path counts the score of the player who chose it;
- with `reuse`, the next decision of the same player in the same turn (nobody else decided since) starts
  from the chosen option's subtree.

The answer is the root's most tried option. Budget: iterations (`ismcts:200`, deterministic for a seed)
or time per decision (`ismcts:30ms`), as for `search`.
"""

from __future__ import annotations

import math
import time
from typing import Any

from .decision import Decision, IllegalAction
from .rng import Rng
from .search import Searcher, SearchSupport, copy_world, sample_world

EXPLORATION = 0.3  # UCB's exploration constant (rewards lie in [0, 1]; the evaluations of a node's options differ little)
HORIZON = 3  # decisions from the root (tree and play-out) before the evaluation: cheap iterations, many of them
ROOT_WIDTH = 6  # the root's options that may be tried (the prior's best)
WIDEN = 0.5  # a node may try 1 + WIDEN * sqrt(visits) options (at least ROOT_WIDTH at the root)
MAX_WIDTH = 8
PAIRING = 4  # iterations in a row that share one sampled world (paired comparisons, as flat search's sweeps)
REUSE = False  # keep the chosen option's subtree for the same player's next decision of the turn
PRIOR_WEIGHT = 0.1  # progressive bias: an option ranked r-th by the prior gets PRIOR_WEIGHT / (r + 1) / (tries + 1)


class Node:
    """One node: the statistics of the edge into it and its children by option."""

    __slots__ = ("player", "visits", "total", "avail", "children", "ranked")

    def __init__(self, player: int = -1):
        self.player = player  # who chose the option leading here (-1: the root)
        self.visits = 0
        self.total = 0.0  # sum of the chooser's scores
        self.avail = 0  # iterations in which the option leading here was offered while its parent was passed
        self.children: dict[str, Node] = {}
        self.ranked: list[str] | None = None  # the options in the prior's order (first seen world's)

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def width(self, least: int) -> int:
        return min(max(least, 1 + int(WIDEN * math.sqrt(self.visits))), MAX_WIDTH)


def rank(support: SearchSupport, world: Any, d: Decision, persona: Any = None) -> list[str]:
    """The options in the prior's order (ties: the menu's order); `persona`: the deciding bot's own policy,
    told to the prior of its own decisions (engine/search.py)."""
    prior = support.prior(world, d) if persona is None else support.prior(world, d, persona)
    return [d.options[i] for i in sorted(range(len(d.options)), key=lambda i: (-prior[i], i))]


class IsmctsBot(Searcher):
    """SO-ISMCTS over the game's searched decisions; see the module docstring."""

    name = "ismcts"

    def __init__(self, seed: int = 0, budget: str | None = None, horizon: int | None = None,
                 exploration: float = EXPLORATION, root_width: int = ROOT_WIDTH, prior_weight: float = PRIOR_WEIGHT):
        super().__init__(seed, budget)
        self.horizon = horizon  # None: the game's `tree_horizon`, else HORIZON
        self.exploration = exploration
        self.root_width = root_width
        self.prior_weight = prior_weight
        self.pairing = PAIRING
        self.opponent_nodes = True  # False: the tree holds only the searcher's decisions, the policy plays the rest
        self.iterations: list[int] = []  # iterations per searched decision (for reports)
        self.last_root: Node | None = None  # the last search's tree (for tests and studies)
        self.reuse = REUSE  # start from the subtree of the last choice when the same player decides again
        self._kept: tuple | None = None  # (the game's action list, its length, player, choice, child)

    def choose(self, game: Any, decision: Decision) -> str:
        if len(decision.options) == 1:
            return decision.options[0]
        start = time.perf_counter()
        rng = Rng(self._state)
        support: SearchSupport = self.support_of(game)
        persona = self._take_persona(support)
        if not support.searchable(decision):
            return self._unsearched(game, decision, support, rng)
        p = decision.player
        root = self.last_root = self._kept_root(game, p, decision)
        world_seed = rng.below(1 << 62)
        sampled = sample_world(game, p, support, world_seed, copies=True)  # copied for each iteration
        world = copy_world(sampled, game, p, support, world_seed)
        # the root's ranking is of a sampled world's options (the real decision may offer fewer: a bot
        # forbidden some, tools/restricted.py); the real decision's options only are tried
        ranked = [o for o in rank(support, world, world.pending, persona) if o in decision.options]
        root.ranked = ranked + [o for o in decision.options if o not in ranked]
        done = 0
        while True:
            self._iterate(root, world, p, support, world_seed)
            done += 1
            if self._spent(done, start):
                break
            if done % self.pairing == 0:
                world_seed = rng.below(1 << 62)
                sampled = sample_world(game, p, support, world_seed, copies=True)
            world = copy_world(sampled, game, p, support, world_seed)
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].mean(), -root.ranked.index(kv[0])))
        self.decision_seconds.append(time.perf_counter() - start)
        self.iterations.append(done)
        self._kept = (game.actions, len(game.actions), p, best[0], best[1]) if self.reuse else None
        return best[0]

    def _kept_root(self, game: Any, p: int, decision: Decision) -> Node:
        """The subtree below the option chosen last, when only this player decided since in the same game
        (a turn of several actions): its statistics are of this player's next decisions already. Options the
        real decision does not offer are dropped. Else a new root."""
        kept, self._kept = self._kept, None
        if kept is None:
            return Node()
        actions, n, player, choice, node = kept
        if (actions is not game.actions or player != p or len(actions) <= n
                or actions[n] != {"player": p, "choice": choice} or any(a["player"] != p for a in actions[n:])):
            return Node()
        root = Node()
        root.children = {o: c for o, c in node.children.items() if o in decision.options and c.player == p}
        return root

    def _spent(self, done: int, start: float) -> bool:
        if self._capped(start):
            return True
        if done < min(self.root_width, 2):
            return False  # the root's two best options are always compared
        if self.budget.seconds is not None:
            return time.perf_counter() - start >= self.budget.seconds
        return done >= (self.budget.playouts or 0)

    def _iterate(self, root: Node, world: Any, p: int, support: SearchSupport, seed: int) -> None:
        """One iteration in one sampled world: select and expand down the tree, play out, back up."""
        path: list[Node] = []
        node: Node | None = root
        bots: dict[int, Any] = {}
        try:
            for _ in range(self._horizon(support)):
                d = world.pending
                if d is None:
                    break
                if (node is not None and len(d.options) > 1 and support.searchable(d)
                        and (self.opponent_nodes or d.player == p)):
                    choice, child = self._step(node, world, d, support, root, p)
                    path.append(child)
                    world.apply({"player": d.player, "choice": choice})
                    node = child if child.visits else None  # below a new leaf the policy plays on
                    continue
                bot = bots.get(d.player)
                if bot is None:
                    own = d.player == p and self._persona is not None
                    bot = bots[d.player] = self._persona if own else support.policy(seed * 31 + d.player)
                world.apply({"player": d.player, "choice": bot.choose(world, d)})
            scores: dict[int, float] = {}
            for n in path:
                if n.player not in scores:
                    told = (self._persona,) if n.player == p and self._persona is not None else ()
                    scores[n.player] = support.evaluate(world, n.player, *told)
        except (IllegalAction, RuntimeError):
            scores = {}  # a guessed world the rules cannot play on counts as a poor outcome for all
        for n in path:
            n.visits += 1
            n.total += scores.get(n.player, 0.0)

    def _horizon(self, support: SearchSupport) -> int:
        """Decisions from the root before the evaluation: the bot's own setting, else the game's, else HORIZON."""
        if self.horizon is not None:
            return self.horizon
        return getattr(support, "tree_horizon", None) or HORIZON

    def _step(self, node: Node, world: Any, d: Decision, support: SearchSupport, root: Node,
              p: int) -> tuple[str, Node]:
        """The option and child to follow at `node` for decision `d` in this world (a new child when the node
        may try another option)."""
        persona = self._persona if d.player == p else None
        if node.ranked is None:
            node.ranked = rank(support, world, d, persona)
        offered = set(d.options)
        least = self.root_width if node is root else 1
        allowed = [o for o in node.ranked if o in offered][:node.width(least)]
        if not allowed:  # this world offers only options the node has not ranked: rank them
            extra = [o for o in rank(support, world, d, persona) if o not in node.ranked]
            node.ranked += extra
            allowed = extra[:1]
        for o in allowed:
            child = node.children.get(o)
            if child is not None:
                child.avail += 1
        untried = [o for o in allowed if o not in node.children]
        if untried:
            o = untried[0]
            child = node.children[o] = Node(d.player)
            child.avail = 1
            return o, child
        c, w = self.exploration, self.prior_weight

        def ucb(i: int) -> float:
            child = node.children[allowed[i]]
            return (child.mean() + c * math.sqrt(math.log(child.avail) / child.visits)
                    + w / (node.ranked.index(allowed[i]) + 1) / (child.visits + 1))

        i = max(range(len(allowed)), key=ucb)
        return allowed[i], node.children[allowed[i]]
