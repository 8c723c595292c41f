"""How noisy the learned policy's labels are: at positions of greedy self-play (every fifth action, a
searched decision with three or more options), `search:8` is asked twice with two seeds, and the seat's
greedy bot once. Prints how often the two searches agree, and how often the first agrees with greedy.

    python benchmarks/studies/learned_policy/label_noise.py clash 2 15
"""

from __future__ import annotations

import sys
from typing import Any

from rulewright.api import new_game
from rulewright.engine.bots import make_bot
from rulewright.engine.playout import play_out


def main(game_id: str, players: int, per_game: int) -> None:
    same = with_greedy = total = 0
    for s in range(3):
        game = new_game(players=players, seed=100 + s, forkable=True, game_id=game_id)
        support = game.definition.search_support()
        seats = [make_bot("greedy", 7 * s + q, game_id) for q in range(players)]
        picks: list[tuple[str, str, str]] = []

        def label(g: Any, step: Any, s: int = s, support: Any = support, seats: list = seats,
                  picks: list = picks) -> None:
            d = step.decision
            if len(d.options) < 3 or not support.searchable(d) or len(picks) >= per_game or len(g.actions) % 5:
                return
            first, second = make_bot("search:8", 1, game_id), make_bot("search:8", 2, game_id)
            first.persona_seed = second.persona_seed = 7 * s + d.player
            picks.append((first.choose(g, d), second.choose(g, d), seats[d.player].choose(g, d)))

        play_out(game, seats, on_step=label)
        total += len(picks)
        same += sum(a == b for a, b, _ in picks)
        with_greedy += sum(a == c for a, _, c in picks)
    print(game_id, "positions", total, "two seeds agree", round(same / total, 3),
          "search agrees with greedy", round(with_greedy / total, 3))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
