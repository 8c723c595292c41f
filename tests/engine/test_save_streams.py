"""Saves across versions (engine/machine.py Game.load, engine/provenance.py): a save names the random stream
that dealt it and fingerprints its content, so a later version replays it on that stream, or refuses it
before showing anything; `--upto` never shows another game.

tests/fixtures/saves_stream1/ holds saves written by rulewright before the stream changed (format 1, no
stream recorded; 74649da, SplitMix64), with the log that version printed for them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rulewright.api import load_game, new_game
from rulewright.engine.machine import SAVE_FORMAT, SaveError
from rulewright.engine.provenance import STREAM, fingerprint
from rulewright.engine.rng import Rng, seed_state, stream_of

OLD = Path(__file__).resolve().parents[1] / "fixtures" / "saves_stream1"
SAVES = sorted(OLD.glob("*.json"))


def _old(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _in_order(wanted: list[str], lines: list[str]) -> bool:
    """Every wanted line appears in `lines`, in the same order (later versions may log more)."""
    it = iter(lines)
    return all(any(line == w for line in it) for w in wanted)


def test_the_fixtures_are_old_saves() -> None:
    assert len(SAVES) >= 2
    for path in SAVES:
        save = _old(path)
        assert save["format"] == 1 and "stream" not in save, path.name


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_a_save_of_the_previous_stream_replays_the_same_game(path: Path) -> None:
    game = load_game(_old(path))
    assert len(game.actions) == len(_old(path)["actions"])
    assert any("random stream 1" in note for note in game.notes), game.notes
    assert stream_of(game.state["rng"]) == 1
    then = path.with_suffix(".log").read_text(encoding="utf-8").splitlines()
    assert _in_order(then, game.log), "the replay tells another game than the version that wrote it"


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_upto_shows_the_same_game_as_the_whole_replay(path: Path) -> None:
    save = _old(path)
    whole = load_game(save)
    part = load_game(save, 6)
    assert part.actions == whole.actions[:6]
    assert part.notes == whole.notes
    assert part.log == whole.log[: len(part.log)]


def test_the_current_stream_would_deal_another_game() -> None:
    """The fixtures need stream 1: forced onto stream 2 they do not replay (so the test above means something)."""
    save = dict(_old(SAVES[0]), format=2, stream=STREAM)
    with pytest.raises(SaveError, match="random stream 2"):
        load_game(save)


def test_a_save_records_what_made_it_and_resaves_on_its_stream() -> None:
    game = new_game(players=2, seed=4)
    save = game.save()
    assert save["format"] == SAVE_FORMAT and save["stream"] == STREAM
    assert save["content"] == fingerprint("clash", ["base"])
    assert "stream" not in save["config"]
    old = load_game(_old(SAVES[0]))
    again = old.save()
    assert again["stream"] == 1 and "stream" not in again["config"]
    assert load_game(again).state_hash() == old.state_hash()


def test_a_save_of_an_unknown_stream_is_refused_naming_both_versions() -> None:
    save = dict(new_game(players=2, seed=4).save(), stream=9)
    with pytest.raises(SaveError) as err:
        load_game(save)
    assert "random stream 9" in str(err.value) and "random stream 2" in str(err.value)


def test_a_save_that_replays_on_no_stream_is_refused_before_anything_is_shown() -> None:
    save = _old(SAVES[0])
    save["actions"][10]["choice"] = "no such option"
    for upto in (None, 3):
        with pytest.raises(SaveError) as err:
            load_game(save, upto)
        text = str(err.value)
        assert "an older rulewright" in text and "random stream 1" in text and "random stream 2" in text


def test_other_content_replays_the_whole_save_before_showing_a_prefix() -> None:
    game = new_game(players=2, seed=4)
    rng = Rng({"rng": seed_state(1)})
    for _ in range(30):
        options = game.legal_actions()
        game.apply(options[rng.below(len(options))])
    save = game.save()
    save["content"] = {"packs": {"base": "0" * 16}, "rules": "0" * 16}  # as if written with other content
    assert load_game(save, 5).state_hash() == load_game(game.save(), 5).state_hash()
    save["actions"][20]["choice"] = "no such option"
    with pytest.raises(SaveError, match="rules, content or stream differ"):
        load_game(save, 5)  # the prefix alone would replay: the whole save is checked first


def test_stream_one_is_splitmix64() -> None:
    """Stream 1's first draws for seed 0, as rulewright before the change dealt them."""
    rng = Rng({"rng": seed_state(0, 1)})
    assert [rng.below(1000) for _ in range(5)] == [_splitmix_below(0, i, 1000) for i in range(5)]


def _splitmix_below(seed: int, i: int, n: int) -> int:
    mask = (1 << 64) - 1

    def step(s: int) -> tuple[int, int]:
        s = (s + 0x9E3779B97F4A7C15) & mask
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return s, z ^ (z >> 31)

    state = step(seed)[1]
    for _ in range(i + 1):
        state, out = step(state)
    return out % n
