"""The language reference as one self-contained HTML page with a search box (inline CSS and script only)."""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

from ....dsl.vocabulary import WORD_SECTIONS
from .markdown import EXPRESSIONS, anchor, link
from .model import SECTION_INTROS, SECTION_TITLES, Form, Reference, Use, Word

STYLE = """
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
header{position:sticky;top:0;background:#24313f;color:#fff;padding:.6em 1.2em;display:flex;gap:1em;align-items:center}
header h1{font-size:1.15em;margin:0;flex:1}
#q{font-size:1em;padding:.35em .6em;width:22em;border-radius:4px;border:0}
main{max-width:60em;margin:0 auto;padding:1em 1.2em}
h2{border-bottom:2px solid #24313f;margin-top:1.6em}
.item{background:#fff;border:1px solid #ddd;border-radius:6px;padding:.5em .9em;margin:.6em 0}
.item h3{margin:.1em 0;font-size:1.05em}
code,pre{font-family:ui-monospace,monospace;background:#eef1f4;border-radius:3px;padding:0 .25em}
pre{padding:.4em .6em;white-space:pre-wrap}
.muted{color:#666}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;text-align:left;padding:.15em .4em}
.hidden{display:none}
"""

SCRIPT = """
const q = document.getElementById('q');
const count = document.getElementById('count');
function filter() {
  const words = q.value.toLowerCase().split(/\\s+/).filter(Boolean);
  let shown = 0;
  document.querySelectorAll('.item').forEach(el => {
    const hay = el.dataset.search;
    const ok = words.every(w => hay.includes(w));
    el.classList.toggle('hidden', !ok);
    if (ok) shown++;
  });
  document.querySelectorAll('section.group').forEach(s => {
    s.classList.toggle('hidden', !s.querySelector('.item:not(.hidden)'));
  });
  count.textContent = words.length ? shown + ' found' : '';
}
q.addEventListener('input', filter);
document.addEventListener('keydown', e => {
  if (e.key === '/' && document.activeElement !== q) { e.preventDefault(); q.focus(); }
});
"""


def inline(text: str) -> str:
    """Escape text, turning `code` spans into <code>."""
    parts = re.split(r"`([^`]*)`", text)
    return "".join(f"<code>{escape(p)}</code>" if i % 2 else escape(p) for i, p in enumerate(parts))


def _use(u: Use, out_dir: Path) -> str:
    return (f'<code>{escape(u.text)}</code> (<a href="{escape(link(u.file, u.line, out_dir))}">{escape(u.entry)}</a>, '
            f"{escape(u.kind.replace('_', ' '))})")


def _item(search: str, body: str, ident: str = "") -> str:
    at = f' id="{escape(ident)}"' if ident else ""
    return f'<div class="item"{at} data-search="{escape(search.lower())}">{body}</div>'


def _form(f: Form, out_dir: Path) -> str:
    body = f"<h3><code>{escape(f.keyword)}</code></h3><pre>{escape(f.syntax)}</pre><p>{inline(f.doc)}</p>"
    if f.example is not None:
        body += f"<p>Example: {_use(f.example, out_dir)}</p>"
    elif f.sample:
        body += f"<p>Example: <code>{escape(f.sample)}</code> (no bundled entry uses it yet)</p>"
    return _item(f"{f.keyword} {f.syntax} {f.doc}", body)


def _word(w: Word, out_dir: Path) -> str:
    body = (f"<h3><code>{escape(w.name)}</code> <span class=muted>{escape(SECTION_TITLES[w.section])}</span></h3>"
            f"<p>{inline(w.doc)}</p><p><code>{escape(w.signature)}</code></p>")
    if w.meanings:
        body += "<p>Payload:</p><ul>" + "".join(f"<li><code>{escape(k)}</code>: {escape(t)} - {inline(w.meanings.get(k, ''))}</li>"
                                                for k, t in w.fields.items()) + "</ul>"
    elif w.fields:
        label = "Payload" if w.section == "hooks" else "Context"
        body += f"<p>{label}: " + ", ".join(f"<code>{escape(k)}</code>: {escape(t)}" for k, t in w.fields.items()) + "</p>"
    for n in w.notes:
        body += f"<p>{inline(n[:1].upper() + n[1:])}.</p>"
    if w.uses:
        body += "<p>Used by:</p><ul>" + "".join(f"<li>{_use(u, out_dir)}</li>" for u in w.uses) + "</ul>"
    elif w.example:
        body += f"<p>Example: <code>{escape(w.example)}</code> (no bundled entry uses it yet)</p>"
    return _item(f"{w.name} {w.section} {w.doc} {' '.join(w.fields)}", body, anchor(w.section, w.name))


def _group(ident: str, title: str, intro: str, items: list[str]) -> str:
    return (f'<section class="group" id="{ident}"><h2>{escape(title)}</h2>'
            + (f"<p>{inline(intro)}</p>" if intro else "") + "".join(items) + "</section>")


def render_html(ref: Reference, out_dir: Path) -> str:
    groups = [
        _group("abilities", "Abilities", "An effect is a list of abilities, one per line; blocks are indented.",
               [_form(f, out_dir) for f in ref.forms]),
        _group("statements", "Statements", "", [_form(f, out_dir) for f in ref.statements]),
        _group("expressions", "Expressions", "", [_item("expressions operators", f"<p>{inline(EXPRESSIONS)}</p>")]),
        _group("names", "Names", "Always bound, and the enumerations (their values are constants).",
               [_item(f"{k} {t} global", f"<code>{escape(k)}</code>: {escape(t)}") for k, t in ref.globals.items()]
               + [_item(f"{k} enum {' '.join(vs)}", f"<code>{escape(k)}</code>: "
                        + ", ".join(f"<code>{escape(v)}</code>" for v in vs)) for k, vs in ref.enums.items()]),
    ]
    for section in WORD_SECTIONS:
        groups.append(_group(section, SECTION_TITLES[section], SECTION_INTROS[section],
                             [_word(w, out_dir) for w in ref.words.get(section, [])]))
    for kind, entries in ref.entries.items():
        rows = "".join(
            f"<tr><td><code>{escape(e.id)}</code></td><td>{escape(e.name)}</td><td>{escape(e.pack)}</td>"
            f'<td><a href="{escape(link(e.file, e.line, out_dir))}">{escape(Path(e.file).name)}:{e.line}</a></td></tr>'
            for e in entries)
        table = _item(f"{kind} " + " ".join(f"{e.id} {e.name}" for e in entries),
                      f"<table><tr><th>id</th><th>name</th><th>pack</th><th>file</th></tr>{rows}</table>")
        groups.append(_group(f"index-{kind}", f"Content index: {kind.replace('_', ' ')} ({len(entries)})", "", [table]))
    nav = " · ".join(f'<a href="#{s}">{escape(SECTION_TITLES[s])}</a>' for s in WORD_SECTIONS)
    return ("<!doctype html><html lang=en><head><meta charset=utf-8>"
            f"<title>Card language reference ({escape(ref.game)})</title>"
            '<meta name=viewport content="width=device-width,initial-scale=1">'
            f"<style>{STYLE}</style></head><body>"
            f"<header><h1>Card language reference ({escape(ref.game)})</h1>"
            '<input id=q type=search placeholder="Search words, hooks, entries (press /)" autofocus>'
            "<span id=count></span></header><main>"
            '<p class=muted>Generated by <code>rulewright docs</code> from the grammar, the vocabulary and the '
            'bundled content. <a href="#abilities">Abilities</a> · <a href="#statements">Statements</a> · '
            f"{nav}</p>" + "".join(groups) + f"</main><script>{SCRIPT}</script></body></html>\n")
