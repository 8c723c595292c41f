"""No silent variant: what every command that plays (play, simulate, compare, sweep, balance, tournament,
serve) does with the variants it is given before any game.

Each variant is reported against the rules and content beneath it (dsl/variant_report.py): its name, what
it changes, what it removes from the base rules, and lint's warnings about its file. A variant with errors
is refused; one that changes nothing is refused unless the command was given `--allow-noop` (a designer who
compares a variant that changes nothing learns only about chance, and may blame it on the rule meant);
what a variant removes from the base rules and lint's warnings are printed at the top of the report
(`notice_lines`) and recorded in its JSON (`check_variants` returns them as plain data).
"""

from __future__ import annotations

import importlib
import textwrap
from collections.abc import Sequence

from ...dsl.loader import load_content
from ...dsl.variant_report import VariantReport, report_variants
from ...engine import games
from .clikit import display_path
from .errors import fail

ALLOW_NOOP_HINT = ("`rulewright variant diff REF` shows what each of its keys does; "
                   "give --allow-noop to play it anyway")


def procedures(game: str) -> set[str] | None:
    """What the game's flow may name (its content_checks module says), or None when it does not say."""
    try:
        module = importlib.import_module(f"{games.GAMES_PACKAGE}.{game}.content_checks")
    except ImportError:
        return None
    found = getattr(module, "procedures", None)
    return found() if callable(found) else None


def reports(game_id: str, packs: Sequence[str], variants: Sequence[str]) -> list[VariantReport]:
    """Each variant's report against the game's rules with `packs` (ValueError: it cannot be applied)."""
    if not variants:
        return []
    content = load_content(list(packs), game_id)
    return report_variants(games.game_dir(game_id), content, list(variants), procedures(game_id))


def check_variants(game_id: str, packs: Sequence[str], variants: Sequence[str], allow_noop: bool = False,
                   what: str = "", settings_may_be_noop: bool = False) -> list[dict]:
    """The variants' reports as plain data, after refusing (exit 2) a variant with errors and, without
    `allow_noop`, one that changes nothing (a `PATH=VALUE` setting too, unless `settings_may_be_noop`: a
    sweep's value equal to the base one is its base point)."""
    try:
        found = reports(game_id, packs, variants)
    except ValueError as err:
        fail(f"{what}{err}", 2)
    for r in found:
        if r.noop and not allow_noop and not (r.setting and settings_may_be_noop):
            named = f"'{r.name}' ({r.ref})" if r.name != r.ref else f"'{r.ref}'"
            fail(f"{what}variant {named} changes nothing in the rules or content of {game_id}", 2,
                 ALLOW_NOOP_HINT.replace("REF", r.ref))
    return [r.to_json() for r in found]


def notice_lines(found: list[dict], width: int = 100, label: str = "") -> list[str]:
    """What the top of a report says of each variant: its name and changes, what it removes from the base
    rules, lint's warnings; wrapped to `width`, never cut."""
    def lines(text: str, indent: str = "    ") -> list[str]:
        return textwrap.wrap(text, width=max(20, width), subsequent_indent=indent, break_long_words=False,
                    break_on_hyphens=False) or [""]

    out: list[str] = []
    for r in found:
        if r["setting"]:
            head = f"{label}setting {r['ref']}"
        else:
            head = f"{label}variant '{r['name']}' ({display_path(r['file']) if r['file'] else r['ref']})"
        out += lines(f"{head}: {r['summary']}" + (" (played anyway: --allow-noop)" if not r["changes"] else ""))
        if r["removes"]:
            out += lines(f"  warning: it removes from the base rules: {'; '.join(r['removes'])}")
        out += [x for w in r["warnings"] for x in lines(f"  {w}")]
    return out
