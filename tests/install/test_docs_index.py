"""docs/README.md is the way in for each kind of reader: every page it links exists, every docs page is
reachable from it, and each reader's path names all three games."""

from __future__ import annotations

import re

from where import ROOT

INDEX = ROOT / "docs" / "README.md"
TEXT = INDEX.read_text(encoding="utf-8")
READERS = ["(modder)", "(designer)", "(reviewer", "(player)", "(AI researcher)"]


def test_every_link_resolves() -> None:
    links = re.findall(r"\]\(([^)#]+)\)", TEXT)
    assert links
    missing = [link for link in links if not (INDEX.parent / link).is_file()]
    assert not missing, missing


def test_every_docs_page_is_linked() -> None:
    linked = set(re.findall(r"\]\(([^)#]+\.md)\)", TEXT))
    pages = {p.name for p in (ROOT / "docs").glob("*.md")} - {"README.md"}
    assert pages <= linked, f"pages no reader is sent to: {sorted(pages - linked)}"


def test_the_readme_points_to_the_index() -> None:
    assert "docs/README.md" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_each_reader_has_a_path_through_the_three_games() -> None:
    sections = TEXT.split("\n## ")[1:]
    for reader in READERS:
        (section,) = [s for s in sections if reader in s.splitlines()[0]]
        named = {g for g in ("clash", "wonders7", "civ_board", "7 Wonders", "Civilization", "--game G", "three games")
                 if g in section}
        assert named, f"the {reader}'s path names no game"
