"""Text fitted to the terminal's width, for the terminal seat: a long line (a panel line, a log line, `explain`)
is wrapped between words with a hanging indent instead of being broken by the terminal in the middle of a word,
and an option's one-line summary takes the room its label leaves on the line (else a line of its own)."""

from __future__ import annotations

import re
import textwrap

from .seat import SUMMARY, summary

NARROWEST = 20   # a console narrower than this is treated as this wide
MIN_ROOM = 24    # fewer characters left beside a label: the summary goes on a line of its own
OPTION_INDENT = 6  # "  12) " : where an option's label starts


# a number stays with the word it counts ("2 shields") and, ending a phrase, with the word it ends ("coins 0,",
# "Infantry 2/3/4/5:")
GLUE = re.compile(r" (?=[+-]?\d[^ ]*(?:[,;:.)]|$))|(?<=\d) (?=[a-z])")
KEEP = "\u00a0"                     # a space textwrap does not break at


def wrapped(text: str, width: int, more: int = 2) -> list[str]:
    """`text` in lines of at most `width` characters (a word longer than a line, such as a path, stands whole on
    its own; a number is not parted from the word it counts or ends), each later line indented `more` characters past
    the first's own indent."""
    lead = len(text) - len(text.lstrip(" "))
    lines = textwrap.wrap(GLUE.sub(KEEP, text), width=max(width, NARROWEST), subsequent_indent=" " * (lead + more),
                          break_long_words=False, break_on_hyphens=False) or [text]
    return [line.replace(KEEP, " ") for line in lines]


def option_lines(number: int, label: str, text: str, width: int) -> tuple[list[str], str, bool]:
    """An option of a menu as (the label's lines, its summary, whether the summary has a line of its own): the
    summary says what `text` means in the room the label leaves, '' when the label already says it."""
    head = wrapped(f"  {number:>2}) {label}", width, OPTION_INDENT - 2)
    said = text.partition(": ")[2] or text
    if not text or summary(said) in label:
        return head, "", False
    room = min(SUMMARY, max(width, NARROWEST) - len(head[-1]) - 3)
    if room >= MIN_ROOM:
        return head, summary(said, room), False
    return head, summary(said, min(SUMMARY, max(width, NARROWEST) - OPTION_INDENT)), True
