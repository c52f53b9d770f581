"""The agents on the real titles: legal choices, reproducible games, finished games."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from silkroad.agents import make_agent
from silkroad.arena.match import play_game
from silkroad.core.game import AnyGame
from silkroad.kashgar import GAME as KASHGAR
from silkroad.kashgar import Options as KashgarOptions
from silkroad.serica import GAME as SERICA
from silkroad.serica import Options as SericaOptions

from .helpers import positions, to_act

SPECS = ["greedy", "ismcts:iterations=25"]
TITLES = [
    pytest.param(KASHGAR, KashgarOptions.create(2), id="kashgar-2"),
    pytest.param(KASHGAR, KashgarOptions.create(4, expansion="all"), id="kashgar-4-expansion"),
    pytest.param(SERICA, SericaOptions(), id="serica"),
    pytest.param(SERICA, SericaOptions(coop=True), id="serica-coop"),
]


@pytest.mark.parametrize(("game", "options"), TITLES)
@pytest.mark.parametrize("spec", SPECS)
def test_agents_choose_legal_moves(game: AnyGame, options: Any, spec: str) -> None:
    agent = make_agent(spec, 5)
    for state in positions(game, options, 8):
        player = to_act(game, state)
        legal = game.legal_moves(state)
        move = agent.choose(game, game.observe(state, player), legal)
        assert move in legal
        game.apply(state, move)  # and it applies


@pytest.mark.parametrize(("game", "options"), TITLES[::2])
@pytest.mark.parametrize("spec", SPECS)
def test_agents_are_reproduced_by_their_seed(game: AnyGame, options: Any, spec: str) -> None:
    states = positions(game, options, 6, seed=40)

    def choices(seed: int) -> list[Any]:
        agent = make_agent(spec, seed)
        return [
            agent.choose(game, game.observe(s, to_act(game, s)), game.legal_moves(s))
            for s in states
        ]

    assert choices(3) == choices(3)


def test_kashgar_games_between_agents_finish_and_replay() -> None:
    options = KashgarOptions.create(2)
    agents = ["ismcts:iterations=15", "greedy"]
    first = play_game(KASHGAR, options, 21, agents)
    second = play_game(KASHGAR, options, 21, agents)
    assert KASHGAR.is_over(first.state)
    assert first.record == second.record
    assert first.result.winners


def test_kashgar_multiplayer_game_with_every_agent_finishes() -> None:
    options = KashgarOptions.create(3, expansion="all")
    outcome = play_game(KASHGAR, options, 8, ["ismcts:iterations=10", "greedy", "random"])
    assert KASHGAR.is_over(outcome.state)
    assert len(outcome.result.scores) == 3


@pytest.mark.parametrize("coop", [False, True])
def test_serica_games_between_agents_finish(coop: bool) -> None:
    # A short round limit keeps the test quick; the game still ends by the rules.
    options = attrs.evolve(SericaOptions(coop=coop), round_limit=4)
    agents = ["ismcts:iterations=8:rollout_depth=2", "greedy"]
    first = play_game(SERICA, options, 4, agents)
    assert SERICA.is_over(first.state)
    assert first.record == play_game(SERICA, options, 4, agents).record
