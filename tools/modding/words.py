"""`rulewright words [KIND]`: every word of the card language of one kind, the list diagnostics point to.

A type (measure, city_filter, int, advance ...) lists what may stand where that type is wanted; `procedure`,
`function`, `permission`, `prohibition`, `quantity` and `hook` list those tables; `gain`, `pay`, `lose`,
`draw`, `give`, `take` and `swap` list what the verb takes; `statement` and `ability` list the forms of the
language (`roll N dice as NAME`, `choose another player as NAME` ...). With no KIND, the kinds themselves.
"""

import json
from typing import Annotated

import typer

from ...dsl.checker import Checker
from ...dsl.teach import values_of
from ...dsl.vocabulary import Vocabulary
from ...engine.diagnostics import did_you_mean
from ..common import options, resolve
from ..common.clikit import OutputFormat, load_packs
from ..common.errors import fail
from .langdoc.model import ABILITY_FORMS, STATEMENT_FORMS

TABLES = {"procedure": "primitives", "function": "functions", "permission": "grants",
          "prohibition": "forbids", "quantity": "quantities", "hook": "hooks"}
VERBS = ("gain", "pay", "lose", "draw", "give", "take", "swap")
FORMS = {"statement": STATEMENT_FORMS, "ability": ABILITY_FORMS}


def kinds(v: Vocabulary) -> list[str]:
    types = set(v.enums) | set(v.content_types.values()) | set(v.constants.values()) | {
        s.returns for s in v.functions.values()} | set(v.globals.values())
    return sorted(TABLES) + list(VERBS) + list(FORMS) + sorted(t for t in types if t not in ("any", *FORMS))


def words_of(v: Vocabulary, kind: str) -> list[str] | None:
    if kind in FORMS:
        return [f.syntax for f in FORMS[kind]]
    if kind in TABLES:
        return list(getattr(v, TABLES[kind]))
    if kind in VERBS:
        return v.kinds_of(kind)
    if kind not in kinds(v):
        return None
    checker = Checker(v)
    return values_of(v, kind, dict(v.globals), checker.compatible)


def words(
    kind: Annotated[str, typer.Argument(help="A type (measure, int, advance ...), a table (procedure, "
                                             "function, hook ...) or a verb (gain, pay ...).")] = "",
    pack: Annotated[list[str] | None, options.packs("Packs whose ids to include "
                                                    "(default: every bundled pack).", short=True)] = None,
    format: Annotated[OutputFormat, typer.Option("--format", "-f", help="Output format.")] = OutputFormat.text,
    game: Annotated[str, options.game()] = "",
) -> None:
    """List the words of the card language of one kind (with no KIND: the kinds)."""
    v = load_packs(pack, resolve.game(game)).vocab
    if not kind:
        out = kinds(v)
    else:
        got = words_of(v, kind)
        if got is None:
            fail(f"unknown kind of word '{kind}'", 2, did_you_mean(kind, kinds(v)) or
                 f"kinds: {', '.join(kinds(v))}")
        out = got or []
    if format is OutputFormat.json:
        typer.echo(json.dumps(out))
    else:
        typer.echo("\n".join(out))


def register(app: typer.Typer) -> None:
    app.command("words")(words)
