"""One cache folder serving several versions (dsl/cache.py, dsl/parser.py): two checkouts or a wheel beside a
checkout share ~/.cache/rulewright. An entry is never served to a version it does not fit, a failed load is
never kept, and an entry that does not read back is dropped and rebuilt."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import rulewright
from rulewright.dsl import cache as disk
from rulewright.dsl import loader, parser
from rulewright.engine.diagnostics import Diagnostic

PACKS = ["base"]


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RULEWRIGHT_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("RULEWRIGHT_NO_CACHE", raising=False)
    return tmp_path


def _entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("content-*.json"))


def _load() -> loader.Content:
    return loader.load_content(PACKS, "clash")


def test_two_versions_keep_their_own_entries_and_a_failed_load_is_never_kept(folder, monkeypatch):
    right = _load()
    assert not right.errors and len(_entries(folder)) == 1
    built = loader._load_content

    # another version, whose code fails on this content: its result is not kept
    monkeypatch.setattr(disk, "__version__", "9.9.9")
    broken = Diagnostic("base/advances.yaml", 3, 5, "E0101", "this version cannot read it")

    def failing(*args, **kwargs):
        content = built(*args, **kwargs)
        content.diagnostics.append(broken)
        return content

    monkeypatch.setattr(loader, "_load_content", failing)
    assert _load().errors == [broken]
    assert len(_entries(folder)) == 1, "a load with errors was written to the cache"

    # the same other version, now reading the content with one entry fewer: kept under its own key
    def fewer(*args, **kwargs):
        content = built(*args, **kwargs)
        content.entries.pop(sorted(content.entries)[0])
        return content

    monkeypatch.setattr(loader, "_load_content", fewer)
    theirs = _load()
    assert len(theirs.entries) == len(right.entries) - 1 and len(_entries(folder)) == 2

    # back to this version: its own entry, whatever the other version wrote beside it
    monkeypatch.setattr(disk, "__version__", rulewright.__version__)
    monkeypatch.setattr(loader, "_load_content", lambda *a, **k: pytest.fail("this version's entry was not used"))
    again = _load()
    assert sorted(again.entries) == sorted(right.entries) and not again.errors


@pytest.mark.parametrize("damage", ["truncated", "not json", "wrong key", "wrong shape"])
def test_an_entry_that_does_not_read_back_is_dropped_and_rebuilt(folder, damage):
    right = _load()
    (entry,) = _entries(folder)
    text = entry.read_text()
    if damage == "truncated":
        entry.write_text(text[: len(text) // 2])
    elif damage == "not json":
        entry.write_bytes(b"\x00\xff garbage")
    elif damage == "wrong key":
        entry.write_text(json.dumps(dict(json.loads(text), key="0" * 64)))
    else:
        entry.write_text(json.dumps(dict(json.loads(text), entries=[{"kind": "advance"}])))
    again = _load()
    assert sorted(again.entries) == sorted(right.entries) and not again.errors
    assert json.loads(entry.read_text())["key"] == json.loads(text)["key"], "the entry was not rewritten whole"


def test_yaml_entries_are_checked_and_rebuilt(folder):
    source = Path(loader.RULES_ROOT) / "clash" / "game.yaml"
    data = disk.cached_yaml(source)
    (entry,) = folder.glob("yaml-*.json")
    entry.write_text(json.dumps({"key": "another", "data": {"poisoned": True}}))
    assert disk.cached_yaml(source) == data
    entry.write_text("{torn")
    assert disk.cached_yaml(source) == data
    assert json.loads(entry.read_text())["data"] == data


def test_the_grammar_cache_is_one_file_per_version_and_survives_damage(folder, monkeypatch):
    grammar = (Path(parser.__file__).with_name("grammar.lark")).read_text()
    mine = parser._grammar_cache(grammar)
    monkeypatch.setattr(parser, "__version__", "9.9.9")
    other = parser._grammar_cache(grammar)
    assert mine != other and mine.parent == other.parent == folder
    monkeypatch.undo()
    monkeypatch.setenv("RULEWRIGHT_CACHE_DIR", str(folder))
    mine.write_bytes(b"not a lark cache at all")
    parser._parser.cache_clear()
    try:
        effect, diagnostics = parser.parse_effect("on units_built: gain 1 food")
        assert effect is not None and not diagnostics
    finally:
        parser._parser.cache_clear()
