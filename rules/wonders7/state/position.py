"""A scenario's starting position (docs/scenarios.md): what it may fix of a 7 Wonders game, checked
against rules/wonders7/scenario.schema.json, with every unknown board or card reported at once.

Besides the cities, a position may fix everything the rules would otherwise draw from the random stream:
the decks of the ages still to deal, in the order they are dealt (`decks`), and the guilds left out of
age III (`guild_pool`); so a scenario that plays into a later age no longer depends on the seed."""

from __future__ import annotations

import copy
from typing import Any

from ....dsl.schemas import check_position
from ....engine.diagnostics import PositionError, accepted, did_you_mean
from ..names import RULES_DIR


def place(defn: Any, state: dict, position: dict) -> None:
    """Put the position on a new state: the age to start in (and, with hands given, the turn), the discard
    pile, the decks and the guild pool, and per player any of board, coins, built, stages, hand, military,
    name and free_used (the board's free build already used this age). Hands given are played as dealt (no
    deal that age). Unknown boards or cards, and decks the rules could not have made, are one
    PositionError naming where each is and what is accepted."""
    check_position(position, RULES_DIR / "scenario.schema.json")
    known = defn.content.entries
    cards = [e.id for e in known.values() if e.id not in defn.boards]
    probs: list[tuple[tuple, str]] = []
    state["discard"] = list(position.get("discard") or [])
    for i, spec in enumerate(position.get("players") or []):
        if i >= len(state["players"]):
            probs.append((("players", i), f"the position names {i + 1} players; the game has "
                                          f"{len(state['players'])}"))
            continue
        pl = state["players"][i]
        for key in ("board", "coins", "built", "stages", "hand", "military", "name"):
            if key in spec:
                pl[key] = copy.deepcopy(spec[key])
        if spec.get("free_used"):
            pl["free_used"] = int(position.get("age", 1))
        if pl["board"] not in defn.boards:
            probs.append((("players", i, "board"), f"{pl['board']!r} is not a wonder board of the loaded "
                                                   f"packs; {accepted(list(defn.boards))}"))
        for key in ("built", "hand"):
            probs += [(("players", i, key, j), _unknown(c, cards)) for j, c in enumerate(pl[key]) if c not in known]
        pl["stage_cards"] = [None] * int(pl["stages"])
    probs += [(("discard", j), f"{c!r} is not a card of the loaded packs; {accepted(cards)}")
              for j, c in enumerate(state["discard"]) if c not in known]
    age = int(position.get("age", 1))
    given = any(pl["hand"] for pl in state["players"])
    probs += _decks(defn, state, position, age, given, cards)
    if "turn" in position and not given:
        probs.append((("turn",), "a turn is the turn of the hands given: give the players' hands too"))
    if probs:
        raise PositionError(probs)
    state["start_age"] = age
    state["hands_given"] = given
    if given:
        state["start_turn"] = int(position.get("turn", 1))


def _decks(defn: Any, state: dict, position: dict, age: int, given: bool, cards: list[str]) -> list[tuple[tuple, str]]:
    """Put the position's `decks` (age -> cards in dealing order) and `guild_pool` on the state; the problems of
    each: a card of no loaded pack or of another age, an age already over or too few cards to deal."""
    known, params = defn.content.entries, defn.params
    ages, n = int(params["ages"]), len(state["players"])
    guild = params.get("guild_colour", "purple")
    probs: list[tuple[tuple, str]] = []
    state["decks"] = {}
    for key, deck in (position.get("decks") or {}).items():
        where = ("decks", key)
        k = int(key) if str(key).isdigit() else 0
        if not 1 <= k <= ages:
            probs.append((where, f"{key!r} is not an age; the ages are 1 to {ages}"))
            continue
        if k < age:
            probs.append((where, f"age {k}'s deck was dealt before the position's age {age}"))
        for j, c in enumerate(deck):
            if c not in known:
                probs.append(((*where, j), _unknown(c, cards)))
            elif known[c].data.get("age") != k:
                probs.append(((*where, j), f"{c!r} is a card of age {known[c].data.get('age')}, not of age {k}"))
        if not (k == age and given) and len(deck) < 2 * n:
            probs.append((where, f"age {k}'s deck holds {len(deck)} cards: {n} players need at least {2 * n} "
                                 "(2 each: hands of one card play no turn)"))
        state["decks"][str(k)] = list(deck)
    pool = list(position.get("guild_pool") or [])
    probs += [(("guild_pool", j), f"{c!r} is not a {guild} card of the loaded packs")
              for j, c in enumerate(pool) if c not in known or known[c].data.get("colour") != guild]
    state["guild_pool"] = pool
    return probs


def _unknown(card: Any, cards: list[str]) -> str:
    """Why a card id is refused: no loaded pack has it (with the nearest id, when one is close)."""
    near = did_you_mean(str(card), cards)
    return f"{card!r} is not a card of the loaded packs; {(near + ' ') if near else ''}{accepted(cards)}"
