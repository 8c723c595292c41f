"""Every word of every game's vocabulary carries a `doc:` one-liner (the reference and the editor show it).

Strict on purpose: a word added without `doc:` fails here, so the generated reference never has a hole.
"""

from __future__ import annotations

import pytest
from rulewright.dsl.loader import game_vocab, game_vocabulary
from rulewright.dsl.vocabulary import WORD_SECTIONS, Vocabulary
from rulewright.engine.games import installed


@pytest.mark.parametrize("game", installed())
def test_every_word_has_a_doc(game: str) -> None:
    vocab = game_vocab(game)
    missing = [f"{section}.{name}" for section in WORD_SECTIONS
               for name in (getattr(vocab, section) or {})
               if not vocab.docs.get(section, {}).get(name, "").strip()]
    assert not missing, f"vocabulary words without `doc:` in rules/{game}/vocabulary.yaml: {missing}"


@pytest.mark.parametrize("game", installed())
def test_doc_is_no_payload_field_or_argument(game: str) -> None:
    """The loader keeps `doc:` apart: it is neither a hook's payload field nor part of a signature."""
    vocab = game_vocab(game)
    raw = game_vocabulary(game)
    assert all("doc" not in payload for payload in vocab.hooks.values())
    assert any("doc" in (spec or {}) for spec in raw["hooks"].values())


def test_docs_are_read_from_the_doc_key() -> None:
    vocab = Vocabulary.from_data({"hooks": {"h": {"player": "player", "doc": "Fires now."}},
                                  "functions": {"f": {"args": ["int"], "returns": "bool", "doc": "Checks."}}})
    assert vocab.hooks == {"h": {"player": "player"}}
    assert vocab.functions["f"].args == ["int"]
    assert vocab.docs == {"hooks": {"h": "Fires now."}, "functions": {"f": "Checks."}}


@pytest.mark.parametrize("game", installed())
def test_every_hook_payload_field_has_a_meaning(game: str) -> None:
    """`rulewright hooks` and the reference say what each payload field means (issue 44: `destroyed`,
    `fought`, `casualties` had no meaning written anywhere)."""
    vocab = game_vocab(game)
    missing = [f"{hook}.{name}" for hook, payload in vocab.hooks.items() for name in payload
               if not vocab.field_meaning(hook, name).strip()]
    assert not missing, (f"payload fields without a meaning in rules/{game}/vocabulary.yaml (add them to "
                         f"`hook_fields:`, or to the hook's `fields:` where the meaning is its own): {missing}")


def test_a_hooks_own_field_meaning_wins_over_the_shared_one() -> None:
    vocab = Vocabulary.from_data({"hook_fields": {"killed": "Units killed."},
                                  "hooks": {"won": {"killed": "int", "fields": {"killed": "Enemy units killed."}},
                                            "lost": {"killed": "int"}}})
    assert vocab.hooks == {"won": {"killed": "int"}, "lost": {"killed": "int"}}
    assert vocab.field_meaning("won", "killed") == "Enemy units killed."
    assert vocab.field_meaning("lost", "killed") == "Units killed."
    assert vocab.field_meaning("lost", "nothing") == ""
