"""The standard environment: PettingZoo AEC environments for the games rulewright hosts.

    from rulewright.env import civ_board_env, clash_env, wonders7_env
    env = wonders7_env(players=3)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Needs the `env` extra (`pip install -e '.[env]'`: pettingzoo, gymnasium). See docs/agents.md.
"""

from __future__ import annotations

from pettingzoo.utils import wrappers

from .aec import RulewrightEnv
from .encoding import FEATURES, MAX_OPTIONS

__all__ = ["FEATURES", "MAX_OPTIONS", "RulewrightEnv", "civ_board_env", "clash_env", "env", "raw_env", "wonders7_env"]


def raw_env(game: str = "clash", players: int = 2, **kwargs) -> RulewrightEnv:
    """The environment without PettingZoo's order-checking wrapper."""
    return RulewrightEnv(game, players, **kwargs)


def env(game: str = "clash", players: int = 2, **kwargs):
    """The environment wrapped as PettingZoo's own environments are (calls out of order are refused)."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, players, **kwargs))


def clash_env(players: int = 2, **kwargs):
    """Clash of Cultures, 2 to 4 players (packs=["base", "civilizations"] for the expansion)."""
    return env("clash", players, **kwargs)


def wonders7_env(players: int = 3, **kwargs):
    """7 Wonders, 3 to 7 players."""
    return env("wonders7", players, **kwargs)


def civ_board_env(players: int = 3, **kwargs):
    """Civilization: The Board Game, 2 to 4 players (a random game runs to about 3,000 steps)."""
    return env("civ_board", players, **kwargs)
