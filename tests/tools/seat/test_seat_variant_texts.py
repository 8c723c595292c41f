"""Issue 45 item 4: every text a seat shows comes from the rules and content in force. A basic action's
meaning names the costs of the rules being played; an entry a variant changed says what changed beside its
printed text."""

from __future__ import annotations

from rulewright.api import new_game
from rulewright.tools.seat.seat import entry_words, option_text


def test_the_grow_option_reads_the_cost_of_the_variant_in_force():
    base = new_game(players=2, seed=1)
    assert option_text(base, base.pending, "grow").endswith("Add a city piece for 1 food, 1 ore and 1 wood")
    cheap = new_game(players=2, seed=1, variants=["params.grow_cost={food: 1, ore: 1}"])
    assert option_text(cheap, cheap.pending, "grow").endswith("Add a city piece for 1 food and 1 ore")
    rich = new_game(players=2, seed=1, variants=["params.advance_cost.food=3"])
    assert "Buy an advance for 3 food" in option_text(rich, rich.pending, "advance")


def test_an_entry_a_variant_changed_says_so_beside_its_printed_text():
    game = new_game(players=2, seed=1, variants=["content.units.settler.cost.food=0"])
    words = entry_words(game, "settler")
    assert words["text"].endswith("[in this game: content.units.settler.cost.food 2 -> 0]")
    assert "in this game" not in entry_words(new_game(players=2, seed=1), "settler")["text"]
