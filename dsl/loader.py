"""Load content packs: YAML with positions, JSON Schema, references, and the effect language.

The pipeline for one pack: read every YAML file with ruamel (keeping line and column), validate it
against its kind's JSON Schema, collect entries by id, check cross references (prerequisites,
categories, unlocked pieces), parse every `effect` with the card language and check it against
the game's vocabulary. Every problem becomes a Diagnostic that points into the file; nothing
raises out of `load_content`. The steps live in their own modules (yaml_positions, schemas,
references, effect_positions); this one runs them and caches the result.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap

from ..engine.diagnostics import Diagnostic, did_you_mean
from ..engine.games import default_game
from . import cache as disk
from .cache import cached_yaml, decode, diag_from_json, diag_to_json, encode
from .checker import check_effect
from .content import CONTENT_ROOT, PACKAGE_ROOT, RULES_ROOT, SCHEMA_ROOT, Content, Entry, Pack
from .effect_positions import effect_mapper
from .explain import GAIN_NOTES, REFUSES
from .limits import check_limits
from .packcheck import check_pack
from .parser import parse_effect
from .references import SPEC_FILE, check_references, check_shapes, content_spec
from .rules_data import base_rules
from .schemas import NOT_CONTENT_KINDS, known_kinds, schema_errors, schema_for
from .vocabulary import Vocabulary
from .yaml_positions import holder, is_dir, not_a_file, plain, pos_of, read_yaml

__all__ = ["CONTENT_ROOT", "NOT_CONTENT_KINDS", "PACKAGE_ROOT", "RULES_ROOT", "SCHEMA_ROOT", "Content", "Entry",
           "Pack", "bundled_packs", "check_document", "game_vocabulary", "known_kinds", "load_content", "read_yaml",
           "resolve_packs", "schema_for"]

# ---- packs -------------------------------------------------------------------------------------


def bundled_packs(game: str | None = None) -> dict[str, Path]:
    """The packs shipped with a game (default: the default game), by id."""
    root = CONTENT_ROOT / (game or default_game())
    return {p.parent.name: p.parent for p in sorted(root.glob("*/pack.yaml"))}


def _read_manifest(root: Path, game: str, diags: list[Diagnostic], sources: dict) -> Pack | None:
    path = root / "pack.yaml"
    doc = read_yaml(path, diags, sources)
    if doc is None:
        if not_a_file(path) or path.exists():
            if not_a_file(path):
                diags.append(Diagnostic(str(path), 1, 1, "E0003", "the pack manifest is not a regular file"))
            return None
        diags.append(Diagnostic(str(path), 1, 1, "E0003", "no pack.yaml in this folder",
                                "a pack is a folder with a pack.yaml manifest (id, name, version, game, depends)"))
        return None
    data = plain(doc)
    schema = schema_for("pack")
    if schema and not schema_errors(doc, data, schema, str(path), diags):
        return None
    return Pack(data["id"], data["name"], str(data["version"]), data.get("game", game),
                list(data.get("depends") or []), root, data)


def resolve_packs(requested: list[str | Path], game: str, diags: list[Diagnostic],
                  sources: dict) -> list[Pack]:
    """Packs in dependency order: bundled ids or folders; dependencies are pulled in."""
    bundled = bundled_packs(game)
    loaded: dict[str, Pack] = {}
    order: list[Pack] = []

    def visit(ref: str | Path, chain: tuple[str, ...]) -> None:
        root = Path(ref) if (isinstance(ref, Path) or "/" in str(ref) or is_dir(Path(str(ref)))) else None
        if root is None:
            if str(ref) not in bundled:
                diags.append(Diagnostic("<packs>", 1, 1, "E0004", f"unknown pack '{ref}'",
                                        did_you_mean(str(ref), bundled) or f"bundled packs: {', '.join(bundled)}"))
                return
            root = bundled[str(ref)]
        pack = _read_manifest(root, game, diags, sources)
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


def game_vocab(game: str) -> Vocabulary:
    """A fresh vocabulary for the game, with its phrases for the explainer and its typing rules."""
    vocab = Vocabulary.from_data(game_vocabulary(game))
    vocab.phrases = dict(content_spec(game).get("grant_phrases") or {})
    # hooks worded by the game ("on:HOOK" -> {"mine": ..., "any": ...}), see explain.hook_words
    vocab.phrases.update({f"on:{h}": dict(w) for h, w in (content_spec(game).get("hook_phrases") or {}).items()})
    # functions and procedures worded by the game ("call:NAME" -> number of arguments -> template)
    vocab.phrases.update({f"call:{n}": {str(k): str(v) for k, v in w.items()}
                          for n, w in (content_spec(game).get("call_phrases") or {}).items()})
    vocab.phrases[GAIN_NOTES] = dict(content_spec(game).get("gain_notes") or {})  # `gain` is a keyword, no grant
    vocab.phrases[REFUSES] = dict(content_spec(game).get("refusal_phrases") or {})
    # what an entry's data field means, said by `rulewright explain` ("field:border" -> value -> sentence)
    vocab.phrases.update({f"field:{f}": dict(w) for f, w in (content_spec(game).get("field_phrases") or {}).items()})
    vocab.language = dict(content_spec(game).get("language") or {})
    vocab.rule_types = dict(content_spec(game).get("rules_words") or {})
    return vocab


def add_rule_words(content: Content) -> None:
    """The words the rules data declares (game.yaml with the loaded packs' `rules:`, e.g. counters) become
    constants of the content's vocabulary; an overlay that cannot be applied is reported by the rules' lint."""
    if not content.vocab.rule_types:
        return
    try:
        rules = base_rules(RULES_ROOT / content.game, content)
    except (ValueError, OSError):
        rules = cached_yaml(RULES_ROOT / content.game / "game.yaml")
    content.vocab.add_rule_words(rules if isinstance(rules, dict) else {})


@cache
def game_vocabulary(game: str) -> dict:
    return cached_yaml(RULES_ROOT / game / "vocabulary.yaml")


# ---- the whole pipeline ----------------------------------------------------------------------------


def _key_files(packs: list[str | Path], game: str, extra_files: list[Path]) -> list[Path]:
    """Every file the result depends on: content, schemas, the vocabulary, the language's code."""
    files = sorted((CONTENT_ROOT / game).rglob("*.yaml")) + sorted(SCHEMA_ROOT.glob("*.json"))
    for ref in packs:
        if isinstance(ref, Path) or "/" in str(ref) or is_dir(Path(str(ref))):
            try:
                files += sorted(Path(ref).rglob("*.yaml"))
            except (OSError, ValueError):  # a name too long for the file system, or with a NUL in it
                files.append(Path("<unreadable>"))
    files += list(extra_files)
    files.append(RULES_ROOT / game / "vocabulary.yaml")
    if (RULES_ROOT / game / SPEC_FILE).exists():
        files.append(RULES_ROOT / game / SPEC_FILE)
    # the game's rules, code and data (content checks, procedures' declarations, the kinds' references)
    files += sorted(p for p in (RULES_ROOT / game).rglob("*") if p.suffix in (".py", ".yaml", ".json")
                    and "__pycache__" not in p.parts)
    here = Path(__file__).resolve().parent
    files += sorted(here.glob("*.py")) + sorted(here.glob("*.lark"))
    return files


def load_content(packs: list[str | Path] | None = None, game: str | None = None,
                 extra_files: list[Path] | None = None) -> Content:
    """Load packs (default: the base pack of the default game) and check them, through the on-disk
    cache. Never raises."""
    game = game or default_game()
    requested = list(packs) if packs else ["base"]
    extra = list(extra_files or [])
    key = disk.content_key(_key_files(requested, game, extra),
                            [game] + [str(Path(r).resolve()) if "/" in str(r) else str(r) for r in requested])
    hit = disk.read(key)
    if hit is not None:
        try:
            return _from_cache(hit, game)
        except (KeyError, TypeError, ValueError, AttributeError):  # written by a broken process: rebuild it
            disk.drop(key)
    content = _load_content(requested, game, extra)
    if not any(d.severity == "error" for d in content.diagnostics):  # a failed load is never kept
        disk.write(key, _to_cache(content))
    return content


def _to_cache(content: Content) -> dict:
    return {
        "packs": [{**{k: v for k, v in p.__dict__.items() if k != "root"}, "root": str(p.root)} for p in content.packs],
        "entries": [{"kind": e.kind, "id": e.id, "data": e.data, "pack": e.pack, "file": e.file, "line": e.line,
                     "column": e.column, "effect": encode(e.effect), "combat_effect": encode(e.combat_effect),
                     "parts": {k: encode(v) for k, v in e.parts.items()}}
                    for e in content.entries.values()],
        "documents": content.documents,
        "diagnostics": [diag_to_json(d) for d in content.diagnostics],
        "sources": content.sources,
    }


def _from_cache(data: dict, game: str) -> Content:
    vocab = game_vocab(game)
    content = Content(game, vocab, diagnostics=[diag_from_json(d) for d in data["diagnostics"]],
                      sources=data["sources"], documents=data["documents"])
    content.packs = [Pack(p["id"], p["name"], p["version"], p["game"], p["depends"], Path(p["root"]), p["manifest"])
                     for p in data["packs"]]
    for e in data["entries"]:
        content.entries[e["id"]] = Entry(e["kind"], e["id"], e["data"], e["pack"], e["file"], e["line"], e["column"],
                                         decode(e["effect"]), decode(e["combat_effect"]),
                                         {k: decode(v) for k, v in (e.get("parts") or {}).items()})
    for kind in vocab.content_types:
        vocab.add_content(kind, [x.id for x in content.of_kind(kind)])
    add_rule_words(content)
    return content


def _load_content(requested: list[str | Path], game: str, extra_files: list[Path]) -> Content:
    """The whole pipeline, without the cache."""
    diags: list[Diagnostic] = []
    sources: dict[str, list[str]] = {}
    vocab = game_vocab(game)
    content = Content(game, vocab, diagnostics=diags, sources=sources)
    content.packs = resolve_packs(requested, game, diags, sources)
    add_rule_words(content)

    raw: list[tuple[Entry, Any]] = []
    files: list[tuple[Pack, Path]] = []
    for pack in content.packs:
        files.extend((pack, f) for f in sorted(pack.root.glob("*.yaml")) if f.name != "pack.yaml")
    for f in extra_files or []:
        files.append((content.packs[-1] if content.packs else Pack("extra", "", "", game, [], f.parent, {}), f))

    for pack, path in files:
        raw += read_entries(content, pack, path)
    _check_entries(content, raw)
    return content


def _check_entries(content: Content, raw: list[tuple[Entry, Any]]) -> None:
    """The steps after reading: ids become constants, references, shapes, effects, whole-pack checks."""
    vocab, diags = content.vocab, content.diagnostics
    for kind in vocab.content_types:
        vocab.add_content(kind, [e.id for e in content.of_kind(kind)])

    check_references(content, raw, diags)
    check_shapes(content, diags)

    part_fields: dict[str, str] = content_spec(content.game).get("part_effects") or {}
    for entry, item in raw:
        entry.effect = _parse_checked(item, entry, vocab, content.sources, diags)
        combat = item.get("combat")
        if isinstance(combat, CommentedMap):
            entry.combat_effect = _parse_checked(combat, entry, vocab, content.sources, diags)
        listed = item.get(part_fields.get(entry.kind, "")) if entry.kind in part_fields else None
        for i, part in enumerate(listed if isinstance(listed, list) else []):
            if isinstance(part, CommentedMap):
                parsed = _parse_checked(part, entry, vocab, content.sources, diags)
                if parsed is not None:
                    entry.parts[f"{part_fields[entry.kind]}.{i}"] = parsed
    diags.extend(check_pack(content))  # cycles, tags, Unicode, the game's own checks


def check_document(base: Content, path: Path, text: str) -> Content:
    """Check one content file as an editor holds it, against content already loaded (its pack and the packs
    it depends on), with the steps of `load_content` run for this file alone: what `rulewright lint` of the
    pack would say about the file, in milliseconds. The file's saved version in `base` gives way to `text`;
    the result keeps every entry, and the diagnostics of this file only. `base` is not changed."""
    target = Path(path).resolve()
    file = str(target)
    others = {k: e for k, e in base.entries.items() if Path(e.file).resolve() != target}
    content = Content(base.game, game_vocab(base.game), packs=list(base.packs), entries=others,
                      documents=dict(base.documents))
    add_rule_words(content)
    pack = next((p for p in base.packs if Path(p.root).resolve() == target.parent), None)
    if pack is None:  # a file outside the packs: loaded on top of them, as `rulewright lint FILE` does
        pack = base.packs[-1] if base.packs else Pack("extra", "", "", base.game, [], target.parent, {})
    raw = read_entries(content, pack, target, text)
    _check_entries(content, raw)
    content.diagnostics = [d for d in content.diagnostics if d.file == file]
    return content


def read_entries(content: Content, pack: Pack, path: Path, text: str | None = None) -> list[tuple[Entry, Any]]:
    """Read one content file into `content` (schema-checked entries by id); the entries with their YAML
    items, for the later steps. `text` is the file as an editor holds it (default: read the disk)."""
    diags, sources = content.diagnostics, content.sources
    raw: list[tuple[Entry, Any]] = []
    doc = read_yaml(path, diags, sources, text)
    if doc is None:
        return raw
    file = str(path)
    if not isinstance(doc, CommentedMap):
        diags.append(Diagnostic(file, 1, 1, "E0010", "a content file must be a mapping",
                                "start with `kind: <kind>` and `entries:`"))
        return raw
    kind = doc.get("kind")
    if kind is None:
        # a single document such as the map: schema named after the file
        schema = schema_for(path.stem)
        if schema is None:
            diags.append(Diagnostic(file, 1, 1, "E0014", "no `kind:` in this file",
                                    f"known kinds: {', '.join(known_kinds())}"))
            return raw
        if schema_errors(doc, plain(doc), schema, file, diags):
            content.documents[path.stem] = plain(doc)
        return raw
    schema = schema_for(str(kind))
    if schema is None:
        line, col = pos_of(doc, ["kind"])
        diags.append(Diagnostic(file, line, col, "E0014", f"unknown kind '{kind}'",
                                did_you_mean(str(kind), known_kinds()) or f"known kinds: {', '.join(known_kinds())}"))
        return raw
    if not schema_errors(doc, plain(doc), schema, file, diags):
        return raw
    for i, item in enumerate(doc.get("entries") or []):
        line, col = item.lc.line + 1, item.lc.col + 1
        entry = Entry(str(kind), str(item["id"]), plain(item), pack.id, file, line, col)
        if entry.id in content.entries:
            other = content.entries[entry.id]
            iline, icol = pos_of(doc, ["entries", i, "id"])
            diags.append(Diagnostic(file, iline, icol, "E0020", f"duplicate id '{entry.id}'",
                                    f"first defined at {other.file}:{other.line}", end_column=icol + len(entry.id)))
            continue
        content.entries[entry.id] = entry
        raw.append((entry, item))
    return raw


def _parse_checked(item: Any, entry: Entry, vocab: Vocabulary, sources: dict, diags: list[Diagnostic]):
    """Parse and check the `effect` of a mapping (an entry, or an action card's combat half)."""
    text = item.get("effect")
    if not text:
        return None
    at = holder(item, "effect")
    if at is None:  # no position for the text at all: point at the entry
        def place(d: Diagnostic) -> Diagnostic:
            return Diagnostic(entry.file, entry.line, entry.column, d.code, d.message, d.hint, d.severity)
    else:
        place = effect_mapper(at, sources.get(entry.file, []), str(text), entry.file)
    effect, errs = parse_effect(str(text), entry.file)
    if errs:
        diags.extend(place(d) for d in errs)
        return None
    found = check_effect(effect, vocab, entry.file, entry.kind) + check_limits(effect, entry.file)
    diags.extend(place(d) for d in found)
    return None if any(d.severity == "error" for d in found) else effect
