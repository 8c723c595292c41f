"""What the language server may read, and how it answers a request it cannot even parse.

An editor may ask about a document it never opened (hover, symbols): pygls would then read the path as
it is, so `file:///dev/zero` grows without end and a FIFO named `x.yaml` blocks the server for good. Here
only an opened document's text, or a regular file of at most MAX_DOCUMENT_BYTES read without blocking,
is ever used; anything else is a document with no text.

A request whose parameters do not fit the protocol (a negative or huge position) is answered with the
protocol's InvalidParams error, not only a message in the editor's log: the editor waits for no answer.
"""

from __future__ import annotations

import os
import stat
from typing import Any
from urllib.parse import unquote

from pygls.exceptions import JsonRpcException
from pygls.protocol import LanguageServerProtocol
from pygls.uris import to_fs_path

MAX_DOCUMENT_BYTES = 2 * 1024 * 1024  # far above any content file (the base advances: ~60 kB)


def read_regular(path: str, limit: int = MAX_DOCUMENT_BYTES) -> str | None:
    """The text of a regular file of at most `limit` bytes, else None (FIFO, device, folder, too large,
    unreadable, not UTF-8). Opened without blocking, and checked again once open (no swap in between)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except (OSError, ValueError):
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
            return None
        data = os.read(fd, limit + 1)
        if len(data) > limit:
            return None
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    finally:
        os.close(fd)


def document_text(ls: Any, uri: str) -> str | None:
    """The document as the editor holds it when opened, else the file on disk when it may be read."""
    doc = ls.workspace.text_documents.get(unquote(uri))
    if doc is not None:
        return doc.source
    path = to_fs_path(uri)
    return read_regular(path) if path else None


class AnsweringProtocol(LanguageServerProtocol):
    """pygls's protocol, answering a request it cannot parse with its JSON-RPC error."""

    def structure_message(self, data: dict[str, Any]):
        try:
            return super().structure_message(data)
        except JsonRpcException as err:
            if isinstance(data, dict) and "method" in data and isinstance(data.get("id"), int | str):
                self._send_response(data["id"], error=err.to_response_error())
            raise
