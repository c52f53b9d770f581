"""ISMCTS limited by time as well as by iterations (``ismcts:seconds=...``), measured on
an injected clock so the tests count iterations instead of timing anything."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from silkroad.agents import ISMCTSAgent, make_agent
from silkroad.agents.ismcts import DEFAULT_ITERATIONS

from . import nim


def ticking_clock(step: float = 1.0) -> Callable[[], float]:
    """A clock that moves on ``step`` seconds each time it is read."""
    ticks = itertools.count()
    return lambda: next(ticks) * step


def iterations_run(agent: ISMCTSAgent) -> int:
    state = nim.GAME.new_game(nim.Options(pile=9), 0)
    stats = agent.root_statistics(nim.GAME, state)
    return sum(visits for visits, _ in stats.values())


def test_a_time_limit_alone_stops_the_search_on_the_clock() -> None:
    # read at the start (0), then before each iteration after the first (1, 2, ...):
    # the reading 6 reaches the deadline 5.5, so six iterations ran
    agent = ISMCTSAgent(seed=1, seconds=5.5, clock=ticking_clock())
    assert agent.iterations is None
    assert iterations_run(agent) == 6


def test_a_time_limit_alone_has_no_iteration_limit() -> None:
    # more iterations than the default, and than the first table of logarithms holds
    agent = ISMCTSAgent(seed=1, seconds=2500, clock=ticking_clock())
    assert iterations_run(agent) == 2500 > DEFAULT_ITERATIONS


@pytest.mark.parametrize(
    ("iterations", "seconds", "expected"),
    [(3, 5.5, 3), (100, 2.5, 3), (4, 4.0, 4)],
)
def test_with_both_limits_the_first_reached_stops_the_search(
    iterations: int, seconds: float, expected: int
) -> None:
    agent = ISMCTSAgent(
        seed=1,
        iterations=iterations,
        seconds=seconds,
        clock=ticking_clock(),
    )
    assert iterations_run(agent) == expected


def test_a_search_runs_at_least_one_iteration() -> None:
    agent = ISMCTSAgent(seed=1, seconds=1e-9, clock=ticking_clock(10.0))
    assert iterations_run(agent) == 1


def test_the_default_is_iterations_only_and_reads_no_clock() -> None:
    def no_clock() -> float:
        raise AssertionError("the default search read the clock")

    agent = ISMCTSAgent(seed=1, clock=no_clock)
    assert (agent.iterations, agent.seconds) == (DEFAULT_ITERATIONS, None)
    assert iterations_run(agent) == DEFAULT_ITERATIONS


def test_same_clock_same_choices() -> None:
    state = nim.GAME.new_game(nim.Options(pile=11), 0)
    stats = [
        ISMCTSAgent(seed=4, seconds=50, clock=ticking_clock()).root_statistics(nim.GAME, state)
        for _ in range(2)
    ]
    assert stats[0] == stats[1]


def test_the_spec_takes_seconds() -> None:
    agent = make_agent("ismcts:seconds=0.5", 1)
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.seconds, agent.iterations) == (0.5, None)
    both = make_agent("ismcts:seconds=2:iterations=50", 1)
    assert isinstance(both, ISMCTSAgent)
    assert (both.seconds, both.iterations) == (2.0, 50)
    assert "seconds=0.5" in repr(agent)


@pytest.mark.parametrize("spec", ["ismcts:seconds=0", "ismcts:seconds=-1", "ismcts:seconds=x"])
def test_a_bad_time_limit_is_refused(spec: str) -> None:
    with pytest.raises(ValueError, match="seconds"):
        make_agent(spec, 1)
