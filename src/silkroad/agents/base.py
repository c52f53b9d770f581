"""The agent protocol and the random agent."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from silkroad.core.game import AnyGame
from silkroad.core.rng import Rng

__all__ = ["Agent", "RandomAgent"]


@runtime_checkable
class Agent(Protocol):
    """Something that picks a move for the player to act."""

    def choose(self, game: AnyGame, observation: Any, legal_moves: Sequence[Any]) -> Any:
        """One of ``legal_moves`` (non-empty), chosen from ``observation`` only."""
        ...


class RandomAgent:
    """Picks uniformly among the legal moves with its own seeded RNG."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng.from_seed(seed)

    def choose(self, game: AnyGame, observation: Any, legal_moves: Sequence[Any]) -> Any:
        if not legal_moves:
            raise ValueError("RandomAgent.choose needs at least one legal move")
        move, self._rng = self._rng.choice(legal_moves)
        return move

    def __repr__(self) -> str:
        return "RandomAgent()"
