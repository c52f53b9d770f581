"""OpenSpiel's own search algorithms play every title, and the deals a framework user
meets come from the engine's whole seed space.

``ISMCTSBot`` asks each state for ``resample_from_infostate``, which the adapter answers
with the title's ``determinize``; ``MCTSBot`` searches the state itself. The budgets are
small and the leaves are valued flat (no rollouts), so a whole game takes seconds: the
tests check that the algorithms run through the adapter, not how well they play.
"""

from __future__ import annotations

from typing import Any

import attrs
import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import silkroad.adapters.openspiel as adapter
from silkroad.adapters.pettingzoo import raw_env
from silkroad.core.registry import GAMES
from silkroad.core.rng import Rng

#: Every title once, as a game the bots finish in seconds: (name, parameters).
GAMES_TO_PLAY = [
    ("silkroad_kashgar", {"players": 2}),
    ("silkroad_serica", {}),
    ("silkroad_dunhuang", {"players": 1}),
    ("silkroad_dunhuang", {"players": 3}),
]


class FlatEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """Every leaf worth 0 to everyone, every move equally likely: a search that costs
    only the tree's own work."""

    def evaluate(self, state: Any) -> Any:
        return np.zeros(state.get_game().num_players())

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def make_bot(kind: str, game: Any, seat: int) -> Any:
    if kind == "ismcts":
        return ismcts.ISMCTSBot(
            game, FlatEvaluator(), 2.0, 3, random_state=np.random.RandomState(seat)
        )
    return mcts.MCTSBot(game, 2.0, 3, FlatEvaluator(), random_state=np.random.RandomState(seat))


def play(game: Any, bots: list[Any], seed: int) -> Any:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
            steps += 1
    assert 0 < steps <= game.max_game_length()
    return state


@pytest.mark.parametrize("kind", ["ismcts", "mcts"])
@pytest.mark.parametrize(("name", "params"), GAMES_TO_PLAY)
def test_openspiels_bots_play_a_whole_game_of_every_title(
    kind: str, name: str, params: dict[str, Any]
) -> None:
    game = pyspiel.load_game(name, {**params, "utility": "win"})
    state = play(game, [make_bot(kind, game, p) for p in range(game.num_players())], 5)
    returns = state.returns()
    assert len(returns) == game.num_players()
    assert set(returns) <= {0.0, 1.0}
    assert not state.is_truncated()  # the rules ended the game


def sampler(values: list[float]) -> Any:
    draws = iter(values)
    return lambda: next(draws)


def reached(name: str, params: dict[str, Any], moves: int) -> Any:
    """A state after the deal and ``moves`` seeded random moves."""
    game = pyspiel.load_game(name, params)
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    while state.is_chance_node():
        state.apply_action(int(rng.randint(adapter.SEED_OUTCOMES)))
    for _ in range(moves):
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize(("name", "params"), GAMES_TO_PLAY)
def test_a_resampled_state_is_the_titles_determinization_of_the_players_view(
    name: str, params: dict[str, Any]
) -> None:
    state = reached(name, params, 6)
    title = state.cfg.title
    player = state.current_player()
    draws = [0.25, 0.5, 0.75, 0.125]
    twin = state.resample_from_infostate(player, sampler(draws))
    seed = (0x4000 << 48) | (0x8000 << 32) | (0xC000 << 16) | 0x2000
    observation = title.observe(state.inner, player)
    # the sample is made from the observation alone, with the sampler's seed
    assert twin.inner == title.determinize(observation, seed)
    # the player cannot tell it from the real state: same view, same information state
    assert title.observe(twin.inner, player) == observation
    assert twin.information_state_string(player) == state.information_state_string(player)
    assert twin.observation_string(player) == state.observation_string(player)
    assert twin.legal_actions() == state.legal_actions()
    # the other players' records come from the player's view, not the real game
    for other in range(game_players(state)):
        if other != player:
            assert len(twin.own.moves[other]) == 0
            assert twin.trail.digest(other) != state.trail.digest(other)
    # the sample plays on
    twin.apply_action(twin.legal_actions()[0])


def game_players(state: Any) -> int:
    return int(state.get_game().num_players())


def test_resampled_worlds_differ_where_the_player_cannot_see() -> None:
    state = reached("silkroad_kashgar", {"players": 2}, 4)
    player = state.current_player()
    rng = np.random.RandomState(1)
    worlds = {
        state.resample_from_infostate(player, rng.random_sample).inner.order_deck for _ in range(20)
    }
    assert len(worlds) > 1


def deal_of(title: Any, inner: Any) -> Any:
    """A dealt state without its generator: what the deal put where."""
    return attrs.evolve(inner, rng=Rng.from_seed(0))


NEW_GAMES = 10_000


def test_openspiel_deals_come_from_the_whole_seed_space() -> None:
    game = pyspiel.load_game("silkroad_kashgar", {"players": 2})
    rng = np.random.RandomState(11)
    deals = set()
    for _ in range(NEW_GAMES):
        state = game.new_initial_state()
        for byte in rng.randint(adapter.SEED_OUTCOMES, size=adapter.SEED_BYTES):
            state.apply_action(int(byte))
        deals.add(deal_of(state.cfg.title, state.inner))
    # 2**64 seeds: two of 10,000 alike has a chance of about 3e-12
    assert len(deals) == NEW_GAMES


def test_pettingzoo_deals_without_a_seed_come_from_the_whole_seed_space() -> None:
    environment = raw_env(GAMES["kashgar"], players=2)
    deals = set()
    for _ in range(NEW_GAMES):
        environment.reset()
        deals.add(deal_of(environment.game, environment.state_))
    assert len(deals) == NEW_GAMES


def test_two_unseeded_pettingzoo_environments_deal_different_games() -> None:
    first, second = (raw_env(GAMES["kashgar"], players=2) for _ in range(2))
    first.reset()
    second.reset()
    assert deal_of(None, first.state_) != deal_of(None, second.state_)
    # a seeded reset still replays
    first.reset(seed=9)
    second.reset(seed=9)
    assert first.state_ == second.state_
    again = [env.reset() or env.state_ for env in (first, second)]
    assert again[0] == again[1]
