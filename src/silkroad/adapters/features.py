"""A fixed-size numeric vector for any observation, by feature hashing.

Learning frameworks need observations as fixed-shape arrays; silkroad observations are
attrs values of any shape. :func:`observation_features` flattens the observation's JSON
form into ``(path, value)`` leaves (list positions are part of the path) and adds, for
every leaf, 1 at the slot of ``hash(path=value)`` (which card is where, which phase) and,
for numbers, ``value / 8`` at the slot of ``hash(path)`` (how much). The hash is CRC-32, so
the vector is the same on every machine and Python version. Two different observations
can collide only in the rare case that every leaf hashes alike.
"""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np
import numpy.typing as npt

from silkroad.core.serialize import to_data

__all__ = ["DEFAULT_SIZE", "observation_features"]

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
    leaves: list[tuple[str, Any]] = []
    _leaves(to_data(observation), "", leaves)
    vector = np.zeros(size, dtype=np.float32)
    for path, value in leaves:
        vector[zlib.crc32(f"{path}={value}".encode()) % size] += 1.0
        if isinstance(value, int | float) and not isinstance(value, bool):
            vector[zlib.crc32(path.encode()) % size] += float(value) / 8.0
    return vector
