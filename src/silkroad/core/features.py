"""A fixed-size numeric vector for any observation, by feature hashing.

Learning frameworks need observations as fixed-shape arrays; silkroad observations are
attrs values of any shape. Every built-in title defines its own observation tensor
(``observation_tensor`` / ``observation_layout``, whose entries each mean something); this
hash is the generic fallback of :class:`~silkroad.core.game.GameDefinition` for a game
that defines none. :func:`observation_features` flattens the observation's JSON
form into ``(path, value)`` leaves (list positions are part of the path) and adds, for
every leaf, 1 at the slot of ``hash(path=value)`` (which card is where, which phase) and,
for numbers, ``value / 8`` at the slot of ``hash(path)`` (how much). The hash is CRC-32, so
the vector is the same on every machine and Python version. Two different observations
can collide only in the rare case that every leaf hashes alike.
"""

from __future__ import annotations

import functools
import zlib
from typing import TYPE_CHECKING, Any

import attrs

from silkroad.core.serialize import to_data
from silkroad.core.tensor import Layout, Segment

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["DEFAULT_SIZE", "hashed_layout", "observation_features"]

#: Length of the vector unless a caller asks for another.
DEFAULT_SIZE = 512


def _leaves(value: Any, path: str, out: list[tuple[str, Any]]) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            _leaves(item, f"{path}.{key}", out)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _leaves(item, f"{path}[{index}]", out)
    else:
        out.append((path, value))


def _add(vector: Any, data: Any, path: str) -> None:
    leaves: list[tuple[str, Any]] = []
    _leaves(data, path, leaves)
    for leaf, value in leaves:
        vector[zlib.crc32(f"{leaf}={value}".encode()) % len(vector)] += 1.0
        if isinstance(value, int | float) and not isinstance(value, bool):
            vector[zlib.crc32(leaf.encode()) % len(vector)] += float(value) / 8.0


def _fields(cls: type) -> tuple[Any, ...]:
    return tuple(attrs.fields(attrs.resolve_types(cls)))


_FIELDS: dict[type, tuple[Any, ...]] = {}


@functools.lru_cache(maxsize=64)
def _part(name: str, declared: Any, value: Any, size: int) -> npt.NDArray[np.float32]:
    """The contribution of one field holding an immutable (hashable) attrs value, such
    as the options, which do not change during a game."""
    import numpy as np

    vector = np.zeros(size, dtype=np.float32)
    _add(vector, to_data(value, declared), f".{name}")
    vector.flags.writeable = False
    return vector


def observation_features(observation: Any, size: int = DEFAULT_SIZE) -> npt.NDArray[np.float32]:
    """The hashed feature vector (``float32``, length ``size``) of an observation."""
    import numpy as np

    vector = np.zeros(size, dtype=np.float32)
    cls = type(observation)
    if not attrs.has(cls):
        _add(vector, to_data(observation), "")
        return vector
    fields = _FIELDS.get(cls)
    if fields is None:
        fields = _FIELDS[cls] = _fields(cls)
    for field in fields:
        value = getattr(observation, field.name)
        if attrs.has(type(value)) and _hashable(value):
            vector += _part(field.name, field.type, value, size)
        else:
            _add(vector, to_data(value, field.type), f".{field.name}")
    return vector


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


@functools.lru_cache(maxsize=8)
def hashed_layout(size: int = DEFAULT_SIZE) -> Layout:
    """The layout of :func:`observation_features`: one segment of hash slots, unbounded
    (a slot sums the leaves that hash to it)."""
    return Layout(
        (
            Segment(
                "features",
                (tuple(f"slot {i}" for i in range(size)),),
                "sum over the observation's JSON leaves hashed to this slot: 1 per "
                "path=value, value / 8 per numeric path",
                low=-float("inf"),
                high=float("inf"),
            ),
        )
    )
