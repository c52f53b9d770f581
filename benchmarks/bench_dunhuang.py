"""Dunhuang speed: seeded random playouts, decisions/s and games/s for 3 and 4 players,
compared with python-chess random-playout plies/s measured in the same run.

    PYTHONPATH=src python benchmarks/bench_dunhuang.py [--seconds 3]

A benchmark, never a test: numbers depend on the machine.
"""

from __future__ import annotations

import argparse

from silkroad.arena.bench import bench_chess, bench_game
from silkroad.dunhuang import GAME, Options


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args(argv)
    chess = bench_chess(seconds=args.seconds)
    chess_rate = chess.decisions_per_second if chess else None
    print(f"{'configuration':<34} {'decisions/s':>12} {'games/s':>9} {'vs chess':>9}")
    for options in (
        Options(3),
        Options(4),
        Options(4, ("silk", "china", "tea")),
        Options(4, ("china", "gold", "tea")),
    ):
        rate = bench_game(GAME, options, seconds=args.seconds)
        ratio = f"{rate.decisions_per_second / chess_rate:.2f}" if chess_rate else "-"
        label = f"dunhuang {options.players}p {'+'.join(options.packs)}"
        per_s, games = rate.decisions_per_second, rate.games_per_second
        print(f"{label:<34} {per_s:>12,.0f} {games:>9.1f} {ratio:>9}")
    if chess_rate:
        print(f"{'python-chess random plies':<34} {chess_rate:>12,.0f}")


if __name__ == "__main__":
    main()
