"""Agents that play any title through the ``Game`` protocol.

An agent sees only what its seat may see: ``choose(game, observation, legal_moves)``
receives the observation of the player to act and that player's legal moves, never the
state. Agents keep their own seeded RNG, so a game between agents is reproduced by the
seeds alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from silkroad.core.game import AnyGame
from silkroad.core.rng import Rng

__all__ = ["AGENTS", "Agent", "RandomAgent", "make_agent"]


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


#: Agent constructors by name, each taking a seed: used by ``silkroad play --agents``.
AGENTS: dict[str, Callable[[int], Agent]] = {"random": RandomAgent}


def make_agent(name: str, seed: int) -> Agent:
    """A new agent of the named kind.

    :raises ValueError: for an unknown name, listing the known ones.
    """
    try:
        factory = AGENTS[name]
    except KeyError:
        known = ", ".join(sorted(AGENTS))
        raise ValueError(f"unknown agent {name!r} (known agents: {known})") from None
    return factory(seed)
