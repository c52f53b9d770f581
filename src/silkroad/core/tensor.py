"""Observation tensors: fixed-shape numbers for learning code, and the layout that names them.

A title's ``observation_tensor(observation)`` is a flat ``float32`` vector whose entries
are described by ``observation_layout(options)``: a :class:`Layout`, the named
:class:`Segment` s in order. Each segment is a block of entries with a shape and labels
on every axis, and says what an entry holds (``"track value / 9"``, ``"1 if the card is
there"``), so every entry of the vector has a readable meaning (:meth:`Layout.entry`).

A title builds its tensor by filling one flat list per segment and calling
:meth:`Layout.pack`, which checks the sizes and the range of every value. Nothing here
knows any title; numpy is imported only when a tensor is made, so the rules engines run
without it.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "Layout",
    "Segment",
    "TensorRangeError",
    "layout_markdown",
    "one_hot",
    "players_from",
    "relative_labels",
]


class TensorRangeError(ValueError):
    """A tensor entry fell outside its segment's range (a defect of the title's tensor)."""


def _shape_ok(_instance: object, _attribute: object, value: tuple[tuple[str, ...], ...]) -> None:
    if not value or any(not axis for axis in value):
        raise ValueError("a segment has at least one axis and every axis at least one label")


@attrs.frozen
class Segment:
    """A named block of tensor entries.

    :ivar name: a short identifier, unique in its layout (``"tracks"``).
    :ivar axes: the labels of each axis, outermost first; the shape is their lengths
        (``(("you", "next player"), ("ginger", ..., "mules"))`` is a 2 x 7 block).
    :ivar meaning: what every entry holds, with its scale (``"track value / 9"``).
    :ivar low: the least value an entry may take; :ivar high: the most.
    """

    name: str
    axes: tuple[tuple[str, ...], ...] = attrs.field(validator=_shape_ok)
    meaning: str
    low: float = 0.0
    high: float = 1.0
    shape: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    size: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        shape = tuple(len(axis) for axis in self.axes)
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "size", math.prod(shape))

    def labels(self, index: int) -> tuple[str, ...]:
        """The axis labels of the entry at flat ``index`` of this segment."""
        labels = []
        for axis in reversed(self.axes):
            index, at = divmod(index, len(axis))
            labels.append(axis[at])
        return tuple(reversed(labels))

    def entries(self) -> Iterator[str]:
        """Every entry's meaning, in tensor order (``"tracks[you, pepper]: track value / 9"``)."""
        for i in range(self.size):
            yield f"{self.name}[{', '.join(self.labels(i))}]: {self.meaning}"


@attrs.frozen
class Layout:
    """The segments of a tensor in order; the tensor is their entries, flattened."""

    segments: tuple[Segment, ...]
    offsets: Mapping[str, int] = attrs.field(init=False, eq=False, repr=False)
    size: int = attrs.field(init=False, eq=False)
    _by_name: Mapping[str, Segment] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        offsets: dict[str, int] = {}
        at = 0
        for segment in self.segments:
            if segment.name in offsets:
                raise ValueError(f"two segments are named {segment.name!r}")
            offsets[segment.name] = at
            at += segment.size
        object.__setattr__(self, "offsets", offsets)
        object.__setattr__(self, "size", at)
        object.__setattr__(self, "_by_name", {s.name: s for s in self.segments})

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    @property
    def low(self) -> float:
        """The least value any entry may take."""
        return min(s.low for s in self.segments)

    @property
    def high(self) -> float:
        """The most value any entry may take."""
        return max(s.high for s in self.segments)

    def segment(self, name: str) -> Segment:
        found = self._by_name.get(name)
        if found is None:
            raise KeyError(f"no segment {name!r} (segments: {', '.join(self.names())})")
        return found

    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.segments)

    def zeros(self, name: str) -> list[float]:
        """A flat list of zeros the size of segment ``name``, to fill and :meth:`pack`."""
        return [0.0] * self._by_name[name].size

    def entry(self, index: int) -> str:
        """The meaning of the entry at ``index`` of the tensor."""
        if not 0 <= index < self.size:
            raise IndexError(f"entry {index} of a tensor of {self.size}")
        for segment in self.segments:
            start = self.offsets[segment.name]
            if index < start + segment.size:
                labels = ", ".join(segment.labels(index - start))
                return f"{segment.name}[{labels}]: {segment.meaning}"
        raise AssertionError("unreachable")  # pragma: no cover

    def entries(self) -> Iterator[str]:
        """The meaning of every entry, in order."""
        for segment in self.segments:
            yield from segment.entries()

    def view(self, tensor: npt.NDArray[Any], name: str) -> npt.NDArray[Any]:
        """Segment ``name`` of ``tensor``, shaped as the segment (a view, not a copy)."""
        segment = self.segment(name)
        start = self.offsets[name]
        return tensor[start : start + segment.size].reshape(segment.shape)

    def pack(self, parts: Mapping[str, Sequence[float]]) -> npt.NDArray[np.float32]:
        """The tensor of these per-segment values (each a flat sequence in segment order).

        :raises ValueError: for a missing, unknown or wrongly sized part.
        :raises TensorRangeError: for a value outside its segment's range.
        """
        import numpy as np

        if set(parts) != set(self.offsets):
            missing = [n for n in self.names() if n not in parts]
            extra = sorted(set(parts) - set(self.offsets))
            raise ValueError(f"tensor parts: missing {missing}, unknown {extra}")
        flat: list[float] = []
        for segment in self.segments:
            values = parts[segment.name]
            if len(values) != segment.size:
                raise ValueError(
                    f"segment {segment.name!r} has {segment.size} entries, got {len(values)}"
                )
            flat.extend(values)
        tensor = np.array(flat, dtype=np.float32)
        self.check(tensor)
        return tensor

    def check(self, tensor: npt.NDArray[Any]) -> None:
        """Raise :class:`TensorRangeError` naming the first entry out of its range (or a
        ``ValueError`` for a tensor of another shape)."""
        import numpy as np

        if tensor.shape != self.shape:
            raise ValueError(f"a tensor of shape {tensor.shape}, the layout has {self.shape}")
        low, high = self.low, self.high
        uniform = all(s.low == low and s.high == high for s in self.segments)
        if uniform and tensor.size and low <= float(tensor.min()) and float(tensor.max()) <= high:
            return  # the common case, checked at once (NaN fails both comparisons)
        for segment in self.segments:
            start = self.offsets[segment.name]
            block = tensor[start : start + segment.size]
            bad = np.flatnonzero(~((block >= segment.low) & (block <= segment.high)))
            if bad.size:
                at = start + int(bad[0])
                raise TensorRangeError(
                    f"tensor entry {at} ({self.entry(at)}) is {float(tensor[at])}, "
                    f"outside [{segment.low}, {segment.high}]"
                )


def one_hot(index: int | None, size: int) -> list[float]:
    """A list of ``size`` zeros with a 1 at ``index`` (all zeros for None)."""
    values = [0.0] * size
    if index is not None:
        values[index] = 1.0
    return values


def relative_labels(players: int) -> tuple[str, ...]:
    """Axis labels of players seen from the observer: ``you``, ``next player``,
    ``player +2``, ... (in turn order)."""
    names = ["you", "next player"] + [f"player +{k}" for k in range(2, players)]
    return tuple(names[:players])


def players_from(viewer: int, players: int) -> tuple[int, ...]:
    """The absolute players in the order of :func:`relative_labels` for ``viewer``."""
    return tuple((viewer + k) % players for k in range(players))


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _axes_text(segment: Segment) -> str:
    parts = []
    for axis in segment.axes:
        if len(axis) <= 16:
            parts.append(", ".join(axis))
        else:
            parts.append(f"{axis[0]}, {axis[1]}, ..., {axis[-1]}")
    return " × ".join(f"({p})" for p in parts)


def layout_markdown(layout: Layout) -> str:
    """The layout as a Markdown table: offset, segment, shape, axes and meaning."""
    rows = [
        "| offset | segment | shape | axes | each entry |",
        "|---:|---|---|---|---|",
    ]
    for segment in layout.segments:
        shape = " × ".join(map(str, segment.shape))
        rows.append(
            f"| {layout.offsets[segment.name]} | `{segment.name}` | {shape} | "
            f"{_cell(_axes_text(segment))} | {_cell(segment.meaning)} |"
        )
    rows.append(f"| {layout.size} | | | | (total entries) |")
    return "\n".join(rows)
