"""What a Clash player may not see in a game: shared by the hidden-information tests of the rules and of
every seat's outputs (tests/clash, tests/tools/seat)."""


def hidden_items(game, player: int) -> set[str]:
    """Ids a player must not see: others' hands, deck contents, unrevealed tiles, the wonder deck."""
    st_ = game.state
    items: set[str] = set()
    for i, pl in enumerate(st_["players"]):
        if i != player:
            for cards in pl["hand"].values():
                items.update(cards)
    for cards in st_["decks"].values():
        items.update(cards)
    items.update(t for t, shown in zip(st_["board"]["tiles"], st_["board"]["revealed"], strict=True) if not shown)
    items.update(st_["wonders"]["deck"])
    # an id that is also public somewhere else (a copy in a discard pile, a hand of the viewer) is not secret
    public: set[str] = set()
    for cards in st_["discard"].values():
        public.update(cards)
    for cards in st_["players"][player]["hand"].values():
        public.update(cards)
    for pl in st_["players"]:
        public.update(pl["completed"])
    return items - public
