"""Drawing helpers the titles' SVG pictures share (``silkroad.<title>.svg``).

A :class:`Canvas` builds an SVG document as a small tree of elements and writes it with
every text and attribute escaped, so each picture is well-formed XML (the tests parse
them). Pictures use no external font, image
or style sheet: text is set in the reader's sans-serif font, sized for a picture about
1000 px wide.

The document is written with each top-level group on a line of its own (text and
attributes hold no line breaks), so a viewer that shows many pictures of one game can
store each distinct line once (see :mod:`silkroad.view`).
"""

from __future__ import annotations

import functools
import html
import textwrap
from collections.abc import Iterable

__all__ = [
    "FAVICON",
    "FAVICON_URL",
    "FONT",
    "HIDDEN_FILL",
    "INK",
    "MUTED",
    "PAPER",
    "PLAYER_COLOURS",
    "Canvas",
    "Element",
    "abbreviate",
    "clip",
    "fits",
    "player_colour",
    "text_width",
    "wrap",
]

#: The font stack of every picture (fonts the reader already has).
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
#: Text, secondary text, the background and the back of a face-down card.
INK = "#222222"
MUTED = "#666666"
PAPER = "#fbf7ef"
HIDDEN_FILL = "#7a6a58"
#: Player colours by seat, used wherever a title has no colours of its own.
PLAYER_COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#b7950b")
#: The icon of silkroad's pages (the table server's and the viewer's): a camel-brown
#: tile with a gold road, as SVG and as a ``data:`` URL a self-contained page can use.
FAVICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
    '<rect width="32" height="32" rx="6" fill="#6b4f2a"/>'
    '<path d="M3 24c7-9 12 2 26-14" stroke="#f3c04b" stroke-width="4" fill="none" '
    'stroke-linecap="round"/><circle cx="23" cy="9" r="3" fill="#fbe9c0"/></svg>'
)
FAVICON_URL = "data:image/svg+xml," + FAVICON.replace('"', "'").replace("#", "%23").replace(
    "<", "%3C"
).replace(">", "%3E")
#: Average advance of a character, as a fraction of the font size (a little generous).
_CHAR_WIDTH = 0.58
#: How much wider bold text is.
_BOLD = 1.12


def player_colour(player: int) -> str:
    """The colour of seat ``player``."""
    return PLAYER_COLOURS[player % len(PLAYER_COLOURS)]


def _clean(text: object) -> str:
    return " ".join(str(text).split())


def fits(text: str, width: float, size: float) -> int:
    """How many characters of ``size`` px text fit in ``width`` px (at least 1)."""
    return max(1, int(width / (size * _CHAR_WIDTH)))


@functools.lru_cache(maxsize=4096)
def _wrapped(text: str, width: float, size: float, max_lines: int | None) -> tuple[str, ...]:
    lines = textwrap.wrap(_clean(text), fits(text, width, size), break_on_hyphens=False)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        cut = fits(text, width, size) - 1
        lines[-1] = lines[-1][:cut].rstrip() + "…"
    return tuple(lines)


def wrap(text: str, width: float, size: float, max_lines: int | None = None) -> list[str]:
    """``text`` broken into lines that fit ``width`` px at ``size`` px; with
    ``max_lines`` the last kept line ends with an ellipsis when text is left over."""
    lines = textwrap.wrap(_clean(text), fits(text, width, size), break_on_hyphens=False)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        cut = fits(text, width, size) - 1
        lines[-1] = lines[-1][:cut].rstrip() + "…"
    return lines


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """About how wide ``text`` is at ``size`` px (generously: see :func:`fits`)."""
    return len(text) * size * (_CHAR_WIDTH * _BOLD if bold else _CHAR_WIDTH)


def abbreviate(text: str, width: float, size: float, *, bold: bool = False) -> str:
    """``text`` (a name) shortened by a rule to fit one line of ``width`` px at ``size``
    px: as it is when it fits; else its words after the first become initials with a
    full stop, from the last one on (``Great W.``); else it is cut, ending with a full
    stop (``Encamp.``), keeping at least two letters."""
    text = _clean(text)

    def fit(t: str) -> bool:
        return text_width(t, size, bold=bold) <= width

    if fit(text):
        return text
    words = text.split(" ")
    for k in range(len(words) - 1, 0, -1):
        words[k] = words[k][0] + "."
        if fit(" ".join(words)):
            return " ".join(words)
    head = words[0]
    room = int(width / (size * (_CHAR_WIDTH * _BOLD if bold else _CHAR_WIDTH)))
    return head[: max(2, room - 1)].rstrip() + "."


def clip(text: str, width: float, size: float) -> str:
    """``text`` cut with an ellipsis to fit one line of ``width`` px at ``size`` px."""
    text = _clean(text)
    room = fits(text, width, size)
    return text if len(text) <= room else text[: max(1, room - 1)].rstrip() + "…"


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTR_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})


class Element:
    """One SVG element: its tag, its attributes (written in order), text and children.

    The attributes are kept as they are written, escaped for XML (``set`` escapes a value,
    ``get`` gives it back as set): a picture escapes each value once, when it is drawn,
    and only the values that need it (about a third of the time of writing a picture)."""

    __slots__ = ("attributes", "children", "tag", "text")

    def __init__(self, tag: str, attributes: dict[str, str], text: str = "") -> None:
        self.tag = tag
        self.attributes = {k: _escape(v) for k, v in attributes.items()}
        self.text = text
        self.children: list[Element] = []

    def set(self, name: str, value: str) -> None:
        """Set one attribute."""
        self.attributes[name] = _escape(value)

    def get(self, name: str) -> str | None:
        """One attribute, or None."""
        value = self.attributes.get(name)
        return value if value is None or "&" not in value else html.unescape(value)

    def write(self, out: list[str]) -> None:
        """Append the element's XML to ``out``."""
        attrs = "".join([f' {k}="{v}"' for k, v in self.attributes.items()])
        if not self.children and not self.text:
            out.append(f"<{self.tag}{attrs}/>")
            return
        out.append(f"<{self.tag}{attrs}>{self.text.translate(_TEXT_ESCAPES)}")
        for child in self.children:
            child.write(out)
        out.append(f"</{self.tag}>")


class _Raw(Element):
    """Markup written before (a cached snippet), inserted as it is."""

    __slots__ = ()

    def write(self, out: list[str]) -> None:
        out.append(self.text)


def _escape(value: str) -> str:
    """``value`` as an attribute's value in XML."""
    if "&" in value or "<" in value or ">" in value or '"' in value:
        return value.translate(_ATTR_ESCAPES)
    return value


def _sub(parent: Element, tag: str, attributes: dict[str, str], text: str = "") -> Element:
    """A child of ``parent`` whose ``attributes`` are escaped already (:func:`_attrs`)."""
    element = Element.__new__(Element)
    element.tag, element.attributes, element.text = tag, attributes, text
    element.children = []
    parent.children.append(element)
    return element


class Canvas:
    """An SVG document under construction, ``width`` px wide; the height is set by
    :meth:`to_string` (the lowest point drawn, plus a margin, unless given). ``colours``
    are the seats' colours in the picture, written as its ``data-colours``."""

    def __init__(
        self,
        width: float = 1000,
        *,
        title: str = "",
        background: str | None = PAPER,
        colours: tuple[str, ...] = (),
    ) -> None:
        self.width = width
        self.bottom = 0.0
        self.root = Element(
            "svg",
            {
                "xmlns": "http://www.w3.org/2000/svg",
                "font-family": FONT,
                "font-size": "12",
                "fill": INK,
            },
        )
        if colours:  # the seats' colours, for pages that show the picture (a VP plot)
            self.root.set("data-colours", " ".join(colours))
        if title:
            _sub(self.root, "title", {}, _clean(title))
        self._background = (
            None if background is None else self.rect(self.root, 0, 0, width, 0, fill=background)
        )

    # ------------------------------------------------------------------ structure

    def group(self, parent: Element | None = None, **attributes: object) -> Element:
        """A ``<g>``; at top level (no parent) it is one line of the document.

        Keyword names become attributes with ``_`` written as ``-`` (``data_card``).
        """
        return _sub(self.root if parent is None else parent, "g", _attrs(attributes))

    def desc(self, parent: Element, text: str, **attributes: object) -> Element:
        """A ``<desc>``: words (and data attributes) for readers of the picture, not drawn."""
        return _sub(parent, "desc", _attrs(attributes), _clean(text))

    def _grow(self, y: float) -> None:
        self.bottom = max(self.bottom, y)

    def snippet(self, element: Element) -> str:
        """The markup of ``element``'s children, to cache and :meth:`place` again."""
        out: list[str] = []
        for child in element.children:
            child.write(out)
        return "".join(out)

    def place(self, parent: Element, x: float, y: float, h: float, snippet: str) -> Element:
        """A snippet drawn at the origin, moved to (x, y); ``h`` is its height."""
        group = _sub(parent, "g", {"transform": f"translate({_num(x)} {_num(y)})"})
        group.children.append(_Raw("", {}, snippet))
        self._grow(y + h)
        return group

    # ------------------------------------------------------------------ shapes

    def rect(
        self,
        parent: Element,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str = "none",
        stroke: str | None = None,
        rx: float = 0,
        **attributes: object,
    ) -> Element:
        """A rectangle (rounded by ``rx``)."""
        attrs = {"x": x, "y": y, "width": w, "height": h, "fill": fill}
        if stroke is not None:
            attrs["stroke"] = stroke
        if rx:
            attrs["rx"] = rx
        self._grow(y + h)
        return _sub(parent, "rect", _attrs({**attrs, **attributes}))

    def circle(
        self, parent: Element, cx: float, cy: float, r: float, *, fill: str, **attributes: object
    ) -> Element:
        """A circle."""
        self._grow(cy + r)
        return _sub(
            parent, "circle", _attrs({"cx": cx, "cy": cy, "r": r, "fill": fill, **attributes})
        )

    def path(self, parent: Element, d: str, *, stroke: str, **attributes: object) -> Element:
        """A path (``d`` in SVG path syntax), stroked, not filled."""
        return _sub(
            parent, "path", _attrs({"d": d, "fill": "none", "stroke": stroke, **attributes})
        )

    def line(
        self,
        parent: Element,
        points: Iterable[tuple[float, float]],
        *,
        stroke: str,
        width: float = 1,
        **attributes: object,
    ) -> Element:
        """An open polyline through ``points``."""
        pts = list(points)
        for _, y in pts:
            self._grow(y)
        return _sub(
            parent,
            "polyline",
            _attrs(
                {
                    "points": " ".join(f"{_num(x)},{_num(y)}" for x, y in pts),
                    "fill": "none",
                    "stroke": stroke,
                    "stroke-width": width,
                    **attributes,
                }
            ),
        )

    def text(
        self,
        parent: Element,
        x: float,
        y: float,
        text: object,
        *,
        size: float = 12,
        weight: str | None = None,
        anchor: str | None = None,
        fill: str | None = None,
        **attributes: object,
    ) -> Element:
        """One line of text with its baseline at ``y``."""
        attrs: dict[str, object] = {"x": x, "y": y}
        if size != 12:
            attrs["font-size"] = size
        if weight:
            attrs["font-weight"] = weight
        if anchor:
            attrs["text-anchor"] = anchor
        if fill:
            attrs["fill"] = fill
        self._grow(y + size * 0.3)
        return _sub(parent, "text", _attrs({**attrs, **attributes}), _clean(text))

    def paragraph(
        self,
        parent: Element,
        x: float,
        y: float,
        width: float,
        text: str,
        *,
        size: float = 11,
        leading: float = 1.25,
        max_lines: int | None = None,
        fill: str | None = None,
    ) -> float:
        """``text`` wrapped to ``width`` px, first baseline at ``y``; returns the y below
        the last line."""
        for line in wrap(text, width, size, max_lines):
            self.text(parent, x, y, line, size=size, fill=fill)
            y += size * leading
        return y

    def card_back(
        self, parent: Element, x: float, y: float, w: float, h: float, label: str = ""
    ) -> None:
        """A face-down card: its back, and ``label`` (such as a count) on it."""
        self.rect(parent, x, y, w, h, fill=HIDDEN_FILL, stroke="#4a3f33", rx=5)
        self.rect(
            parent,
            x + 4,
            y + 4,
            w - 8,
            h - 8,
            fill="none",
            stroke="#cbbba6",
            rx=3,
            stroke_dasharray="3 2",
        )
        if label:
            self.text(
                parent, x + w / 2, y + h / 2 + 4, label, size=12, anchor="middle", fill="#ffffff"
            )

    # ------------------------------------------------------------------ output

    def to_string(self, height: float | None = None) -> str:
        """The finished document, each top-level element on its own line."""
        h = (self.bottom + 10) if height is None else height
        self.root.set("width", _num(self.width))
        self.root.set("height", _num(h))
        self.root.set("viewBox", f"0 0 {_num(self.width)} {_num(h)}")
        if self._background is not None:
            self._background.set("height", _num(h))
        root = self.root
        attrs = "".join([f' {k}="{v}"' for k, v in root.attributes.items()])
        lines = [f"<{root.tag}{attrs}>"]
        for child in root.children:
            out: list[str] = []
            child.write(out)
            lines.append("".join(out))
        lines.append(f"</{root.tag}>")
        return "\n".join(lines)


def _attrs(attributes: dict[str, object]) -> dict[str, str]:
    """Keyword attributes as an element keeps them: named with ``-`` for ``_``, numbers
    written short, text on one line and escaped for XML (None: left out)."""
    out = {}
    for key, value in attributes.items():
        kind = type(value)
        if kind is float:
            text = _num(value)  # type: ignore[arg-type]
        elif kind is int:
            text = str(value)
        elif kind is str:
            text = _escape(value if "\n" not in value else _clean(value))  # type: ignore[operator, arg-type]
        elif value is None:
            continue
        elif isinstance(value, str):
            text = _escape(value if "\n" not in value else _clean(value))
        elif isinstance(value, float):
            text = _num(value)
        else:
            text = _escape(str(value))
        out[key if "_" not in key else key.rstrip("_").replace("_", "-")] = text
    return out
