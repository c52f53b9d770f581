"""Conservation of cards and track ranges over many random games; every game ends;
no trivial strategy always wins."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from silkroad.core.rng import Rng
from silkroad.kashgar import (
    CaravanAction,
    Fulfill,
    Move,
    Options,
    Pass,
    State,
    apply,
    current_player,
    legal_moves,
    max_game_length,
    new_game,
    scores,
    validate,
    winners,
)
from silkroad.kashgar.rules import CAPS, VP_GOAL, _Work
from silkroad.kashgar.state import Decision, Frame, Pending
from silkroad.kashgar.table import table

from .helpers import sensible_move


def _random_game(options: Options, seed: int, strategy: object = None) -> int:
    state = new_game(options, seed)
    rng = Rng.from_seed(seed + 17)
    steps = 0
    while True:
        validate(state)  # every card in exactly one place, tracks in range
        assert all(0 <= v <= c for tr in state.tracks for v, c in zip(tr, CAPS, strict=True))
        # [KG-6] whoever has 25 VP, at any decision, has triggered the end
        assert state.end_triggered or max(scores(state)) < VP_GOAL
        moves = legal_moves(state)
        if not moves:
            break
        if strategy is not None and current_player(state) == 0:
            move = strategy(moves)  # type: ignore[operator]
        else:
            i, rng = rng.randrange(len(moves))
            move = moves[i]
        state = apply(state, move)
        steps += 1
        assert steps <= max_game_length(options)
    return winners(state)[0] if len(winners(state)) == 1 else -1


@pytest.mark.rule("KG-7")
@pytest.mark.parametrize(("players", "expansion"), [(2, "none"), (3, "all"), (4, "all")])
def test_conservation_and_ranges_over_random_games(players: int, expansion: str) -> None:
    options = Options.create(players, expansion=expansion, round_limit=25)
    for seed in range(20):
        _random_game(options, seed)


def _greedy(moves: tuple[Move, ...], rng: Rng) -> tuple[Move, Rng]:
    """A simple baseline: fulfil an order when offered, else a random caravan action."""
    orders = [m for m in moves if isinstance(m, Fulfill)]
    if orders:
        return orders[0], rng
    pool: list[Move] = [m for m in moves if isinstance(m, CaravanAction)] or list(moves)
    i, rng = rng.randrange(len(pool))
    return pool[i], rng


def _versus_greedy(strategy: Callable[[tuple[Move, ...]], Move], seed: int) -> tuple[int, ...]:
    state = new_game(Options.create(2), seed)
    rng = Rng.from_seed(seed)
    while moves := legal_moves(state):
        if current_player(state) == 0:
            move = strategy(moves)
        else:
            move, rng = _greedy(moves, rng)
        state = apply(state, move)
    return winners(state)


@pytest.mark.rule("KG-6")
def test_no_trivial_strategy_always_wins() -> None:
    def first(moves: tuple[Move, ...]) -> Move:
        return moves[0]

    def last(moves: tuple[Move, ...]) -> Move:
        return moves[-1]

    def passer(moves: tuple[Move, ...]) -> Move:
        return next((m for m in moves if isinstance(m, Pass)), moves[0])

    for strategy in (first, last, passer):
        wins = sum(_versus_greedy(strategy, seed) == (0,) for seed in range(12))
        assert wins < 12, strategy.__name__
    assert sum(_versus_greedy(passer, seed) == (1,) for seed in range(12)) >= 9


@pytest.mark.rule("KG-6")
@pytest.mark.parametrize(("players", "expansion"), [(2, "none"), (4, "all")])
def test_sensible_players_reach_the_goal(players: int, expansion: str) -> None:
    """The reconstructed components make a playable game: simple sensible players end
    it by reaching 25 VP, well before the round limit."""
    options = Options.create(players, expansion=expansion)
    ended = 0
    for seed in range(8):
        state = new_game(options, seed)
        rng = Rng.from_seed(seed)
        while legal_moves(state):
            move, rng = sensible_move(state, rng)
            state = apply(state, move)
        ended += state.end_triggered and state.round < options.round_limit
    assert ended >= 7


@pytest.mark.parametrize("players", [2, 4])
def test_the_work_record_of_apply_freezes_into_an_equal_state(players: int) -> None:
    """``apply`` copies a state into its work record and builds the new state from it
    slot by slot: every field comes through (mid-turn states and finished ones too)."""
    options = Options.create(players, expansion="all")
    t = table(options)
    state = new_game(options, players)
    rng = Rng.from_seed(players)
    seen: set[Decision] = set()
    while True:
        frozen = _Work(state, t).freeze()
        assert type(frozen) is State  # the record became a state, not a subclass of it
        assert frozen == state
        assert frozen is not state
        assert hash(frozen) == hash(state)
        assert [getattr(frozen, f.name) for f in attrs.fields(State)] == [
            getattr(state, f.name) for f in attrs.fields(State)
        ]
        for frame in state.stack:  # frames are built through their slots too
            assert type(frame) is Frame
            assert frame == Frame(**attrs.asdict(frame, recurse=False))
        if state.pending is not None:  # and so are pending decisions
            assert type(state.pending) is Pending
            assert state.pending == Pending(**attrs.asdict(state.pending, recurse=False))
            seen.add(state.pending.kind)
        moves = legal_moves(state)
        if not moves:
            break
        i, rng = rng.randrange(len(moves))
        state = apply(state, moves[i])
    assert len(seen) >= 3, seen  # decisions of several kinds were made
