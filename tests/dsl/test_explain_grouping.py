"""`explain` keeps the grouping of the text: brackets a reader needs to read the same number or condition."""

from __future__ import annotations

import pytest
from rulewright.dsl.explain import expr
from rulewright.dsl.parser import parse_effect


def said(cond: str) -> str:
    effect, diags = parse_effect(f"requires {cond}")
    assert not diags, diags
    return expr(effect.abilities[0].cond)


@pytest.mark.parametrize("text,english", [
    ("a - (b - 32 * (b // 32)) > 0", "a minus (b minus 32 times (b divided by 32)) is more than 0"),
    ("a - b - c = 0", "a minus b minus c is 0"),              # left to right: no brackets needed
    ("(a - b) - c = 0", "a minus b minus c is 0"),
    ("a * (b + c) = 0", "a times (b plus c) is 0"),
    ("(a + b) * c = 0", "(a plus b) times c is 0"),
    ("a // (b * c) = 0", "a divided by (b times c) is 0"),
    ("a * b // c = 0", "a times b divided by c is 0"),
    ("x and (y or z)", "x and (y or z)"),
    ("(x and y) or z", "(x and y) or z"),                       # English has no precedence: grouped anyway
    ("x or y or z", "x or y or z"),
    ("(a >= 1) = (b >= 2)", "(a is at least 1) is (b is at least 2)"),
    ("a + 1 >= b * 2", "a plus 1 is at least b times 2"),
])
def test_explain_keeps_the_grouping_of_the_text(text, english):
    assert said(text) == english


def test_two_texts_that_compute_differently_never_read_alike():
    assert said("a - (b - c) = 0") != said("a - b - c = 0")
    assert said("a * (b // c) = 0") != said("a * b // c = 0")
    assert said("x and (y or z)") != said("(x and y) or z")
