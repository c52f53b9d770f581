"""Kashgar speed: seeded random playouts, decisions/s and games/s for 2 and 4 players,
compared with python-chess random-playout plies/s measured in the same run.

    PYTHONPATH=src python benchmarks/bench_kashgar.py [--seconds 3]

A benchmark, never a test: numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import time

from silkroad.core.rng import Rng
from silkroad.kashgar import Options, apply, legal_moves, new_game


def kashgar_playouts(options: Options, seconds: float) -> tuple[float, float]:
    """Random seeded playouts for ``seconds``: (decisions per second, games per second)."""
    decisions = games = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(options, seed)
        rng = Rng.from_seed(seed + 1)
        while True:
            moves = legal_moves(state)
            if not moves:
                break
            i, rng = rng.randrange(len(moves))
            state = apply(state, moves[i])
            decisions += 1
        games += 1
        seed += 1
    elapsed = time.perf_counter() - start
    return decisions / elapsed, games / elapsed


def chess_playouts(seconds: float) -> float | None:
    """python-chess random playouts (plies per second), or None without python-chess."""
    try:
        import chess
    except ImportError:
        return None
    plies = 0
    rng = Rng.from_seed(0)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False) and board.ply() < 400:
            moves = list(board.legal_moves)
            i, rng = rng.randrange(len(moves))
            board.push(moves[i])
            plies += 1
    return plies / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args(argv)
    chess_rate = chess_playouts(args.seconds)
    print(f"{'configuration':<28} {'decisions/s':>12} {'games/s':>9} {'vs chess':>9}")
    for players, expansion in ((2, "none"), (4, "all")):
        rate, games = kashgar_playouts(Options.create(players, expansion=expansion), args.seconds)
        ratio = f"{rate / chess_rate:.2f}" if chess_rate else "-"
        label = f"kashgar {players}p expansion={expansion}"
        print(f"{label:<28} {rate:>12,.0f} {games:>9.1f} {ratio:>9}")
    if chess_rate:
        print(f"{'python-chess random plies':<28} {chess_rate:>12,.0f}")


if __name__ == "__main__":
    main()
