"""`explain` reads naturally for optional grants, shows both halves of action cards and mentions the caps
of gains; the log says when a gain was capped and when a payment bought nothing."""

from __future__ import annotations

import json

from rulewright.api import new_game
from rulewright.dsl.explain import explain_effect
from rulewright.dsl.loader import load_content
from rulewright.dsl.parser import parse_effect
from rulewright.tools.scenario_checks import translate
from rulewright.tools.scenarios import run_scenario


def english(src: str) -> list[str]:
    effect, diags = parse_effect(src)
    assert not diags, diags
    return explain_effect(effect, load_content(["base"]).vocab.phrases)


def test_optional_grant_reads_naturally():
    assert english("on battle_won optional: grant move_after_battle(army) until end of turn") == [
        "On your battle won: you may move after battle (army) until the end of the turn."]
    assert english("on city_grown optional costs 1 food: gain 1 settler") == [
        "On your city grown: you may pay 1 food to get 1 settler."]


def test_gains_of_capped_tokens_mention_their_cap():
    assert english("on city_grown: gain 1 culture then gain 2 mood") == [
        "On your city grown: get 1 culture (up to your culture level), then get 2 mood (up to your happiness "
        "level)."]


def test_explain_shows_the_combat_half_of_an_action_card(cli):
    res = cli(["explain", "explorers", "--format", "json"])
    data = json.loads(res.output)
    assert data["combat"]["title"] == "Prepared Defenses"
    assert data["combat"]["english"] == ["Combat dice increases by 1 when side is defender."]
    text = cli(["explain", "explorers"], env={"COLUMNS": "200"}).output
    assert "Combat (Prepared Defenses): If you are the defender" in text
    assert "Combat dice increases by 1 when side is defender." in text
    assert "combat effect" in text


CARD = """kind: action_card
entries:
  - id: test_patronage
    name: Test - patronage
    text: At the start of your turn, you may pay 1 gold for 1 culture token.
    source: authored
    effect: |
      on turn_start costs 1 gold: gain 2 culture
    combat:
      title: Test - drums
      tags: [army]
      text: +1 combat value.
      effect: |
        modify combat_value: += 1
"""


def _capped_run(write_pack, level: int):
    pack = write_pack({"cards.yaml": CARD}, pack_id="capped")
    spec = {"name": "capped", "players": 2, "packs": [str(pack)],
            "position": {"current": 1,
                         "players": [{"resources": {"gold": 1}, "culture_level": level,
                                      "hand": {"action_card": ["test_patronage"]}}],
                         "cities": [{"owner": 0, "at": "D2"}]},
            "actions": ["end", "yes"], "expect": [{"path": "players.0.res.gold", "equals": 0}]}
    result = run_scenario(spec, path=str(pack.parent / "t.yaml"))
    assert result.passed, result.messages
    return [line.strip() for line in _log(spec)]


def _log(spec: dict) -> list[str]:
    """The same game the runner played, replayed here to read its whole log."""
    game = new_game(players=2, seed=1, packs=spec["packs"], position=spec["position"])
    for step in spec["actions"]:
        game.apply({"player": game.pending.player, "choice": translate(step, game.pending.options)})
    return game.log


def test_log_says_a_gain_was_capped_and_the_payment_bought_nothing(tmp_path, write_pack):
    log = _capped_run(write_pack, 0)
    assert "Player 1 gets no culture (Test - patronage): culture is capped at 0 by the culture level" in log
    assert "Player 1 paid 1 gold for Test - patronage and got nothing for it (every gain was capped)" in log


def test_a_partly_capped_gain_says_how_much(tmp_path, write_pack):
    log = _capped_run(write_pack, 1)
    assert "Player 1 gets 1 culture (Test - patronage)" in log
    assert "Player 1 gets 1 culture, not 2 (Test - patronage): culture is capped at 1 by the culture level" in log
    assert not any("got nothing" in line for line in log)
