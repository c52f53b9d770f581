"""Agents cannot see hidden information.

Two states that differ only in hidden parts (a determinization of the first, as seen by
the player to act) give that player the same observation and the same legal moves, and
every agent with the same seed chooses the same move in both. The agents are also given
a game whose functions refuse to be called on the real state, so they provably work
only on states they sampled themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from silkroad.agents import AGENTS, make_agent
from silkroad.core.game import AnyGame, GameDefinition
from silkroad.kashgar import GAME as KASHGAR
from silkroad.kashgar import Options as KashgarOptions
from silkroad.serica import GAME as SERICA
from silkroad.serica import Options as SericaOptions

from .helpers import positions, to_act

SPECS = ["random", "greedy", "ismcts:iterations=40"]
TITLES = [
    pytest.param(KASHGAR, KashgarOptions.create(2), id="kashgar-2"),
    pytest.param(KASHGAR, KashgarOptions.create(3, expansion="all"), id="kashgar-3-expansion"),
    pytest.param(SERICA, SericaOptions(), id="serica"),
]


def _twin(game: AnyGame, state: Any, player: int) -> Any:
    """A state that differs from ``state`` only in what ``player`` cannot see."""
    observation = game.observe(state, player)
    for k in range(50):
        other = game.determinize(observation, k)
        if other != state:
            return other
    raise AssertionError("no determinization differs from the state")


def _guarded(game: AnyGame, forbidden: list[Any]) -> AnyGame:
    """``game`` with every state function refusing the states in ``forbidden``."""
    assert isinstance(game, GameDefinition)

    def guard(fn: Callable[..., Any]) -> Callable[..., Any]:
        def checked(state: Any, *args: Any) -> Any:
            assert all(state is not f for f in forbidden), f"{fn.__name__} saw the real state"
            return fn(state, *args)

        return checked

    names = ("legal_moves", "apply", "current_player", "is_over", "scores", "winners")
    changes: dict[str, Any] = {name: guard(getattr(game, name)) for name in names}
    changes["evaluate"] = guard(game.evaluate)
    return game.replace(**changes)


@pytest.mark.parametrize(("game", "options"), TITLES)
def test_agents_choose_the_same_move_when_only_hidden_parts_differ(
    game: AnyGame, options: Any
) -> None:
    for state in positions(game, options, 4, seed=70):
        player = to_act(game, state)
        twin = _twin(game, state, player)
        assert twin != state
        seen, seen_twin = game.observe(state, player), game.observe(twin, player)
        assert seen == seen_twin
        legal, legal_twin = game.legal_moves(state), game.legal_moves(twin)
        assert legal == legal_twin
        guarded = _guarded(game, [state, twin])
        for spec in SPECS:
            move = make_agent(spec, 11).choose(guarded, seen, legal)
            move_twin = make_agent(spec, 11).choose(guarded, seen_twin, legal_twin)
            assert move == move_twin, spec
            assert move in legal


def test_every_registered_agent_is_covered() -> None:
    assert {spec.partition(":")[0] for spec in SPECS} >= set(AGENTS)


def test_the_twins_really_differ_in_hidden_parts() -> None:
    state = KASHGAR.new_game(KashgarOptions.create(2), 3)
    twin = _twin(KASHGAR, state, 0)
    assert twin.standard != state.standard  # the draw pile order is hidden
    assert twin.caravans == state.caravans  # the table is not
    s = SERICA.new_game(SericaOptions(), 3)
    t = _twin(SERICA, s, to_act(SERICA, s))
    assert t.cross_pile != s.cross_pile
    assert t.crossroads == s.crossroads
