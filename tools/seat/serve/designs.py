"""A designer's own packs and variants at the browser seat: the folders the server was told it may read.

`rulewright serve --pack-dir DIR --variant-dir DIR` names them. The set-up page offers every pack folder
(a folder with a pack.yaml, or each such folder inside DIR) and every variant file (*.yaml at the top of
DIR), each by a name the server shows; a request may name only those. Any other path is refused
(ApiError 400): a client must never make the server read a file of its choosing. Not offered either, so
refused the same way: an entry that resolves outside its folder (a symbolic link out of it, whose target
the server would otherwise read and quote), and a variant or pack that touches what a game keeps its own
(`hidden:`, `ranges:`; dsl/overlay_secrecy.py), which no game may be created with. The folders are looked
at again on every request, so a variant written a moment ago is offered at once.

Clients never see the server's own paths: a folder is shown by its last name (`--variant-dir
/srv/designs/mine` shows as `mine`, its files as `mine/cheap.yaml`), and every message sent to a client
goes through `public`, which writes those names, and `rulewright/` for the installed package, in place of
the absolute paths.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ....dsl.overlay_secrecy import touched, variant_touches
from ....dsl.rules_data import looks_like_path, read_variant
from ....dsl.yamlsafe import safe_load
from ....engine import games

MAX_ITEMS = 200  # files offered per folder: a page, not a file browser
PACKAGE_ROOT = Path(__file__).resolve().parents[3]  # the installed rulewright package


@dataclass(frozen=True)
class Designs:
    pack_dirs: tuple[Path, ...] = field(default_factory=tuple)
    variant_dirs: tuple[Path, ...] = field(default_factory=tuple)

    def folders(self) -> dict[str, list[str]]:
        """What the set-up page says the server reads, by the names it shows."""
        return {"packs": [self.public(str(d)) for d in self.pack_dirs],
                "variants": [self.public(str(d)) for d in self.variant_dirs]}

    def _labels(self) -> list[tuple[str, str]]:
        """(a way the server writes a folder, the name clients see), longest first."""
        pairs: list[tuple[str, str]] = []
        seen: dict[str, int] = {}
        for d in (*self.pack_dirs, *self.variant_dirs):
            label = d.resolve().name or "folder"
            seen[label] = seen.get(label, 0) + 1
            if seen[label] > 1:
                label = f"{label}~{seen[label]}"
            pairs += [(form, label) for form in {str(d), str(d.resolve())} if form != label]
        pairs.append((str(PACKAGE_ROOT), "rulewright"))
        return sorted(pairs, key=lambda pair: -len(pair[0]))

    def public(self, text: str) -> str:
        """`text` as a client may read it: the server's paths written as the names the page shows."""
        for form, label in self._labels():
            text = re.sub(rf"(?<![\w.~/-]){re.escape(form)}(?=/|\b|$)", lambda _m, label=label: label, text)
        return text

    def private(self, key: str, name: str, game: str, fits: Callable[[str], bool] = lambda _p: True) -> str:
        """The server's path for a pack or variant a client named by its shown name (else `name` itself)."""
        real = self._packs(game) if key == "packs" else self._variants(game, fits)
        return {self.public(r): r for r in real}.get(name, name)

    def packs(self, game: str) -> list[str]:
        """The pack folders offered for `game` (their manifest's `game:`), by the names the page shows."""
        return [self.public(p) for p in self._packs(game)]

    def variants(self, game: str, fits: Callable[[str], bool]) -> list[str]:
        """The variant files offered for `game`, by the names the page shows."""
        return [self.public(p) for p in self._variants(game, fits)]

    def _packs(self, game: str) -> list[str]:
        out: list[str] = []
        for d in self.pack_dirs:
            roots = [d] if (d / "pack.yaml").is_file() else sorted(p.parent for p in d.glob("*/pack.yaml"))
            out += [str(r) for r in roots[:MAX_ITEMS] if _pack_inside(r, d) and _manifest_game(r) == game]
        return out

    def _variants(self, game: str, fits: Callable[[str], bool]) -> list[str]:
        """The variant files offered for `game`: those whose `game:` names it, or that name no game and apply
        to its rules without an error (`fits(path)`: a Clash variant's `params.grow_cost` is no key of 7
        Wonders', so it is not offered there)."""
        out: list[str] = []
        for d in self.variant_dirs:
            for path in sorted(d.glob("*.yaml"))[:MAX_ITEMS]:
                if not inside(path, d):
                    continue
                try:
                    data = read_variant(path) if path.is_file() else None
                except ValueError:
                    data = {"game": game}  # offered: creating the game then says what is wrong with it
                if data is None or variant_touches(data):  # secrecy is the game's own: never offered
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
            value = self.public(value)
            where = (f"only from its --{what}-dir folders ({', '.join(dirs)})" if dirs else
                     f"no {what} files (start it with --{what}-dir DIR to offer yours)")
            return f"unknown {what} {value!r}: this server reads {where}; the set-up page lists them"
        return f"unknown {what} {value!r} (known: {', '.join(known)})"


def inside(path: Path, folder: Path) -> bool:
    """Does `path` (symbolic links followed) stay inside `folder`? A link out of a designer's folder would
    make the server read, and quote in its refusals, a file nobody offered it."""
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):  # a loop of links
        return False


def _pack_inside(root: Path, folder: Path) -> bool:
    """The pack folder and every file the loader reads from it (its YAML, its variants and tests) inside
    `folder`."""
    if not inside(root, folder):
        return False
    try:
        files = [*root.glob("*.yaml"), *root.glob("variants/*.yaml"), *root.glob("*/")]
    except OSError:
        return False
    return all(inside(f, folder) for f in files)


def _manifest_game(root: Path) -> str | None:
    try:
        data = safe_load((root / "pack.yaml").read_text(encoding="utf-8"))
    except Exception:  # a broken manifest: not offered (lint says why)
        return None
    if not isinstance(data, dict) or (isinstance(data.get("rules"), dict) and touched(data["rules"])):
        return None  # a pack that would change secrecy is not offered (dsl/overlay_secrecy.py)
    return data.get("game", games.default_game())
