"""Every player's evaluation at once equals the evaluation player by player."""

from __future__ import annotations

import attrs
import pytest

from silkroad.agents.values import state_values
from silkroad.core.game import GameDefinition, evaluate_every_player
from silkroad.core.registry import get_game
from silkroad.core.rng import Rng


def _states(name: str, players: int, games: int = 2) -> list[object]:
    game = get_game(name)
    out: list[object] = []
    for seed in range(games):
        state = game.new_game(game.default_options(players), seed)
        rng = Rng.from_seed(seed)
        moves = game.legal_moves(state)
        while moves:
            out.append(state)
            i, rng = rng.randrange(len(moves))
            state = game.apply(state, moves[i])
            moves = game.legal_moves(state)
        out.append(state)
    return [*out[::7], out[-1]]


@pytest.mark.parametrize(
    ("name", "players"),
    [("kashgar", 2), ("kashgar", 4), ("serica", 2), ("dunhuang", 1), ("dunhuang", 3)],
)
def test_every_player_equals_player_by_player(name: str, players: int) -> None:
    game = get_game(name)
    for state in _states(name, players):
        n = game.num_players(state)
        assert evaluate_every_player(game, state) == tuple(
            game.evaluate(state, p) for p in range(n)
        )


def test_serica_coop_every_player() -> None:
    game = get_game("serica")
    options = attrs.evolve(game.default_options(), coop=True)
    state = game.new_game(options, 3)
    values = evaluate_every_player(game, state)
    assert values == (game.evaluate(state, 0), game.evaluate(state, 1))
    assert values[0] == values[1]


def test_a_replaced_evaluator_is_used_player_by_player() -> None:
    game = get_game("kashgar")
    assert isinstance(game, GameDefinition)
    calls: list[int] = []

    def counting(state: object, player: int) -> float:
        calls.append(player)
        return float(player)

    other = game.replace(evaluate=counting)
    state = game.new_game(game.default_options(3), 1)
    assert evaluate_every_player(other, state) == (0.0, 1.0, 2.0)
    assert calls == [0, 1, 2]
    margin = game.replace(evaluate=None)
    assert evaluate_every_player(margin, state) == tuple(
        margin.evaluate(state, p) for p in range(3)
    )
    # the search's values come from the same numbers
    assert state_values(other, state, 3, 4.0)[0] < state_values(other, state, 3, 4.0)[2]
