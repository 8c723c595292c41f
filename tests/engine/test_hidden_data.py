"""engine/hidden.py: what a view strips, declared as data (drop, count, owner_only with `*` for a player)."""

from __future__ import annotations

from rulewright.engine.hidden import view_of

STATE = {"rng": 123, "decks": {"a": [1, 2], "b": []}, "pile": [5, 6, 7],
         "players": [{"hand": ["x", "y"], "pick": {"card": "x"}, "coins": 3},
                     {"hand": {"cards": ["z"]}, "pick": None, "coins": 4}]}
SPEC = {"drop": ["rng", "nothing_here"], "count": ["decks", "pile", "players.*.missing"],
        "owner_only": ["players.*.hand", "players.*.pick"]}


def test_a_player_sees_their_own_secrets_and_counts_of_the_rest():
    v = view_of(STATE, 0, SPEC)
    assert "rng" not in v and v["viewer"] == 0
    assert v["decks"] == {"a": {"count": 2}, "b": {"count": 0}} and v["pile"] == {"count": 3}
    assert v["players"][0]["hand"] == ["x", "y"] and v["players"][0]["pick"] == {"card": "x"}
    assert v["players"][1]["hand"] == {"cards": {"count": 1}} and v["players"][1]["pick"] is None
    assert v["players"][1]["coins"] == 4  # public


def test_a_spectator_sees_no_secret_and_the_state_is_untouched():
    v = view_of(STATE, None, SPEC)
    assert v["players"][0]["hand"] == {"count": 2} and v["players"][0]["pick"] is None
    assert v["players"][1]["hand"] == {"cards": {"count": 1}}
    assert STATE["rng"] == 123 and STATE["players"][0]["pick"] == {"card": "x"}  # a copy was changed
    assert view_of(STATE, 1, None)["players"][0]["pick"] == {"card": "x"}  # no spec: nothing hidden


def test_a_value_opened_by_the_state_is_seen_by_the_players_listed_beside_it():
    state = {"players": [{"hand": ["x"], "seen_by": [2]}, {"hand": ["y"], "seen_by": []}, {"hand": ["z"]}]}
    spec = {"owner_only": ["players.*.hand"], "shown_to": {"players.*.hand": "players.*.seen_by"}}
    assert view_of(state, 2, spec)["players"][0]["hand"] == ["x"]          # opened to player 2
    assert view_of(state, 1, spec)["players"][0]["hand"] == {"count": 1}   # not to player 1
    assert view_of(state, 2, spec)["players"][1]["hand"] == {"count": 1}
    assert view_of(state, None, spec)["players"][0]["hand"] == {"count": 1}
