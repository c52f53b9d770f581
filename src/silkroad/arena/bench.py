"""Speed of seeded random playouts, and python-chess's as a reference point.

Measured by ``silkroad bench`` and the scripts in ``benchmarks/``, never by tests. A
decision is one call of ``legal_moves`` plus one ``apply``: what a simulation or a search
agent pays per step. python-chess is measured the same way (legal moves listed, one
pushed, game-over checked) in the same process, so the ratio compares like with like on
whatever machine runs it.
"""

from __future__ import annotations

import time
from typing import Any

import attrs

from silkroad.core.game import AnyGame
from silkroad.core.rng import Rng

__all__ = ["Rate", "bench_chess", "bench_game"]


@attrs.frozen
class Rate:
    games: int
    decisions: int
    seconds: float

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0


def bench_game(
    game: AnyGame, options: Any, *, seconds: float = 2.0, seed: int = 0, min_games: int = 1
) -> Rate:
    """Random playouts of ``game`` for about ``seconds`` (whole games, at least ``min_games``)."""
    legal_moves, apply = game.legal_moves, game.apply
    games = decisions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while games < min_games or elapsed < seconds:
        state = game.new_game(options, seed + games)
        rng = Rng.from_seed(seed + games)
        moves = legal_moves(state)
        while moves:
            index, rng = rng.randrange(len(moves))
            state = apply(state, moves[index])
            decisions += 1
            moves = legal_moves(state)
        games += 1
        elapsed = time.perf_counter() - start
    return Rate(games, decisions, elapsed)


def bench_chess(*, seconds: float = 2.0, seed: int = 0, max_plies: int = 300) -> Rate | None:
    """python-chess random playouts (capped at ``max_plies``); None if chess is missing."""
    try:
        import chess
    except ImportError:
        return None
    games = plies = 0
    rng = Rng.from_seed(seed)
    start = time.perf_counter()
    elapsed = 0.0
    while games < 1 or elapsed < seconds:
        board = chess.Board()
        for _ in range(max_plies):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over():
                break
            index, rng = rng.randrange(len(moves))
            board.push(moves[index])
            plies += 1
        games += 1
        elapsed = time.perf_counter() - start
    return Rate(games, plies, elapsed)
