"""Kashgar speed: seeded random playouts, decisions/s and games/s for 2, 3 and 4 players
(and 4 with the expansion), compared with python-chess random-playout plies/s measured in
the same run; with ``--agents``, ISMCTS iterations/s at its default settings too.

    PYTHONPATH=src python benchmarks/bench_kashgar.py [--seconds 3] [--agents]

Times are this process's CPU seconds (``silkroad.arena.bench``). A benchmark, never a
test: numbers depend on the machine.
"""

from __future__ import annotations

import argparse

from silkroad.arena.bench import print_configurations
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
    print_configurations(GAME, configurations, seconds=args.seconds, agents=args.agents)


if __name__ == "__main__":
    main()
