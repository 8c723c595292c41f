"""Digests of 2 random-bot 7 Wonders games and 1 Civilization game (1500 decisions cap), 3 players each.

`python benchmarks/studies/other_games_hash.py` prints game, seed, actions and a digest of the action list
and final state; the card language serves these games too, so a change to its evaluation must leave them
as they were. At 2d0dbd2: wonders7 11 57 6969703bc16397c9, wonders7 12 60 be2794b75af8fd6e,
civ_board 13 1500 5411c3bc524d2c54. Issue 48's Civilization rules (loot chosen, Russia's and America's set-up,
culture any time of city management, trades of several items, no building offered where it stands) changed its
play: civ_board 13 1500 846dc4162e4c4866 (7 Wonders' two unchanged).
"""

from __future__ import annotations

import hashlib
import json

from rulewright.api import new_game
from rulewright.engine.bots import RandomBot
from rulewright.engine.playout import play_out


def main() -> None:
    for gid, seed, limit in (("wonders7", 11, 3000), ("wonders7", 12, 3000), ("civ_board", 13, 1500)):
        game = new_game(players=3, seed=seed, game_id=gid)
        seats = {p: RandomBot(seed * 10 + p) for p in range(3)}
        play_out(game, seats, limit=limit, on_step=lambda g, _s: g.legal_actions())
        blob = json.dumps({"actions": game.actions, "state": game.state}, sort_keys=True, separators=(",", ":"))
        print(gid, seed, len(game.actions), hashlib.sha256(blob.encode()).hexdigest()[:16], flush=True)


if __name__ == "__main__":
    main()
