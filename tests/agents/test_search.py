"""The search agents find the right moves where the right moves are known (Nim)."""

from __future__ import annotations

import attrs
import pytest

from silkroad.agents import GreedyAgent, ISMCTSAgent
from silkroad.agents.ismcts import DEFAULT_ROLLOUT_DEPTH
from silkroad.agents.values import outcome_values, state_values
from silkroad.core.protocol import GameSpec
from silkroad.core.registry import get_game

from . import nim


@pytest.mark.parametrize("pile", [5, 6, 7, 9, 10, 11])
def test_ismcts_finds_the_winning_move(pile: int) -> None:
    state = nim.GAME.new_game(nim.Options(pile=pile), 0)
    legal = nim.GAME.legal_moves(state)
    agent = ISMCTSAgent(seed=pile, iterations=600, rollout_depth=20)
    assert agent.choose(nim.GAME, state, legal) == nim.Take(pile % 4)


def test_ismcts_values_each_node_for_its_mover() -> None:
    # From 5 only "take 1" wins. Each root child holds the value for the player who
    # took the move (us): the winning child must look won, the others lost.
    state = nim.GAME.new_game(nim.Options(pile=5), 0)
    stats = ISMCTSAgent(seed=1, iterations=800, rollout_depth=20).root_statistics(nim.GAME, state)
    visits = {m.n: v for m, (v, _) in stats.items()}
    means = {m.n: q for m, (_, q) in stats.items()}
    assert max(visits, key=lambda n: visits[n]) == 1
    assert means[1] > 0.9  # leaving 4 wins
    assert means[2] < 0.5
    assert means[3] < 0.5


def test_greedy_takes_an_immediate_win() -> None:
    for pile in (1, 2, 3):
        state = nim.GAME.new_game(nim.Options(pile=pile), 0)
        legal = nim.GAME.legal_moves(state)
        assert GreedyAgent(pile).choose(nim.GAME, state, legal) == nim.Take(pile)


def test_greedy_breaks_ties_with_its_seed() -> None:
    # From 9 no move ends the game and the score margin is 0 after each: all tie.
    state = nim.GAME.new_game(nim.Options(pile=9), 0)
    legal = nim.GAME.legal_moves(state)
    picks = {GreedyAgent(seed).choose(nim.GAME, state, legal) for seed in range(30)}
    assert picks == set(legal)
    again = [GreedyAgent(seed).choose(nim.GAME, state, legal) for seed in range(30)]
    assert again == [GreedyAgent(seed).choose(nim.GAME, state, legal) for seed in range(30)]


def test_values_are_results_when_over_and_logistic_otherwise() -> None:
    over = nim.GAME.apply(nim.GAME.new_game(nim.Options(pile=2), 0), nim.Take(2))
    assert outcome_values(nim.GAME, over, 2) == [1.0, 0.0]
    assert state_values(nim.GAME, over, 2, 4.0) == [1.0, 0.0]
    start = nim.GAME.new_game(nim.Options(pile=9, players=3), 0)
    assert state_values(nim.GAME, start, 3, 4.0) == [0.5, 0.5, 0.5]


def test_ismcts_rolls_out_as_deep_as_the_title_says() -> None:
    # Without a number of its own the search plays the title's rollout depth: the same
    # tree as the agent given that number, another tree than with the default's.
    state = nim.GAME.new_game(nim.Options(pile=21), 0)
    deep = nim.GAME.replace(spec=attrs.evolve(nim.GAME.spec, rollout_depth=9))

    def stats(game: object, depth: int | None) -> object:
        return ISMCTSAgent(seed=4, iterations=60, rollout_depth=depth).root_statistics(
            game,  # type: ignore[arg-type]
            state,
        )

    assert stats(deep, None) == stats(deep, 9)
    assert stats(deep, None) != stats(deep, DEFAULT_ROLLOUT_DEPTH)
    assert stats(nim.GAME, None) == stats(nim.GAME, DEFAULT_ROLLOUT_DEPTH)


def test_titles_name_their_rollout_depth() -> None:
    # Serica's turns are many small decisions (about 500 a game against 75 to 230 in the
    # others): its rollouts play twice as many (docs/agents.md, "Serica against greedy").
    assert attrs.fields(GameSpec).rollout_depth.default == DEFAULT_ROLLOUT_DEPTH
    depths = {name: get_game(name).spec.rollout_depth for name in ("kashgar", "dunhuang")}
    assert depths == {"kashgar": DEFAULT_ROLLOUT_DEPTH, "dunhuang": DEFAULT_ROLLOUT_DEPTH}
    assert get_game("serica").spec.rollout_depth == 2 * DEFAULT_ROLLOUT_DEPTH
    for bad in (-1, 1.5, True, "4"):
        with pytest.raises(ValueError, match="rollout_depth must be an integer >= 0"):
            attrs.evolve(nim.GAME.spec, rollout_depth=bad)
