"""`rulewright docs` builds the language reference (so CI builds it on every run and it never goes stale).

The reference is generated into tmp_path through the command line; every vocabulary word must appear with
its doc, and every example must link to a content line that really holds it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser import chromium
from rulewright.dsl.loader import game_vocab
from rulewright.dsl.vocabulary import WORD_SECTIONS
from rulewright.tools.langdoc.markdown import anchor
from rulewright.tools.langdoc.model import ABILITY_FORMS, STATEMENT_FORMS


@pytest.fixture(scope="module")
def built(tmp_path_factory, cli) -> Path:
    out = tmp_path_factory.mktemp("docs")
    res = cli(["docs", "--out", str(out)])
    assert res.exit_code == 0, res.output
    return out


def test_every_word_is_listed_with_its_doc(built: Path) -> None:
    md = (built / "language.md").read_text()
    html = (built / "language.html").read_text()
    vocab = game_vocab("clash")
    for section in WORD_SECTIONS:
        for name in getattr(vocab, section):
            doc = vocab.docs[section][name]
            assert f'<a id="{anchor(section, name)}"></a>\n### `{name}`\n\n{doc}\n' in md, (section, name)
            assert f'id="{anchor(section, name)}"' in html, (section, name)


def test_examples_link_to_the_lines_that_hold_them(built: Path) -> None:
    md = (built / "language.md").read_text()
    links = re.findall(r"`([^`]+)` \(\[([a-z0-9_]+)\]\(([^)#]+)#L(\d+)\)", md)
    assert len(links) > 100
    for text, _entry, rel, line in links:
        source = (built / rel).resolve().read_text().splitlines()
        assert text.rstrip(".")[:60] in source[int(line) - 1], (text, rel, line)


def test_statement_and_ability_forms_have_examples(built: Path) -> None:
    md = (built / "language.md").read_text()
    for form in ABILITY_FORMS + STATEMENT_FORMS:
        block = md.split(f"### `{form.keyword}`\n", 1)[1].split("###", 1)[0]
        assert form.syntax in block and "Example: `" in block, form.keyword


def test_content_index_lists_every_entry(built: Path) -> None:
    md = (built / "language.md").read_text()
    index = md.split("## Content index", 1)[1]
    for entry_id in ("farming", "great_gardens", "explorers"):
        assert f"| `{entry_id}` |" in index


def test_html_page_is_self_contained_with_a_search_box(built: Path) -> None:
    html = (built / "language.html").read_text()
    assert '<input id=q type=search' in html and "function filter()" in html
    assert not re.search(r"""(src|href)=["']?https?://""", html)


def test_unknown_game_is_a_usage_error(tmp_path: Path, cli) -> None:
    res = cli(["docs", "--out", str(tmp_path), "--game", "nosuchgame"])
    assert res.exit_code == 2


def test_search_box_filters_the_page_in_a_browser(built: Path, tmp_path: Path) -> None:
    """The page's own script: typing a word leaves that word's entry and hides the rest."""
    gen = chromium(tmp_path / "profile")
    driver = next(gen)
    try:
        driver.get((built / "language.html").as_uri())
        driver.find_element("id", "q").send_keys("city_collected")
        shown = [e.get_attribute("id") for e in driver.find_elements("css selector", ".item:not(.hidden)")]
        assert shown == [anchor("hooks", "city_collected")]
        assert driver.find_element("id", "count").text == "1 found"
        assert not [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
    finally:
        next(gen, None)
