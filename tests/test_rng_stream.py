"""The random stream cannot be searched from what a seat sees (issue 29), and a seed still gives one game.

A seat sees draws (its hand, regions, dice). Before, a game without a seed got one of 2^31 seeds and a
draw was a plain function of the seed, so a seat could try every seed against its first view. Now a game
without a seed gets SEED_BITS (128) bits from the OS, the seed is hashed into a 256-bit key, and every draw
is keyed BLAKE2b of a block counter: outputs say nothing of the key, and the seeds cannot be enumerated.
"""

from __future__ import annotations

import hashlib
import json
import struct
import warnings

from rulewright.api import load_game, new_game
from rulewright.engine import rng
from rulewright.engine.bots import RandomBot
from rulewright.engine.playout import play_out
from rulewright.tools.serve.hub import check_spec

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def test_the_stream_is_keyed_blake2b_of_a_counter_under_a_hashed_seed():
    seed = 12345
    key = hashlib.blake2b(b"12345", digest_size=32, person=b"rulewright.seed").digest()
    assert rng.seed_state(seed) == int.from_bytes(key, "big") << 64  # the seed only through a hash
    words = struct.unpack("<8Q", hashlib.blake2b((0).to_bytes(8, "little"), key=key, digest_size=64).digest())
    state, drawn = rng.seed_state(seed), []
    for _ in range(10):  # ten draws cross from block 0 into block 1
        state, out = rng.next_state(state)
        drawn.append(out)
    assert drawn[:8] == list(words)
    block1 = struct.unpack("<8Q", hashlib.blake2b((1).to_bytes(8, "little"), key=key, digest_size=64).digest())
    assert drawn[8:] == list(block1[:2])
    assert state & ((1 << 64) - 1) == 10 and state >> 64 == int.from_bytes(key, "big")


def test_seeds_are_not_cut_to_64_bits_and_differ_by_their_whole_value():
    a, b = rng.seed_state(5), rng.seed_state(5 + 2**64)
    assert a != b and rng.next_state(a)[1] != rng.next_state(b)[1]
    assert rng.seed_state(-5) != rng.seed_state(5)


def test_a_game_without_a_seed_gets_128_bits_from_the_os():
    assert rng.SEED_BITS >= 128
    seeds = [check_spec({"players": 2})["seed"] for _ in range(64)]
    assert len(set(seeds)) == 64 and all(0 <= s < 2**rng.SEED_BITS for s in seeds)
    assert max(s.bit_length() for s in seeds) > 120  # not a 31- or 64-bit number in disguise
    assert check_spec({"players": 2, "seed": 7})["seed"] == 7  # a seed given is kept


def test_the_server_creates_a_game_with_an_os_seed_and_shows_it_to_nobody(tmp_path):
    from rulewright.tools.serve.app import create_app

    c = TestClient(create_app(tmp_path / "g.sqlite3"), base_url="http://127.0.0.1")
    g = c.post("/api/games", json={"players": 2, "seats": ["human", "human"]}).json()
    seed = c.app.state.hub.store.get(g["id"]).save["config"]["seed"]
    assert seed.bit_length() > 64
    for s in g["seats"]:
        assert str(seed) not in c.get(f"/api/games/{g['id']}", params={"token": s["token"]}).text


def _played(seed: int, game_id: str = "clash", players: int = 3, steps: int = 120):
    game = new_game(players=players, seed=seed, game_id=game_id)
    play_out(game, [RandomBot(seed % 1000 + i) for i in range(players)], limit=steps)
    return game


def test_the_same_seed_gives_the_same_game_byte_for_byte():
    for seed, game_id in [(7, "clash"), (2**127 + 12345, "clash"), (3, "wonders7")]:
        one, two = _played(seed, game_id), _played(seed, game_id)
        assert json.dumps(one.state, sort_keys=True) == json.dumps(two.state, sort_keys=True)
        assert one.log == two.log and one.state_hash() == two.state_hash()
        again = load_game(json.loads(json.dumps(one.save())))  # through a save's JSON, the big seed too
        assert again.state_hash() == one.state_hash()
    assert _played(7).state_hash() != _played(8).state_hash()
