"""The language's reach, shown by cards (examples/reach/clash/: chance.yaml, players.yaml, values.yaml,
holders.yaml; docs/cookbook.md "What the language reaches"): every construct of chance, other players and
values is used by a card, every card lints clean and reads back in English, and its scenarios notice when
any one statement of a construct is taken out of it (a mutation per statement; the removal of whole cards is
tests/tools/modding/test_reach_packs.py's)."""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path

import pytest
from rulewright.dsl import ast as A
from rulewright.dsl.explain import explain_effect
from rulewright.dsl.loader import load_content
from rulewright.engine import games
from rulewright.tools.modding.langdoc.model import walk
from rulewright.tools.modding.mutation import coverage
from rulewright.tools.modding.scenarios import find_scenarios, load_scenario, run_scenario
from where import ROOT

PACK = ROOT / "examples" / "reach" / "clash"
TESTS = PACK / "tests"
FILES = ("chance.yaml", "players.yaml", "values.yaml", "holders.yaml")  # this part of the pack
# every construct, and how to find it in a card's syntax tree
CONSTRUCTS = {
    "roll": lambda n: isinstance(n, A.Roll),
    "pick at random": lambda n: isinstance(n, A.Pick),
    "let": lambda n: isinstance(n, A.Let),
    "as NAME (a procedure's result)": lambda n: isinstance(n, A.Do) and n.bind is not None,
    "as NAME (a loss)": lambda n: isinstance(n, A.Lose) and n.bind is not None,
    "as NAME (the card drawn)": lambda n: isinstance(n, A.Draw) and n.bind is not None,
    "as NAME (a card taken)": lambda n: isinstance(n, A.Take) and n.bind is not None,
    "a kind named by a value": lambda n: isinstance(n, A.Gain) and n.what == "find",
    "choose a player": lambda n: isinstance(n, A.ChoosePlayer) and not n.others,
    "choose another player": lambda n: isinstance(n, A.ChoosePlayer) and n.others,
    "for PLAYER": lambda n: isinstance(n, A.ForPlayer),
    "option blocks": lambda n: isinstance(n, A.Choose) and any(a.block for a in n.alts),
    "give": lambda n: isinstance(n, A.Give),
    "take (look and pick)": lambda n: isinstance(n, A.Take) and not n.random,
    "take at random": lambda n: isinstance(n, A.Take) and n.random,
    "swap": lambda n: isinstance(n, A.Swap),
    "look at": lambda n: isinstance(n, A.Look),
    "holder": lambda n: isinstance(n, A.Ref) and n.parts == ["holder"],
    "none": lambda n: isinstance(n, A.Ref) and n.parts == ["none"],
}


@pytest.fixture(scope="module")
def content():
    return load_content(["base", str(PACK)])


def mine(content):
    return [e for e in content.entries.values() if e.pack == "reach_clash" and Path(e.file).name in FILES]


def test_the_cards_lint_clean_and_read_back_in_english(content):
    assert [d for d in content.diagnostics if Path(d.file).name in FILES] == []
    cards = mine(content)
    assert len(cards) >= 6
    for e in cards:
        english = " ".join(explain_effect(e.effect, content.vocab.phrases))
        assert english and "?" not in english, (e.id, english)


def test_every_construct_is_shown_by_a_card_with_a_scenario(content):
    covered = set(coverage([TESTS]))
    for name, found in CONSTRUCTS.items():
        users = [e.id for e in mine(content) if any(found(n) for n in walk(e.effect.abilities))]
        assert any(u in covered for u in users), f"no card with a scenario shows {name}"


def _statement_mutants(effect: A.Effect, found):
    """Copies of the effect, each without one statement the construct matches (a bound name, an expression
    such as `holder`: its statement's name dropped, its reference made `none`)."""
    count = sum(1 for n in walk(effect.abilities) if found(n))
    for k in range(count):
        mutant = copy.deepcopy(effect)
        target = [n for n in walk(mutant.abilities) if found(n)][k]
        if isinstance(target, A.Ref):
            target.parts = ["none"] if target.parts != ["none"] else ["me"]
        elif getattr(target, "bind", None) is not None and not isinstance(target, (A.Roll, A.Pick, A.ChoosePlayer)):
            target.bind = None
        else:
            _remove(mutant.abilities, target)
        yield mutant


def _remove(node, target) -> bool:
    """Take `target` out of the statement list holding it."""
    for n in walk(node):
        for part in ("body", "items", "then", "orelse"):
            stmts = getattr(n, part, None)
            if isinstance(stmts, list) and any(s is target for s in stmts):
                stmts[:] = [s for s in stmts if s is not target]
                return True
    raise AssertionError(f"no statement list holds {target}")


@pytest.mark.parametrize("construct", list(CONSTRUCTS))
def test_taking_a_construct_out_of_a_card_fails_its_scenarios(content, construct):
    found = CONSTRUCTS[construct]
    scenarios = {f: load_scenario(f) for f in find_scenarios([TESTS])}
    module = games.find("clash")
    base = module.definition(("base", str(PACK)))
    tried = 0
    for e in mine(content):
        covering = [(f, s) for f, s in scenarios.items() if e.id in (s.get("covers") or [])]
        for mutant in _statement_mutants(e.effect, found):
            entries = dict(base.content.entries)
            entries[e.id] = dataclasses.replace(e, effect=mutant)
            defn = type(base)(dataclasses.replace(base.content, entries=entries), base.rules, list(base.variants))
            assert any(not run_scenario(s, defn, str(f)).passed for f, s in covering), \
                f"{e.id}: its scenarios pass without its {construct}"
            tried += 1
    assert tried >= 1
