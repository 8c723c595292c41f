"""The contract every installed game keeps, checked the same way for each (discovered through engine.games):

- determinism: the same seed and actions give the same save, byte for byte, and the same state;
- a save loads back at any decision, to the same state and the same pending decision;
- a refused action changes nothing (state, log, actions, save);
- each seat's view hides what the game declares hidden (`hidden:` of its game.yaml);
- a fork is independent of its game, both ways, and plays on exactly as the game would;
- the game's own determinisation (its search support) resamples only what the player may not see, and no
  bot's choice changes when only that hidden information does.

A game added under rules/<id>/ is checked without a line here changing: nothing below names a game, a
content id or a decision kind. Each game plays a short stretch (TRAIL decisions) once per module; the checks
sample a few of its decisions, so the suite stays cheap.
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import pytest
from ruamel.yaml import YAML
from rulewright.api import load_game, new_game
from rulewright.engine import games
from rulewright.engine.bots import bots_for, make_bot
from rulewright.engine.decision import IllegalAction
from rulewright.engine.hidden import counted, sees
from rulewright.engine.playout import play_out
from rulewright.engine.rng import Rng, seed_state
from rulewright.engine.service import from_json, to_json

TRAIL = 40  # decisions played per game
SEED = 5
GAMES = games.installed()
# tiny budgets: the contract is about what a bot sees, not how well it plays
BOT_BUDGET = {"search": "search:2", "lsearch": "lsearch:2", "ismcts": "ismcts:4"}


def _players(game_id: str) -> int:
    lo, hi = games.find(game_id).players
    return max(lo, min(3, hi))


@cache
def trail(game_id: str) -> tuple[dict, tuple[int, ...]]:
    """A save of TRAIL decisions by the game's greedy bot (else its first bot), and the indices sampled."""
    kinds = sorted(bots_for(game_id))
    kind = "greedy" if "greedy" in kinds else kinds[0]
    game = new_game(players=_players(game_id), seed=SEED, game_id=game_id)
    play_out(game, lambda p: make_bot(kind, SEED * 10 + p, game_id), limit=TRAIL)
    n = len(game.actions)
    return game.save(), tuple(sorted({0, n // 3, (2 * n) // 3, n}))


def _at(game_id: str, i: int, **kw: Any) -> Any:
    """The trail's game after its first i actions (a fresh game replaying them)."""
    save, _ = trail(game_id)
    game = new_game(players=save["config"]["players"], seed=SEED, game_id=game_id, **kw)
    for a in save["actions"][:i]:
        game.apply(a)
    return game


def _sampled() -> list[tuple[str, int]]:
    return [(g, i) for g in GAMES for i in trail(g)[1]]


def _fingerprint(game: Any) -> tuple:
    return game.state_hash(), json.dumps(game.save(), sort_keys=True), tuple(game.log), \
        game.pending.to_json() if game.pending else None


def test_every_installed_game_is_registered_with_a_descriptor():
    assert GAMES
    for g in GAMES:
        module = games.find(g)
        lo, hi = module.players
        assert module.id == g and 1 <= lo <= hi
        game = _at(g, len(trail(g)[0]["actions"]))
        values = module.measures.of(game)  # a stopped game too: every declared measure, checked
        assert set(values) == {m.key for m in module.measures.measures}


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_and_actions_give_the_same_game_byte_for_byte(game_id):
    save, _ = trail(game_id)
    again = load_game(json.loads(json.dumps(save)))
    replayed = _at(game_id, len(save["actions"]))
    assert json.dumps(again.save()) == json.dumps(save) == json.dumps(replayed.save())
    assert again.state_hash() == replayed.state_hash()
    assert json.dumps(again.state, sort_keys=True) == json.dumps(replayed.state, sort_keys=True)


@pytest.mark.parametrize(("game_id", "i"), _sampled())
def test_a_save_loads_back_at_any_decision(game_id, i):
    game = _at(game_id, i)
    loaded = load_game(json.loads(json.dumps(game.save())))
    assert _fingerprint(loaded) == _fingerprint(game)
    assert loaded.legal_actions() == game.legal_actions()


@pytest.mark.parametrize(("game_id", "i"), _sampled())
def test_a_refused_action_changes_nothing(game_id, i):
    game = _at(game_id, i)
    before = _fingerprint(game)
    d = game.pending
    if d is None:
        bad = [{"player": 0, "choice": "anything"}]
    else:
        other = (d.player + 1) % len(game.state["players"])
        bad = [{"player": d.player, "choice": "\u00a7not an option\u00a7"}, {"player": other, "choice": d.options[0]},
               {"player": True, "choice": d.options[0]}, {"player": d.player, "choice": 3}, ["not", "a", "dict"],
               {"player": d.player}, *({"player": d.player, "choice": o} for o in d.refused)]
    for action in bad:
        with pytest.raises(IllegalAction):
            game.apply(action)
        assert _fingerprint(game) == before, action


def _hidden_spec(game_id: str) -> dict:
    data = YAML(typ="safe").load((games.game_dir(game_id) / "game.yaml").read_text(encoding="utf-8")) or {}
    return data.get("hidden") or {}


def _at_path(node: Any, parts: list[str], owner: int | None = None):
    """(owner, value) at a dotted path; `*` binds the owner index (engine/hidden.py's paths)."""
    if not parts:
        yield owner, node
        return
    head, rest = parts[0], parts[1:]
    if head == "*":
        keys = range(len(node)) if isinstance(node, list) else list(node) if isinstance(node, dict) else []
        for k in keys:
            key = str(k)
            who = owner if owner is not None else int(key) if key.lstrip("-").isdigit() else None
            yield from _at_path(node[k], rest, who)
    elif isinstance(node, dict) and head in node:
        yield from _at_path(node[head], rest, owner)


@pytest.mark.parametrize(("game_id", "i"), _sampled())
def test_each_seat_sees_only_what_the_game_declares_it_may(game_id, i):
    game = _at(game_id, i)
    spec = _hidden_spec(game_id)
    for viewer in [*range(len(game.state["players"])), None]:
        view = game.view(viewer)
        text = json.dumps(view, sort_keys=True)
        for key in spec.get("drop") or []:
            parts = str(key).split(".")
            assert all(v is None for _, v in _at_path(view, parts)), (viewer, key)
        for key in spec.get("count") or []:
            parts = str(key).split(".")
            real = dict(_seq(_at_path(game.state, parts)))
            for n, (_, v) in enumerate(_at_path(view, parts)):
                assert v == counted(real[n]), (viewer, key)
        for key in spec.get("owner_only") or []:
            parts = str(key).split(".")
            real = list(_at_path(game.state, parts))
            seen = list(_at_path(view, parts))
            assert len(real) == len(seen), (viewer, key)
            for (owner, r), (_, v) in zip(real, seen, strict=True):
                assert v == (r if sees(game.state, spec, key, owner, viewer) else counted(r)), (viewer, key, owner)
        assert text == json.dumps(game.view(viewer), sort_keys=True)  # a view is a copy: reading changes nothing


def _seq(pairs):
    return ((n, v) for n, (_, v) in enumerate(pairs))


@pytest.mark.parametrize(("game_id", "i"), [(g, i) for g, i in _sampled() if i > 0])
def test_a_fork_is_independent_and_plays_on_as_its_game_would(game_id, i):
    save, _ = trail(game_id)
    game = _at(game_id, i)
    if game.pending is None:
        return
    fork = game.fork()
    assert _fingerprint(fork) == _fingerprint(game)
    before = _fingerprint(game)
    for a in save["actions"][i:i + 6]:  # the fork plays on: the game does not move
        fork.apply(a)
    assert _fingerprint(game) == before
    mark = _fingerprint(fork)
    for a in save["actions"][i:i + 6]:  # the game plays the same actions: the fork does not move, both agree
        game.apply(a)
    assert _fingerprint(fork) == mark == _fingerprint(game)
    fork.state["players"][0]["__probe__"] = 1  # a change to one state is not seen by the other
    assert "__probe__" not in game.state["players"][0]


def _bots(game_id: str) -> list[str]:
    out = []
    for name in sorted(bots_for(game_id)):
        kind = BOT_BUDGET.get(name, name)
        try:
            make_bot(kind, 0, game_id)
        except ValueError:  # the game registered it as unavailable here
            continue
        out.append(kind)
    return out


def _determinisable(game_id: str) -> bool:
    defn = games.find(game_id).definition()
    return callable(getattr(defn, "search_support", None))


def _resampled(game: Any, seeds: range) -> list[Any]:
    """Copies of `game` (kept with checkpoints, no action since the last one) whose hidden information, for
    the deciding player, the game's own determinisation resampled: service blobs resumed, so each copy is a
    whole game."""
    blob = json.loads(to_json(game))
    support = game.definition.search_support()
    out = []
    for k in seeds:
        data = json.loads(json.dumps(blob))
        support.determinise(data["state"], game.pending.player, Rng({"rng": seed_state(1000 + k)}, "rng"))
        out.append(from_json(json.dumps(data)))
    return out


@cache
def _hidden_points(game_id: str) -> tuple[int, ...]:
    """Two decisions of the trail (an early one and the last, the one the trail stops at included) at which
    the game keeps a fresh checkpoint (one was taken, no action since), so the hidden information can be
    resampled in a service blob, and at which a resampled world asks the same player (in a game of
    simultaneous picks, a world asks again for a pick already made but hidden from the deciding player:
    there the two games are not at the same decision)."""
    save, _ = trail(game_id)
    game = new_game(players=save["config"]["players"], seed=SEED, game_id=game_id, checkpoints=True)
    points = []
    for n, a in enumerate([*save["actions"], None]):  # the decisions before each action, and the trail's last
        if game.pending is not None and game.checkpoint is not None and not game.since \
                and len(game.pending.options) > 1 \
                and _resampled(game, range(1))[0].pending.player == game.pending.player:
            points.append(n)
        if a is not None:
            game.apply(a)
    assert points, f"{game_id}: no decision of the trail where hidden information can be resampled"
    return tuple(sorted({points[len(points) // 3], points[-1]}))


def _worlds(game_id: str, n: int, samples: int = 2):
    """The game at decision n and `samples` resampled copies of it (see _resampled)."""
    game = _at(game_id, n, checkpoints=True)
    return game, _resampled(game, range(samples))


CASES = [(g, n) for g in GAMES if _determinisable(g) for n in _hidden_points(g)]


@pytest.mark.parametrize(("game_id", "n"), CASES)
def test_the_games_determinisation_changes_only_what_the_player_cannot_see(game_id, n):
    game, worlds = _worlds(game_id, n)
    p = game.pending.player
    for world in worlds:
        assert world.pending.player == p and world.pending.options == game.pending.options
        assert json.dumps(world.view(p), sort_keys=True) == json.dumps(game.view(p), sort_keys=True)
    assert any(w.state_hash() != game.state_hash() for w in worlds) or not _hidden_spec(game_id)


@pytest.mark.parametrize(("game_id", "n", "kind"), [(g, n, k) for g, n in CASES for k in _bots(g)])
def test_a_bots_choice_does_not_change_when_only_hidden_information_does(game_id, n, kind):
    game, worlds = _worlds(game_id, n)
    seed = random.Random(n).randrange(1 << 30)
    choice = make_bot(kind, seed, game_id).choose(game, game.pending)
    assert choice in game.pending.options
    for world in worlds:
        assert make_bot(kind, seed, game_id).choose(world, world.pending) == choice
