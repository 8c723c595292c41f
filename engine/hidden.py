"""Hidden information as data: what a player's view of the state leaves out.

A game declares it in its rules data (`hidden:` of rules/<game>/game.yaml) instead of writing a view
function per game:

    hidden:
      drop: [rng]                                  # keys nobody sees (the seeded RNG state)
      count: [decks, discard]                      # lists (or mappings of lists) shown by their length
      owner_only: [players.*.hand, players.*.pick] # seen only by the player whose index `*` matched

A path is dot-separated keys; `*` matches every index of a list (or key of a mapping). Under
`owner_only`, the first `*` is the owning player's index: other viewers see the value as counts, or
nothing when it holds no list. A secret pick waiting to be revealed (7 Wonders' simultaneous choices)
and a hand of cards (both games) are the same thing here: a value only its owner sees.

An `owner_only` value may also be opened to other players by the state itself:

      shown_to: {players.*.hand: players.*.hand_shown_to}   # a list of player indices beside the value

the viewers listed at the second path (its `*` bound to the same owner) see the value as its owner does
(an ability that lets a player look at another's hand for a while: the rules fill and empty the list).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from .rng import Rng


def counted(value: Any) -> Any:
    """A list as {"count": n}; a mapping of lists as the same mapping of counts; anything else (a
    secret pick, a number): None, so not even its keys are shown."""
    if isinstance(value, list):
        return {"count": len(value)}
    if isinstance(value, dict) and all(isinstance(v, list) for v in value.values()):
        return {k: counted(v) for k, v in value.items()}
    return None


def _apply(node: Any, parts: list[str], fn, owner: int | None = None) -> None:
    """Replace the value at `parts` under `node` by fn(value, owner); `*` binds the first owner index."""
    if not parts or node is None:
        return
    head, rest = parts[0], parts[1:]
    if head == "*":
        keys = range(len(node)) if isinstance(node, list) else list(node) if isinstance(node, dict) else []
        for k in keys:
            who = owner if owner is not None else (k if isinstance(k, int) else _int(k))
            if rest:
                _apply(node[k], rest, fn, who)
            else:
                node[k] = fn(node[k], who)
        return
    if not isinstance(node, dict) or head not in node:
        return
    if rest:
        _apply(node[head], rest, fn, owner)
    else:
        node[head] = fn(node[head], owner)


def _int(key: Any) -> int | None:
    try:
        return int(key)
    except (TypeError, ValueError):
        return None


def shown_to(state: Any, path: str | None, owner: int | None) -> list:
    """The players an owner's hidden value is opened to: the list at `path` with its `*` bound to `owner`."""
    if not path or owner is None:
        return []
    node = state
    for part in str(path).replace("*", str(owner), 1).split("."):
        if isinstance(node, list) and part.lstrip("-").isdigit() and -len(node) <= int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            return []
    return list(node) if isinstance(node, list) else []


def sees(state: Any, spec: dict, key: str, owner: int | None, viewer: int | None) -> bool:
    """May `viewer` see the `owner_only` value `key` of `owner`?"""
    if owner is None or viewer is None:
        return False
    return owner == viewer or viewer in shown_to(state, (spec.get("shown_to") or {}).get(key), owner)


def view_of(state: dict, viewer: int | None, spec: dict | None) -> dict:
    """A deep copy of `state` as `viewer` (a player index, None: a spectator) may see it under `spec`."""
    spec = spec or {}
    out = copy.deepcopy(state)
    for key in spec.get("drop") or []:
        _apply(out, str(key).split("."), lambda v, o: None)
        if "." not in str(key):
            out.pop(str(key), None)
    for key in spec.get("count") or []:
        _apply(out, str(key).split("."), lambda v, o: counted(v))
    for key in spec.get("owner_only") or []:
        _apply(out, str(key).split("."), lambda v, o, k=key: v if sees(state, spec, k, o, viewer) else counted(v))
    out["viewer"] = viewer
    return out


def redeal(rng: Rng, places: list[list], belongs: Callable[[Any], bool] = lambda card: True, *,
           sort: bool = True, from_end: bool = False) -> None:
    """A guess of hidden cards: the cards of `places` that `belongs` takes (None: an empty slot, kept) are
    pooled, sorted (so the guess depends on which cards are unseen, not where they lie), shuffled with
    `rng` and dealt back to the same slots in the places' order, from the pool's front or its end. A game
    that dealt without sorting, or from the end, keeps its way, so a seed's guess stays the same."""
    slots = [(cards, i) for cards in places for i, card in enumerate(cards) if card is not None and belongs(card)]
    pool = [cards[i] for cards, i in slots]
    if sort:
        pool.sort()
    rng.shuffle(pool)
    if from_end:
        pool.reverse()
    for (cards, i), card in zip(slots, pool, strict=True):
        cards[i] = card
