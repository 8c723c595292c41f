"""A word's `example:` (the line the generated reference shows when no bundled entry uses the word yet) is
an effect that parses, checks clean against its game's vocabulary, and uses that word; the reference shows
it (tools/modding/langdoc/)."""

from __future__ import annotations

import re

import pytest
from rulewright.dsl.checker import check_effect
from rulewright.dsl.loader import game_vocab, load_content
from rulewright.dsl.parser import parse_effect
from rulewright.engine.games import installed
from rulewright.tools.modding.langdoc.model import build_reference

EXAMPLES = [(game, section, name, text) for game in installed()
            for section, by_name in game_vocab(game).examples.items() for name, text in by_name.items()]


def test_the_new_words_of_issue_44_have_examples():
    named = {(g, n) for g, _, n, _ in EXAMPLES}
    for word in ("combat_round_end", "battle_tied", "combat_card_revealed", "advance_lost", "opponent_combat_value",
                 "open_discount", "adjacent_to", "came_from", "choose_space", "end_battle", "lose_advance"):
        assert ("clash", word) in named, word
    assert ("civ_board", "opponent_combat_bonus") in named


@pytest.mark.parametrize("game,section,name,text", EXAMPLES, ids=[f"{g}.{n}" for g, _, n, _ in EXAMPLES])
def test_an_example_checks_clean_and_uses_its_word(game, section, name, text):
    content = load_content(game=game)  # the bundled base pack's ids are words too
    effect, errors = parse_effect(text + "\n")
    assert not errors, errors
    found = [d for d in check_effect(effect, content.vocab) if d.severity == "error"]
    assert not found, found
    assert re.search(rf"\b{name}\b", text)


def test_the_reference_shows_an_example_for_a_word_no_bundled_entry_uses():
    ref = build_reference(load_content(game="clash"))
    word = next(w for w in ref.words["hooks"] if w.name == "battle_tied")
    assert not word.uses and word.example == "on battle_tied: gain 2 culture"
