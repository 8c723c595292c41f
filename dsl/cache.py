"""An on-disk cache of loaded content, keyed by the hash of everything the loading depends on.

Reading YAML with positions is the slow part of start-up; the result (entries, their parsed
effects, diagnostics, documents) is written as JSON next to nothing else, and read back when no
file, schema, grammar or vocabulary changed. JSON, not pickle: a cache file is data, never code.
Set RULEWRIGHT_NO_CACHE=1 to bypass it, RULEWRIGHT_CACHE_DIR to move it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from ..engine.diagnostics import Diagnostic
from . import ast as A

FORMAT = 2
_AST = {cls.__name__: cls for cls in vars(A).values()
        if isinstance(cls, type) and dataclasses.is_dataclass(cls)}


def cache_dir() -> Path | None:
    if os.environ.get("RULEWRIGHT_NO_CACHE"):
        return None
    base = os.environ.get("RULEWRIGHT_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "rulewright")
    return Path(base)


def content_key(files: list[Path], extra: list[str]) -> str:
    h = hashlib.sha256(f"rulewright-content-{FORMAT}".encode())
    for item in extra:
        h.update(item.encode())
        h.update(b"\0")
    for f in files:
        h.update(str(f).encode())
        h.update(b"\0")
        try:  # a FIFO or device in a pack folder would block or never end: hash only regular files
            h.update(f.read_bytes() if f.is_file() else b"<not a file>")
        except OSError:
            h.update(b"<missing>")
        h.update(b"\0")
    return h.hexdigest()


# ---- AST <-> JSON ------------------------------------------------------------------------------
def encode(node: Any) -> Any:
    if isinstance(node, A.Pos):
        return {"@p": [node.line, node.column, node.end_line, node.end_column]}
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        out: dict[str, Any] = {"@": type(node).__name__}
        for f in dataclasses.fields(node):
            out[f.name] = encode(getattr(node, f.name))
        return out
    if isinstance(node, (list, tuple)):  # a tuple comes back as a list (a trigger's extra hooks: [name, pos])
        return [encode(x) for x in node]
    return node


def decode(data: Any) -> Any:
    if isinstance(data, dict):
        if "@p" in data:
            return A.Pos(*data["@p"])
        if "@" in data:
            cls = _AST[data["@"]]
            return cls(**{k: decode(v) for k, v in data.items() if k != "@"})
        return {k: decode(v) for k, v in data.items()}
    if isinstance(data, list):
        return [decode(x) for x in data]
    return data


def read(key: str) -> dict | None:
    d = cache_dir()
    if d is None:
        return None
    path = d / f"content-{key}.json"
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    return data if data.get("format") == FORMAT else None


def write(key: str, payload: dict) -> None:
    d = cache_dir()
    if d is None:
        return
    try:
        d.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=d, prefix=".content-", suffix=".json")
        with os.fdopen(fd, "w") as fh:
            json.dump(dict(payload, format=FORMAT), fh, separators=(",", ":"))
        os.replace(tmp, d / f"content-{key}.json")
    except OSError:
        pass  # a cache that cannot be written is only slower


def diag_to_json(d: Diagnostic) -> dict:
    return d.to_json()


def diag_from_json(d: dict) -> Diagnostic:
    return Diagnostic(**d)


def cached_yaml(path: Path) -> Any:
    """A YAML data file (no positions needed) read through the cache: rules data, the vocabulary."""
    from ruamel.yaml import YAML

    raw = path.read_bytes()
    key = hashlib.sha256(b"yaml-" + str(FORMAT).encode() + raw).hexdigest()
    d = cache_dir()
    if d is not None:
        try:
            return json.loads((d / f"yaml-{key}.json").read_text())
        except (OSError, ValueError):
            pass
    data = YAML(typ="safe").load(raw.decode("utf-8"))
    if d is not None:
        try:
            d.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=d, prefix=".yaml-", suffix=".json")
            with os.fdopen(fd, "w") as fh:
                json.dump(data, fh)
            os.replace(tmp, d / f"yaml-{key}.json")
        except (OSError, TypeError, ValueError):
            pass
    return data
