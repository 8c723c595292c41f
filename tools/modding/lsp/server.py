"""The language server (pygls): diagnostics as you type, completion, hover, go to definition, symbols.

Each feature is a thin handler over the session (session.py), the line scanner (scan.py), completion
(complete.py) and hover (hover.py). A handler never lets an exception out: a broken document gets no
answer (and lint's diagnostics for it), never a dead server. Documents are read through reading.py
(regular files under a size limit only), and a request that cannot be parsed gets its error answer.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lsprotocol import types as T
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from .... import __version__
from ....engine.diagnostics import Diagnostic
from ...common.clikit import game_of_packs
from .complete import completions
from .hover import hover_markdown
from .reading import AnsweringProtocol, document_text
from .scan import scan, word_at
from .session import Session, pack_folder

log = logging.getLogger(__name__)
YAML_SUFFIXES = (".yaml", ".yml")
TRIGGERS = [" ", "(", "[", ",", "."]
SETTLE_S = 0.05  # changes closer together than this are checked once


class RulewrightServer(LanguageServer):
    def __init__(self, game: str | None = None) -> None:
        super().__init__("rulewright", __version__, text_document_sync_kind=T.TextDocumentSyncKind.Incremental,
                         protocol_cls=AnsweringProtocol)
        self.session = Session(game)  # the served game's: loose files, and packs that name no game
        self.sessions: dict[str, Session] = {self.session.game: self.session}
        self.latest: dict[str, int] = {}  # the last version of each document that changed

    def session_for(self, path: Path) -> Session:
        """The session of the game a file's pack names (its manifest's `game:`, as `rulewright lint FOLDER`
        reads it), so one server checks a Clash pack and a civ_board pack each in its own language."""
        folder = pack_folder(path)
        game = game_of_packs([folder], self.session.game) if folder else self.session.game
        if game not in self.sessions:
            self.sessions[game] = Session(game)
        return self.sessions[game]


def safe(default: Any = None) -> Callable:
    """Run a handler; on any exception log it and answer `default` (the server lives on)."""
    def wrap(func: Callable) -> Callable:
        @functools.wraps(func)
        def run(*args: Any, **kwargs: Any) -> Any:
            try:
                return func(*args, **kwargs)
            except Exception:  # a handler must never take the server down
                log.exception("rulewright lsp: %s failed", func.__name__)
                return default
        return run
    return wrap


def doc_path(uri: str) -> Path | None:
    path = to_fs_path(uri)
    return Path(path) if path and path.lower().endswith(YAML_SUFFIXES) else None


def yaml_document(ls: Any, uri: str) -> tuple[Path, str] | None:
    """A YAML document's path and text (as the editor holds it, else as on disk); None for any other file
    or one that cannot be read: what completion, hover and go-to-definition answer nothing for."""
    path = doc_path(uri)
    source = document_text(ls, uri) if path is not None else None
    return (path, source) if path is not None and source is not None else None


def utf16(text: str, col: int) -> int:
    """A character index in a line as the protocol counts it (UTF-16 code units)."""
    return len(text[:col].encode("utf-16-le")) // 2


def from_utf16(text: str, units: int) -> int:
    """The protocol's UTF-16 column in a line as a character index."""
    count = 0
    for i, ch in enumerate(text):
        if count >= units:
            return i
        count += 2 if ord(ch) > 0xFFFF else 1
    return len(text)


def to_range(d: Diagnostic, lines: list[str]) -> T.Range:
    """A diagnostic's 1-based line and columns as a protocol range (to the end of the word when open)."""
    line = max(d.line - 1, 0)
    text = lines[line] if line < len(lines) else ""
    start = min(max(d.column - 1, 0), len(text))
    if d.end_column > d.column:
        end = min(d.end_column - 1, len(text))
    else:
        _, _, end = word_at(text, start)
        end = end if end > start else min(start + 1, len(text))
    return T.Range(T.Position(line, utf16(text, start)), T.Position(line, utf16(text, max(end, start))))


def cursor(source: str, pos: T.Position) -> tuple[int, int]:
    """A protocol position as (line, character index) in the document's text."""
    lines = source.split("\n")
    text = lines[pos.line] if pos.line < len(lines) else ""
    return pos.line, (pos.character if text.isascii() else from_utf16(text, pos.character))


def to_lsp(d: Diagnostic, lines: list[str]) -> T.Diagnostic:
    severity = T.DiagnosticSeverity.Error if d.severity == "error" else T.DiagnosticSeverity.Warning
    message = d.message + (f"\nhint: {d.hint}" if d.hint else "")
    return T.Diagnostic(range=to_range(d, lines), message=message, severity=severity, code=d.code,
                        source="rulewright")


def should_check(path: Path, text: str) -> bool:
    """Content files only: a file of a pack folder, or a loose file that declares a `kind:`."""
    return pack_folder(path) is not None or any(line.startswith("kind:") for line in text.split("\n"))


def publish(ls: RulewrightServer, uri: str) -> None:
    """Diagnostics of an opened document (one the editor never opened is not read from disk)."""
    doc = ls.workspace.text_documents.get(unquote(uri))
    if doc is None:
        return
    path = doc_path(uri)
    found: list[T.Diagnostic] = []
    if path is not None and should_check(path, doc.source):
        lines = doc.source.split("\n")
        found = [to_lsp(d, lines) for d in ls.session_for(path).check(path, doc.source)]
    ls.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri=uri, diagnostics=found, version=doc.version))


def location(path: str, line: int, column: int) -> T.Location:
    pos = T.Position(max(line - 1, 0), max(column - 1, 0))
    return T.Location(uri=from_fs_path(str(Path(path).resolve())) or path, range=T.Range(pos, pos))


def symbols(text: str) -> list[T.DocumentSymbol]:
    s = scan(text)
    out = []
    for e in s.entries:
        end = len(s.lines[e.end_line]) if e.end_line < len(s.lines) else 0
        sel = T.Range(T.Position(e.line, e.column), T.Position(e.line, e.column + len(e.id)))
        out.append(T.DocumentSymbol(name=e.id, kind=T.SymbolKind.Class, detail=f"{s.kind}: {e.name}".strip(": "),
                                    range=T.Range(T.Position(e.line, 0), T.Position(e.end_line, end)),
                                    selection_range=sel))
    return out


def create_server(game: str | None = None) -> RulewrightServer:
    server = RulewrightServer(game)

    @server.feature(T.TEXT_DOCUMENT_DID_OPEN)
    @safe()
    def did_open(ls: RulewrightServer, params: T.DidOpenTextDocumentParams) -> None:
        publish(ls, params.text_document.uri)

    @server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: RulewrightServer, params: T.DidChangeTextDocumentParams) -> None:
        # a burst of keystrokes is checked once, at its last version
        uri, version = params.text_document.uri, params.text_document.version
        ls.latest[uri] = version
        await asyncio.sleep(SETTLE_S)
        if ls.latest.get(uri) == version:
            safe()(publish)(ls, uri)

    @server.feature(T.TEXT_DOCUMENT_DID_SAVE)
    @safe()
    def did_save(ls: RulewrightServer, params: T.DidSaveTextDocumentParams) -> None:
        for session in ls.sessions.values():
            session.forget()  # other files of the pack may name what this one changed
        publish(ls, params.text_document.uri)

    @server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
    @safe()
    def did_close(ls: RulewrightServer, params: T.DidCloseTextDocumentParams) -> None:
        path = doc_path(params.text_document.uri)
        if path is not None:
            for session in ls.sessions.values():
                session.checked.pop(str(path.resolve()), None)
        ls.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))

    @server.feature(T.TEXT_DOCUMENT_COMPLETION, T.CompletionOptions(trigger_characters=TRIGGERS))
    @safe(default=None)
    def completion(ls: RulewrightServer, params: T.CompletionParams) -> T.CompletionList | None:
        found = yaml_document(ls, params.text_document.uri)
        if found is None:
            return None
        path, source = found
        items = completions(ls.session_for(path), scan(source), *cursor(source, params.position), path)
        return T.CompletionList(is_incomplete=False, items=items)

    @server.feature(T.TEXT_DOCUMENT_HOVER)
    @safe(default=None)
    def hover(ls: RulewrightServer, params: T.HoverParams) -> T.Hover | None:
        found = yaml_document(ls, params.text_document.uri)
        if found is None:
            return None
        path, source = found
        text = hover_markdown(ls.session_for(path), scan(source), *cursor(source, params.position), path)
        return T.Hover(contents=T.MarkupContent(kind=T.MarkupKind.Markdown, value=text)) if text else None

    @server.feature(T.TEXT_DOCUMENT_DEFINITION)
    @safe(default=None)
    def definition(ls: RulewrightServer, params: T.DefinitionParams) -> T.Location | None:
        found = yaml_document(ls, params.text_document.uri)
        if found is None:
            return None
        path, source = found
        lines = source.split("\n")
        line, col = cursor(source, params.position)
        word, _, _ = word_at(lines[line] if line < len(lines) else "", col)
        if not word:
            return None
        own = next((e for e in scan(source).entries if e.id == word), None)
        if own is not None:
            return location(str(path), own.line + 1, own.column + 1)
        entry = ls.session_for(path).find(word, path)
        if entry is not None:
            return location(entry.file, entry.line, entry.column)
        declared = ls.session_for(path).declaration(word)  # a vocabulary word: where the game declares it
        return location(*declared) if declared else None

    @server.feature(T.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @safe(default=None)
    def document_symbol(ls: RulewrightServer, params: T.DocumentSymbolParams) -> list[T.DocumentSymbol] | None:
        source = document_text(ls, params.text_document.uri)
        return symbols(source) if source is not None else None

    return server
