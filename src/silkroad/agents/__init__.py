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

Other agents join by name through the entry-point group ``silkroad.agents`` (a
distribution declares ``[project.entry-points."silkroad.agents"] mine = "pkg.mod:MyAgent"``)
or are named directly as ``module:attribute`` in a spec (``pkg.mod:MyAgent:depth=3``).
Either way the object is a factory called as ``factory(seed, **params)``; a spec is a
string, so it reaches worker processes (fork or spawn) and Ray workers unchanged.

See ``docs/agents.md`` for parameters, strength and speed.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from importlib.metadata import entry_points

from silkroad.agents.base import Agent, RandomAgent
from silkroad.agents.greedy import GreedyAgent
from silkroad.agents.ismcts import ISMCTSAgent

__all__ = [
    "AGENTS",
    "ENTRY_POINT_GROUP",
    "Agent",
    "GreedyAgent",
    "ISMCTSAgent",
    "RandomAgent",
    "agent_factory",
    "known_agents",
    "make_agent",
    "parse_agent_spec",
]

#: The entry-point group through which installed distributions add agents.
ENTRY_POINT_GROUP = "silkroad.agents"


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
    ``("ismcts", {"iterations": 400, "exploration": 0.7})``. A name may be a
    ``module:attribute`` reference (its second part is an identifier, not ``key=value``):
    ``"mypkg.agents:Cautious:risk=0.2"`` gives ``("mypkg.agents:Cautious", {"risk": 0.2})``.

    :raises ValueError: for an empty name or a parameter without ``=``.
    """
    name, *parts = spec.strip().split(":")
    if name and parts and parts[0].isidentifier():
        name, parts = f"{name}:{parts[0]}", parts[1:]
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


def known_agents() -> list[str]:
    """The names an agent spec may use: the built-in agents and the entry points."""
    return sorted({*AGENTS, *(ep.name for ep in entry_points(group=ENTRY_POINT_GROUP))})


def agent_factory(name: str) -> Callable[..., Agent]:
    """The factory an agent name stands for: a built-in agent, an entry point of the
    group ``silkroad.agents``, or a ``module:attribute`` reference (imported here).

    :raises ValueError: for an unknown name, a module that does not import, a missing
        attribute or an object that is not callable.
    """
    if name in AGENTS:
        return AGENTS[name]
    if ":" in name:
        module_name, _, attribute = name.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            raise ValueError(f"agent {name!r}: cannot import {module_name!r} ({exc})") from None
        try:
            factory = getattr(module, attribute)
        except AttributeError:
            raise ValueError(f"agent {name!r}: {module_name!r} has no {attribute!r}") from None
    else:
        found = [ep for ep in entry_points(group=ENTRY_POINT_GROUP) if ep.name == name]
        if not found:
            known = ", ".join(known_agents())
            raise ValueError(
                f"unknown agent {name!r} (known agents: {known}; or name one as module:attribute)"
            )
        try:
            factory = found[0].load()
        except Exception as exc:
            raise ValueError(f"agent {name!r} ({found[0].value}) does not load: {exc}") from None
    if not callable(factory):
        raise ValueError(f"agent {name!r} is not a factory: it must be callable(seed, **params)")
    result: Callable[..., Agent] = factory
    return result


def _parameters(factory: Callable[..., Agent]) -> list[str] | None:
    """The keyword parameters ``factory`` takes after the seed, or None when it does not
    say (no signature, or ``**kwargs``)."""
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):
        return None
    names = []
    for i, p in enumerate(signature.parameters.values()):
        if p.kind is inspect.Parameter.VAR_KEYWORD:
            return None
        if i == 0 and p.kind is not inspect.Parameter.KEYWORD_ONLY:
            continue  # the seed
        if p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY):
            names.append(p.name)
    return names


def make_agent(spec: str, seed: int) -> Agent:
    """A new agent from a spec ``name[:key=value...]`` (see :func:`parse_agent_spec`);
    the name is looked up by :func:`agent_factory`.

    :raises ValueError: for an unknown name (listing the known ones) or parameters the
        agent does not take or that are out of range.
    """
    name, params = parse_agent_spec(spec)
    factory = agent_factory(name)
    accepted = _parameters(factory)
    if accepted is not None:
        for key in params:
            if key not in accepted:
                takes = ", ".join(accepted) if accepted else "none"
                raise ValueError(
                    f"bad parameters for agent {name!r}: no parameter {key!r} "
                    f"(its parameters: {takes})"
                )
    try:
        agent = factory(seed, **params)
    except TypeError as exc:
        raise ValueError(f"bad parameters for agent {name!r}: {exc}") from None
    except ValueError as exc:
        raise ValueError(f"bad parameters for agent {name!r}: {exc}") from None
    if not callable(getattr(agent, "choose", None)):
        raise ValueError(f"agent {name!r} made {agent!r}, which has no choose() method")
    return agent
