"""Serica speed: seeded random playouts, decisions/s and games/s for the competitive and
the co-op game, compared with python-chess random-playout plies/s in the same run.

    .venv/bin/python benchmarks/bench_serica.py [--seconds 3]

A benchmark, never a test: numbers depend on the machine.
"""

from __future__ import annotations

import argparse

from silkroad.arena.bench import bench_chess, bench_game
from silkroad.serica import GAME, Options


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args(argv)
    chess = bench_chess(seconds=args.seconds)
    print(f"{'configuration':<24} {'decisions/s':>12} {'games/s':>9} {'vs chess':>9}")
    for label, options in (("serica competitive", Options()), ("serica co-op", Options(coop=True))):
        rate = bench_game(GAME, options, seconds=args.seconds)
        ratio = f"{rate.decisions_per_second / chess.decisions_per_second:.2f}" if chess else "-"
        print(
            f"{label:<24} {rate.decisions_per_second:>12,.0f} {rate.games_per_second:>9.1f} "
            f"{ratio:>9}"
        )
    if chess:
        print(f"{'python-chess random plies':<24} {chess.decisions_per_second:>12,.0f}")


if __name__ == "__main__":
    main()
