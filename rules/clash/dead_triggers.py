"""Lint of Clash triggers that can never fire (warnings; called by content_checks.check).

- W0332: a combat half's trigger on a hook that fires outside every combat round (content.yaml
  `combat_half_deaf`): the half is in force only during the round its card was declared in;
- W0333: an objective completed `on objective_completed when card = self`: the card is completed only
  when that trigger fires, so it waits for itself;
- W0334: a trigger of a card held in hand on a hook its own action emits (a `gain` emits resource_gained,
  a `do` what its procedure declares): the card leaves the hand when its action is announced, before the
  action's cost and effect, so it never hears them (it still hears the hook from anything else).
"""

from __future__ import annotations

from typing import Any

from ...dsl import ast as A
from ...dsl.impossible import at, effects, nodes
from ...dsl.references import content_spec
from ...engine.diagnostics import Diagnostic
from .names import HAND_KIND


def _warn(content: Any, entry: Any, node: Any, combat: bool, code: str, message: str, hint: str) -> Diagnostic:
    pos = getattr(node, "hook_pos", None)
    line, col = at(content, entry, pos if pos is not None and pos.line else node.pos, combat)
    return Diagnostic(entry.file, line, col, code, f"{entry.id}: {message}", hint, severity="warning")


def _emitted(body: list, content: Any, statement_hooks: dict) -> set[str]:
    """Hooks a block may emit: its statements' (content.yaml statement_hooks) and its procedures'."""
    out: set[str] = set()
    for node in nodes(body):
        if isinstance(node, A.Do):
            sig = content.vocab.primitives.get(node.call.name)
            out.update(sig.emits if sig is not None else ())
        else:
            out.update(statement_hooks.get(type(node).__name__.lower(), ()))
    return out


def _self_card(cond: Any) -> bool:
    """Does the condition require `card = self`?"""
    return any(isinstance(n, A.BinOp) and n.op == "=" and {type(n.left), type(n.right)} == {A.Ref}
               and sorted([n.left.parts, n.right.parts]) == [["card"], ["self"]] for n in nodes(cond))


def dead_triggers(content: Any) -> list[Diagnostic]:
    spec = content_spec(content.game)
    deaf = set(spec.get("combat_half_deaf") or ())
    statement_hooks = (spec.get("language") or {}).get("statement_hooks") or {}
    out = []
    for entry in content.entries.values():
        for effect, combat in effects(entry):
            abilities = effect.abilities
            own = set()
            if entry.kind == HAND_KIND and not combat:
                for ab in abilities:
                    if isinstance(ab, A.ActionDef):
                        paid = statement_hooks.get("pay", []) if ab.cost else []
                        own.update(_emitted(ab.body, content, statement_hooks), paid)
            for ab in abilities:
                if isinstance(ab, A.Trigger):
                    heard = set(ab.hooks)
                    if combat and heard & deaf:
                        out.append(_warn(content, entry, ab, combat, "W0332",
                                         f"this combat half's trigger on {', '.join(sorted(heard & deaf))} never "
                                         "fires: the half is in force only during the combat round its card "
                                         "was declared in", "react to combat_round_start, or move the trigger "
                                         "to the card's civil effect"))
                    if heard & own:
                        out.append(_warn(content, entry, ab, combat, "W0334",
                                         f"this trigger on {', '.join(sorted(heard & own))} never hears the "
                                         "card's own action: the card leaves your hand when its action is "
                                         "announced, before its cost and effect",
                                         "write the reaction into the action itself"))
                if isinstance(ab, A.ObjectiveDef) and ab.hook == "objective_completed" and _self_card(ab.cond):
                    out.append(_warn(content, entry, ab, combat, "W0333",
                                     f"objective \"{ab.name}\" waits for its own completion, which only this "
                                     "trigger could bring", "name another hook, or another card"))
    return out
