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

__all__ = ["AGENTS", "Agent", "RandomAgent", "make_agent", "parse_agent_spec"]


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


#: Agent constructors by name, each called as ``factory(seed, **params)``: used by
#: ``make_agent`` and the command's ``--agents``.
AGENTS: dict[str, Callable[..., Agent]] = {"random": RandomAgent}


def parse_agent_spec(spec: str) -> tuple[str, dict[str, int | float | str]]:
    """Split ``name[:key=value[:key=value...]]`` into the name and typed parameters.

    Values are read as int, then float, else kept as text:
    ``"ismcts:iterations=400:exploration=0.7"`` gives
    ``("ismcts", {"iterations": 400, "exploration": 0.7})``.

    :raises ValueError: for an empty name or a parameter without ``=``.
    """
    name, *parts = spec.strip().split(":")
    if not name:
        raise ValueError(f"an agent spec starts with a name, got {spec!r}")
    params: dict[str, int | float | str] = {}
    for part in parts:
        key, sep, text = part.partition("=")
        if not sep or not key:
            raise ValueError(f"agent parameter {part!r} in {spec!r} is not key=value")
        value: int | float | str
        try:
            value = int(text)
        except ValueError:
            try:
                value = float(text)
            except ValueError:
                value = text
        params[key] = value
    return name, params


def make_agent(spec: str, seed: int) -> Agent:
    """A new agent from a spec ``name[:key=value...]`` (see :func:`parse_agent_spec`).

    :raises ValueError: for an unknown name (listing the known ones) or parameters the
        agent does not take.
    """
    name, params = parse_agent_spec(spec)
    try:
        factory = AGENTS[name]
    except KeyError:
        known = ", ".join(sorted(AGENTS))
        raise ValueError(f"unknown agent {name!r} (known agents: {known})") from None
    try:
        return factory(seed, **params)
    except TypeError as exc:
        raise ValueError(f"bad parameters for agent {name!r}: {exc}") from None
