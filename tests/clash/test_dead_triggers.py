"""Lint warns on Clash triggers that can never fire (issue 44): a combat half waiting for the battle's end
(W0332), an objective waiting for its own completion (W0333), a hand card's trigger on what its own
action emits, which it cannot hear once the card has left the hand (W0334)."""

from __future__ import annotations

CARDS = """kind: action_card
entries:
  - id: windfall
    name: Windfall
    text: Get 2 gold; whenever anyone gains gold, get 1 culture. Combat - win the battle, get 1 gold.
    source: authored
    effect: |
      action "Windfall": gain 2 gold
      on any resource_gained when what = gold: gain 1 culture
    combat:
      title: Spoils
      tags: [army]
      text: After a won battle, get 1 gold.
      effect: |
        on battle_won: gain 1 gold
        on combat_round_start: gain 1 mood
"""

OBJECTIVES = """kind: objective_card
entries:
  - id: ouroboros
    name: Ouroboros
    text: Complete this objective when you complete it.
    source: authored
    effect: |
      objective "Self" on objective_completed when card = self
      objective "Other" on objective_completed when card != self
"""


def test_triggers_that_can_never_fire_are_warned(write_pack, cli):
    pack = write_pack({"cards.yaml": CARDS, "objectives.yaml": OBJECTIVES})
    res = cli(["lint", str(pack)], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    out = res.output
    assert "cards.yaml:9:14: warning[W0334]: windfall: this trigger on resource_gained never hears" in out
    assert "cards.yaml:15:12: warning[W0332]: windfall: this combat half's trigger on battle_won never fires" in out
    assert "objectives.yaml:8:27: warning[W0333]: ouroboros: objective \"Self\" waits for its own completion" in out
    assert out.count("W0332") == 1 and out.count("W0333") == 1  # combat_round_start and another card's are heard
