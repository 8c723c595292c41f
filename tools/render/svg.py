"""A very small SVG builder: elements with attributes and children, serialised with proper escaping.

    from rulewright.tools.render.svg import E, document
    g = E("g", E("circle", cx=10, cy=10, r=4, fill="red"), data_kind="unit", data_space="3,0")
    text = document(200, 100, g)

Attribute names are written Python-style and turned into SVG names: a trailing underscore is dropped
(`class_` -> `class`) and other underscores become hyphens (`data_kind` -> `data-kind`,
`stroke_width` -> `stroke-width`). `None` and `False` attributes are left out; numbers are written
compactly (at most two decimals). Text and attribute values are escaped, and characters XML 1.0 does
not allow are dropped, so any game text (names, log lines) can go in safely.

Why not a library: the drawing needs a handful of element kinds and exact control of the output text
(the replay viewer de-duplicates fragments by their text), which is a page of code.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from typing import Union

Child = Union["Element", "Raw", str, None]

_INVALID_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def escape_text(text: str) -> str:
    """Escape character data: &, < and > (and drop characters XML cannot hold)."""
    text = _INVALID_XML.sub("", str(text))
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def escape_attr(value: str) -> str:
    """Escape an attribute value for double quotes, keeping whitespace characters as written."""
    return (escape_text(value).replace('"', "&quot;").replace("\n", "&#10;").replace("\r", "&#13;")
            .replace("\t", "&#9;"))


def fmt(value: object) -> str:
    """An attribute value as text: numbers compactly (12, 12.5, 12.33), booleans lower-case."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"cannot write {value!r} in SVG")
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        return "0" if text in ("-0", "") else text
    return str(value)


def attr_name(name: str) -> str:
    if name.endswith("_"):
        name = name[:-1]
    return name.replace("_", "-")


class Raw:
    """Already serialised markup, inserted as is (for fragments rendered elsewhere)."""

    __slots__ = ("markup",)

    def __init__(self, markup: str) -> None:
        self.markup = markup

    def render(self) -> str:
        return self.markup


class Element:
    """An element: tag, attributes (in insertion order) and children (elements, raw markup or text)."""

    __slots__ = ("tag", "attrs", "children")

    def __init__(self, tag: str, *children: Child, **attrs: object) -> None:
        self.tag = tag
        self.attrs: dict[str, object] = {}
        self.children: list[Element | Raw | str] = []
        self.set(**attrs)
        self.extend(children)

    def set(self, **attrs: object) -> Element:
        for k, v in attrs.items():
            if v is None or v is False:
                self.attrs.pop(attr_name(k), None)
            else:
                self.attrs[attr_name(k)] = v
        return self

    def add(self, *children: Child) -> Element:
        return self.extend(children)

    def extend(self, children: Iterable[Child]) -> Element:
        for c in children:
            if c is None:
                continue
            if not isinstance(c, (Element, Raw, str)):
                raise TypeError(f"an SVG child is an Element, Raw or str, not {type(c).__name__}")
            self.children.append(c)
        return self

    def render(self) -> str:
        parts: list[str] = []
        self._write(parts)
        return "".join(parts)

    def _write(self, out: list[str]) -> None:
        out.append("<" + self.tag)
        for k, v in self.attrs.items():
            out.append(f' {k}="{escape_attr(fmt(v))}"')
        if not self.children:
            out.append("/>")
            return
        out.append(">")
        for c in self.children:
            if isinstance(c, Element):
                c._write(out)
            elif isinstance(c, Raw):
                out.append(c.markup)
            else:
                out.append(escape_text(c))
        out.append(f"</{self.tag}>")

    def __str__(self) -> str:
        return self.render()


def E(tag: str, *children: Child, **attrs: object) -> Element:  # noqa: N802 - reads like markup
    """Shorthand for Element."""
    return Element(tag, *children, **attrs)


def render_all(items: Iterable[Element | Raw | str]) -> str:
    return "".join(i.render() if not isinstance(i, str) else escape_text(i) for i in items)


def points(pts: Iterable[tuple[float, float]]) -> str:
    """A polygon/polyline `points` value."""
    return " ".join(f"{fmt(x)},{fmt(y)}" for x, y in pts)


SVG_NS = "http://www.w3.org/2000/svg"


def document(width: float, height: float, *children: Child, **attrs: object) -> str:
    """A standalone SVG document (with XML declaration) of the given size."""
    root = E("svg", *children, xmlns=SVG_NS, width=width, height=height,
             viewBox=f"0 0 {fmt(width)} {fmt(height)}", **attrs)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + root.render() + "\n"
