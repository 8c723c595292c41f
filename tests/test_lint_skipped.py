"""`rulewright lint` says what it did not read: nested packs, folders, tests/, .yml and other files."""

from __future__ import annotations

import json
from pathlib import Path


def make(write_pack) -> Path:
    root = write_pack({"extra/cards.yaml": "kind: advance\nentries: []\n", "notes.yml": "a: 1\n",
                       "tests/t.yaml": "name: t\n"})
    write_pack(root=root / "sub", pack_id="subpack")
    return root


def test_lint_names_every_skipped_path(tmp_path, monkeypatch, write_pack, cli):
    root = make(write_pack)
    monkeypatch.chdir(tmp_path)
    res = cli(["lint", "mypack"])
    assert res.exit_code == 0, res.output
    lines = [x for x in res.output.splitlines() if x.startswith("skipped ")]
    assert lines == [
        "skipped mypack/extra/: a folder: a pack reads only the .yaml files at its top level",
        "skipped mypack/notes.yml: not read: content files end in .yaml",
        "skipped mypack/sub/: a nested pack, not loaded: lint it on its own (`rulewright lint mypack/sub`)",
        "skipped mypack/tests/: scenarios, not content: run them with `rulewright test mypack`",
    ]
    assert root.exists()


def test_lint_json_lists_skipped(tmp_path, monkeypatch, write_pack, cli):
    make(write_pack)
    monkeypatch.chdir(tmp_path)
    res = cli(["lint", "mypack", "--format", "json"])
    data = json.loads(res.output)
    assert {s["path"] for s in data["skipped"]} == {"mypack/extra/", "mypack/notes.yml", "mypack/sub/",
                                                    "mypack/tests/"}


def test_folder_of_packs_lints_each_and_says_so(tmp_path, monkeypatch, write_pack, cli):
    make(write_pack)
    monkeypatch.chdir(tmp_path)
    res = cli(["lint", "."])
    assert res.exit_code == 0, res.output
    assert "skipped ./: not a pack: linted the packs in it, mypack" in res.output
    assert "checked" in res.output and "2 packs" in res.output


def test_file_without_kind_is_reported(tmp_path, monkeypatch, write_pack, cli):
    root = make(write_pack)
    (root / "stray.yaml").write_text("entries: []\n")
    monkeypatch.chdir(tmp_path)
    res = cli(["lint", "mypack", "--format", "json"])
    assert res.exit_code == 1
    codes = [(Path(d["file"]).name, d["code"], d["message"]) for d in json.loads(res.output)["diagnostics"]]
    assert ("stray.yaml", "E0014", "no `kind:` in this file") in codes


def test_words_lists_a_kind(cli):
    res = cli(["words", "city_filter"])
    assert res.exit_code == 0
    words = res.output.split()
    assert words[:5] == ["coastal", "inland", "with_army", "not_happy", "not_angry"]
    assert {"angry", "not_neutral", "size_3", "size_3_or_more", "not_size_1"} <= set(words)
    bad = cli(["words", "mesure"])
    assert bad.exit_code == 2 and "did you mean 'measure'" in bad.output
