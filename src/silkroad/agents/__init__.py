"""Agents that play any title through the ``Game`` protocol.

An agent sees only what its seat may see: ``choose(game, observation, legal_moves)``
receives the observation of the player to act and that player's legal moves, never the
state. Agents keep their own seeded RNG, so a game between agents is reproduced by the
seeds alone.

========  =====================================================================
name      agent
========  =====================================================================
random    :class:`RandomAgent`: a uniformly random legal move
greedy    :class:`GreedyAgent`: one decision of lookahead on ``game.evaluate``
ismcts    :class:`ISMCTSAgent`: information-set Monte Carlo tree search
========  =====================================================================

See ``docs/agents.md`` for parameters, strength and speed.
"""

from __future__ import annotations

from collections.abc import Callable

from silkroad.agents.base import Agent, RandomAgent
from silkroad.agents.greedy import GreedyAgent
from silkroad.agents.ismcts import ISMCTSAgent

__all__ = [
    "AGENTS",
    "Agent",
    "GreedyAgent",
    "ISMCTSAgent",
    "RandomAgent",
    "make_agent",
    "parse_agent_spec",
]


#: Agent constructors by name, each called as ``factory(seed, **params)``: used by
#: ``make_agent`` and the command's ``--agents``.
AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "ismcts": ISMCTSAgent,
}


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
        agent does not take or that are out of range.
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
    except ValueError as exc:
        raise ValueError(f"bad parameters for agent {name!r}: {exc}") from None
