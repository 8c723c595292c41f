"""Content entries as `rulewright list` shows them: the kinds a game has, their words on the command line,
printed copies, and an entry as JSON (list.py prints them)."""

from __future__ import annotations

from ...dsl.loader import Content, Entry, known_kinds
from ...dsl.references import content_spec
from ...engine import games

# Schemas that describe whole documents or manifests, not lists of entries.
NOT_ENTRY_KINDS = {"pack", "map"}


def entry_kinds() -> list[str]:
    return [k for k in known_kinds() if k not in NOT_ENTRY_KINDS]


def cli_word(kind: str) -> str:
    """`city_piece` -> `city-pieces`, `category` -> `categories`."""
    word = kind.replace("_", "-")
    return word[:-1] + "ies" if word.endswith("y") else word + "s"


def kind_from_word(word: str, game: str | None = None) -> str | None:
    """Accept plural or singular, with dashes or underscores, any case, and the game's own words
    (rules/<game>/content.yaml `list_words`, e.g. `cards` for 7 Wonders' age cards)."""
    w = word.strip().lower().replace("-", "_")
    words = content_spec(game or games.default_game()).get("list_words") or {}
    if w in words:
        return words[w]
    for kind in entry_kinds():
        if w in (kind, cli_word(kind).replace("-", "_")):
            return kind
    return None


def copies_of(e: Entry, game: str) -> int:
    """Physical cards an entry stands for: its `copies`, or the length of the list field the game names
    (content.yaml `copies_from`), at least one."""
    field = (content_spec(game).get("copies_from") or {}).get(e.kind)
    if field:
        value = e.data.get(field)
        return max(1, len(value)) if isinstance(value, list) else 1
    copies = e.data.get("copies")
    return copies if isinstance(copies, int) and copies > 1 else 1


def entry_json(e: Entry, content: Content | None = None) -> dict:
    out = {"id": e.id, "name": e.name, "kind": e.kind, "pack": e.pack, "source": e.data.get("source")}
    if content is not None:
        extra = games.find(content.game).entry_fields
        if extra is not None:
            out.update(extra(e))
    if e.kind == "advance":
        out["category"] = e.data.get("category")
    if e.kind in ("special_advance", "leader"):
        out["civilization"] = e.data.get("civilization")
    if e.kind == "special_advance":
        out["granted_by"] = e.data.get("granted_by")
    if e.kind == "leader":
        out["abilities"] = e.data.get("abilities", [])
    if e.kind == "civilization" and content is not None:
        # a board lists what names it: its special advances (with what grants each) and its leaders
        out["special_advances"] = [{"id": x.id, "name": x.name, "granted_by": x.data.get("granted_by")}
                                   for x in content.of_kind("special_advance") if x.data.get("civilization") == e.id]
        out["leaders"] = [{"id": x.id, "name": x.name} for x in content.of_kind("leader")
                          if x.data.get("civilization") == e.id]
        if e.data.get("start_region"):
            out["start_region"] = e.data["start_region"]
    if "copies" in e.data:
        out["copies"] = e.data["copies"]
    out["text"] = e.text
    return out
