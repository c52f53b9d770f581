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


def observation_features(observation: Any, size: int = DEFAULT_SIZE) -> npt.NDArray[np.float32]:
    """The hashed feature vector (``float32``, length ``size``) of an observation."""
    import numpy as np

    leaves: list[tuple[str, Any]] = []
    _leaves(to_data(observation), "", leaves)
    vector = np.zeros(size, dtype=np.float32)
    for path, value in leaves:
        vector[zlib.crc32(f"{path}={value}".encode()) % size] += 1.0
        if isinstance(value, int | float) and not isinstance(value, bool):
            vector[zlib.crc32(path.encode()) % size] += float(value) / 8.0
    return vector


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
