"""`rulewright lsp` driven as an editor drives it: pygls's LanguageClient talking to a `rulewright lsp`
subprocess over stdio. One server for the whole module (started once, a second or two).

Expected positions are computed from the test documents themselves, and diagnostics are compared with
what `rulewright lint` says of the same file.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest
from lsprotocol import types as T
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path
from rulewright.dsl.loader import bundled_packs, game_vocab, load_content
from rulewright.engine.games import game_dir
from rulewright.tools.playtest.measuring import _fifty_entries, _lsp_diagnostics_ms

TIMEOUT = 60

ADVANCES = """\
# yaml-language-server: $schema=../content/schema/advance.schema.json
kind: advance
entries:
  - id: printing
    name: Printing
    category: education
    requires: [writing]
    border: culture
    text: Get 1 Idea whenever you collect from a city with an Academy or a Temple
    source: authored
    effect: |
      on city_collected when city has academy or city has tempel: gain 1 idea
      modify collect_range when has(roads): = 2

  - id: press
    name: Press
    category: education
    requires: [printing]
    border: culture
    text: Get 1 culture
    source: authored
    effect: |
      action "Print": gain 1 culture
"""


class Driver:
    """A LanguageClient on its own event loop, with synchronous helpers for the tests."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.client = LanguageClient("rulewright-tests", "1")
        self.diagnostics: dict[str, list[T.PublishDiagnosticsParams]] = {}
        self.arrived = asyncio.Event()
        self.version = 0

        @self.client.feature(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def _diags(ls, params: T.PublishDiagnosticsParams) -> None:
            self.diagnostics.setdefault(params.uri, []).append(params)
            self.arrived.set()

    def run(self, coro):
        return self.loop.run_until_complete(asyncio.wait_for(coro, TIMEOUT))

    def start(self, root: Path) -> None:
        exe = Path(sys.executable).with_name("rulewright")
        cmd = [str(exe), "lsp"] if exe.exists() else [sys.executable, "-m", "rulewright.tools.cli", "lsp"]
        self.run(self.client.start_io(*cmd))
        self.run(self.client.initialize_async(T.InitializeParams(
            capabilities=T.ClientCapabilities(), root_uri=from_fs_path(str(root)))))
        self.client.initialized(T.InitializedParams())

    def stop(self) -> None:
        try:
            self.run(self.client.shutdown_async(None))
            self.client.exit(None)
            self.run(self.client.stop())
        finally:
            self.loop.close()

    def wait_diagnostics(self, uri: str, version: int) -> list[T.Diagnostic]:
        async def wait() -> list[T.Diagnostic]:
            while True:
                got = [p for p in self.diagnostics.get(uri, []) if p.version == version]
                if got:
                    return list(got[-1].diagnostics)
                self.arrived.clear()
                await self.arrived.wait()
        return self.run(wait())

    def open(self, path: Path, text: str) -> list[T.Diagnostic]:
        """Open (or reopen) a document; its diagnostics. Every text sent gets a new version."""
        self.version += 1
        version = self.version
        uri = from_fs_path(str(path))
        self.client.text_document_did_open(T.DidOpenTextDocumentParams(
            text_document=T.TextDocumentItem(uri=uri, language_id="yaml", version=version, text=text)))
        return self.wait_diagnostics(uri, version)

    def change(self, path: Path, text: str) -> list[T.Diagnostic]:
        self.version += 1
        version = self.version
        uri = from_fs_path(str(path))
        self.client.text_document_did_change(T.DidChangeTextDocumentParams(
            text_document=T.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[T.TextDocumentContentChangeWholeDocument(text=text)]))
        return self.wait_diagnostics(uri, version)

    def at(self, path: Path, line: int, col: int) -> dict:
        return {"text_document": T.TextDocumentIdentifier(uri=from_fs_path(str(path))),
                "position": T.Position(line=line, character=col)}

    def complete(self, path: Path, line: int, col: int) -> list[str]:
        res = self.run(self.client.text_document_completion_async(T.CompletionParams(**self.at(path, line, col))))
        items = res.items if isinstance(res, T.CompletionList) else (res or [])
        return [i.label for i in items]

    def hover(self, path: Path, line: int, col: int) -> str:
        res = self.run(self.client.text_document_hover_async(T.HoverParams(**self.at(path, line, col))))
        return res.contents.value if res is not None else ""


def make_pack(tmp_path_factory, pack_id: str, game: str, files: dict[str, str]) -> Path:
    """A pack folder of one game on top of its base pack, holding `files` (name -> text)."""
    root = tmp_path_factory.mktemp(f"lsp_{game}") / pack_id
    root.mkdir()
    (root / "pack.yaml").write_text(f"id: {pack_id}\nname: {pack_id}\nversion: 1.0.0\ngame: {game}\n"
                                    "depends: [base]\n")
    for name, text in files.items():
        (root / name).write_text(text)
    return root


def serving(pack: Path):
    """A started Driver on `pack`, stopped when the module's tests are done (a fixture's body)."""
    driver = Driver()
    driver.start(pack)
    yield driver
    driver.stop()


@pytest.fixture(scope="module")
def pack(tmp_path_factory) -> Path:
    return make_pack(tmp_path_factory, "mypack", "clash", {"advances.yaml": ADVANCES})


@pytest.fixture(scope="module")
def lsp(pack: Path):
    yield from serving(pack)


def where(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """0-based (line, column) of the nth occurrence of needle in text."""
    k = -1
    for _ in range(nth + 1):
        k = text.index(needle, k + 1)
    line = text.count("\n", 0, k)
    return line, k - (text.rfind("\n", 0, k) + 1)


def test_diagnostics_match_lint_with_exact_ranges(lsp: Driver, pack: Path) -> None:
    path = pack / "advances.yaml"
    got = lsp.open(path, ADVANCES)
    linted = [d for d in load_content([pack]).diagnostics if Path(d.file).resolve() == path.resolve()]
    assert [(d.code, d.message) for d in linted] == [(g.code, g.message.split("\n")[0]) for g in got]
    assert linted and linted[0].code == "E0201"
    line, col = where(ADVANCES, "tempel")
    assert got[0].range.start == T.Position(line, col)
    assert got[0].range.end == T.Position(line, col + len("tempel"))
    assert got[0].severity == T.DiagnosticSeverity.Error and "did you mean 'temple'" in got[0].message


def test_diagnostics_follow_changes(lsp: Driver, pack: Path) -> None:
    path = pack / "advances.yaml"
    lsp.open(path, ADVANCES)
    fixed = ADVANCES.replace("tempel", "temple")
    assert lsp.change(path, fixed) == []
    broken = fixed.replace("has(roads)", "has(roadz)")
    got = lsp.change(path, broken)
    line, col = where(broken, "roadz")
    assert [(g.code, g.range.start) for g in got] == [("E0201", T.Position(line, col))]


def test_ranges_count_utf16_units_as_the_protocol_does(lsp: Driver, pack: Path) -> None:
    text = ADVANCES.replace('action "Print":', 'action "Print \U0001F600" when has(roadz):')
    got = lsp.open(pack / "advances.yaml", text)
    line, col = where(text, "roadz")
    assert [(g.code, g.range.start) for g in got if "roadz" in g.message] == [("E0201", T.Position(line, col + 1))]


def test_a_burst_of_changes_is_checked_at_its_last_version(lsp: Driver, pack: Path) -> None:
    path = pack / "advances.yaml"
    lsp.open(path, ADVANCES)
    uri = from_fs_path(str(path))
    fixed = ADVANCES.replace("tempel", "temple")
    for k in range(1, 6):  # five quick changes, faster than a check; the last one fixes the typo
        lsp.version += 1
        lsp.client.text_document_did_change(T.DidChangeTextDocumentParams(
            text_document=T.VersionedTextDocumentIdentifier(uri=uri, version=lsp.version),
            content_changes=[T.TextDocumentContentChangeWholeDocument(text=fixed if k == 5 else ADVANCES)]))
    assert lsp.wait_diagnostics(uri, lsp.version) == []


def test_completion_after_on_lists_the_hooks(lsp: Driver, pack: Path) -> None:
    path = pack / "advances.yaml"
    lsp.open(path, ADVANCES)
    line, col = where(ADVANCES, "city_collected")
    labels = lsp.complete(path, line, col)
    assert set(game_vocab("clash").hooks) <= set(labels)
    assert "collect_range" not in labels


def test_completion_of_words_and_variables(lsp: Driver, pack: Path) -> None:
    path = pack / "advances.yaml"
    vocab = game_vocab("clash")
    text = ADVANCES.replace("modify collect_range when", "modify  when").replace('action "Print"', "do ")
    lsp.open(path, text)
    line, col = where(text, "modify ")
    assert set(lsp.complete(path, line, col + len("modify "))) == set(vocab.quantities)
    line, col = where(text, "do ")
    assert set(lsp.complete(path, line, col + len("do "))) == set(vocab.primitives)
    line, col = where(text, "city has academy")  # inside `on city_collected when ...`: its payload
    labels = lsp.complete(path, line, col)
    assert {"city", "collected", "player", "me", "academy", "has_advance", "happy", "writing"} <= set(labels)
    text2 = ADVANCES.replace("has(roads)", "cities_in_mood(happy) > 0")
    lsp.open(path, text2)
    line, col = where(text2, "happy)")  # an argument: the values of its declared type
    assert set(lsp.complete(path, line, col)) == set(vocab.enums["mood"])
    line, col = where(text, "[writing]")  # a field that names advances
    labels = lsp.complete(path, line, col + 1)
    assert "writing" in labels and "academy" not in labels


def test_hover_explains_the_ability_and_the_word(lsp: Driver, pack: Path) -> None:
    path = pack / "advances.yaml"
    lsp.open(path, ADVANCES)
    line, col = where(ADVANCES, "gain 1 idea")
    text = lsp.hover(path, line, col + 1)
    assert "On your city collected when city has academy or city has tempel: get 1 idea." in text
    line, col = where(ADVANCES, "city_collected")
    text = lsp.hover(path, line, col + 2)
    assert game_vocab("clash").docs["hooks"]["city_collected"] in text
    assert "`collected`: list" in text
    line, col = where(ADVANCES, "city has academy")
    assert "`city`: city, in scope in this ability" in lsp.hover(path, line, col)


def test_definition_jumps_to_the_entry(lsp: Driver, pack: Path) -> None:
    path = pack / "advances.yaml"
    lsp.open(path, ADVANCES)
    line, col = where(ADVANCES, "writing")
    res = lsp.run(lsp.client.text_document_definition_async(T.DefinitionParams(**lsp.at(path, line, col + 2))))
    target = bundled_packs("clash")["base"] / "advances.yaml"
    assert isinstance(res, T.Location) and res.uri == from_fs_path(str(target.resolve()))
    assert target.read_text().split("\n")[res.range.start.line].strip() == "- id: writing"
    line, col = where(ADVANCES, "[printing]")  # an id of the document itself
    res = lsp.run(lsp.client.text_document_definition_async(T.DefinitionParams(**lsp.at(path, line, col + 3))))
    assert res.uri == from_fs_path(str(path)) and res.range.start.line == where(ADVANCES, "printing")[0]
    line, col = where(ADVANCES, "city_collected")  # a hook: where the vocabulary declares it
    res = lsp.run(lsp.client.text_document_definition_async(T.DefinitionParams(**lsp.at(path, line, col + 2))))
    vocabulary = Path(game_dir("clash")) / "vocabulary.yaml"
    assert res.uri == from_fs_path(str(vocabulary.resolve()))
    assert vocabulary.read_text().split("\n")[res.range.start.line].startswith("  city_collected: {")


def test_document_symbols_are_the_entries(lsp: Driver, pack: Path) -> None:
    path = pack / "advances.yaml"
    lsp.open(path, ADVANCES)
    res = lsp.run(lsp.client.text_document_document_symbol_async(T.DocumentSymbolParams(
        text_document=T.TextDocumentIdentifier(uri=from_fs_path(str(path))))))
    assert [(s.name, s.detail) for s in res] == [("printing", "advance: Printing"), ("press", "advance: Press")]
    assert res[1].selection_range.start == T.Position(*where(ADVANCES, "press"))


@pytest.mark.parametrize("text", [
    "kind: advance\nentries:\n  - id: [unclosed\n",
    "\x00\x01garbage {{{ ]]] :::\n\t- - -\n",
    "",
    "kind: advance\nentries:\n  - id: x\n    effect: |\n      on\n      modify\n",
    "kind: nonsense\n" + "  " * 500 + "deep: 1\n",
])
def test_broken_documents_never_crash_the_server(lsp: Driver, pack: Path, text: str) -> None:
    path = pack / "broken.yaml"
    lsp.open(path, text)
    for line in range(min(text.count("\n") + 1, 6)):
        lsp.complete(path, line, 3)
        lsp.hover(path, line, 1)
    lsp.run(lsp.client.text_document_document_symbol_async(T.DocumentSymbolParams(
        text_document=T.TextDocumentIdentifier(uri=from_fs_path(str(path))))))
    # still alive and answering
    assert lsp.change(pack / "advances.yaml", ADVANCES)[0].code == "E0201"


def test_bench_measures_the_diagnostics_of_a_fifty_entry_file() -> None:
    assert _fifty_entries(ADVANCES).count("\n  - id:") == 50
    assert _lsp_diagnostics_ms(quick=True) > 0  # and its bench file lints clean (asserted inside)


def _symbols_of(lsp: Driver, uri: str):
    return lsp.run(lsp.client.text_document_document_symbol_async(T.DocumentSymbolParams(
        text_document=T.TextDocumentIdentifier(uri=uri))))


def test_only_regular_files_are_read_and_never_a_device_or_fifo(lsp: Driver, pack: Path) -> None:
    import os

    fifo = pack / "pipe.yaml"
    os.mkfifo(fifo)  # nobody ever writes to it: reading it would block for good
    big = pack / "big.yaml"
    big.write_text("kind: advance\nentries:\n" + "# padding\n" * 300_000)  # over the size limit
    try:
        assert _symbols_of(lsp, "file:///dev/zero") is None  # a device: not read (it never ends)
        for path in (fifo, big):
            uri = from_fs_path(str(path))
            assert _symbols_of(lsp, uri) is None
            assert lsp.hover(path, 0, 1) == ""
            assert lsp.complete(path, 0, 1) == []
        closed = pack / "closed.yaml"  # a regular file the editor never opened is still read
        closed.write_text(ADVANCES)
        assert [s.name for s in _symbols_of(lsp, from_fs_path(str(closed)))] == ["printing", "press"]
    finally:
        fifo.unlink()
        big.unlink()
    assert lsp.change(pack / "advances.yaml", ADVANCES)[0].code == "E0201"  # and it still answers


class RawLsp:
    """`rulewright lsp` spoken to in raw JSON-RPC, for requests a typed client refuses to send."""

    def __init__(self) -> None:
        import subprocess

        exe = Path(sys.executable).with_name("rulewright")
        cmd = [str(exe), "lsp"] if exe.exists() else [sys.executable, "-m", "rulewright.tools.cli", "lsp"]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def send(self, message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def answer(self, msg_id: int) -> dict:
        """The response to request `msg_id` (notifications in between are skipped)."""
        while True:
            length = 0
            while (line := self.proc.stdout.readline().strip()):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            assert length, "the server closed its output"
            message = json.loads(self.proc.stdout.read(length))
            if message.get("id") == msg_id and "method" not in message:
                return message


def test_requests_with_invalid_positions_get_an_error_answer(pack: Path) -> None:
    raw = RawLsp()
    try:
        raw.send({"id": 1, "method": "initialize", "params": {"capabilities": {}}})
        assert "result" in raw.answer(1)
        raw.send({"method": "initialized", "params": {}})
        uri = from_fs_path(str(pack / "advances.yaml"))
        bad = [{"line": -1, "character": -5}, {"line": 2**40, "character": 3}, "nope", {"line": 0}]
        for i, position in enumerate(bad, start=10):
            raw.send({"id": i, "method": "textDocument/hover", "params": {"textDocument": {"uri": uri},
                                                                          "position": position}})
            assert raw.answer(i)["error"]["code"] == -32602, position  # InvalidParams: an answer, no wait
        line, col = where(ADVANCES, "gain 1 idea")
        raw.send({"id": 99, "method": "textDocument/hover", "params": {"textDocument": {"uri": uri},
                                                                       "position": {"line": line, "character": col + 1}}})
        assert "get 1 idea" in raw.answer(99)["result"]["contents"]["value"]  # and it goes on answering
    finally:
        raw.proc.kill()
        raw.proc.wait()
