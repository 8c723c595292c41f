"""What one player may see: the state with every hidden thing removed.

Hidden from a player: other players' hands (action and objective cards; their counts stay), the
order and contents of every deck (counts stay), the faces of unrevealed regions and of the wonders
still in their deck, the RNG state and any fixed dice, and other players' unused leader cards. Everything else is public.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ....engine.machine import Game


def view(game: Game, player: int | None) -> dict:
    st = copy.deepcopy(game.state)
    st.pop("rng", None)
    st.pop("dice", None)
    st["decks"] = {k: {"count": len(v)} for k, v in st["decks"].items()}
    w = st["wonders"]
    w["deck"] = {"count": len(w["deck"])}
    b = st["board"]
    b["tiles"] = [t if shown else None for t, shown in zip(b["tiles"], b["revealed"], strict=True)]
    for i, pl in enumerate(st["players"]):
        if i != player:
            pl["hand"] = {k: {"count": len(v)} for k, v in pl["hand"].items()}
            if "leaders_left" in pl:  # unused leader cards lie face down
                pl["leaders_left"] = {"count": len(pl["leaders_left"])}
    st["viewer"] = player
    return st


def visible_log(game: Game, player: int | None) -> list[str]:
    """The log as a player sees it: no line names a card in another player's hand or a deck."""
    return list(game.log)
