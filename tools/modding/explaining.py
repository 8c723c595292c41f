"""An entry explained: found by id (with a did-you-mean), its effect in English and the combat half of an
action card (what `rulewright explain`, explain.py, prints)."""

from __future__ import annotations

from ...dsl.explain import explain_effect
from ...dsl.loader import Content, Entry
from ...engine.diagnostics import did_you_mean
from ..common.clikit import display_path
from ..common.errors import fail


def lookup(content: Content, entry_id: str) -> Entry | None:
    """An entry by id (any case, dashes for underscores) or by name."""
    entry = content.entries.get(entry_id) or content.entries.get(entry_id.strip().lower().replace("-", "_"))
    if entry is None:
        by_name = {e.name.lower(): e for e in content.entries.values()}
        entry = by_name.get(entry_id.strip().lower())
    return entry


def find_entry(content: Content, entry_id: str) -> Entry:
    entry = lookup(content, entry_id)
    if entry is None:
        fail(f"unknown id '{entry_id}'", 1,
             did_you_mean(entry_id, content.entries) or "`rulewright list KIND` shows the ids")
    return entry


def english(content: Content, entry: Entry) -> list[str]:
    """Generated English; exits 1 when the effect did not compile (the loader reported why). The effects of
    an entry's parts (a wonder board's stages) follow, each line headed by its part."""
    out: list[str] = []
    if entry.data.get("effect"):
        if entry.effect is None:
            fail(f"the effect of '{entry.id}' has errors, so it cannot be explained", 1,
                 f"run `rulewright lint` to see them ({display_path(entry.file)}:{entry.line})")
        out += explain_effect(entry.effect, content.vocab.phrases)
    for key in sorted(entry.parts, key=lambda k: (k.rsplit(".", 1)[0], int(k.rsplit(".", 1)[1]))):
        field, _, i = key.rpartition(".")
        head = f"{field.rstrip('s').replace('_', ' ')} {int(i) + 1}: "
        out += [head + line for line in explain_effect(entry.parts[key], content.vocab.phrases)]
    for key, said in content.vocab.phrases.items():  # the game's words for data fields (an advance's border)
        if key.startswith("field:") and str(entry.data.get(key[6:])) in said:
            out.append(said[str(entry.data[key[6:]])])
    return out


def combat_half(content: Content, entry: Entry) -> dict | None:
    """An action card's combat half: its title, printed text, effect and English (None for other entries)."""
    combat = entry.data.get("combat")
    if not isinstance(combat, dict):
        return None
    lines = explain_effect(entry.combat_effect, content.vocab.phrases) if entry.combat_effect else []
    return {"title": combat.get("title", ""), "text": combat.get("text", ""),
            "effect": str(combat.get("effect") or "").rstrip(), "english": lines}
