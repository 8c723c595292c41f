"""Load content packs: YAML with positions, JSON Schema, references, and the effect language.

The pipeline for one pack: read every YAML file with ruamel (keeping line and column), validate it
against its kind's JSON Schema, collect entries by id, check cross references (prerequisites,
categories, unlocked pieces), parse every `effect` with the card language and check it against
the game's vocabulary. Every problem becomes a Diagnostic that points into the file; nothing
raises out of `load_content`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from ..engine.diagnostics import Diagnostic, did_you_mean
from . import ast as A
from .checker import check_effect
from .limits import check_limits
from .packcheck import check_pack
from .parser import parse_effect
from .vocabulary import Vocabulary
from .yamlsafe import too_large

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
CONTENT_ROOT = PACKAGE_ROOT / "content"
RULES_ROOT = PACKAGE_ROOT / "rules"
SCHEMA_ROOT = CONTENT_ROOT / "schema"


@dataclass
class Entry:
    kind: str
    id: str
    data: dict[str, Any]
    pack: str
    file: str
    line: int
    column: int
    effect: A.Effect | None = None
    combat_effect: A.Effect | None = None  # an action card's combat half

    @property
    def name(self) -> str:
        return str(self.data.get("name", self.id))

    @property
    def text(self) -> str:
        return str(self.data.get("text", ""))


@dataclass
class Pack:
    id: str
    name: str
    version: str
    game: str
    depends: list[str]
    root: Path
    manifest: dict[str, Any]


@dataclass
class Content:
    """Everything a game needs from its packs, with the diagnostics found on the way."""

    game: str
    vocab: Vocabulary
    packs: list[Pack] = field(default_factory=list)
    entries: dict[str, Entry] = field(default_factory=dict)
    documents: dict[str, Any] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, list[str]] = field(default_factory=dict)

    def of_kind(self, kind: str) -> list[Entry]:
        return [e for e in self.entries.values() if e.kind == kind]

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for e in self.entries.values():
            copies = int(e.data.get("copies", 1)) if isinstance(e.data.get("copies", 1), int) else 1
            out[e.kind] = out.get(e.kind, 0) + copies
        return out


# ---- YAML with positions -------------------------------------------------------------------------


def _yaml() -> YAML:
    y = YAML(typ="rt")
    y.allow_duplicate_keys = False
    return y


def _plain(node: Any) -> Any:
    """ruamel's commented containers -> plain dicts/lists (JSON-ready)."""
    if isinstance(node, dict):
        return {str(k): _plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_plain(v) for v in node]
    if isinstance(node, str):
        return str(node)
    return node


def _is_dir(path: Path) -> bool:
    """Path.is_dir that answers False for names the OS refuses (too long, a NUL byte) instead of raising."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def _not_a_file(path: Path) -> bool:
    """True for something that exists but is no regular file (a FIFO, a device), or a name the OS refuses."""
    try:
        return path.exists() and not path.is_file()
    except (OSError, ValueError):
        return True


def read_yaml(path: Path, diags: list[Diagnostic], sources: dict[str, list[str]]) -> Any:
    if _not_a_file(path):  # a FIFO or a device: reading it would block or never end
        diags.append(Diagnostic(str(path), 1, 1, "W0007", "not a regular file: skipped",
                                "a pack holds plain YAML files", severity="warning"))
        return None
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError, ValueError) as err:
        diags.append(Diagnostic(str(path)[:200], 1, 1, "E0001", f"cannot read file: {str(err)[:300]}"))
        return None
    sources[str(path)] = text.splitlines()
    try:
        doc = _yaml().load(text)
        problem = too_large(doc)  # an alias bomb: refuse it before anything expands it
        if problem:
            diags.append(Diagnostic(str(path), 1, 1, "E0006", f"YAML: {problem}",
                                    "write the entries out; anchors and aliases may only share small parts"))
            return None
        return doc
    except MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = (mark.line + 1) if mark else 1
        col = (mark.column + 1) if mark else 1
        problem = (err.problem or "invalid YAML").strip()
        hint = "check the indentation: entries of one list or mapping must line up"
        if "duplicate key" in str(err):
            hint = "a key may appear only once in a mapping"
        if err.context:
            problem = f"{problem} ({err.context.strip()})"
        diags.append(Diagnostic(str(path), line, col, "E0002", f"YAML: {problem}", hint))
    except YAMLError as err:
        diags.append(Diagnostic(str(path), 1, 1, "E0002", f"YAML: {err}"))
    except Exception as err:  # ruamel may raise odd errors on garbage; never crash the loader
        diags.append(Diagnostic(str(path), 1, 1, "E0002", f"YAML: {type(err).__name__}: {err}"))
    return None


def _pos_of(node: Any, path: list, key_wanted: str | None = None) -> tuple[int, int]:
    """Line/column (1-based) of the value at `path` inside a ruamel document."""
    line, col = 1, 1
    cur = node
    for step in path:
        try:
            if isinstance(cur, CommentedMap) and step in cur:
                at = _holder(cur, step) or cur  # a merged key (`<<: *a`) has its position in the anchor
                ln, cl = at.lc.value(step)
                kl, kc = at.lc.key(step)
                line, col = (ln + 1, cl + 1) if not isinstance(cur[step], (dict, list)) else (kl + 1, kc + 1)
                cur = cur[step]
            elif isinstance(cur, CommentedSeq) and isinstance(step, int) and step < len(cur):
                ln, cl = cur.lc.item(step)
                line, col = ln + 1, cl + 1
                cur = cur[step]
            else:
                break
        except (KeyError, IndexError, TypeError, AttributeError):
            break
    at = _holder(cur, key_wanted) if key_wanted and isinstance(cur, CommentedMap) and key_wanted in cur else None
    if at is not None:
        try:
            ln, cl = at.lc.key(key_wanted)
            return ln + 1, cl + 1
        except (KeyError, TypeError, AttributeError):  # a key merged in from an anchor: no own position
            pass
    if isinstance(cur, (CommentedMap, CommentedSeq)) and getattr(cur, "lc", None) is not None and not path:
        return cur.lc.line + 1, cur.lc.col + 1
    return line, col


# ---- schemas -----------------------------------------------------------------------------------


@cache
def schema_for(kind: str) -> dict | None:
    path = SCHEMA_ROOT / f"{kind}.schema.json"
    if not path.exists():
        return None
    return json.loads(path.read_text())


NOT_CONTENT_KINDS = {"pack", "map", "scenario", "save"}


def known_kinds() -> list[str]:
    """Kinds a content file may declare with `kind:` (pack manifests, the map and scenarios are not)."""
    names = (p.name.removesuffix(".schema.json") for p in SCHEMA_ROOT.glob("*.schema.json"))
    return sorted(n for n in names if n not in NOT_CONTENT_KINDS)


_UNEXPECTED = re.compile(r"\('([^']+)' (?:was|were) unexpected\)")


def _schema_errors(doc: Any, plain: Any, schema: dict, file: str, diags: list[Diagnostic]) -> bool:
    validator = jsonschema.Draft202012Validator(schema)
    ok = True
    for err in sorted(validator.iter_errors(plain), key=lambda e: list(map(str, e.absolute_path))):
        ok = False
        path = list(err.absolute_path)
        if err.validator == "additionalProperties":
            m = _UNEXPECTED.search(err.message)
            key = m.group(1) if m else None
            line, col = _pos_of(doc, path, key)
            allowed = list((err.schema.get("properties") or {}).keys())
            hint = did_you_mean(key or "", allowed) or f"allowed keys: {', '.join(allowed)}"
            diags.append(Diagnostic(file, line, col, "E0011", f"unknown key '{key}'", hint,
                                    end_column=col + len(key or "x")))
        elif err.validator == "required":
            line, col = _pos_of(doc, path)
            m = re.match(r"'([^']+)' is a required property", err.message)
            missing = m.group(1) if m else err.message
            where = "/".join(map(str, path)) or "the document"
            diags.append(Diagnostic(file, line, col, "E0012", f"missing required field '{missing}' in {where}",
                                    f"add `{missing}: ...`"))
        else:
            line, col = _pos_of(doc, path)
            where = "/".join(map(str, path)) or "document"
            hint = ""
            if err.validator == "enum":
                hint = "one of: " + ", ".join(map(str, err.validator_value))
            elif err.validator == "pattern":
                hint = "ids are lowercase slugs: letters, digits and underscores"
            diags.append(Diagnostic(file, line, col, "E0013", f"{where}: {err.message}", hint))
    return ok


# ---- packs -------------------------------------------------------------------------------------


def bundled_packs(game: str = "clash") -> dict[str, Path]:
    root = CONTENT_ROOT / game
    return {p.parent.name: p.parent for p in sorted(root.glob("*/pack.yaml"))}


def _read_manifest(root: Path, diags: list[Diagnostic], sources: dict) -> Pack | None:
    path = root / "pack.yaml"
    doc = read_yaml(path, diags, sources)
    if doc is None:
        if _not_a_file(path) or path.exists():
            if _not_a_file(path):
                diags.append(Diagnostic(str(path), 1, 1, "E0003", "the pack manifest is not a regular file"))
            return None
        diags.append(Diagnostic(str(path), 1, 1, "E0003", "no pack.yaml in this folder",
                                "a pack is a folder with a pack.yaml manifest (id, name, version, game, depends)"))
        return None
    plain = _plain(doc)
    schema = schema_for("pack")
    if schema and not _schema_errors(doc, plain, schema, str(path), diags):
        return None
    return Pack(plain["id"], plain["name"], str(plain["version"]), plain.get("game", "clash"),
                list(plain.get("depends") or []), root, plain)


def resolve_packs(requested: list[str | Path], game: str, diags: list[Diagnostic],
                  sources: dict) -> list[Pack]:
    """Packs in dependency order: bundled ids or folders; dependencies are pulled in."""
    bundled = bundled_packs(game)
    loaded: dict[str, Pack] = {}
    order: list[Pack] = []

    def visit(ref: str | Path, chain: tuple[str, ...]) -> None:
        root = Path(ref) if (isinstance(ref, Path) or "/" in str(ref) or _is_dir(Path(str(ref)))) else None
        if root is None:
            if str(ref) not in bundled:
                diags.append(Diagnostic("<packs>", 1, 1, "E0004", f"unknown pack '{ref}'",
                                        did_you_mean(str(ref), bundled) or f"bundled packs: {', '.join(bundled)}"))
                return
            root = bundled[str(ref)]
        pack = _read_manifest(root, diags, sources)
        if pack is None or pack.id in loaded:
            return
        if pack.id in chain:
            diags.append(Diagnostic(str(root / "pack.yaml"), 1, 1, "E0005", f"pack '{pack.id}' depends on itself"))
            return
        for dep in pack.depends:
            if dep not in loaded:
                visit(dep, chain + (pack.id,))
        loaded[pack.id] = pack
        order.append(pack)

    for r in requested:
        visit(r, ())
    return order


@cache
def game_vocabulary(game: str) -> dict:
    from .cache import cached_yaml

    return cached_yaml(RULES_ROOT / game / "vocabulary.yaml")


def _holder(item: Any, key: str) -> Any:
    """The mapping whose source holds `key`: the item, or a mapping merged into it (`<<: *anchor`)."""
    todo = [item]
    for _ in range(64):
        if not todo:
            break
        m = todo.pop(0)
        lc = getattr(m, "lc", None)
        if lc is not None and key in (getattr(lc, "data", None) or {}):
            return m
        for x in getattr(m, "merge", None) or []:
            todo.append(x[1] if isinstance(x, tuple) else x)
    return None


def _effect_origin(doc_entry: Any, lines: list[str]) -> tuple[int, int, bool]:
    """Where an entry's effect text starts in the file: (line, column offset, block scalar?)."""
    ln, cl = doc_entry.lc.value("effect")
    raw = lines[ln] if ln < len(lines) else ""
    if cl < len(raw) and raw[cl] in "|>":
        nxt = ln + 1
        while nxt < len(lines) and not lines[nxt].strip():
            nxt += 1
        indent = len(lines[nxt]) - len(lines[nxt].lstrip()) if nxt < len(lines) else 0
        return ln + 2, indent, True
    quote = 1 if cl < len(raw) and raw[cl] in "\"'" else 0
    return ln + 1, cl + quote, False


def _shift(d: Diagnostic, file: str, origin: tuple[int, int, bool]) -> Diagnostic:
    line0, col0, block = origin
    line = line0 + d.line - 1
    if block:
        col, end = col0 + d.column, (col0 + d.end_column if d.end_column else 0)
    elif d.line == 1:
        col, end = col0 + d.column, (col0 + d.end_column if d.end_column else 0)
    else:
        col, end = d.column, d.end_column
    return Diagnostic(file, line, col, d.code, d.message, d.hint, d.severity, end)


def _effect_mapper(item: Any, lines: list[str], text: str, file: str):
    """Diagnostic in effect text -> diagnostic in the file.

    A literal block (`|`) keeps lines and strips a fixed indent, so `_shift` is exact. Folded
    blocks (`>`) and plain or quoted scalars join source lines, so positions are mapped through
    segments: where each source line's text sits in the effect string.
    """
    origin = _effect_origin(item, lines)
    ln, cl = item.lc.value("effect")
    raw = lines[ln] if ln < len(lines) else ""
    if cl < len(raw) and raw[cl] == "|":
        return lambda d: _shift(d, file, origin)
    segments: list[tuple[int, int, int]] = []  # (offset in text, source line 1-based, source column 1-based)
    pos, src = 0, origin[0] - 1
    first_col = origin[1] if not origin[2] else None
    while src < len(lines) and pos < len(text.rstrip()):
        line = lines[src]
        start = first_col if (first_col is not None and src == origin[0] - 1) else len(line) - len(line.lstrip())
        piece = line[start:].rstrip()
        if piece.endswith(("'", '"')) and text.find(piece, pos) < 0:
            piece = piece[:-1]
        k = text.find(piece, pos) if piece else -1
        if piece and (k < 0 or text[pos:k].strip()):
            break
        if piece:
            segments.append((k, src + 1, start + 1))
            pos = k + len(piece)
        src += 1
    if not segments:
        return lambda d: _shift(d, file, origin)
    starts = [0]
    for part in text.split("\n")[:-1]:
        starts.append(starts[-1] + len(part) + 1)

    def place(d: Diagnostic) -> Diagnostic:
        if not 1 <= d.line <= len(starts):
            return _shift(d, file, origin)
        off = starts[d.line - 1] + max(d.column, 1) - 1
        seg = max((s for s in segments if s[0] <= off), key=lambda s: s[0], default=segments[0])
        col = seg[2] + off - seg[0]
        end = col + (d.end_column - d.column) if d.end_column > d.column else 0
        return Diagnostic(file, seg[1], col, d.code, d.message, d.hint, d.severity, end)

    return place


# ---- the whole pipeline ----------------------------------------------------------------------------


def _key_files(packs: list[str | Path], game: str, extra_files: list[Path]) -> list[Path]:
    """Every file the result depends on: content, schemas, the vocabulary, the language's code."""
    files = sorted((CONTENT_ROOT / game).rglob("*.yaml")) + sorted(SCHEMA_ROOT.glob("*.json"))
    for ref in packs:
        if isinstance(ref, Path) or "/" in str(ref) or _is_dir(Path(str(ref))):
            try:
                files += sorted(Path(ref).rglob("*.yaml"))
            except (OSError, ValueError):  # a name too long for the file system, or with a NUL in it
                files.append(Path("<unreadable>"))
    files += list(extra_files)
    files.append(RULES_ROOT / game / "vocabulary.yaml")
    files += [RULES_ROOT / game / "game.yaml", RULES_ROOT / game / "content_checks.py"]
    here = Path(__file__).resolve().parent
    files += sorted(here.glob("*.py")) + sorted(here.glob("*.lark"))
    return files


def load_content(packs: list[str | Path] | None = None, game: str = "clash",
                 extra_files: list[Path] | None = None) -> Content:
    """Load packs (default: the base pack) and check them, through the on-disk cache. Never raises."""
    from . import cache

    requested = list(packs) if packs else ["base"]
    extra = list(extra_files or [])
    key = cache.content_key(_key_files(requested, game, extra),
                            [game] + [str(Path(r).resolve()) if "/" in str(r) else str(r) for r in requested])
    hit = cache.read(key)
    if hit is not None:
        return _from_cache(hit, game)
    content = _load_content(requested, game, extra)
    cache.write(key, _to_cache(content))
    return content


def _to_cache(content: Content) -> dict:
    from .cache import diag_to_json, encode

    return {
        "packs": [{**{k: v for k, v in p.__dict__.items() if k != "root"}, "root": str(p.root)} for p in content.packs],
        "entries": [{"kind": e.kind, "id": e.id, "data": e.data, "pack": e.pack, "file": e.file, "line": e.line,
                     "column": e.column, "effect": encode(e.effect), "combat_effect": encode(e.combat_effect)}
                    for e in content.entries.values()],
        "documents": content.documents,
        "diagnostics": [diag_to_json(d) for d in content.diagnostics],
        "sources": content.sources,
    }


def _from_cache(data: dict, game: str) -> Content:
    from .cache import decode, diag_from_json

    vocab = Vocabulary.from_data(game_vocabulary(game))
    content = Content(game, vocab, diagnostics=[diag_from_json(d) for d in data["diagnostics"]],
                      sources=data["sources"], documents=data["documents"])
    content.packs = [Pack(p["id"], p["name"], p["version"], p["game"], p["depends"], Path(p["root"]), p["manifest"])
                     for p in data["packs"]]
    for e in data["entries"]:
        content.entries[e["id"]] = Entry(e["kind"], e["id"], e["data"], e["pack"], e["file"], e["line"], e["column"],
                                         decode(e["effect"]), decode(e["combat_effect"]))
    for kind in vocab.content_types:
        vocab.add_content(kind, [x.id for x in content.of_kind(kind)])
    return content


def _load_content(requested: list[str | Path], game: str, extra_files: list[Path]) -> Content:
    """The whole pipeline, without the cache."""
    diags: list[Diagnostic] = []
    sources: dict[str, list[str]] = {}
    vocab = Vocabulary.from_data(game_vocabulary(game))
    content = Content(game, vocab, diagnostics=diags, sources=sources)
    content.packs = resolve_packs(requested, game, diags, sources)

    raw: list[tuple[Entry, Any]] = []
    files: list[tuple[Pack, Path]] = []
    for pack in content.packs:
        files.extend((pack, f) for f in sorted(pack.root.glob("*.yaml")) if f.name != "pack.yaml")
    for f in extra_files or []:
        files.append((content.packs[-1] if content.packs else Pack("extra", "", "", game, [], f.parent, {}), f))

    for pack, path in files:
        doc = read_yaml(path, diags, sources)
        if doc is None:
            continue
        file = str(path)
        if not isinstance(doc, CommentedMap):
            diags.append(Diagnostic(file, 1, 1, "E0010", "a content file must be a mapping",
                                    "start with `kind: <kind>` and `entries:`"))
            continue
        kind = doc.get("kind")
        if kind is None:
            # a single document such as the map: schema named after the file
            schema = schema_for(path.stem)
            if schema is None:
                diags.append(Diagnostic(file, 1, 1, "E0014", "no `kind:` in this file",
                                        f"known kinds: {', '.join(known_kinds())}"))
                continue
            if _schema_errors(doc, _plain(doc), schema, file, diags):
                content.documents[path.stem] = _plain(doc)
            continue
        schema = schema_for(str(kind))
        if schema is None:
            line, col = _pos_of(doc, ["kind"])
            diags.append(Diagnostic(file, line, col, "E0014", f"unknown kind '{kind}'",
                                    did_you_mean(str(kind), known_kinds()) or f"known kinds: {', '.join(known_kinds())}"))
            continue
        if not _schema_errors(doc, _plain(doc), schema, file, diags):
            continue
        for i, item in enumerate(doc.get("entries") or []):
            line, col = item.lc.line + 1, item.lc.col + 1
            entry = Entry(str(kind), str(item["id"]), _plain(item), pack.id, file, line, col)
            if entry.id in content.entries:
                other = content.entries[entry.id]
                iline, icol = _pos_of(doc, ["entries", i, "id"])
                diags.append(Diagnostic(file, iline, icol, "E0020", f"duplicate id '{entry.id}'",
                                        f"first defined at {other.file}:{other.line}", end_column=icol + len(entry.id)))
                continue
            content.entries[entry.id] = entry
            raw.append((entry, item))

    for kind in vocab.content_types:
        vocab.add_content(kind, [e.id for e in content.of_kind(kind)])

    _check_references(content, raw, diags)
    _check_boards(content, diags)

    for entry, item in raw:
        entry.effect = _parse_checked(item, entry, vocab, sources, diags)
        combat = item.get("combat")
        if isinstance(combat, CommentedMap):
            entry.combat_effect = _parse_checked(combat, entry, vocab, sources, diags)
    diags.extend(check_pack(content, REFERENCES))  # cycles, tags, Unicode, the game's own checks
    return content


def _parse_checked(item: Any, entry: Entry, vocab: Vocabulary, sources: dict, diags: list[Diagnostic]):
    """Parse and check the `effect` of a mapping (an entry, or an action card's combat half)."""
    text = item.get("effect")
    if not text:
        return None
    holder = _holder(item, "effect")
    if holder is None:  # no position for the text at all: point at the entry
        def place(d: Diagnostic) -> Diagnostic:
            return Diagnostic(entry.file, entry.line, entry.column, d.code, d.message, d.hint, d.severity)
    else:
        place = _effect_mapper(holder, sources.get(entry.file, []), str(text), entry.file)
    effect, errs = parse_effect(str(text), entry.file)
    if errs:
        diags.extend(place(d) for d in errs)
        return None
    found = check_effect(effect, vocab, entry.file, entry.kind) + check_limits(effect, entry.file)
    diags.extend(place(d) for d in found)
    return None if any(d.severity == "error" for d in found) else effect


# Fields that name other entries, per kind: field -> kind of the referenced entries.
REFERENCES: dict[str, dict[str, str]] = {
    "advance": {"category": "category", "requires": "advance", "unlocks": "city_piece"},
    "category": {"advances": "advance"},
    "wonder": {"requires": "advance"},
    "city_piece": {"requires_advance": "advance"},
    "special_advance": {"civilization": "civilization", "granted_by": "advance|category"},
    "leader": {"civilization": "civilization"},
}


def _check_references(content: Content, raw: list[tuple[Entry, Any]], diags: list[Diagnostic]) -> None:
    for entry, item in raw:
        for fieldname, target in REFERENCES.get(entry.kind, {}).items():
            value = item.get(fieldname)
            if value is None:
                continue
            refs = list(value) if isinstance(value, list) else [value]
            for j, ref in enumerate(refs):
                other = content.entries.get(str(ref))
                if other is not None and other.kind in target.split("|"):
                    continue
                if isinstance(value, list):
                    ln, cl = item[fieldname].lc.item(j)
                else:
                    holder = _holder(item, fieldname)
                    ln, cl = holder.lc.value(fieldname) if holder is not None else (item.lc.line, item.lc.col)
                names = [e.id for k in target.split("|") for e in content.of_kind(k)]
                what = " or ".join(k.replace("_", " ") for k in target.split("|"))
                diags.append(Diagnostic(entry.file, ln + 1, cl + 1, "E0021",
                                        f"unknown {what} '{ref}' in {fieldname}",
                                        did_you_mean(str(ref), names), end_column=cl + 1 + len(str(ref))))


# A civilisation board has this many special advances and leader cards.
BOARD_SHAPE = {"special_advance": 4, "leader": 3}


def _check_boards(content: Content, diags: list[Diagnostic]) -> None:
    """Warn when a civilisation has not exactly 4 special advances and 3 leaders."""
    for civ in content.of_kind("civilization"):
        for kind, want in BOARD_SHAPE.items():
            got = sum(1 for e in content.of_kind(kind) if e.data.get("civilization") == civ.id)
            if got != want:
                what = kind.replace("_", " ")
                diags.append(Diagnostic(civ.file, civ.line, civ.column, "W0031",
                                        f"civilisation '{civ.id}' has {got} {what}s, not {want}",
                                        f"give it {want} `{kind}` entries with `civilization: {civ.id}`",
                                        severity="warning"))
