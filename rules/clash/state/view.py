"""What one player may see: the state with every hidden thing removed.

Hidden from a player: other players' hands (action and objective cards; their counts stay), the
order and contents of every deck (counts stay), the faces of unrevealed regions and of the wonders
still in their deck, the RNG state and any fixed dice, and other players' unused leader cards. Everything else is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....engine.hidden import view_of

if TYPE_CHECKING:
    from ....engine.machine import Game


def view(game: Game, player: int | None, hidden: dict | None = None) -> dict:
    """What game.yaml `hidden:` declares (engine/hidden.py: RNG and dice dropped, decks as counts, hands and
    unused leader cards only for their owner), and the faces of the regions not yet revealed."""
    st = view_of(game.state, player, hidden)
    b = st["board"]
    b["tiles"] = [t if shown else None for t, shown in zip(b["tiles"], b["revealed"], strict=True)]
    return st


def visible_log(game: Game, player: int | None) -> list[str]:
    """The log as a player sees it: no line names a card in another player's hand or a deck."""
    return list(game.log)
