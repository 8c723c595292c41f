"""The language server on a Civilization (civ_board) pack: the game is the one the pack's manifest names, so
diagnostics, completion and hover speak civ_board's words (its vocabulary.yaml), not Clash's.

Driven like test_lsp.py (its Driver: a `rulewright lsp` subprocess over stdio, one for the module).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rulewright.dsl.loader import game_vocab
from test_lsp import Driver, make_pack, serving, where

TECHS = """\
# yaml-language-server: $schema=../content/schema/civ_tech.schema.json
kind: civ_tech
entries:
  - id: bronze_casting
    name: Bronze Casting
    level: 1
    text: Win a battle to gain a coin token; figures move 3 squares.
    source: authored for the test
    effect: |
      on battle_won: do coin_token(2)
      grant travel_speed(3)

  - id: bad_casting
    name: Bad Casting
    level: 1
    text: A misspelt word.
    source: authored for the test
    effect: |
      grant travel_sped(3)
"""


@pytest.fixture(scope="module")
def pack(tmp_path_factory) -> Path:
    return make_pack(tmp_path_factory, "civpack", "civ_board", {"techs.yaml": TECHS})


@pytest.fixture(scope="module")
def lsp(pack: Path):
    yield from serving(pack)


def test_a_civ_word_misspelt_is_diagnosed_where_it_stands(lsp: Driver, pack: Path) -> None:
    path = pack / "techs.yaml"
    diags = lsp.open(path, TECHS)
    line, col = where(TECHS, "travel_sped")
    assert [d.range.start.line for d in diags] == [line]
    assert diags[0].range.start.character == col
    assert "travel_speed" in diags[0].message  # the near civ_board word is suggested


def test_completion_offers_the_civ_hooks_and_grants(lsp: Driver, pack: Path) -> None:
    path = pack / "techs.yaml"
    lsp.open(path, TECHS)
    vocab = game_vocab("civ_board")
    line, col = where(TECHS, "battle_won")
    labels = set(lsp.complete(path, line, col))
    assert set(vocab.hooks) <= labels and "city_collected" not in labels  # Clash's hook is not offered
    text = TECHS.replace("do coin_token(2)", "do ")
    lsp.open(path, text)
    line, col = where(text, "do \n")
    assert set(lsp.complete(path, line, col + len("do "))) == set(vocab.primitives)


def test_hover_explains_a_civ_word_and_the_ability(lsp: Driver, pack: Path) -> None:
    path = pack / "techs.yaml"
    lsp.open(path, TECHS)
    vocab = game_vocab("civ_board")
    line, col = where(TECHS, "battle_won")
    assert vocab.docs["hooks"]["battle_won"] in lsp.hover(path, line, col + 2)
    line, col = where(TECHS, "travel_speed(3)")
    assert "Your figures move up to 3 squares." in lsp.hover(path, line, col + 2)  # grant_phrases
