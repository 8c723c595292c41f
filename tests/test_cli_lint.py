"""The `rulewright` CLI: lint finds each kind of mistake at the right place; list, explain, schema, hooks.

Every broken pack is a real pack folder in tmp_path (manifest + one content file) linted through
the CLI exactly as a modder would. Expected positions are computed from the fixture text itself
(`where`), so each test states *what* it points at, not a magic number.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rulewright.dsl.loader import load_content
from rulewright.tools import clikit

# One well-formed advance; tests break one thing in it.
GOOD = """\
kind: advance
entries:
  - id: printing
    name: Printing
    category: education
    requires: []
    border: culture
    text: When you get this advance, gain 1 idea
    source: authored
    effect: |
      on advance_gained when advance = self: gain 1 idea
"""


def make_pack(write_pack, body: str, filename: str = "advances.yaml") -> tuple[Path, Path]:
    root = write_pack({filename: body})
    return root, root / filename


def where(text: str, needle: str, skip: int = 0, nth: int = 0) -> tuple[int, int]:
    """1-based (line, column) of the nth occurrence of `needle` in `text`, plus `skip` characters."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    at += skip
    line = text.count("\n", 0, at) + 1
    col = at - (text.rfind("\n", 0, at) + 1) + 1
    return line, col


def lint(cli, *args: str | Path):
    return cli(["lint", *map(str, args)])


def lint_json(cli, *args: str | Path) -> tuple[int, dict]:
    res = cli(["lint", *map(str, args), "--format", "json"])
    return res.exit_code, json.loads(res.stdout)


def assert_diagnostic(cli, target: Path, file: Path, line: int, col: int, code: str, message: str = "",
                      hint: str = "") -> dict:
    """Lint `target` in text and JSON; both must report `code` at file:line:col, and exit 1."""
    res = lint(cli, target)
    assert res.exit_code == 1, res.output
    assert "Traceback" not in res.output
    header = f"{file}:{line}:{col}: error[{code}]"
    assert header in res.output, f"expected {header!r} in:\n{res.output}"
    # the rendered source line and a caret under the reported column
    lines = res.output.splitlines()
    i = next(n for n, text in enumerate(lines) if text.startswith(header))
    source_line = file.read_text().splitlines()[line - 1]
    assert lines[i + 2].endswith(f"{line} | {source_line}")
    caret = lines[i + 3]
    assert caret.index("^") - caret.index("|") - 2 == col - 1
    assert re.search(r"checked \d+ entries in 2 packs: [1-9]\d* errors?", res.output)

    code_json, data = lint_json(cli, target)
    assert code_json == 1
    assert data["errors"] >= 1
    matches = [d for d in data["diagnostics"] if d["code"] == code]
    assert matches, data["diagnostics"]
    d = matches[0]
    assert (d["file"], d["line"], d["column"]) == (str(file), line, col), d
    assert message in d["message"], d
    assert hint in d["hint"], d
    return d


# ---- lint: each kind of mistake --------------------------------------------------------------------


def test_good_pack_lints_clean(tmp_path, write_pack, cli):
    root, _ = make_pack(write_pack, GOOD)
    res = lint(cli, root)
    assert res.exit_code == 0, res.output
    assert re.search(r"checked \d+ entries in 2 packs: 0 errors", res.output)  # decks grow


def test_broken_yaml_indentation(tmp_path, write_pack, cli):
    body = GOOD.replace("    category: education", "   category: education")
    root, file = make_pack(write_pack, body)
    line, col = where(body, "category: education")
    assert_diagnostic(cli, root, file, line, col, "E0002", "YAML", "indentation")


def test_unknown_key(tmp_path, write_pack, cli):
    body = GOOD.replace("    text:", "    txt:")
    root, file = make_pack(write_pack, body)
    line, col = where(body, "txt:")
    d = assert_diagnostic(cli, root, file, line, col, "E0011", "unknown key 'txt'", "did you mean 'text'?")
    assert d["end_column"] == col + len("txt")


def test_missing_required_field(tmp_path, write_pack, cli):
    body = GOOD.replace("    text: When you get this advance, gain 1 idea\n", "")
    root, file = make_pack(write_pack, body)
    line, col = where(body, "id: printing")  # the entry that lacks it
    assert_diagnostic(cli, root, file, line, col, "E0012", "missing required field 'text'", "text:")


def test_unknown_advance_in_requires(tmp_path, write_pack, cli):
    body = GOOD.replace("requires: []", "requires: [writing, writin]")
    root, file = make_pack(write_pack, body)
    line, col = where(body, "writin]")
    d = assert_diagnostic(cli, root, file, line, col, "E0021", "unknown advance 'writin' in requires",
                          "did you mean 'writing'")
    assert d["end_column"] == col + len("writin")


DSL_SYNTAX_CASES = {
    # literal block: the error is on the block's second line
    "literal": ("effect: |\n      grant collect(fertile, food)\n      on advance_gained when advance = self: "
                "gain 1 idea idea\n", "idea idea", 5),
    # folded block: the parser sees joined lines, the diagnostic must still point into the file
    "folded": ("effect: >\n      on advance_gained when advance = self:\n      gain 1 idea idea\n",
               "idea idea", 5),
    # quoted scalar on the key's line
    "quoted": ('effect: "on advance_gained when advance = self: gain 1 idea idea"\n', "idea idea", 5),
    # a character the language does not know
    "bad char": ("effect: |\n      grant collect(fertile; food)\n", ";", 0),
}


@pytest.mark.parametrize("case", list(DSL_SYNTAX_CASES))
def test_dsl_syntax_error_maps_into_the_file(tmp_path, case, write_pack, cli):
    effect, needle, skip = DSL_SYNTAX_CASES[case]
    body = GOOD[: GOOD.index("effect:")] + effect
    root, file = make_pack(write_pack, body)
    line, col = where(body, needle, skip)
    res = lint_json(cli, root)[1]
    syntax = [d for d in res["diagnostics"] if d["code"].startswith("E01")]
    assert syntax, res["diagnostics"]
    assert_diagnostic(cli, root, file, line, col, syntax[0]["code"])
    assert line > where(body, "effect:")[0] or case == "quoted"


def test_unknown_hook(tmp_path, write_pack, cli):
    body = GOOD.replace("on advance_gained", "on advance_ganed")
    root, file = make_pack(write_pack, body)
    line, col = where(body, "advance_ganed")
    d = assert_diagnostic(cli, root, file, line, col, "E0202", "unknown hook 'advance_ganed'",
                          "did you mean 'advance_gained'")
    assert d["end_column"] == col + len("advance_ganed")


def test_wrong_type(tmp_path, write_pack, cli):
    body = GOOD.replace("on advance_gained when advance = self: gain 1 idea", "modify civic_size: = happy")
    root, file = make_pack(write_pack, body)
    line, col = where(body, "happy")
    assert_diagnostic(cli, root, file, line, col, "E0204", "expected int")


def test_duplicate_id_of_base(tmp_path, write_pack, cli):
    body = GOOD.replace("id: printing", "id: farming")
    root, file = make_pack(write_pack, body)
    line, col = where(body, "farming")
    d = assert_diagnostic(cli, root, file, line, col, "E0020", "duplicate id 'farming'", "first defined at")
    assert "advances.yaml" in d["hint"]


def test_several_mistakes_in_reading_order(tmp_path, write_pack, cli):
    body = GOOD.replace("requires: []", "requires: [writin]").replace("gain 1 idea\n", "gain 1 idae\n")
    root, _ = make_pack(write_pack, body)
    code, data = lint_json(cli, root)
    assert code == 1
    lines = [d["line"] for d in data["diagnostics"]]
    assert lines == sorted(lines) and len(lines) == 2


def test_single_file_on_top_of_base(tmp_path, cli):
    good = tmp_path / "printing.yaml"
    good.write_text(GOOD)
    res = lint(cli, good)
    assert res.exit_code == 0, res.output
    assert re.search(r"checked \d+ entries in 1 pack: 0 errors", res.output)  # decks grow

    bad = tmp_path / "bad.yaml"
    body = GOOD.replace("border: culture", "border: blue")
    bad.write_text(body)
    line, col = where(body, "blue")
    res = lint(cli, bad)
    assert res.exit_code == 1
    assert f"{bad}:{line}:{col}: error[E0013]" in res.output
    assert "culture, happiness, none" in res.output


def test_unknown_kind_in_file(tmp_path, write_pack, cli):
    body = GOOD.replace("kind: advance", "kind: advence")
    root, file = make_pack(write_pack, body)
    assert_diagnostic(cli, root, file, 1, 7, "E0014", "unknown kind 'advence'", "did you mean 'advance'")


# ---- lint: bundled content, JSON, bad input ----------------------------------------------------------


def test_bundled_content_is_clean(cli):
    res = lint(cli)
    assert res.exit_code == 0, res.output
    assert re.search(r"checked \d+ entries in \d+ packs?: 0 errors", res.output)


def test_lint_json_parses(cli):
    code, data = lint_json(cli)
    assert code == 0
    assert set(data) >= {"diagnostics", "counts", "errors"}
    assert data["errors"] == 0 and data["diagnostics"] == []
    assert data["counts"]["advance"] == 48
    assert data["counts"]["wonder"] == 7


@pytest.mark.parametrize("args", [
    ["lint", "/no/such/pack"],
    ["lint", "--format", "xml"],
    ["list", "spaceships"],
    ["list", "advances", "--pack", "nopack"],
    ["explain", "farming", "--pack", "nopack"],
])
def test_bad_input_is_a_usage_error_without_traceback(args, cli):
    res = cli(args)
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output
    assert res.exception is None or isinstance(res.exception, SystemExit)


def test_garbage_files_give_diagnostics_not_crashes(tmp_path, write_pack, cli):
    root, file = make_pack(write_pack, "")
    file.write_bytes(b"\xff\xfe\x00garbage: [")
    (root / "empty.yaml").write_text("")
    (root / "list.yaml").write_text("- 1\n- 2\n")
    (root / "tabs.yaml").write_text("kind: advance\nentries:\n\t- id: x\n")
    res = lint(cli, root)
    assert res.exit_code == 1
    assert "Traceback" not in res.output
    assert res.exception is None or isinstance(res.exception, SystemExit)
    assert f"{file}:1:1: error[E0001]" in res.output


def test_folder_without_manifest_is_a_usage_error(tmp_path, cli):
    res = lint(cli, tmp_path)
    assert res.exit_code == 2
    assert "not a pack folder" in res.output


# ---- list ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("word,kind,count", [
    ("advances", "advance", 48),
    ("wonders", "wonder", 7),
    ("city-pieces", "city_piece", 5),
    ("units", "unit", 3),
    ("categories", "category", 12),
    ("city_piece", "city_piece", 5),
    ("advance", "advance", 48),
])
def test_list_json_counts(word, kind, count, cli):
    res = cli(["list", word, "--pack", "base", "--format", "json"])
    assert res.exit_code == 0, res.output
    items = json.loads(res.stdout)
    assert len(items) == count
    for item in items:
        assert {"id", "name", "kind", "source", "pack"} <= set(item)
        assert item["kind"] == kind
        if kind == "advance":
            assert item["category"]


def test_list_text_table_and_pack_filter(tmp_path, write_pack, cli):
    res = cli(["list", "wonders"], env={"COLUMNS": "200"})
    assert res.exit_code == 0
    assert "great_wall" in res.output and "7 wonders" in res.output

    root, _ = make_pack(write_pack, GOOD)
    res = cli(["list", "advances", "--pack", str(root), "--format", "json"])
    assert res.exit_code == 0, res.output
    assert [i["id"] for i in json.loads(res.stdout)] == ["printing"]
    res = cli(["list", "advances", "--pack", "base", "--format", "json"])
    assert len(json.loads(res.stdout)) == 48


def test_list_unknown_kind_names_the_kinds(cli):
    res = cli(["list", "wonderz"])
    assert res.exit_code == 2
    assert "unknown kind 'wonderz'" in res.output
    assert "wonders" in res.output


# ---- explain ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def bundled_content():
    content = load_content(clikit.all_bundled())
    assert not content.errors
    return content


@pytest.fixture
def fast_load(monkeypatch, bundled_content):
    """Explain loads the bundled packs once per invocation; reuse one load across the loop."""
    monkeypatch.setattr(clikit, "load_content", lambda *a, **k: bundled_content)
    return bundled_content


def test_explain_every_advance_and_wonder(fast_load, cli):
    entries = fast_load.of_kind("advance") + fast_load.of_kind("wonder")
    assert len(entries) == 55
    for entry in entries:
        res = cli(["explain", entry.id], env={"COLUMNS": "160"})
        assert res.exit_code == 0, (entry.id, res.output)
        assert entry.name in res.output
        assert "Printed text" in res.output and "Generated" in res.output

        res = cli(["explain", entry.id, "--format", "json"])
        assert res.exit_code == 0, (entry.id, res.output)
        data = json.loads(res.stdout)
        assert data["kind"] == entry.kind and data["text"] == entry.text
        english = " ".join(data["english"])
        assert english, entry.id
        for number in set(re.findall(r"\b\d+\b", entry.data["effect"])):
            assert re.search(rf"(?<!\d){number}(?!\d)", english), (
                f"{entry.id}: {number} from the effect is missing in: {english}")


def test_explain_unknown_id_suggests(fast_load, cli):
    res = cli(["explain", "bartring"])
    assert res.exit_code == 1
    assert "unknown id 'bartring'" in res.output
    assert "did you mean 'bartering'" in res.output
    assert "Traceback" not in res.output


def test_explain_user_pack(tmp_path, write_pack, cli):
    root, _ = make_pack(write_pack, GOOD)
    res = cli(["explain", "printing", "--pack", str(root), "--format", "json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["pack"] == "mypack"
    assert any("advance gained" in line and "1 idea" in line for line in data["english"])


def test_explain_broken_effect_exits_1(tmp_path, write_pack, cli):
    root, _ = make_pack(write_pack, GOOD.replace("gain 1 idea", "gain 1 idae"))
    res = cli(["explain", "printing", "--pack", str(root)])
    assert res.exit_code == 1
    assert "has errors" in res.output and "Traceback" not in res.output


# ---- schema and hooks ------------------------------------------------------------------------------


def test_schema_export(tmp_path, cli):
    out = tmp_path / "schemas"
    res = cli(["schema", "--out", str(out)])
    assert res.exit_code == 0, res.output
    written = sorted(out.glob("*.schema.json"))
    assert {p.name for p in written} >= {"advance.schema.json", "wonder.schema.json", "pack.schema.json"}
    for p in written:
        assert str(p) in res.output
        assert json.loads(p.read_text())["$schema"].startswith("https://json-schema.org/")


def test_hooks_catalog(bundled_content, cli):
    res = cli(["hooks"], env={"COLUMNS": "200"})
    assert res.exit_code == 0
    for name in bundled_content.vocab.hooks:
        assert name in res.output
    assert "advance: advance" in res.output
    res = cli(["hooks", "--format", "json"])
    assert json.loads(res.stdout) == bundled_content.vocab.hooks
