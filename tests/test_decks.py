"""The three decks as content: their printed counts, honest sources, and an explanation for every card."""

from __future__ import annotations

import json

import pytest
from rulewright.rules.clash.state.definition import definition


@pytest.mark.parametrize("pack,kind,count", [("base", "action-cards", 42), ("base", "event-cards", 38),
                                             ("base", "objective-cards", 32), ("civilizations", "event-cards", 10),
                                             ("civilizations", "objective-cards", 6)])
def test_deck_counts_and_sources(pack, kind, count, cli):
    result = cli(["list", kind, "--pack", pack, "--format", "json"])
    assert result.exit_code == 0, result.output
    cards = json.loads(result.output)
    assert len(cards) == count
    for c in cards:
        assert {"id", "name", "kind", "source"} <= set(c)
        assert c["source"] in {"rulebook", "reference", "adapted", "authored"}


def test_every_card_explains(cli):
    d = definition()
    for kind in ("action_card", "event_card", "objective_card"):
        for e in d.content.of_kind(kind):
            result = cli(["explain", e.id])
            assert result.exit_code == 0, (e.id, result.output)


def test_named_cards_are_present():
    names = {e.name for e in definition().content.entries.values()}
    for wanted in ("Explorers", "Mercenaries", "Inspiration"):
        assert wanted in names
    combat_titles = {e.data["combat"]["title"] for e in definition().content.of_kind("action_card")}
    assert {"Prepared Defenses", "Cavalry"} <= combat_titles
    objectives = " ".join(e.data.get("effect", "") for e in definition().content.of_kind("objective_card"))
    for goal in ("Citadel", "Warlord", "Conqueror", "Focused", "Balanced"):
        assert f'"{goal}"' in objectives
