"""An on-disk cache of loaded content, keyed by the hash of everything the loading depends on.

Reading YAML with positions is the slow part of start-up; the result (entries, their parsed
effects, diagnostics, documents) is written as JSON next to nothing else, and read back when no
file, schema, grammar or vocabulary changed. JSON, not pickle: a cache file is data, never code.
Set RULEWRIGHT_NO_CACHE=1 to bypass it, RULEWRIGHT_CACHE_DIR to move it.

One folder may serve several installed versions at once (two checkouts, a wheel and a checkout), so an entry
can never be served to a version it does not fit: every key covers the package version and the bytes of
everything that shapes the entry (content, schemas, the language's code and grammar, the game's rules code
and data); entries are written whole (a temporary file renamed into place); a load that found errors is
never stored; and an entry that does not read back is deleted and rebuilt.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from .. import __version__
from ..engine.diagnostics import Diagnostic
from . import ast as A

FORMAT = 3
_AST = {cls.__name__: cls for cls in vars(A).values()
        if isinstance(cls, type) and dataclasses.is_dataclass(cls)}


def cache_dir() -> Path | None:
    if os.environ.get("RULEWRIGHT_NO_CACHE"):
        return None
    base = os.environ.get("RULEWRIGHT_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "rulewright")
    return Path(base)


def content_key(files: list[Path], extra: list[str]) -> str:
    h = hashlib.sha256(f"rulewright-content-{FORMAT}-{__version__}".encode())
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


def entry_path(key: str) -> Path | None:
    d = cache_dir()
    return None if d is None else d / f"content-{key}.json"


def read(key: str) -> dict | None:
    path = entry_path(key)
    if path is None:
        return None
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
    except ValueError:  # UnicodeDecodeError included
        data = None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("key") != key:
        drop(key)  # torn, corrupted or foreign: never served, rebuilt by the caller
        return None
    return data


def drop(key: str) -> None:
    """Delete an entry that could not be used (the caller then rebuilds and rewrites it)."""
    path = entry_path(key)
    if path is not None:
        try:
            path.unlink()
        except OSError:
            pass


def _write_json(d: Path, name: str, payload: Any, **dump: Any) -> None:
    """Write `payload` as d/name whole: a temporary file in the same folder, renamed over the target."""
    try:
        d.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=d, prefix=f".{name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w") as fh:
                json.dump(payload, fh, **dump)
            os.replace(tmp, d / name)
        except BaseException:
            os.unlink(tmp)
            raise
    except (OSError, TypeError, ValueError):
        pass  # a cache that cannot be written is only slower


def write(key: str, payload: dict) -> None:
    d = cache_dir()
    if d is not None:
        _write_json(d, f"content-{key}.json", dict(payload, format=FORMAT, key=key), separators=(",", ":"))


def diag_to_json(d: Diagnostic) -> dict:
    return d.to_json()


def diag_from_json(d: dict) -> Diagnostic:
    return Diagnostic(**d)


def cached_yaml(path: Path) -> Any:
    """A YAML data file (no positions needed) read through the cache: rules data, the vocabulary."""
    from ruamel.yaml import YAML

    raw = path.read_bytes()
    key = hashlib.sha256(f"yaml-{FORMAT}-{__version__}-".encode() + raw).hexdigest()
    d = cache_dir()
    if d is not None:
        entry = d / f"yaml-{key}.json"
        try:
            held = json.loads(entry.read_text())
            if isinstance(held, dict) and held.get("key") == key:
                return held["data"]
            entry.unlink()  # not an entry of this key: drop it, rebuild below
        except FileNotFoundError:
            pass
        except (OSError, ValueError, KeyError):
            try:
                entry.unlink()
            except OSError:
                pass
    data = YAML(typ="safe").load(raw.decode("utf-8"))
    if d is not None:
        _write_json(d, f"yaml-{key}.json", {"key": key, "data": data})
    return data
