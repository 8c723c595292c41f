"""A set-up with chosen orders: what a scenario's `setup:` stacks instead of shuffling (issue 33).

A scenario may start from the game's set-up instead of a position, so the set-up's own rules (dealing
civilisation boards, drawing and placing the starting leaders, Lead Us, What If?'s shared leader deck,
alternate starting regions) run and can be checked. The random parts can be fixed:

    setup:
      first: 0                               # the first player
      regions: [region-03, region-01]        # the face-down regions, slot by slot (the rest as shuffled)
      decks: {action_card: [a, b]}           # cards on top of their decks, top first (dealt in that order)
      civilizations: [rome, greece, egypt]   # the civilisation boards, top first
      leaders: [augustus, sulla, ...]        # What If?: the shared leader deck, top first
      leader_draws: [sulla]                  # each random leader draw takes the first listed card the
                                             #   player may draw (set-up and status phases alike)

Everything not named keeps the seeded random order. The stack lives in state["stacked"] and each
named item is used once.
"""

from __future__ import annotations

from typing import Any

from ....engine.rng import Rng


def stack_board_and_decks(state: dict, setup: dict, regular_slots: list[int]) -> None:
    """Called by set-up after its shuffles and before dealing: the named regions and deck tops."""
    tiles = state["board"]["tiles"]
    named = [str(r) for r in setup.get("regions") or []]
    if named:
        rest = [tiles[i] for i in regular_slots if tiles[i] not in named]
        order = named + rest
        for i, tile in zip(regular_slots, order, strict=False):
            tiles[i] = tile
    for deck, top in (setup.get("decks") or {}).items():
        cards = state["decks"].setdefault(deck, [])
        for card in top:
            if card in cards:
                cards.remove(card)
        cards.extend(reversed([str(c) for c in top]))  # the last card of the list is drawn first
    state["stacked"] = {k: [str(x) for x in setup[k]] for k in ("civilizations", "leaders", "leader_draws")
                        if setup.get(k)}


def stacked_order(state: dict, key: str, items: list[str]) -> list[str] | None:
    """`items` with the stacked ones first (in their order) and the others shuffled, or None when the set-up
    stacks nothing for `key` (then the caller shuffles as usual, so unstacked games stay the same)."""
    named = (state.get("stacked") or {}).get(key)
    if not named:
        return None
    top = [x for x in named if x in items]
    rest = [x for x in items if x not in top]
    Rng(state).shuffle(rest)
    return top + rest


def stacked_draw(state: dict, key: str, allowed: list[Any]) -> Any | None:
    """The first stacked item for `key` among `allowed` (used up), or None."""
    queue = (state.get("stacked") or {}).get(key) or []
    pick = next((x for x in queue if x in allowed), None)
    if pick is not None:
        queue.remove(pick)
    return pick
