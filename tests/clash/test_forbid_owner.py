"""`me` in a `forbid` is the ability's owner (issue 44): on an event card kept in play, its holder, so a card
printed "while in play, no other player may attack your cities" works as printed; on what nobody owns
(the standing rules, pieces, units) the player acting."""

from __future__ import annotations

from rulewright.api import new_game
from rulewright.rules.clash.state.scenario import space_of

TRUCE = """kind: event_card
entries:
  - id: truce
    name: Truce
    text: Keep this card in play. While it is, no other player may attack your cities.
    source: authored
    effect: |
      on event_drawn when card = self: do keep_in_play(self)
      forbid attack_city when in_play(self) and target.owner = me and actor != me
"""


def test_an_event_card_in_play_forbids_for_its_holder(write_pack, tmp_path):
    pack = write_pack({"events.yaml": TRUCE}, root=tmp_path / "truce")
    game = new_game(players=2, seed=1, packs=["base", str(pack)],
                    position={"cities": [{"owner": 0, "at": "D2"}, {"owner": 1, "at": "D7"}]})
    rt = game.rt
    mine, theirs = space_of("D2"), space_of("D7")
    assert not rt.forbidden("attack_city", actor=0, target=theirs)  # nobody holds the truce
    game.state["players"][1]["in_play"] = ["truce"]
    assert rt.forbidden("attack_city", actor=0, target=theirs)  # the holder's city is spared
    assert not rt.forbidden("attack_city", actor=1, target=mine)  # the holder may still attack
    game.state["players"][1]["in_play"] = []
    game.state["players"][0]["in_play"] = ["truce"]
    assert rt.forbidden("attack_city", actor=1, target=mine)
    assert not rt.forbidden("attack_city", actor=0, target=theirs)
