"""Speed of seeded random playouts, and python-chess's as a reference point.

Measured by ``silkroad bench`` and the scripts in ``benchmarks/``, never by tests. A
decision is one call of ``legal_moves`` plus one ``apply``: what a simulation or a search
agent pays per step. python-chess is measured the same way (legal moves listed, one
pushed, game-over checked) in the same process, so the ratio compares like with like on
whatever machine runs it. Times are the CPU time of this process (``time.process_time``),
not the wall clock, so other programs sharing the machine slow a measurement less.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import attrs

from silkroad.core.game import AnyGame
from silkroad.core.rng import Rng

__all__ = [
    "Rate",
    "SearchRate",
    "bench_chess",
    "bench_game",
    "bench_ismcts",
    "print_configurations",
]

#: The clock of every measurement: this process's CPU seconds.
_clock = time.process_time


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
    start = _clock()
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
        elapsed = _clock() - start
    return Rate(games, decisions, elapsed)


@attrs.frozen
class SearchRate:
    """Searches timed, the iterations they ran and the CPU seconds they took."""

    searches: int
    iterations: int
    seconds: float

    @property
    def iterations_per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds > 0 else 0.0


def bench_ismcts(
    game: AnyGame,
    options: Any,
    *,
    seconds: float = 2.0,
    seed: int = 0,
    min_searches: int = 1,
    every: int = 5,
    max_games: int = 100,
) -> SearchRate:
    """Information-set MCTS at its default settings on the decisions of seeded random
    playouts: every ``every``-th decision with more than one legal move is searched from
    the observation of the player to act (one search is ``DEFAULT_ITERATIONS``
    iterations) until the searches have taken about ``seconds``; only the searches are
    timed. At most ``max_games`` playouts (a game with no choice to search ends it)."""
    from silkroad.agents.ismcts import DEFAULT_ITERATIONS, ISMCTSAgent

    searches = 0
    spent = 0.0
    games = 0
    while (searches < min_searches or spent < seconds) and games < max_games:
        state = game.new_game(options, seed + games)
        rng = Rng.from_seed(seed + games)
        agent = ISMCTSAgent(seed + games)
        step = 0
        moves = game.legal_moves(state)
        while moves and (searches < min_searches or spent < seconds):
            if len(moves) > 1:
                step += 1
                if step % every == 0:
                    player = game.current_player(state)
                    assert player is not None  # a state with legal moves has a player
                    observation = game.observe(state, player)
                    start = _clock()
                    agent.choose(game, observation, moves)
                    spent += _clock() - start
                    searches += 1
            index, rng = rng.randrange(len(moves))
            state = game.apply(state, moves[index])
            moves = game.legal_moves(state)
        games += 1
    return SearchRate(searches, searches * DEFAULT_ITERATIONS, spent)


def bench_chess(*, seconds: float = 2.0, seed: int = 0, max_plies: int = 300) -> Rate | None:
    """python-chess random playouts (capped at ``max_plies``); None if chess is missing."""
    try:
        import chess
    except ImportError:
        return None
    games = plies = 0
    rng = Rng.from_seed(seed)
    start = _clock()
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
        elapsed = _clock() - start
    return Rate(games, plies, elapsed)


def print_configurations(
    game: Any, configurations: Sequence[tuple[str, Any]], *, seconds: float, agents: bool
) -> None:
    """Measure and print each ``(label, options)`` configuration of ``game``: random
    playouts (decisions/s, games/s) and with ``agents`` ISMCTS iterations/s at its default
    settings, each beside python-chess's random plies/s of the same run, all in this
    process's CPU seconds. The driver of ``benchmarks/bench_<title>.py``."""
    rows = []
    for label, options in configurations:
        rate = bench_game(game, options, seconds=seconds)
        search = bench_ismcts(game, options, seconds=seconds) if agents else None
        rows.append((label, rate, search))
    chess = bench_chess(seconds=seconds)
    reference = chess.decisions_per_second if chess else None
    width = max(28, *(len(label) + 1 for label, _ in configurations))
    head = f"{'configuration':<{width}} {'decisions/s':>12} {'games/s':>9} {'vs chess':>9}"
    print(head + (f" {'ISMCTS it/s':>12} {'vs chess':>9}" if agents else ""))
    for label, rate, search in rows:
        ratio = f"{rate.decisions_per_second / reference:.2f}" if reference else "-"
        line = f"{label:<{width}} {rate.decisions_per_second:>12,.0f} {rate.games_per_second:>9.1f}"
        line += f" {ratio:>9}"
        if search is not None:
            it = search.iterations_per_second
            line += f" {it:>12,.0f} {f'{it / reference:.3f}' if reference else '-':>9}"
        print(line)
    if reference:
        print(f"{'python-chess random plies':<{width}} {reference:>12,.0f}")
    else:
        print("(python-chess is not installed: pip install 'silkroad[bench]' for the reference)")
