"""The core contract is documented: every public method of the engine's `Game`, the `Definition` protocol,
`Bot`, and each game's runtime facade (the object its rules and card text run against, with its mixins)
has a docstring.

Names still undocumented are listed in undocumented.txt beside this file; the list may only shrink: the
test fails for an undocumented name not on it, and for a listed name that is now documented (remove it).
"""

from __future__ import annotations

import inspect
from pathlib import Path

from rulewright.engine.bots import Bot
from rulewright.engine.machine import Definition, Game
from rulewright.rules.clash.state.runtime import Clash
from rulewright.rules.wonders7.state.runtime import Wonders

ALLOWED = Path(__file__).with_name("undocumented.txt")
# the classes whose public methods make the contract: a game's runtime facade with every class it mixes in
CONTRACT = (Game, Definition, Bot, Clash, Wonders)


def _public(cls: type) -> dict[str, object]:
    """Public callables and properties defined by `cls` or the project's classes it inherits from."""
    out: dict[str, object] = {}
    for klass in reversed(cls.__mro__):
        if not klass.__module__.startswith("rulewright.") and klass is not cls:
            continue
        for name, member in vars(klass).items():
            if name.startswith("_"):
                continue
            if isinstance(member, staticmethod | classmethod):
                member = member.__func__
            if inspect.isfunction(member) or isinstance(member, property):
                out[name] = member
    return out


def undocumented() -> set[str]:
    missing = set()
    for cls in CONTRACT:
        for name, member in _public(cls).items():
            doc = member.fget.__doc__ if isinstance(member, property) else member.__doc__
            if not (doc or "").strip():
                missing.add(f"{cls.__module__.removeprefix('rulewright.')}.{cls.__name__}.{name}")
    return missing


def test_the_core_contract_is_documented_and_the_allow_list_only_shrinks():
    allowed = {line.strip() for line in ALLOWED.read_text(encoding="utf-8").splitlines()
               if line.strip() and not line.startswith("#")}
    missing = undocumented()
    new = sorted(missing - allowed)
    assert not new, f"public methods of the core contract without a docstring: {new}"
    done = sorted(allowed - missing)
    assert not done, f"documented now: remove from {ALLOWED.name}: {done}"


def test_the_check_sees_a_missing_docstring():
    class Probe(Game):
        def shown(self) -> None:
            pass

    assert "shown" in _public(Probe) and not _public(Probe)["shown"].__doc__
