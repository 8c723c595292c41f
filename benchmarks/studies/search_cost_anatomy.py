"""One default search game (tools/playtest/measuring.py's seed, game_seed(1, 0)), counted: game decisions,
searched decisions, play-outs, GreedyBot.choose calls (play-out decisions and unsearched ones) and their CPU
against the whole game's. `python benchmarks/studies/search_cost_anatomy.py` prints one line of JSON
(search_cost/anatomy_default_search_game.json)."""

from __future__ import annotations

import json
import time

from rulewright.api import new_game
from rulewright.engine import games
from rulewright.engine import search as es
from rulewright.engine.bots import make_bot
from rulewright.engine.playout import play_out
from rulewright.rules.clash.bots import bots as gb
from rulewright.tools.playtest.simulation import game_seed


def main() -> None:
    games.find("clash").definition()
    seed = game_seed(1, 0)
    acc: dict[str, float] = {"choose_s": 0.0, "choose_calls": 0, "playouts": 0}
    choose, playout = gb.GreedyBot.choose, es.SearchBot._playout

    def timed(self, game, decision):
        t = time.process_time()
        got = choose(self, game, decision)
        acc["choose_s"] += time.process_time() - t
        acc["choose_calls"] += 1
        return got

    def counted(self, *args):
        acc["playouts"] += 1
        return playout(self, *args)

    gb.GreedyBot.choose, es.SearchBot._playout = timed, counted
    game = new_game(players=2, seed=seed, packs=["base"], forkable=True)
    bots = [make_bot("search", seed * 1000 + i) for i in range(2)]
    t = time.process_time()
    acc["game_decisions"] = play_out(game, bots)
    acc["total_s"] = time.process_time() - t
    acc["searched_decisions"] = sum(len(b.decision_seconds) for b in bots)
    print(json.dumps(acc))


if __name__ == "__main__":
    main()
