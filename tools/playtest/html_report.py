"""One self-contained HTML file a designer can share (`--report FILE.html` of compare, sweep and balance).

Everything is inside the file: the tables as HTML tables, the figures as PNG data (base64), the command
that made it, the bots of every seat, the seeds, and each variant's diff (what it changes and removes, lint's
warnings). No script, no style sheet or font from elsewhere: it opens the same offline, in a mail, in five
years. Every text is escaped (a variant's name or a path is the user's text).
"""

from __future__ import annotations

import base64
import datetime
import html
import shlex
from collections.abc import Sequence
from pathlib import Path

from ...dsl.overlay import short as one_line
from ...dsl.variant_report import is_long

STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #222; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: .5rem 0; font-size: .9rem; }
th, td { padding: .15rem .6rem; border-bottom: 1px solid #eee; text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; } tr.yes td { background: #fbe9e9; }
code, pre { background: #f6f6f4; padding: .1rem .3rem; } pre { padding: .6rem; overflow-x: auto; }
img { max-width: 100%; border: 1px solid #eee; } .warn { color: #8a4b00; } .note { color: #555; }
"""


class Report:
    """An HTML report built part by part, then written as one file."""

    def __init__(self, title: str):
        self.title = title
        self.parts: list[str] = []

    def heading(self, text: str) -> Report:
        self.parts.append(f"<h2>{html.escape(text)}</h2>")
        return self

    def para(self, text: str, cls: str = "") -> Report:
        self.parts.append(f"<p{f' class={cls!r}' if cls else ''}>{html.escape(text)}</p>")
        return self

    def command(self, argv: Sequence[str]) -> Report:
        self.parts.append(f"<pre><code>{html.escape(shlex.join(argv))}</code></pre>")
        return self

    def pre(self, lines: Sequence[str]) -> Report:
        self.parts.append(f"<pre>{html.escape(chr(10).join(lines))}</pre>")
        return self

    def table(self, headers: Sequence[str], rows: Sequence[Sequence[str]], marked: Sequence[bool] = ()) -> Report:
        head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
        body = "".join(f"<tr{' class=yes' if k < len(marked) and marked[k] else ''}>"
                       + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>"
                       for k, row in enumerate(rows))
        self.parts.append(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
        return self

    def image(self, path: Path, alt: str) -> Report:
        data = base64.b64encode(Path(path).read_bytes()).decode("ascii")
        self.parts.append(f'<p><img alt="{html.escape(alt)}" src="data:image/png;base64,{data}"></p>')
        return self

    def variants(self, label: str, reports: Sequence[dict]) -> Report:
        """Each variant's diff: what it changes (path, before, after), what it removes, lint's warnings."""
        if not reports:
            self.para(f"{label}: the rules as they are (no variant).", "note")
        for r in reports:
            what = f"setting {r['ref']}" if r.get("setting") else f"variant '{r['name']}' ({r['file'] or r['ref']})"
            self.para(f"{label}: {what}")
            rows = [_row(c) for c in r["changes"]]
            if rows:
                self.table(["path", "before", "after"], rows)
            else:
                self.para("it changes nothing (played with --allow-noop)", "warn")
            if r["removes"]:
                self.para("it removes from the base rules: " + "; ".join(r["removes"]), "warn")
            for w in r["warnings"]:
                self.para(w, "warn")
        return self

    def write(self, path: Path) -> Path:
        stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
        text = (f"<!doctype html>\n<html lang=en><head><meta charset=utf-8><title>{html.escape(self.title)}</title>"
                f"<style>{STYLE}</style></head><body><h1>{html.escape(self.title)}</h1>"
                f"<p class=note>made by rulewright on {stamp}</p>{''.join(self.parts)}</body></html>\n")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path


def _row(c: dict) -> list[str]:
    """A change as `variant diff` shows it: a block of lines or a list of mappings by the items gained and lost."""
    if "added" in c and is_long(c.get("before")):
        return [c["path"], "; ".join(f"- {short(x)}" for x in c["removed"]) or "(removes none)",
                "; ".join(f"+ {short(x)}" for x in c["added"]) or "(adds none)"]
    return [c["path"], "(none)" if c["change"] == "added" else short(c.get("before")),
            "(removed)" if c["change"] == "removed" else short(c.get("after"))]


def short(value: object, width: int = 120) -> str:
    """A value in one line for a table cell (the diff's own wording: dsl/overlay.py)."""
    return "(none)" if value is None else one_line(value, width)
