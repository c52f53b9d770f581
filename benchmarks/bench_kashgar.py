"""Kashgar speed: seeded random playouts, decisions/s and games/s for 2, 3 and 4 players
(and 4 with the expansion), compared with python-chess random-playout plies/s measured in
the same run; with ``--agents``, ISMCTS iterations/s at its default settings too.

    PYTHONPATH=src python benchmarks/bench_kashgar.py [--seconds 3] [--agents]

Times are this process's CPU seconds (``silkroad.arena.bench``). A benchmark, never a
test: numbers depend on the machine.
"""

from __future__ import annotations

import argparse

from silkroad.arena.bench import bench_chess, bench_game, bench_ismcts
from silkroad.kashgar import GAME, Options


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU time per measurement")
    parser.add_argument(
        "--agents", action="store_true", help="also ISMCTS iterations/s (default settings)"
    )
    args = parser.parse_args(argv)
    configurations = [
        (f"kashgar {players}p expansion={expansion}", Options.create(players, expansion=expansion))
        for players, expansion in ((2, "none"), (3, "none"), (4, "none"), (4, "all"))
    ]
    rows = []
    for label, options in configurations:
        rate = bench_game(GAME, options, seconds=args.seconds)
        search = bench_ismcts(GAME, options, seconds=args.seconds) if args.agents else None
        rows.append((label, rate, search))
    chess = bench_chess(seconds=args.seconds)
    reference = chess.decisions_per_second if chess else None
    print(f"{'configuration':<28} {'decisions/s':>12} {'games/s':>9} {'vs chess':>9}", end="")
    print(f" {'ISMCTS it/s':>12} {'vs chess':>9}" if args.agents else "")
    for label, rate, search in rows:
        ratio = f"{rate.decisions_per_second / reference:.2f}" if reference else "-"
        line = f"{label:<28} {rate.decisions_per_second:>12,.0f} {rate.games_per_second:>9.1f}"
        line += f" {ratio:>9}"
        if search is not None:
            it = search.iterations_per_second
            line += f" {it:>12,.0f} {f'{it / reference:.3f}' if reference else '-':>9}"
        print(line)
    if reference:
        print(f"{'python-chess random plies':<28} {reference:>12,.0f}")


if __name__ == "__main__":
    main()
