"""The words a modder reaches for (issue 28): city filters for every mood and size and their negations,
can_take for every basic action, did-you-mean never the opposite, a trigger on several hooks sharing one
limit, and `explain` saying when a card action is not offered."""

from __future__ import annotations

import pytest
from rulewright.dsl.checker import check_effect
from rulewright.dsl.explain import explain_effect
from rulewright.dsl.parser import parse_effect
from rulewright.engine import games


@pytest.fixture(scope="module")
def defn():
    return games.find("clash").definition(["base"], [])


def _diags(defn, src: str):
    eff, errs = parse_effect(src + "\n", "<e>")
    return errs or check_effect(eff, defn.content.vocab)


def test_every_mood_and_size_filter_and_its_negation_is_a_city_filter(defn):
    vocab = defn.content.vocab
    filters = vocab.enums["city_filter"]
    for mood in vocab.enums["mood"]:
        assert mood in filters and f"not_{mood}" in filters
    for n in range(1, 6):
        assert f"size_{n}" in filters and f"not_size_{n}" in filters
    for f in filters:
        assert _diags(defn, f'action "A": do choose_city({f})') == [], f
    # a mood word stays a mood where a mood is wanted
    assert _diags(defn, "on city_mood_changed when to = angry: gain 1 gold") == []


def test_the_issue_example_angry_and_no_opposite_suggested(defn):
    assert _diags(defn, 'action "A": do choose_city(angry)') == []
    d = _diags(defn, 'action "A": do choose_city(angri)')
    assert "'angry'" in d[0].hint and "not_angry" not in d[0].hint
    d = _diags(defn, 'action "A": do choose_city(not_angri)')
    assert "'not_angry'" in d[0].hint and "'angry'" not in d[0].hint.replace("'not_angry'", "")


def test_can_take_accepts_every_basic_action(defn):
    for spec in defn.actions:
        assert _diags(defn, f'action "A" when can_take({spec["id"]}): gain 1 gold') == [], spec["id"]


@pytest.mark.parametrize("position", [
    {"players": [{"advances": ["farming", "mining", "tactics", "myths"], "resources": {"food": 2, "wood": 3, "ore": 3,
                  "idea": 3, "gold": 3, "mood": 3, "culture": 3}, "culture_level": 4, "happiness_level": 4}],
     "cities": [{"owner": 0, "at": "D2", "mood": "angry"}, {"owner": 1, "at": "E6"}],
     "units": [{"owner": 0, "type": "settler", "at": "C3"}, {"owner": 0, "type": "army", "at": "D3"}]},
    {"players": [{"advances": ["farming", "mining"], "resources": {"food": 0, "wood": 0, "ore": 0, "idea": 0}}],
     "cities": [{"owner": 0, "at": "D2"}]},
], ids=["rich", "poor"])
def test_can_take_agrees_with_the_action_menu(defn, game_at, position):
    from rulewright.rules.clash.cards.cardrules import FUNCTIONS
    game = game_at(position, packs=["base"])
    assert game.pending.kind == "action"
    offered = set(game.pending.options)
    ctx = game.rt.ctx(0, "rules")
    for spec in defn.actions:
        assert FUNCTIONS["can_take"](game.rt, ctx, spec["id"]) == (spec["id"] in offered), spec["id"]


def test_one_trigger_on_two_hooks(defn):
    src = "on resource_paid or resource_lost when what = food once per round: gain 1 gold"
    assert _diags(defn, src) == []
    eff, _ = parse_effect(src + "\n", "<e>")
    assert explain_effect(eff, defn.content.vocab.phrases) == [
        "Whenever you pay resources or tokens or you lose resources or tokens when what is food: get 1 gold "
        "(once per round)."]
    # only the fields both hooks carry are bound
    d = _diags(defn, "on resource_paid or city_mood_changed when what = food: gain 1 gold")
    assert d and "'what' is not bound here" in d[0].message
    d = _diags(defn, "on resource_paid or resource_lots: gain 1 gold")
    assert "did you mean 'resource_lost'?" in d[0].hint


def test_explain_says_when_a_card_action_is_not_offered(defn):
    eff, _ = parse_effect('action "Calm":\n  do choose_city(angry)\n  do raise_city_mood(chosen, 1)\n', "<e>")
    said = explain_effect(eff, defn.content.vocab.phrases)[0]
    assert said.endswith("Not offered when none of your cities passes its filters.")


def test_explain_shows_an_advance_border(cli):
    import json


    res = cli(["explain", "writing", "--pack", "base", "-f", "json"])
    english = json.loads(res.output)["english"]
    assert english[-1].startswith("Culture border: getting it raises your culture level by 1")
