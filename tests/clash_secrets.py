"""What a Clash player may not see in a game: shared by the hidden-information tests of the rules and of
every seat's outputs (tests/clash, tests/tools/seat), and by the search bots' tests (a position at a
searched decision, and the same game with other cards in a rival's hand)."""

import json

import rulewright.rules.clash  # noqa: F401 - registers the game's bots
from rulewright.api import new_game
from rulewright.engine.bots import make_bot
from rulewright.engine.playout import play_out
from rulewright.engine.service import to_json


def hidden_items(game, player: int | None) -> set[str]:
    """Ids `player` must not see (None: a spectator): others' hands and unused leaders, deck contents,
    unrevealed tiles, the wonder deck; less any id that is also public somewhere else (a copy in a discard
    pile, the viewer's own hand, a completed objective, a leader in play, a wonder revealed or built)."""
    st_ = game.state
    items: set[str] = set()
    for i, pl in enumerate(st_["players"]):
        if i != player:
            for cards in pl["hand"].values():
                items.update(cards)
            items.update(pl.get("leaders_left") or [])
    for cards in st_["decks"].values():
        items.update(cards)
    items.update(t for t, shown in zip(st_["board"]["tiles"], st_["board"]["revealed"], strict=True) if not shown)
    items.update(st_["wonders"]["deck"])
    public: set[str] = set(st_["wonders"].get("revealed") or [])
    for cards in st_["discard"].values():
        public.update(cards)
    if player is not None:
        for cards in st_["players"][player]["hand"].values():
            public.update(cards)
        public.update(st_["players"][player].get("leaders_left") or [])
    for pl in st_["players"]:
        public.update(pl["completed"])
        public.update(x for x in (pl.get("leader"), *pl.get("discarded_leaders", []), *pl.get("captured_leaders", []))
                      if x)
    for c in st_["cities"].values():
        public.update(c.get("wonders") or [])
    return items - public


def search_decision(seed: int) -> str:
    """A 2-player game at player 0's choice of action (with a choice), kept as a service JSON string."""
    game = new_game(players=2, seed=seed, checkpoints=True)
    bots = [make_bot("greedy", seed + i) for i in range(2)]
    play_out(game, bots, stop=lambda g: len(g.actions) > 12 and g.pending.player == 0 and g.pending.kind == "action"
             and len(g.pending.options) > 2)
    assert game.pending is not None
    return to_json(game)


def swap_hidden(text: str) -> str:
    """The same game with other cards in player 1's hand (swapped with cards of the decks)."""
    data = json.loads(text)
    st = data["state"]
    changed = 0
    for kind in ("action_card", "objective_card"):
        hand, deck = st["players"][1]["hand"][kind], st["decks"][kind]
        for i, card in enumerate(hand):
            j = next((j for j, c in enumerate(deck) if c not in hand), None)
            if j is not None:
                hand[i], deck[j] = deck[j], card
                changed += 1
    assert changed
    return json.dumps(data)
