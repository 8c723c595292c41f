"""What made a game: the rulewright version, the random stream and a fingerprint of the content and rules
data it was played with. A save records it, so a later version can tell whether it replays the very game
that was saved (same stream, same content) or must check the whole replay first (engine/machine.py,
Game.load); `rulewright --version` prints the same facts for the installed version.

A fingerprint hashes the files a game is built from (a pack's YAML, its scenarios aside; the game's rules
data and variant files). It is worked out once per process for each set-up, since saves are written at
every action of a served or seated game.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from .. import __version__
from .rng import STREAM, STREAMS

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
CONTENT_ROOT = PACKAGE_ROOT / "content"
RULES_ROOT = PACKAGE_ROOT / "rules"


def _digest(files: list[Path], base: Path) -> str:
    h = hashlib.sha256()
    for f in files:
        try:
            data = f.read_bytes() if f.is_file() else b"<not a file>"
        except OSError:
            data = b"<unreadable>"
        h.update(f.relative_to(base).as_posix().encode() + b"\0" + data + b"\0")
    return h.hexdigest()[:16]


def _yaml_files(folder: Path) -> list[Path]:
    try:
        return sorted(p for p in folder.rglob("*.yaml") if "tests" not in p.relative_to(folder).parts)
    except (OSError, ValueError):
        return []


def pack_folder(game: str, pack: str) -> Path:
    """A bundled pack's folder (content/<game>/<id>/), or the folder a path names."""
    if "/" in pack or pack.startswith("."):
        return Path(pack)
    return CONTENT_ROOT / game / pack


@cache
def pack_hash(game: str, pack: str) -> str:
    folder = pack_folder(game, pack)
    return _digest(_yaml_files(folder), folder) if folder.is_dir() else "missing"


@cache
def rules_hash(game: str) -> str:
    """The game's rules data: game.yaml, its vocabulary, content kinds and bundled variants."""
    folder = RULES_ROOT / game
    return _digest(_yaml_files(folder), folder) if folder.is_dir() else "missing"


def fingerprint(game: str, packs: list[str] | tuple[str, ...]) -> dict:
    """{"packs": {id: hash}, "rules": hash}: enough to tell whether content or rules changed since."""
    return {"packs": {str(p): pack_hash(game, str(p)) for p in packs}, "rules": rules_hash(game)}


def stream_name(stream: int | None) -> str:
    if stream is None:
        return "an unrecorded stream (a save of format 1)"
    return f"random stream {stream} ({STREAMS.get(stream, 'unknown to this version')})"


def version_line() -> str:
    return f"rulewright {__version__}, random stream {STREAM} ({STREAMS[STREAM]})"


__all__ = ["STREAM", "STREAMS", "fingerprint", "pack_hash", "rules_hash", "stream_name", "version_line"]
