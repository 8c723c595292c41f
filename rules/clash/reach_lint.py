"""Lint of issue 44's constructs where the checker's types cannot see the mistake (warnings; called by
content_checks.check):

- W0340: `do end_battle()` in an action: actions are taken between battles, never during one, so it never
  finds a battle to end (a trigger on combat_round_start or combat_round_end does);
- W0341: `do choose_space(...)` with filters no space passes together (with_city and without_city, two
  terrains, sea and land, a mood without a city ...): nothing is ever chosen.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...dsl import ast as A
from ...engine.diagnostics import Diagnostic

MOODS = {"angry", "neutral", "happy"}
CITY_NEEDED = {"with_city", "my_city", "foreign_city"} | MOODS
LAND = {"land", "coastal", "fertile", "mountain", "forest", "barren"}
TERRAINS = {"sea", "fertile", "mountain", "forest", "barren"}
EXCLUSIVE = [({"with_city"} | CITY_NEEDED, {"without_city"}), ({"my_city"}, {"foreign_city"}),
             ({"with_my_units", "with_foreign_units"}, {"without_units"}), ({"sea"}, LAND | CITY_NEEDED)]


def _statements(body: list) -> Iterator[A.Stmt]:
    for s in body:
        yield s
        for attr in ("items", "then", "orelse", "body"):
            inner = getattr(s, attr, None)
            if isinstance(inner, list):
                yield from _statements(inner)
        for alt in getattr(s, "alts", None) or []:
            yield from _statements([alt.body] if not isinstance(alt.body, list) else alt.body)


def _effects(entry: Any) -> Iterator[A.Effect]:
    for effect in (entry.effect, getattr(entry, "combat_effect", None), *getattr(entry, "parts", {}).values()):
        if effect is not None:
            yield effect


def _clash(filters: list[str]) -> str | None:
    """Why no space passes all these filters together, or None."""
    said = set(filters)
    if len(said & TERRAINS) > 1:
        return f"two terrains ({', '.join(sorted(said & TERRAINS))})"
    if len(said & MOODS) > 1:
        return f"two moods ({', '.join(sorted(said & MOODS))})"
    for left, right in EXCLUSIVE:
        if said & left and said & right:
            return f"{sorted(said & left)[0]} with {sorted(said & right)[0]}"
    return None


def _warn(entry: Any, node: Any, code: str, message: str, hint: str) -> Diagnostic:
    where = f" (line {node.pos.line} of its effect)" if getattr(node, "pos", None) and node.pos.line else ""
    return Diagnostic(entry.file, entry.line, entry.column, code, f"{entry.id}{where}: {message}", hint,
                      severity="warning")


def reach_lint(content: Any) -> list[Diagnostic]:
    out = []
    for entry in content.entries.values():
        for effect in _effects(entry):
            for ab in effect.abilities:
                body = getattr(ab, "body", None) or []
                for s in _statements(body):
                    if not isinstance(s, A.Do):
                        continue
                    if s.call.name == "end_battle" and isinstance(ab, A.ActionDef):
                        out.append(_warn(entry, s, "W0340", "do end_battle() in an action never finds a battle: "
                                         "actions are taken between battles",
                                         "end it from a trigger on combat_round_start or combat_round_end"))
                    if s.call.name == "choose_space":
                        words = [a.parts[0] for a in s.call.args if isinstance(a, A.Ref) and len(a.parts) == 1]
                        why = _clash(words)
                        if why:
                            out.append(_warn(entry, s, "W0341", f"no space passes choose_space's filters together: "
                                             f"{why}", "drop one of them (`rulewright words space_filter`)"))
    return out
