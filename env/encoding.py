"""Fixed-size encodings of what one seat may see, for learning agents (rulewright.env).

Observation: the seat's view (`game.view(seat)`: every hidden thing already removed by the game's own
`hidden:` rules) hashed into a fixed vector ("feature hashing"). Every leaf of the view adds to one slot
chosen by a stable hash (crc32) of its path: a number adds sign(x)*log(1+|x|) at its path's slot, a string
or a bool adds 1 at the slot of "path=value". List indices are kept for lists of mappings (players, units:
the position says whose) and dropped for lists of plain values (a hand is a bag of cards). The acting
seat's decision (its kind, prompt and option strings) is hashed in the same way; a seat that is not acting
sees only whose turn it is, since another seat's options could show that seat's hand.

Action: a Discrete space of `max_options` slots; slot i is the i-th option of the pending decision, in the
order the engine lists them (deterministic for a given position). The mask has a 1 at every slot that
holds an option; `option_ids` gives each slot's option string as a stable 31-bit hash (0 for an empty
slot), so an agent can tell what slot i means at this decision.
"""

from __future__ import annotations

import math
import zlib
from typing import Any

import numpy as np

FEATURES = 2048  # slots of the hashed observation vector
MAX_OPTIONS = 512  # action slots: more than any decision lists (7 Wonders' discard pile is the longest)
CLIP = 1.0e4  # bound of every slot of the observation (the Box space's low and high)


def stable_hash(text: str) -> int:
    """A hash that is the same in every process and Python version (str.__hash__ is salted)."""
    return zlib.crc32(text.encode("utf-8"))


def option_id(option: str) -> int:
    """The non-zero 31-bit id of an option string (0 means 'no option in this slot')."""
    return (stable_hash(option) & 0x7FFFFFFF) or 1


def _squash(x: float) -> float:
    return math.copysign(math.log1p(abs(x)), x)


def _walk(node: Any, path: str, out: np.ndarray) -> None:
    if isinstance(node, dict):
        for k, v in node.items():
            _walk(v, f"{path}.{k}", out)
    elif isinstance(node, list):
        keep = any(isinstance(v, dict | list) for v in node)
        for i, v in enumerate(node):
            _walk(v, f"{path}[{i}]" if keep else f"{path}[]", out)
    elif isinstance(node, bool) or isinstance(node, str):
        out[stable_hash(f"{path}={node}") % len(out)] += 1.0
    elif isinstance(node, int | float):
        out[stable_hash(path) % len(out)] += _squash(float(node))
    elif node is None:
        out[stable_hash(f"{path}=None") % len(out)] += 1.0


def encode_view(view: dict, seat: int, players: int, decision: dict | None, features: int = FEATURES) -> np.ndarray:
    """The hashed vector of a seat's view, its own seat and player count, and (when it acts) its decision.

    `decision` is None for a seat that is not to act; then only the acting seat's index is encoded."""
    out = np.zeros(features, dtype=np.float32)
    _walk(view, "view", out)
    out[stable_hash(f"seat={seat}/{players}") % features] += 1.0
    if decision is None:
        out[stable_hash("waiting") % features] += 1.0
    else:
        _walk(decision, "decision", out)
    np.clip(out, -CLIP, CLIP, out=out)
    return out


def mask_and_ids(options: list[str] | None, max_options: int) -> tuple[np.ndarray, np.ndarray]:
    """The action mask (int8) and the option ids (int64) of a decision's options; all zeros for None."""
    mask = np.zeros(max_options, dtype=np.int8)
    ids = np.zeros(max_options, dtype=np.int64)
    if options:
        if len(options) > max_options:
            raise RuntimeError(f"a decision lists {len(options)} options, more than the {max_options} action "
                               f"slots: create the environment with max_options={len(options)} or more")
        mask[:len(options)] = 1
        ids[:len(options)] = [option_id(o) for o in options]
    return mask, ids
