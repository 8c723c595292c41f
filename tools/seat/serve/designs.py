"""A designer's own packs and variants at the browser seat: the folders the server was told it may read.

`rulewright serve --pack-dir DIR --variant-dir DIR` names them. The set-up page offers every pack folder
(a folder with a pack.yaml, or each such folder inside DIR) and every variant file (*.yaml at the top of
DIR), each by the path the server shows; a request may name only those. Any other path is refused
(ApiError 400): a client must never make the server read a file of its choosing. The folders are looked
at again on every request, so a variant written a moment ago is offered at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ....dsl.rules_data import looks_like_path, read_variant
from ....dsl.yamlsafe import safe_load
from ....engine import games

MAX_ITEMS = 200  # files offered per folder: a page, not a file browser


@dataclass(frozen=True)
class Designs:
    pack_dirs: tuple[Path, ...] = field(default_factory=tuple)
    variant_dirs: tuple[Path, ...] = field(default_factory=tuple)

    def folders(self) -> dict[str, list[str]]:
        """What the set-up page says the server reads."""
        return {"packs": [str(d) for d in self.pack_dirs], "variants": [str(d) for d in self.variant_dirs]}

    def packs(self, game: str) -> list[str]:
        """The pack folders offered for `game` (their manifest's `game:`), by the path the page shows."""
        out: list[str] = []
        for d in self.pack_dirs:
            roots = [d] if (d / "pack.yaml").is_file() else sorted(p.parent for p in d.glob("*/pack.yaml"))
            out += [str(r) for r in roots[:MAX_ITEMS] if _manifest_game(r) == game]
        return out

    def variants(self, game: str, fits: Callable[[str], bool]) -> list[str]:
        """The variant files offered for `game`: those whose `game:` names it, or that name no game and apply
        to its rules without an error (`fits(path)`: a Clash variant's `params.grow_cost` is no key of 7
        Wonders', so it is not offered there)."""
        out: list[str] = []
        for d in self.variant_dirs:
            for path in sorted(d.glob("*.yaml"))[:MAX_ITEMS]:
                try:
                    data = read_variant(path) if path.is_file() else None
                except ValueError:
                    data = {"game": game}  # offered: creating the game then says what is wrong with it
                if data is None:
                    continue
                named = data.get("game")
                if named == game or (named is None and fits(str(path))):
                    out.append(str(path))
        return out

    def refusal(self, key: str, value: str, known: list[str]) -> str:
        """Why a pack or variant named in a request is refused (the caller raises ApiError 400)."""
        what = key[:-1]
        if looks_like_path(value):
            dirs = self.folders()[key]
            where = (f"only from its --{what}-dir folders ({', '.join(dirs)})" if dirs else
                     f"no {what} files (start it with --{what}-dir DIR to offer yours)")
            return f"unknown {what} {value!r}: this server reads {where}; the set-up page lists them"
        return f"unknown {what} {value!r} (known: {', '.join(known)})"


def _manifest_game(root: Path) -> str | None:
    try:
        data = safe_load((root / "pack.yaml").read_text(encoding="utf-8"))
    except Exception:  # a broken manifest: not offered (lint says why)
        return None

    return data.get("game", games.default_game()) if isinstance(data, dict) else None
