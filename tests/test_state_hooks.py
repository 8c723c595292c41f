"""The state-change hooks (rules/clash/state/changes.py): declared with typed payloads, emitted only when
something listens (so unheard hooks cost nothing), and counted by times_this_turn when an effect asks."""

from __future__ import annotations

from rulewright.api import new_game
from rulewright.dsl.loader import game_vocabulary
from rulewright.rules.clash.state.definition import definition

STATE_HOOKS = ["resource_gained", "resource_paid", "resource_lost", "city_mood_changed", "city_size_changed",
               "unit_placed", "unit_removed", "card_drawn", "card_played", "card_discarded", "level_raised"]


def test_every_state_hook_is_declared_with_a_cause():
    vocab = game_vocabulary("clash")
    causes = vocab["enums"]["cause"]
    assert {"collecting", "card", "event", "trading", "status_phase", "battle"} <= set(causes)
    for hook in STATE_HOOKS:
        payload = vocab["hooks"][hook]
        assert payload["player"] == "player"
        assert payload.get("cause") == "cause" or hook == "card_played", hook


def test_hooks_nobody_listens_to_are_not_emitted():
    defn = definition(["base"])
    assert not set(STATE_HOOKS) & defn.listened_hooks  # the base game reacts to none of them


def _pack(write_pack, effect: str) -> str:
    return str(write_pack({
        "categories.yaml": "kind: category\nentries:\n  - {id: counting, name: Counting, government: false, "
                           "advances: [tally], order: 13, text: COUNTING, source: authored}\n",
        "advances.yaml": "kind: advance\nentries:\n  - id: tally\n    name: Tally\n    category: counting\n"
                         "    requires: []\n    border: none\n    text: test\n    source: authored\n"
                         "    effect: |\n      " + effect + "\n"}, pack_id="counting"))


def test_a_hook_counted_by_times_this_turn_is_emitted_without_a_trigger(tmp_path, write_pack):
    pack = _pack(write_pack, 'action "Count" free when times_this_turn(card_played) >= 1: gain 1 gold')
    defn = definition(["base", pack])
    assert "card_played" in defn.listened_hooks and "card_drawn" not in defn.listened_hooks
    game = new_game(players=2, seed=1, packs=["base", pack], position={
        "players": [{"advances": ["tally"], "resources": {"gold": 0}, "hand": {"action_card": ["festival"]}}],
        "cities": [{"owner": 0, "at": "D2", "mood": "angry"}, {"owner": 1, "at": "D8"}]})
    assert not any(o.startswith("special:tally") for o in game.pending.options)
    game.apply({"player": 0, "choice": "special:festival#0"})
    assert any(o.startswith("special:tally") for o in game.pending.options)  # a card was played this turn


def test_the_state_hooks_are_worded_in_english_by_hooks_and_explain(cli):
    from rulewright.dsl.explain import explain_effect
    from rulewright.dsl.parser import parse_effect

    res = cli(["hooks"], env={"COLUMNS": "240"})
    assert res.exit_code == 0
    row = next(line for line in res.output.splitlines() if "resource_gained" in line)
    assert "you gain resources or tokens" in row
    vocab = definition(["base"]).content.vocab
    effect, _ = parse_effect("on any unit_removed when cause = battle: gain 1 gold\n")
    assert explain_effect(effect, vocab.phrases) == ["Whenever any unit leaves the board when cause is battle: get 1 gold."]
