"""Issue 45 item 4: one function applies a list of PATH=VALUE settings to a set-up (what sweep plays for a
value and `rulewright tune` for a candidate), rules and content paths alike, each checked."""

from __future__ import annotations

import pytest
from rulewright.engine import games
from rulewright.tools.playtest.setups import parse_setup, with_settings


def test_settings_apply_after_the_set_ups_own_variants_and_play_as_named():
    s = with_settings("base+four_round", ["params.rounds=5", "content.units.settler.cost.food=0"], "clash")
    assert s["variants"] == ["four_round", "params.rounds=5", "content.units.settler.cost.food=0"]
    assert parse_setup(s["name"])["variants"] == s["variants"]  # compare plays the same set-up from its name
    defn = games.find("clash").definition(s["packs"], s["variants"])
    assert defn.params["rounds"] == 5 and defn.units["settler"].data["cost"] == {"food": 0}
    assert with_settings(parse_setup("pack:civilizations"), ["params.rounds=4"], "clash")["packs"] == \
        ["base", "civilizations"]


@pytest.mark.parametrize("setting,message", [
    ("params.rounds=-1", "the rules allow 1 to 99"),
    ("params.rouns=4", "did you mean params.rounds"),
    ("hidden.drop=[]", "the game's own"),
    ("content.units.settler.cost.food=-1", "allow 0 to 99"),
    ("four_round", "not a setting"),
])
def test_a_bad_setting_is_refused_naming_it(setting, message):
    with pytest.raises(ValueError, match=message):
        with_settings("base", [setting], "clash")
