"""A PettingZoo AEC environment over any game rulewright hosts (Clash of Cultures, 7 Wonders).

The engine already stops at every decision and names the one seat that must choose (7 Wonders' secret
simultaneous picks are asked seat by seat and stay hidden until all are made), which is exactly PettingZoo's
agent-environment cycle: `agent_selection` is the seat of the pending decision.

- agents: "player_0" .. "player_{n-1}", seat order;
- observation (a gymnasium Dict): "observation" (float32 hashed view, env/encoding.py), "action_mask" (int8),
  "option_ids" (int64), all built from `game.view(seat)` and the seat's own decision only;
- action: Discrete(max_options), the index of an option of the pending decision; a masked index raises
  ValueError and changes nothing;
- rewards, at the end only: "win" (default) gives 1 to a sole winner, 1/k to each of k tied winners and 0
  to the others; "vp" gives each seat its final victory points;
- `reset(seed=s)` starts the game with seed s (same seed and actions: the same game); without a seed the
  first reset draws a fresh seed from the operating system (engine.rng.fresh_seed: every process, so
  every training run, meets other deals), and each later one uses the previous seed plus one;
  `seed_used` says which seed the current game has;
- `render()`: "ansi" text (spectator), or "svg" (the `rulewright render` drawing of the spectator view);
- `max_steps`: truncate every seat after that many actions (None: play to the end).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..api import new_game, scores
from ..engine.decision import IllegalAction
from ..engine.games import visible_log
from ..engine.rng import fresh_seed
from .encoding import CLIP, FEATURES, MAX_OPTIONS, encode_view, mask_and_ids

REWARDS = ("win", "vp")


class RulewrightEnv(AECEnv):
    metadata = {"render_modes": ["ansi", "svg"], "name": "rulewright_v0", "is_parallelizable": False}

    def __init__(self, game: str = "clash", players: int = 2, packs: list[str] | None = None,
                 variants: list[str] | None = None, reward: str = "win", max_steps: int | None = None,
                 render_mode: str | None = None, max_options: int = MAX_OPTIONS, features: int = FEATURES):
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.game_id, self.players, self.packs, self.variants = game, players, packs, variants
        self.reward_kind, self.max_steps, self.render_mode = reward, max_steps, render_mode
        self.max_options, self.features = max_options, features
        self.metadata = {**self.metadata, "name": f"rulewright_{game}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        obs = spaces.Dict({
            "observation": spaces.Box(-CLIP, CLIP, (features,), np.float32),
            "action_mask": spaces.Box(0, 1, (max_options,), np.int8),
            "option_ids": spaces.Box(0, 0x7FFFFFFF, (max_options,), np.int64),
        })
        self.observation_spaces = {a: obs if i == 0 else spaces.Dict(dict(obs.spaces))
                                   for i, a in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(max_options) for a in self.possible_agents}
        self.game = None
        self.seed_used: int | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ---- the cycle ------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self.seed_used = int(seed)
        else:  # never seed 0 for everyone: a fresh seed from the OS, then one more per reset
            self.seed_used = fresh_seed() if self.seed_used is None else self.seed_used + 1
        self.game = new_game(players=self.players, seed=self.seed_used, packs=self.packs, variants=self.variants,
                             game_id=self.game_id)
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._after_move()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        options = self.game.pending.options
        try:
            index = int(action)
        except (TypeError, ValueError):
            raise ValueError(f"an action is an option's index (an integer), got {action!r}") from None
        if not 0 <= index < len(options):
            raise ValueError(f"action {index} is masked: this decision ({self.game.pending.prompt}) has "
                             f"{len(options)} options, 0 to {len(options) - 1}")
        self._cumulative_rewards[agent] = 0.0
        try:
            self.game.apply({"player": self._seat[agent], "choice": options[index]})
        except IllegalAction as err:  # cannot happen for a listed option; say so plainly if it does
            raise ValueError(str(err)) from None
        self.steps += 1
        for a in self.agents:
            self.rewards[a] = 0.0
        self._after_move()
        self._accumulate_rewards()

    def _after_move(self) -> None:
        """Point at the seat to act, or end the game for everyone (rewards) or truncate it."""
        g = self.game
        if g.pending is None:
            self.terminations = {a: True for a in self.agents}
            final = scores(g)
            if self.reward_kind == "vp":
                got = [float(v) for v in final["vp"]]
            else:
                won = final["winners"]
                got = [1.0 / len(won) if i in won else 0.0 for i in range(self.players)]
            self.rewards = {a: got[self._seat[a]] for a in self.agents}
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = {a: True for a in self.agents}
        for a in self.agents:
            self.infos[a] = {}
        if g.pending is not None:
            actor = f"player_{g.pending.player}"
            self.agent_selection = actor
            self.infos[actor] = {"kind": g.pending.kind, "prompt": g.pending.prompt, "options": list(g.pending.options)}
        elif self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        pending = self.game.pending
        acting = pending is not None and pending.player == seat and not self.truncations.get(agent, False)
        decision = ({"kind": pending.kind, "prompt": pending.prompt, "options": list(pending.options)}
                    if acting else None)
        obs = encode_view(self.game.view(seat), seat, self.players, decision, self.features)
        mask, ids = mask_and_ids(decision["options"] if acting else None, self.max_options)
        return {"observation": obs, "action_mask": mask, "option_ids": ids}

    # ---- showing --------------------------------------------------------------------------------
    def render(self) -> str | None:
        if self.render_mode is None or self.game is None:
            return None
        if self.render_mode == "svg":
            from ..tools.render.game import render_game  # only for this mode: the drawing code is large

            return render_game(self.game, None)
        return self.text()

    def text(self, lines: int = 6) -> str:
        """A few lines a spectator may read: who is to act, the points so far, the last log lines."""
        g = self.game
        vp = scores(g)["vp"]
        head = (f"{self.game_id}, {self.players} players, step {self.steps}: "
                + (f"player_{g.pending.player} to choose ({g.pending.prompt})" if g.pending else "game over"))
        pts = "VP: " + ", ".join(f"player_{i} {v:g}" for i, v in enumerate(vp))
        return "\n".join([head, pts, *visible_log(g, None)[-lines:]])

    def close(self) -> None:
        self.game = None
