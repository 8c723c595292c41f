"""The diagnostics corpus: wrong card effects a new modder writes, each with the whole diagnostic it gets.

tests/diagnostics/corpus.yaml holds the cases: `effect` (checked against the base pack's vocabulary) and
the `diagnostics` expected, each in full (position, code, message, hint). When a deliberate change of
wording moves many messages at once (new hooks change "lists all N"), regenerate the file with
`RULEWRIGHT_UPDATE_CORPUS=1 python -m pytest tests/dsl/test_diagnostics_corpus.py` and read the diff.
"""

from __future__ import annotations

import os

import pytest
from ruamel.yaml import YAML
from rulewright.dsl.checker import check_effect
from rulewright.dsl.loader import load_content
from rulewright.dsl.parser import parse_effect
from where import TESTS

CORPUS = TESTS / "diagnostics" / "corpus.yaml"


def _cases() -> list[dict]:
    return YAML(typ="safe").load(CORPUS.read_text())


def diagnose(effect: str, vocab) -> list[dict]:
    tree, diags = parse_effect(effect)
    if tree is not None:
        diags += check_effect(tree, vocab)
    return [{"at": f"{d.line}:{d.column}", "code": d.code, "message": d.message, "hint": d.hint} for d in diags]


@pytest.fixture(scope="module")
def vocab():
    return load_content(["base"]).vocab


def test_corpus_is_large_and_every_case_is_wrong():
    cases = _cases()
    assert len(cases) >= 40
    assert all(c["diagnostics"] for c in cases), "every card of the corpus is wrong"
    assert len({c["effect"] for c in cases}) == len(cases)


def test_every_message_whole(vocab):
    cases = _cases()
    got = [{"effect": c["effect"], "diagnostics": diagnose(c["effect"], vocab)} for c in cases]
    if os.environ.get("RULEWRIGHT_UPDATE_CORPUS"):
        header = CORPUS.read_text().split("\n- effect:")[0]
        y = YAML()
        y.width = 4096
        with CORPUS.open("w") as f:
            f.write(header.rstrip("\n") + "\n")
            y.dump(got, f)
    for want, have in zip(cases, got, strict=True):
        assert have["diagnostics"] == want["diagnostics"], want["effect"]


def test_expected_lists_the_accepted_values(vocab):
    """Every 'expected X, found Y' of the corpus says what X accepts."""
    for c in _cases():
        for d in c["diagnostics"]:
            if d["message"].startswith("expected a list after"):
                assert "a list is written in brackets" in d["hint"], d
            elif d["message"].startswith("expected ") and ", found " in d["message"]:
                typ = d["message"].split()[1].rstrip(",")
                assert f" {typ} is " in d["hint"], d
