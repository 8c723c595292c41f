"""rulewright.env: PettingZoo's own API test for both games, random agents playing whole games through the
environment, seeding, rendering, and the rule that a seat's observation holds nothing it may not see."""

from __future__ import annotations

import copy
import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test
from rulewright.api import new_game, scores
from rulewright.engine.hidden import sees
from rulewright.env import civ_board_env, clash_env, raw_env, wonders7_env
from where import ROOT

GAMES = [("clash", 2), ("wonders7", 3), ("civ_board", 3)]
# a random game of Civilization is about 3,000 steps (15-20 s): one in the suite, its hundred a soak
WHOLE_GAMES = {"clash": 3, "wonders7": 3, "civ_board": 1}


@pytest.mark.parametrize("game,players", GAMES)
def test_pettingzoo_api_test(game, players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice for non-dict observations; failures are assertions
        api_test(raw_env(game, players), num_cycles=400)


def random_game(env, seed: int, rng: random.Random) -> tuple[dict, int, int]:
    """Play one game with uniform random legal actions; (final rewards, steps, widest decision)."""
    env.reset(seed=seed)
    total = {a: 0.0 for a in env.possible_agents}
    steps = widest = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) == len(info["options"]) >= 1
        widest = max(widest, len(legal))
        env.step(int(rng.choice(list(legal))))
        steps += 1
    return total, steps, widest


def play_random(game: str, players: int, games: int) -> None:
    env, rng = raw_env(game, players), random.Random(0)
    for seed in range(games):
        total, steps, widest = random_game(env, seed, rng)
        assert steps > 10 and widest < env.max_options
        assert sum(total.values()) == pytest.approx(1.0) and set(total.values()) <= {0.0, 0.5, 1.0 / 3, 0.25, 1.0}
        assert [a for a, r in total.items() if r > 0] == [f"player_{w}" for w in scores(env.unwrapped.game)["winners"]]


@pytest.mark.parametrize("game,players", GAMES)
def test_random_agents_play_whole_games(game, players):
    play_random(game, players, WHOLE_GAMES[game])


@pytest.mark.parametrize("game,players", [
    pytest.param(g, n, marks=pytest.mark.soak if g == "civ_board" else pytest.mark.slow) for g, n in GAMES])
def test_random_agents_play_100_games(game, players):
    play_random(game, players, 100)


def test_the_env_plays_the_engines_game_move_for_move():
    """Seeding: the environment's game with seed s is the engine's game with seed s, whatever the actions."""
    env = wonders7_env(players=3)
    env.reset(seed=5)
    ref = new_game(players=3, seed=5, game_id="wonders7")
    for i in range(20):
        obs, *_ = env.last()
        legal = np.flatnonzero(obs["action_mask"])
        choice = int(legal[i % len(legal)])
        ref.apply({"player": ref.pending.player, "choice": ref.pending.options[choice]})
        env.step(choice)
    assert env.unwrapped.game.state_hash() == ref.state_hash()
    env.reset(seed=5)
    first = env.observe(env.agent_selection)["observation"]
    env.reset(seed=6)
    assert not np.array_equal(first, env.observe(env.agent_selection)["observation"])


FIRST_RESET = """
import json
from rulewright.env import raw_env
env = raw_env("wonders7", 3)
env.reset()
first = env.seed_used
hand = env.game.view(0)["players"][0]["hand"]
env.reset()
print(json.dumps({"seed": str(first), "next": str(env.seed_used), "hand": hand}))
"""


def test_without_a_seed_each_process_meets_other_deals():
    """Issue 49: without a seed every process's first reset used seed 0, so every training run met the same
    deals. Now the first reset draws a fresh seed from the OS, and each later one takes the next seed."""
    import json
    import subprocess
    import sys

    runs = [json.loads(subprocess.run([sys.executable, "-c", FIRST_RESET], capture_output=True, text=True,
                                      check=True, timeout=300).stdout) for _ in range(2)]
    assert runs[0]["seed"] != runs[1]["seed"] and runs[0]["hand"] != runs[1]["hand"]
    assert all(int(r["next"]) == int(r["seed"]) + 1 for r in runs)
    assert all(int(r["seed"]) != 0 for r in runs)


def test_vp_rewards_and_truncation():
    env = raw_env("wonders7", 3, reward="vp")
    total, _, _ = random_game(env, 2, random.Random(1))
    assert [total[a] for a in env.possible_agents] == [float(v) for v in scores(env.game)["vp"]]
    env = raw_env("clash", 2, max_steps=5)
    total, steps, _ = random_game(env, 0, random.Random(1))
    assert steps == 5 and set(total.values()) == {0.0}


def test_a_masked_action_is_refused_and_changes_nothing():
    env = raw_env("clash", 2)
    env.reset(seed=1)
    before = env.game.state_hash()
    with pytest.raises(ValueError, match="masked"):
        env.step(len(env.game.pending.options))
    with pytest.raises(ValueError, match="integer"):
        env.step("build")
    assert env.game.state_hash() == before
    with pytest.raises(ValueError, match="reward is one of"):
        raw_env("clash", 2, reward="score")


def test_render_text_and_svg():
    env = clash_env(players=2, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert text.startswith("clash, 2 players, step 0: player_1 to choose") and "VP: player_0 2, player_1 2" in text
    env = raw_env("wonders7", 3, render_mode="svg")
    env.reset(seed=0)
    assert env.render().lstrip().startswith("<svg")
    env = civ_board_env(players=3, render_mode="ansi")
    env.reset(seed=0)
    assert env.render().startswith("civ_board, 3 players, step 0: player_")
    assert raw_env("clash", 2).render() is None


# ---- hidden information -------------------------------------------------------------------------------
def _fake(value, tag: str):
    """The same shape (list lengths, mapping keys) with other contents."""
    if isinstance(value, list):
        return [f"{tag}-{i}" for i in range(len(value))][::-1]
    if isinstance(value, dict) and all(isinstance(v, list) for v in value.values()):
        return {k: _fake(v, tag) for k, v in value.items()}
    return f"{tag}-secret"


def _scramble(node, parts: list[str], keep, tag: str, owner: int | None = None) -> int:
    """Change every value at the dotted path `parts` (`*`: every index) except those owned by `keep` (a
    player, or a set of players: those whose value the seat sees)."""
    if not parts or node is None:
        return 0
    head, rest = parts[0], parts[1:]
    if head == "*":
        keys = range(len(node)) if isinstance(node, list) else list(node) if isinstance(node, dict) else []
        return sum(_scramble({"k": node[k]} if rest else node, ["k", *rest] if rest else [k],
                             keep, tag, owner if owner is not None else k) for k in keys)
    if not isinstance(node, dict | list) or (isinstance(node, dict) and head not in node):
        return 0
    if rest:
        return _scramble(node[head], rest, keep, tag, owner)
    if owner is not None and (owner in keep if isinstance(keep, set) else owner == keep):
        return 0
    node[head] = _fake(node[head], tag)
    return 1


def hidden_changed(game, seat: int, tag: str) -> dict:
    """A copy of the game's state in which everything `seat` may not see (per the game's `hidden:` rules:
    other seats' hands and picks, deck orders and contents, the random stream) is different."""
    spec = game.definition.rules["hidden"]
    state = copy.deepcopy(game.state)
    changed = 0
    for key in [*spec.get("drop", []), *spec.get("count", [])]:
        changed += _scramble(state, key.split("."), None, tag)
    for key in spec.get("owner_only", []):
        seen = {o for o in range(len(state["players"])) if sees(game.state, spec, key, o, seat)}
        changed += _scramble(state, key.split("."), seen, tag)
    assert changed >= 3
    return state


@pytest.mark.parametrize("game,players", GAMES)
def test_an_observation_holds_no_other_hand_nor_deck_order(game, players):
    env, rng = raw_env(game, players), random.Random(3)
    env.reset(seed=4)
    for _ in range(40):
        real = env.game.state
        for seat, agent in enumerate(env.possible_agents):
            seen = env.observe(agent)
            for tag in ("a", "b"):
                env.game.state = hidden_changed(env.game, seat, tag)
                other = env.observe(agent)
                env.game.state = real
                for key in seen:
                    assert np.array_equal(seen[key], other[key]), (agent, key)
            if env.game.pending.player != seat:  # the acting seat's options (its hand) are not shown either
                assert not seen["action_mask"].any() and not seen["option_ids"].any()
                options = env.game.pending.options
                env.game.pending.options = [o + "'" for o in options]
                assert np.array_equal(env.observe(agent)["observation"], seen["observation"])
                env.game.pending.options = options
        # the check can fail: the same change to the seat's own hand shows in its observation
        me = env.game.pending.player
        own = copy.deepcopy(real)
        own["players"][me]["hand"] = _fake(own["players"][me]["hand"], "mine") or ["mine-0"]  # (an empty hand too)
        env.game.state = own
        assert not np.array_equal(env.observe(f"player_{me}")["observation"], seen_by(env, me, real))
        env.game.state = real
        env.step(rng.randrange(len(env.game.pending.options)))


def seen_by(env, seat: int, state: dict) -> np.ndarray:
    keep, env.game.state = env.game.state, state
    try:
        return env.observe(f"player_{seat}")["observation"]
    finally:
        env.game.state = keep


def test_a_determinised_world_looks_the_same_to_its_seat():
    """The search bot's guesses of what a seat cannot see (another hand, the decks) leave its observation as is."""
    from rulewright.engine.rng import Rng, seed_state

    env = raw_env("wonders7", 3)
    env.reset(seed=9)
    seat = env.game.pending.player
    seen = env.observe(f"player_{seat}")["observation"]
    guess = copy.deepcopy(env.game.state)
    env.game.definition.search_support().determinise(guess, seat, Rng({"rng": seed_state(1)}))
    others = [i for i in range(3) if i != seat]
    assert any(guess["players"][i]["hand"] != env.game.state["players"][i]["hand"] for i in others)
    assert np.array_equal(seen_by(env, seat, guess), seen)


def test_the_docs_evaluation_loop_runs_and_prints_what_it_shows(capsys):
    import re

    text = (ROOT / "docs" / "agents.md").read_text(encoding="utf-8")
    loop = text.split("## An evaluation loop", 1)[1]
    code, shown = re.findall(r"```python\n(.*?)```", loop, re.S)[0], re.findall(r"```text\n(.*?)```", loop, re.S)[0]
    exec(compile(code, "docs/agents.md", "exec"), {"__name__": "docs_agents"})
    assert capsys.readouterr().out == shown
