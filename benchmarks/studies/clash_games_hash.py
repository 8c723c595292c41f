"""Digest of Clash games played by random and greedy bots: same digest, same games move for move.

`python benchmarks/studies/clash_games_hash.py` plays 20 random-bot games (2-4 players, base and base plus
the Civilizations pack) and 8 greedy-bot games, and prints one digest per game (its action list and its
final state as JSON) and one over all; a change to the rules' speed must leave every digest as it was.
"""

from __future__ import annotations

import hashlib
import json
import sys

from rulewright.api import new_game
from rulewright.engine.bots import RandomBot, make_bot
from rulewright.engine.playout import play_out

PACKS = (["base"], ["base", "civilizations"])


def games() -> list[tuple[str, int, int, list[str]]]:
    """(bot, players, seed, packs) of every game played."""
    out = [("random", 2 + i % 3, 500 + i, PACKS[i % 2]) for i in range(20)]
    out += [("greedy", 2 + i % 3, 700 + i, PACKS[i % 2]) for i in range(8)]
    return out


def digest(bot: str, players: int, seed: int, packs: list[str]) -> str:
    game = new_game(players=players, seed=seed, packs=packs)
    seats = {p: RandomBot(seed * 10 + p) if bot == "random" else make_bot("greedy", seed * 10 + p)
             for p in range(players)}
    play_out(game, seats, limit=3000, on_step=lambda g, _s: g.legal_actions())
    blob = json.dumps({"actions": game.actions, "state": game.state}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


def main() -> None:
    total = hashlib.sha256()
    for g in games():
        d = digest(*g)
        total.update(d.encode())
        print(*g[:3], "+".join(g[3]), d[:16], flush=True)
    print("all", total.hexdigest()[:16])
    sys.stdout.flush()


if __name__ == "__main__":
    main()
