"""A scenario's starting position, laid over the set-up: the set-up's own decisions are taken without
asking (each capital on its first centre square, the first figures on the first free squares), then
the position sets what it names, and turn 1 starts at the phase it names (`start`, default the start
of turn). Every unknown id or square, and every piece where the rules would never put it (position_checks.py:
a Library on water), is one PositionError naming where it is and what is accepted.

    position:
      civs: [rome, china]          # by seat (also a set-up choice without a position)
      first: 0                     # the first player of turn 1
      reveal: true                 # every facedown tile turned up (drawn in order, arrow north)
      start: research
      players: [{techs: [..], trade: 12, culture: 3, track: 2, resources: {iron: 1}, forces: [unit ids],
                 culture_hand: [..], huts: [..], government: .., coin_tokens: {card: n}, reserve: [..],
                 anarchy_since: 0, just_unlocked: [gov ids],      # government history
                 battle_hands: [[unit ids]]}]                      # its next battle hands, in order
      figures: [{owner: 0, kind: army, at: "5,6", since: 1}]      # since: the turn it was placed (default -1)
      cities: [{owner: 0, at: "9,9", capital: false, walled: false}]
      items: [{owner: 0, kind: building, id: granary, at: "4,4"}]
      markers: {"6,6": village, "7,2": hut_wheat}   # a marker, or what it holds
      ... and the piles, decks, market and tile order of position_piles.py
      wonder_market: [..]
      trade_offers: 1              # offers each player may make a trade phase (default 0: nobody is asked)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....engine.diagnostics import PositionError, accepted
from ..board import board
from ..board.pieces import mark_tile, place_city, place_figure, reveal_tile
from .position_checks import check_placements
from .position_piles import apply_piles, marker_at

if TYPE_CHECKING:
    from .runtime import Civ

STATE_KEY = {"culture_hand": "hand"}   # a position's word -> the player's state key
PHASES = ("start_of_turn", "trade", "city_management", "movement", "research")
LISTS = {"techs": "civ_tech", "forces": "civ_unit_card", "culture_hand": "civ_culture_card", "huts": None,
         "reserve": "civ_great_person"}


def _ids(rt: Civ, kind: str | None) -> list[str]:
    if kind is None:
        return [e.id for k in ("civ_hut", "civ_village") for e in rt.d.content.of_kind(k)]
    return [e.id for e in rt.d.content.of_kind(kind)]


def _square(rt: Civ, at: str, where: tuple, probs: list) -> tuple[int, int] | None:
    try:
        x, y = board.unkey(str(at))
    except ValueError:
        probs.append((where, f"{at!r} is not a square 'x,y'"))
        return None
    if rt.square(x, y) is None:
        probs.append((where, f"{at} is not a revealed square of this map"))
        return None
    return x, y


def apply_position(rt: Civ, pos: dict) -> None:
    st, probs = rt.state, []
    apply_piles(rt, pos, probs)   # the tile order before any tile is turned up
    if pos.get("reveal"):
        m = st["map"]
        for tr in range(m["rows"]):
            for tc in range(m["cols"]):
                if (m["tiles"][tr][tc] or {}).get("hidden") and st["tile_pool"]:
                    reveal_tile(rt, tr, tc, 0)
    if "first" in pos:
        st["first"] = int(pos["first"]) % rt.n
    for i, spec in enumerate(pos.get("players") or []):
        if i >= rt.n:
            probs.append((("players", i), f"the position names {i + 1} players; the game has {rt.n}"))
            continue
        pl = rt.player(i)
        for key in ("trade", "culture", "track", "government", "resources", "coin_tokens"):
            if key in spec:
                pl[key] = spec[key]
        for key, kind in LISTS.items():
            if key in spec:
                known = _ids(rt, kind)
                bad = [(j, v) for j, v in enumerate(spec[key]) if v not in known]
                probs += [(("players", i, key, j), f"{v!r} is unknown; {accepted(known)}") for j, v in bad]
                pl[STATE_KEY.get(key, key)] = list(spec[key])
        if "techs" in spec and not any(p[0][:3] == ("players", i, "techs") for p in probs):
            start = pl["techs"][0] if pl["techs"] else None
            pl["pyramid"] = {}
            for t in pl["techs"]:
                row = "1" if t == start else str(rt.d.level(t))
                pl["pyramid"].setdefault(row, []).append(t)
        if pl["government"] not in rt.d.content.entries:
            probs.append((("players", i, "government"), f"{pl['government']!r} is no government of the packs"))
        elif "government" in spec and pl["government"] == rt.params["transition_government"]:
            pl["anarchy_since"] = 0   # in Anarchy since before turn 1: it may leave at turn 1's start
        _history(rt, i, spec, probs)
    for j, c in enumerate(pos.get("cities") or []):
        sq = _square(rt, c.get("at"), ("cities", j, "at"), probs)
        if sq is not None:
            place_city(rt, int(c["owner"]), *sq, capital=bool(c.get("capital")), walled=bool(c.get("walled")))
    for j, f in enumerate(pos.get("figures") or []):
        sq = _square(rt, f.get("at"), ("figures", j, "at"), probs)
        if sq is not None:
            place_figure(rt, int(f["owner"]), f.get("kind", "army"), *sq)["since"] = int(f.get("since", -1))
    for j, it in enumerate(pos.get("items") or []):
        sq = _square(rt, it.get("at"), ("items", j, "at"), probs)
        if it.get("id") not in rt.d.content.entries:
            probs.append((("items", j, "id"), f"{it.get('id')!r} is unknown"))
        elif sq is not None:
            st["items"][board.key(*sq)] = {"kind": it.get("kind", "building"), "id": it["id"], "owner": int(it["owner"])}
    for at, marker in (pos.get("markers") or {}).items():
        sq = _square(rt, at, ("markers", at), probs)
        word = marker_at(rt, board.key(*sq), marker, probs) if sq is not None else None
        if word is not None:
            st["markers"][board.key(*sq)] = word
    if "wonder_market" in pos:
        bad = [w for w in pos["wonder_market"] if w not in rt.d.wonders]
        probs += [(("wonder_market",), f"{w!r} is no wonder; {accepted(list(rt.d.wonders))}") for w in bad]
        st["wonder_market"] = list(pos["wonder_market"])
    if pos.get("start", "start_of_turn") not in PHASES:
        probs.append((("start",), f"{pos.get('start')!r} is no phase; {accepted(list(PHASES))}"))
    check_placements(rt, pos, probs)   # nothing where the rules would never put it (a Library on water)
    if probs:
        raise PositionError(probs)
    st["start_phase"] = pos.get("start", "start_of_turn")
    st["trade_offers"] = int(pos.get("trade_offers", 0))   # no trade decisions unless the scenario asks for them


def _history(rt: Civ, i: int, spec: dict, probs: list) -> None:
    """A player's government history (when it fell into Anarchy, what it unlocked last turn) and the battle
    hands it will draw."""
    pl = rt.player(i)
    if "anarchy_since" in spec:
        pl["anarchy_since"] = int(spec["anarchy_since"])
    if "just_unlocked" in spec:
        govs = [e.id for e in rt.d.content.of_kind("civ_government")]
        bad = [(j, g) for j, g in enumerate(spec["just_unlocked"]) if g not in govs]
        probs += [(("players", i, "just_unlocked", j), f"{g!r} is no government; {accepted(govs)}") for j, g in bad]
        pl["gov_new"] = sorted(spec["just_unlocked"])
    for k, hand in enumerate(spec.get("battle_hands") or []):
        bad = [(j, u) for j, u in enumerate(hand) if u not in rt.d.units]
        probs += [(("players", i, "battle_hands", k, j), f"{u!r} is unknown; {accepted(list(rt.d.units))}")
                  for j, u in bad]
    if spec.get("battle_hands"):
        pl["battle_draws"] = [list(hand) for hand in spec["battle_hands"]]


__all__ = ["apply_position", "mark_tile"]
