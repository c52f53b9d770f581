"""Drawing helpers the titles' SVG pictures share (``silkroad.<title>.svg``).

A :class:`Canvas` builds an SVG document with :mod:`xml.etree.ElementTree`, so every
picture is well-formed XML with its text escaped. Pictures use no external font, image
or style sheet: text is set in the reader's sans-serif font, sized for a picture about
1000 px wide.

The document is written with each top-level group on a line of its own (text and
attributes hold no line breaks), so a viewer that shows many pictures of one game can
store each distinct line once (see :mod:`silkroad.view`).
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Iterable

__all__ = [
    "FONT",
    "HIDDEN_FILL",
    "INK",
    "MUTED",
    "PAPER",
    "PLAYER_COLOURS",
    "Canvas",
    "clip",
    "fits",
    "player_colour",
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
#: Average advance of a character, as a fraction of the font size (a little generous).
_CHAR_WIDTH = 0.58


def player_colour(player: int) -> str:
    """The colour of seat ``player``."""
    return PLAYER_COLOURS[player % len(PLAYER_COLOURS)]


def _clean(text: object) -> str:
    return " ".join(str(text).split())


def fits(text: str, width: float, size: float) -> int:
    """How many characters of ``size`` px text fit in ``width`` px (at least 1)."""
    return max(1, int(width / (size * _CHAR_WIDTH)))


def wrap(text: str, width: float, size: float, max_lines: int | None = None) -> list[str]:
    """``text`` broken into lines that fit ``width`` px at ``size`` px; with
    ``max_lines`` the last kept line ends with an ellipsis when text is left over."""
    lines = textwrap.wrap(_clean(text), fits(text, width, size), break_on_hyphens=False)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        cut = fits(text, width, size) - 1
        lines[-1] = lines[-1][:cut].rstrip() + "…"
    return lines


def clip(text: str, width: float, size: float) -> str:
    """``text`` cut with an ellipsis to fit one line of ``width`` px at ``size`` px."""
    text = _clean(text)
    room = fits(text, width, size)
    return text if len(text) <= room else text[: max(1, room - 1)].rstrip() + "…"


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


class Canvas:
    """An SVG document under construction, ``width`` px wide; the height is set by
    :meth:`to_string` (the lowest point drawn, plus a margin, unless given)."""

    def __init__(self, width: float = 1000, *, title: str = "", background: str = PAPER) -> None:
        self.width = width
        self.bottom = 0.0
        self.root = ET.Element(
            "svg",
            {
                "xmlns": "http://www.w3.org/2000/svg",
                "font-family": FONT,
                "font-size": "12",
                "fill": INK,
            },
        )
        if title:
            ET.SubElement(self.root, "title").text = _clean(title)
        self._background = self.rect(self.root, 0, 0, width, 0, fill=background)

    # ------------------------------------------------------------------ structure

    def group(self, parent: ET.Element | None = None, **attributes: object) -> ET.Element:
        """A ``<g>``; at top level (no parent) it is one line of the document.

        Keyword names become attributes with ``_`` written as ``-`` (``data_card``).
        """
        return ET.SubElement(self.root if parent is None else parent, "g", _attrs(attributes))

    def _grow(self, y: float) -> None:
        self.bottom = max(self.bottom, y)

    # ------------------------------------------------------------------ shapes

    def rect(
        self,
        parent: ET.Element,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str = "none",
        stroke: str | None = None,
        rx: float = 0,
        **attributes: object,
    ) -> ET.Element:
        """A rectangle (rounded by ``rx``)."""
        attrs = {"x": x, "y": y, "width": w, "height": h, "fill": fill}
        if stroke is not None:
            attrs["stroke"] = stroke
        if rx:
            attrs["rx"] = rx
        self._grow(y + h)
        return ET.SubElement(parent, "rect", _attrs({**attrs, **attributes}))

    def circle(
        self, parent: ET.Element, cx: float, cy: float, r: float, *, fill: str, **attributes: object
    ) -> ET.Element:
        """A circle."""
        self._grow(cy + r)
        return ET.SubElement(
            parent, "circle", _attrs({"cx": cx, "cy": cy, "r": r, "fill": fill, **attributes})
        )

    def line(
        self,
        parent: ET.Element,
        points: Iterable[tuple[float, float]],
        *,
        stroke: str,
        width: float = 1,
        **attributes: object,
    ) -> ET.Element:
        """An open polyline through ``points``."""
        pts = list(points)
        for _, y in pts:
            self._grow(y)
        return ET.SubElement(
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
        parent: ET.Element,
        x: float,
        y: float,
        text: object,
        *,
        size: float = 12,
        weight: str | None = None,
        anchor: str | None = None,
        fill: str | None = None,
        **attributes: object,
    ) -> ET.Element:
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
        element = ET.SubElement(parent, "text", _attrs({**attrs, **attributes}))
        element.text = _clean(text)
        self._grow(y + size * 0.3)
        return element

    def paragraph(
        self,
        parent: ET.Element,
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
        self, parent: ET.Element, x: float, y: float, w: float, h: float, label: str = ""
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
        self._background.set("height", _num(h))
        self.root.text = "\n"
        for child in self.root:
            child.tail = "\n"
        return ET.tostring(self.root, encoding="unicode")


def _attrs(attributes: dict[str, object]) -> dict[str, str]:
    out = {}
    for key, value in attributes.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        out[name] = _num(value) if isinstance(value, float) else _clean(value)
    return out
