"""The registry of agents, their specs and their parameters."""

from __future__ import annotations

import pytest

from silkroad.agents import (
    AGENTS,
    Agent,
    GreedyAgent,
    ISMCTSAgent,
    RandomAgent,
    make_agent,
    parse_agent_spec,
)
from silkroad.agents.ismcts import (
    DEFAULT_EXPLORATION,
    DEFAULT_ITERATIONS,
    DEFAULT_SCALE,
)


def test_the_registry_names_every_agent() -> None:
    assert AGENTS["random"] is RandomAgent
    assert AGENTS["greedy"] is GreedyAgent
    assert AGENTS["ismcts"] is ISMCTSAgent
    for name in AGENTS:
        assert isinstance(make_agent(name, 3), Agent)


def test_ismcts_takes_its_parameters_from_the_spec() -> None:
    agent = make_agent("ismcts:iterations=50:exploration=0.5:rollout_depth=0:scale=2", 1)
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.iterations, agent.exploration, agent.rollout_depth, agent.scale) == (
        50,
        0.5,
        0,
        2.0,
    )
    default = make_agent("ismcts", 1)
    assert isinstance(default, ISMCTSAgent)
    assert (default.iterations, default.exploration) == (DEFAULT_ITERATIONS, DEFAULT_EXPLORATION)
    assert (default.rollout_depth, default.scale) == (None, DEFAULT_SCALE)  # None: the title's
    assert parse_agent_spec("ismcts:exploration=1") == ("ismcts", {"exploration": 1})
    assert make_agent("ismcts:exploration=1", 1).exploration == 1.0  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:iterations=0", "iterations must be an integer > 0, got 0"),
        ("ismcts:iterations=2.5", "iterations must be an integer > 0, got 2.5"),
        ("ismcts:iterations=many", "iterations must be an integer > 0, got 'many'"),
        ("ismcts:exploration=-1", "exploration must be a number >= 0, got -1"),
        ("ismcts:rollout_depth=-2", "rollout_depth must be an integer >= 0, got -2"),
        ("ismcts:scale=0", "scale must be a number > 0, got 0"),
        ("ismcts:scale=nan", "scale must be a number > 0, got nan"),
        (
            "ismcts:depth=3",
            "no parameter 'depth' (its parameters: iterations, exploration, rollout_depth, "
            "scale, seconds, clock)",
        ),
        ("greedy:iterations=3", "no parameter 'iterations' (its parameters: none)"),
    ],
)
def test_bad_parameters_are_refused_with_the_reason(spec: str, message: str) -> None:
    name = spec.partition(":")[0]
    with pytest.raises(ValueError, match=f"bad parameters for agent '{name}'") as info:
        make_agent(spec, 1)
    assert message in str(info.value)


def test_agents_refuse_an_empty_choice() -> None:
    from silkroad.kashgar import GAME

    state = GAME.new_game(GAME.default_options(), 1)
    for agent in (GreedyAgent(1), ISMCTSAgent(1, iterations=5)):
        with pytest.raises(ValueError, match="at least one legal move"):
            agent.choose(GAME, GAME.observe(state, 0), ())


def test_a_single_legal_move_is_returned_without_search() -> None:
    from silkroad.kashgar import GAME

    state = GAME.new_game(GAME.default_options(), 1)
    move = GAME.legal_moves(state)[0]
    agent = ISMCTSAgent(1, iterations=5)
    assert agent.choose(GAME, GAME.observe(state, state.active), (move,)) == move
    assert repr(agent).startswith("ISMCTSAgent(iterations=5")
    assert repr(GreedyAgent(1)) == "GreedyAgent()"
