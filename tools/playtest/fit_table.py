"""Plain-text tables that fit a given width without ever cutting a number.

A table is laid out at its natural width when that fits; else optional columns are left out (the
caller says which, and where the full table is: the CSV); else each row becomes a block of
`header: value` lines. Text that is not a number (titles, legends) is wrapped at spaces. The width is a
parameter, so what a test sees does not depend on the terminal it runs in.
"""

from __future__ import annotations

import shutil
import textwrap
from collections.abc import Sequence


def terminal_width() -> int:
    """The terminal's width in columns (100 when there is none: a pipe, a test)."""
    return shutil.get_terminal_size((100, 24)).columns


def _render(headers: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool]) -> list[str]:
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right, strict=True)).rstrip()

    return [line(headers), "  ".join("-" * w for w in widths), *(line(r) for r in rows)]


def fit_table(headers: Sequence[str], rows: Sequence[Sequence[str]], width: int,
              optional: Sequence[int] = (), right: Sequence[bool] | None = None) -> tuple[list[str], list[str]]:
    """The table's lines within `width`, and the headers of the optional columns left out to fit.

    `optional` lists column indexes that may go, the first listed first; `right` says which columns
    align right (default: all but the first)."""
    right = list(right) if right is not None else [i > 0 for i in range(len(headers))]
    keep = list(range(len(headers)))
    dropped: list[str] = []
    for drop in [None, *optional]:
        if drop is not None:
            keep.remove(drop)
            dropped.append(headers[drop])
        lines = _render([headers[i] for i in keep], [[r[i] for i in keep] for r in rows], [right[i] for i in keep])
        if max(len(x) for x in lines) <= width:
            return lines, dropped
    # still too wide: one block per row, every cell on its own line (nothing is ever cut)
    keep = list(range(len(headers)))
    out: list[str] = []
    for r in rows:
        out.append(r[0])
        out.extend(f"  {headers[i]}: {r[i]}" for i in keep[1:])
    return out, []


def wrap(text: str, width: int, indent: str = "") -> list[str]:
    """Words wrapped to the width (a word longer than the width stays whole on its own line)."""
    return textwrap.wrap(text, width=max(20, width), subsequent_indent=indent, break_long_words=False,
                         break_on_hyphens=False) or [""]
