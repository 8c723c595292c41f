"""What a rule variant is and changes, for `variant diff` (variant.py), `list variants`, `explain VARIANT`,
`lint VARIANT.yaml` and the language server: where its
file is (by id or by path, through the one resolver of dsl/rules_data.py), what it changes (dsl/overlay.py's
diff) and its diagnostics (dsl/overlay_check.py), the same for every game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.table import Table
from rich.text import Text

from ...dsl.content import RULES_ROOT
from ...dsl.content_overlay import overlay_content
from ...dsl.explain import explain_effect
from ...dsl.loader import Content
from ...dsl.overlay import Change, apply, content_overlay_of, diff, overlay_of, removals, short
from ...dsl.parser import parse_effect
from ...dsl.rules_data import (
    base_rules,
    looks_like_path,
    read_variant,
    variant_files,
    variant_path,
)
from ...dsl.variant_check import check_variant_file
from ...dsl.variant_report import is_long, summary
from ...dsl.yamlsafe import safe_load
from ...engine import games
from ...engine.diagnostics import Diagnostic
from ..common.clikit import OutputFormat, console, display_path
from ..common.errors import fail
from ..common.variant_guard import procedures


def is_variant(content: Content, ref: str) -> bool:
    """`ref` names a variant of the loaded game: one of its ids, or an existing variant file."""
    return ref in variant_files(RULES_ROOT / content.game, content) or (looks_like_path(ref) and Path(ref).is_file())


def changes_of(content: Content, ref: str) -> tuple[Path, dict, list[Change]]:
    """A variant's file, its data, and what it changes in the rules data of `content` (ValueError: unknown
    variant, unreadable file, or an overlay that cannot be applied)."""
    path = variant_path(RULES_ROOT / content.game, content, ref)
    data = read_variant(path)
    if data.get("game") not in (None, content.game):
        raise ValueError(f"variant {ref} is for {data['game']!r}, not {content.game!r}: add --game {data['game']}")
    base = base_rules(RULES_ROOT / content.game, content)
    try:
        after = apply(base, overlay_of(data))
        held = overlay_content(content, content_overlay_of(data), str(path))[1]
    except ValueError as err:
        raise ValueError(f"variant {ref}: {err}") from None
    return path, data, diff(base, after) + held


def report(content: Content, ref: str) -> dict:
    """What `variant diff --format json` prints (and `explain`/`list` reuse)."""
    path, data, changes = changes_of(content, ref)
    return {"variant": ref, "game": content.game, "packs": [p.id for p in content.packs],
            "file": display_path(str(path)), "name": data.get("name", path.stem), "text": data.get("text", ""),
            "changes": [c.to_json() for c in changes], "removes": removals(changes), "summary": summary(changes)}


def print_changes(rep: dict) -> None:
    out = console()
    head = Text()
    head.append(str(rep["name"]), style="bold")
    head.append(f"  ({rep['file']})  ", style="dim")
    head.append(f"against {rep['game']} with {', '.join(rep['packs'])}")
    out.print(head, soft_wrap=True)
    if rep["text"]:
        out.print(Text(str(rep["text"])), soft_wrap=True)
    if not rep["changes"]:
        out.print(Text("changes nothing in the rules data", style="yellow"))
        return
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("path", style="bold", overflow="fold")
    table.add_column("before", overflow="fold")
    table.add_column("after", overflow="fold")
    for c in rep["changes"]:
        before = "(none)" if c["change"] == "added" else short(c["before"], 200)
        after = "(removed)" if c["change"] == "removed" else short(c["after"], 200)
        if "added" in c and is_long(c["before"]):  # a block of lines, a list of mappings: what it gains and loses
            before = "\n".join(f"- {short(x, 200)}" for x in c["removed"]) or "(removes none)"
            after = "\n".join(f"+ {short(x, 200)}" for x in c["added"]) or "(adds none)"
        table.add_row(Text(c["path"]), Text(before), Text(after))
    out.print(table)
    if rep["removes"]:
        out.print(Text("removes from the base rules: " + "; ".join(rep["removes"]), style="yellow"), soft_wrap=True)


def explain_variant(content: Content, ref: str, format: OutputFormat) -> None:
    """`rulewright explain VARIANT`: its name and text, what it changes and, for the standing rules' effect
    lines it adds, their English."""
    try:
        rep = report(content, ref)
    except ValueError as err:
        fail(str(err), 1, f"run `rulewright lint {ref}`" if looks_like_path(ref) else "")
    rep["english"] = _english(content, rep)
    if format is OutputFormat.json:
        typer.echo(json.dumps(rep, indent=2, default=str))
        return
    print_changes(rep)
    for line in rep["english"]:
        console().print(Text(f"• {line}"), soft_wrap=True)


def _english(content: Content, rep: dict) -> list[str]:
    """The English of effect lines a variant adds to the standing rules (`rules_effect`)."""

    added = [line for c in rep["changes"] if c["path"] == "rules_effect" for line in c.get("added", [])]
    if not added:
        return []
    effect, errs = parse_effect("\n".join(added))
    return explain_effect(effect, content.vocab.phrases) if effect is not None and not errs else []


def game_named_by(ref: str) -> str:
    """The `game:` a variant file names ('' for an id, or a file that names none)."""
    if not looks_like_path(ref):
        return ""
    try:
        game = read_variant(Path(ref)).get("game")
    except ValueError:
        return ""

    return game if isinstance(game, str) and game in games.installed() else ""


# ---- lint of variant files given alone --------------------------------------------------------------

def is_variant_file(path: Path, text: str | None = None) -> bool:
    """A YAML file given to lint that is a variant, not content: in a `variants/` folder, or a mapping with
    neither `kind:` nor `entries:` (a content file that forgot its kind still gets E0014)."""
    if path.parent.name == "variants":
        return True
    try:
        if text is None:
            data = read_variant(path)
        else:

            data = safe_load(text)
    except Exception:  # unreadable: the content checks say why
        return False
    return isinstance(data, dict) and "kind" not in data and "entries" not in data


def lint_variant(content: Content, path: Path, text: str | None = None) -> list[Diagnostic]:
    """Diagnostics of one variant file against the game's rules with the loaded packs (added to content)."""

    try:
        base = base_rules(RULES_ROOT / content.game, content)
    except ValueError as err:
        return [Diagnostic(str(path), 1, 1, "E0040", f"the packs' rules cannot be assembled: {err}")]
    return check_variant_file(content, path, base, procedures(content.game), text)


def variant_rows(content: Content) -> list[dict[str, Any]]:
    """`list variants`: each variant of the game and loaded packs with what it changes."""
    rows = []
    for vid, path in variant_files(RULES_ROOT / content.game, content).items():
        try:
            rep = report(content, vid)
            rows.append({"id": vid, "name": rep["name"], "kind": "variant", "text": rep["text"],
                         "file": rep["file"], "changes": rep["changes"], "summary": rep["summary"]})
        except ValueError as err:  # lint reports it; the list still shows the others
            rows.append({"id": vid, "name": vid, "kind": "variant", "file": display_path(str(path)),
                         "text": f"(cannot be read: {str(err)[:120]}; run `rulewright lint`)", "changes": [],
                         "summary": ""})
    return rows


