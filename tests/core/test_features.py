"""The feature hash: the sum over the observation's JSON leaves, computed field by field
with the options' share remembered, equal to the plain definition."""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np
import pytest

import silkroad
import tinygame
from silkroad.core.features import observation_features
from silkroad.core.rng import Rng
from silkroad.core.serialize import to_data


def reference(observation: Any, size: int = 512) -> np.ndarray:
    """The definition: flatten the whole JSON, add per leaf."""
    leaves: list[tuple[str, Any]] = []

    def walk(value: Any, path: str) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, f"{path}.{key}")
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, f"{path}[{index}]")
        else:
            leaves.append((path, value))

    walk(to_data(observation), "")
    vector = np.zeros(size, dtype=np.float32)
    for path, value in leaves:
        vector[zlib.crc32(f"{path}={value}".encode()) % size] += 1.0
        if isinstance(value, int | float) and not isinstance(value, bool):
            vector[zlib.crc32(path.encode()) % size] += float(value) / 8.0
    return vector


@pytest.mark.parametrize("name", ["kashgar", "serica", "dunhuang"])
def test_the_hash_is_its_definition(name: str) -> None:
    game = silkroad.get_game(name)
    state = game.new_game(game.default_options(), 3)
    rng = Rng.from_seed(3)
    for _ in range(60):
        if game.is_over(state):
            break
        for player in range(game.num_players(state)):
            observation = game.observe(state, player)
            assert np.array_equal(observation_features(observation), reference(observation))
        moves = game.legal_moves(state)
        index, rng = rng.randrange(len(moves))
        state = game.apply(state, moves[index])


def test_the_hash_of_a_plain_value_and_other_sizes() -> None:
    observation = tinygame.GAME.observe(tinygame.GAME.new_game(tinygame.Options(), 1), 0)
    assert np.array_equal(observation_features(observation, 64), reference(observation, 64))
    assert np.array_equal(observation_features({"a": [1, 2]}), reference({"a": [1, 2]}))
