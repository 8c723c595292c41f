"""Variants are data overlays: each changes what the rulebook's variant changes and nothing else."""

from __future__ import annotations

import json

from rulewright.api import new_game, play_game
from rulewright.rules.clash.state.definition import definition


def test_four_round_setup():
    game = new_game(players=3, seed=4, variants=["four_round"])
    for i in range(3):
        units = [u["type"] for u in game.state["units"].values() if u["owner"] == i]
        assert units == ["settler", "settler"]
        moods = [c["mood"] for c in game.state["cities"].values() if c["owner"] == i]
        assert moods == ["happy"]


def test_four_round_game_ends_after_four_rounds():
    game = play_game(2, 3, ["greedy"], variants=["four_round"])
    assert game.over and game.state["round"] <= 4


def test_variant_changes_only_what_it_says():
    base, four = definition(), definition(variants=["four_round"])
    changed = {k for k in base.params if base.params[k] != four.params[k]}
    assert changed == {"rounds", "starting_units", "starting_city_mood", "free_advances_per_status"}
    assert base.rules["flow"] == four.rules["flow"]


def test_list_variants_json(cli):
    result = cli(["list", "variants", "--format", "json"])
    assert result.exit_code == 0, result.output
    ids = {v["id"] for v in json.loads(result.output)}
    assert ids == {"no_events", "optional_events", "four_round", "roll_to_end", "wonderful_ending", "lead_us", "what_if"}
