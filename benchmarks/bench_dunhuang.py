"""Dunhuang speed: seeded random playouts, decisions/s and games/s for 1 (solitaire), 3
and 4 players (and 4 with other pack triples and with the promos), compared with
python-chess random-playout plies/s measured in the same run; with ``--agents``, ISMCTS
iterations/s at its default settings too.

    PYTHONPATH=src python benchmarks/bench_dunhuang.py [--seconds 3] [--agents]

Times are this process's CPU seconds (``silkroad.arena.bench``). A benchmark, never a
test: numbers depend on the machine.
"""

from __future__ import annotations

import argparse

from silkroad.arena.bench import print_configurations
from silkroad.dunhuang import GAME, Options


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU time per measurement")
    parser.add_argument(
        "--agents", action="store_true", help="also ISMCTS iterations/s (default settings)"
    )
    args = parser.parse_args(argv)
    every = (
        Options(1),
        Options(3),
        Options(4),
        Options(4, ("silk", "china", "tea")),
        Options(4, ("china", "gold", "tea")),
        Options(4, promos=True),
    )
    configurations = [
        (
            f"dunhuang {o.players}p {'+'.join(o.packs) or 'drawn packs'}"
            + (" promos" if o.promos else ""),
            o,
        )
        for o in every
    ]
    print_configurations(GAME, configurations, seconds=args.seconds, agents=args.agents)


if __name__ == "__main__":
    main()
