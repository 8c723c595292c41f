"""The game's random stream: keyed BLAKE2b in counter mode, its whole state one integer (it fits in the
state JSON and in every save's checkpoint).

Why a keyed hash: a seat sees many draws (its hand, the regions turned, the dice). With a plain generator
such as SplitMix64 a draw can be computed from the seed, so a seat could search the seeds that give its
view and then know every hand and deck. Here a draw is BLAKE2b(key, block number): a pseudo-random
function, so the draws seen say nothing of the key nor of the draws to come, and the key (256 bits,
hashed from the seed) cannot be searched when the seed itself has 128 bits or more (`fresh_seed`).

The state is `key << 64 | counter`. One hash gives eight 64-bit words; the last blocks are cached, so a
run of draws costs one hash per eight (docs/hardening.md has the figures). Any non-negative integer below
2**320 is a valid state, so a bot's sampled world may set `state["rng"] = rng.below(1 << 62)` (a key of 0 with
a random counter: still well distributed, and such worlds are the bot's private guesses).

Streams are versioned (`STREAM`, `STREAMS`): a save records the stream that dealt it, and an older stream stays
available so that its saves replay exactly. Stream 1 (SplitMix64, the first releases) keeps its 64-bit state
tagged by the bit `_V1` (above every stream-2 state), so `next_state` tells the two apart with one comparison
and no other code needs to know which stream a game runs on.
"""

from __future__ import annotations

import hashlib
import secrets
import struct

from .consult import consult

_MASK = (1 << 64) - 1
_SEED_PERSON = b"rulewright.seed"  # domain separation: a seed's key is no other hash of the same text
_UNPACK = struct.Struct("<8Q").unpack
_cache: dict[int, tuple[int, ...]] = {}  # (key << 61 | block) -> its eight words
_CACHE_MAX = 512
SEED_BITS = 128  # what a game without a given seed gets from the OS
STREAM = 2  # the stream new games use
STREAMS = {1: "SplitMix64 (rulewright before 2026-11-25)", 2: "keyed BLAKE2b in counter mode"}
_V1 = 1 << 320  # the tag of a stream-1 state (stream-2 states are below it)


def fresh_seed() -> int:
    """A seed nobody can guess or search: SEED_BITS bits from the operating system's generator."""
    return secrets.randbits(SEED_BITS)


def _words(key: int, block: int) -> tuple[int, ...]:
    tag = key << 61 | block
    words = _cache.get(tag)
    if words is None:
        if len(_cache) >= _CACHE_MAX:
            _cache.clear()
        digest = hashlib.blake2b(block.to_bytes(8, "little"), key=key.to_bytes(32, "big"), digest_size=64).digest()
        words = _cache[tag] = _UNPACK(digest)
    return words


def _next_splitmix(state: int) -> tuple[int, int]:
    """Stream 1: SplitMix64 on the low 64 bits, the tag kept."""
    s = (state + 0x9E3779B97F4A7C15) & _MASK
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return _V1 | s, z ^ (z >> 31)


def next_state(state: int) -> tuple[int, int]:
    """Advance the state; return (new_state, 64-bit output)."""
    if state >= _V1:
        return _next_splitmix(state)
    key, counter = state >> 64, state & _MASK
    out = _words(key & ((1 << 256) - 1), counter >> 3)[counter & 7]
    return (key << 64) | ((counter + 1) & _MASK), out


class Rng:
    """Draws numbers and writes the advanced state back into a dict (the game state)."""

    def __init__(self, holder: dict, key: str = "rng"):
        self.holder = holder
        self.key = key

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 1:
            return 0
        consult()  # a random draw: what nobody could know before (undo takes no decision back past it)
        state, out = next_state(self.holder[self.key])
        self.holder[self.key] = state
        return out % n

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list):
        return items[self.below(len(items))]


def stream_of(state: int) -> int:
    """Which stream a state belongs to."""
    return 1 if state >= _V1 else 2


def seed_state(seed: int, stream: int | None = None) -> int:
    """The first state of the stream of `seed` (any integer, any size): its 256-bit key, counter 0; with
    `stream=1`, the first state stream 1 gave that seed (its low 64 bits)."""
    if stream == 1:
        return _V1 | _next_splitmix(int(seed) & _MASK)[1]
    if stream not in (None, STREAM):
        raise ValueError(f"unknown random stream {stream!r} (this version has streams {sorted(STREAMS)})")
    key = hashlib.blake2b(str(int(seed)).encode(), digest_size=32, person=_SEED_PERSON).digest()
    return int.from_bytes(key, "big") << 64
