"""The indexes kept current by the state-change hooks (rules/clash/state/kept.py) always equal a fresh scan,
and the board kept by the runtime (Clash.board) is the one the state's regions make.

Units by space and cities by owner are dropped by every routed write and rebuilt on the next question; a
write that bypassed the hooks would leave a stale index. These games (random and greedy bots, 2-4
players, with and without the Civilizations pack) compare the kept indexes with a scan of the state after
every action, and the same game played with the indexes dropped before every question must end alike.
"""

from __future__ import annotations

import pytest
from rulewright.api import new_game
from rulewright.engine.bots import RandomBot, make_bot
from rulewright.rules.clash.state import kept

GAMES = [("random", 2, 11, ["base"]), ("random", 3, 12, ["base", "civilizations"]),
         ("random", 4, 13, ["base"]), ("random", 4, 14, ["base", "civilizations"]),
         ("greedy", 2, 15, ["base", "civilizations"]), ("greedy", 3, 16, ["base"])]


def _scan_units(state: dict) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for u, d in state["units"].items():
        out.setdefault(d["space"], []).append(u)
    return out


def _scan_owners(state: dict) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for u, d in state["units"].items():
        out.setdefault(d["owner"], []).append(u)
    return out


def _scan_cities(state: dict) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for s, c in state["cities"].items():
        out.setdefault(c["owner"], []).append(s)
    return out


def _fresh_board(rt):
    """The board worked out from the state as it is (the definition keeps one board per key)."""
    b = rt.state["board"]
    key = (rt.n, tuple(t if r else None for t, r in zip(b["tiles"], b["revealed"], strict=True)), tuple(b["rots"]))
    return rt.defn.board_for(key, rt.region_terrains)


def _kept_now(rt) -> tuple[dict | None, dict | None]:
    """What the runtime holds now, without rebuilding (None: dropped, the next question rebuilds it)."""
    units = rt._by_space if rt._by_space_of and rt._by_space_of[0] is rt.state["units"] else None
    cities = rt._by_owner if rt._by_owner_of and rt._by_owner_of[0] is rt.state["cities"] else None
    return units, cities


def _seats(bot: str, players: int, seed: int) -> dict:
    return {p: RandomBot(seed * 10 + p) if bot == "random" else make_bot("greedy", seed * 10 + p)
            for p in range(players)}


@pytest.mark.parametrize(("bot", "players", "seed", "packs"), GAMES)
def test_kept_indexes_equal_a_fresh_scan_after_every_action(bot, players, seed, packs):
    game = new_game(players=players, seed=seed, packs=packs)
    seats = _seats(bot, players, seed)
    steps = checked = 0
    while game.pending is not None and steps < 1500:
        d = game.pending
        game.apply({"player": d.player, "choice": seats[d.player].choose(game, d)})
        steps += 1
        units, cities = _kept_now(game.rt)
        if units is not None:  # held (not dropped): it must be what a scan says, order included
            assert units == _scan_units(game.state), f"units by space stale after action {steps}"
            assert game.rt._units_by_owner == _scan_owners(game.state), f"units by owner stale after {steps}"
            checked += 1
        if cities is not None:
            assert cities == _scan_cities(game.state), f"cities by owner stale after action {steps}"
        assert game.rt.board is _fresh_board(game.rt), f"board stale after action {steps}"
        assert game.rt.units_by_space() == _scan_units(game.state)
        assert game.rt.units_by_owner() == _scan_owners(game.state)
        assert game.rt.cities_by_owner() == _scan_cities(game.state)
    assert steps > 100 and checked > steps // 2  # the indexes were mostly held, and checked, between actions


def test_a_game_with_the_indexes_dropped_before_every_question_is_the_same(monkeypatch):
    def play() -> str:
        game = new_game(players=3, seed=21, packs=["base", "civilizations"])
        seats = _seats("random", 3, 21)
        for _ in range(600):
            if game.pending is None:
                break
            d = game.pending
            game.apply({"player": d.player, "choice": seats[d.player].choose(game, d)})
        return game.state_hash()

    kept_game = play()
    by_space, by_owner = kept.Kept.units_by_space, kept.Kept.cities_by_owner

    def fresh_units(self):
        self._by_space = None
        return by_space(self)

    def fresh_cities(self):
        self._by_owner = None
        return by_owner(self)

    monkeypatch.setattr(kept.Kept, "units_by_space", fresh_units)
    monkeypatch.setattr(kept.Kept, "cities_by_owner", fresh_cities)
    assert play() == kept_game
