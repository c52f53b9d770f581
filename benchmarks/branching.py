"""Branching factors: seeded random games of each title, and per game the mean number
of legal moves per decision and the log10 of their product (the size of the game tree
along the path played).

    PYTHONPATH=src python benchmarks/branching.py [--games 200] [TITLE ...]

A measurement of the rules, not of speed: the figures do not depend on the machine.
Run it on two versions of the rules to see how a change to move generation narrows
the trees (docs/<title>.md, "Identical components").
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from typing import Any

from silkroad import GAMES
from silkroad.core.rng import Rng

#: The configurations measured: (title, label, options keyword arguments).
CONFIGS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("kashgar", "2 players", {"players": 2}),
    ("kashgar", "4 players", {"players": 4}),
    ("serica", "competitive", {}),
    ("dunhuang", "4 players", {"players": 4}),
    ("dunhuang", "solitaire", {"players": 1}),
)


def measure(title: str, options: Any, games: int) -> tuple[float, float, float, dict[str, float]]:
    """(mean legal moves per decision, mean decisions per game, mean log10 of the
    product of the legal move counts of a game, and the mean legal moves of each kind of
    decision, named by the class of its first move) over ``games`` seeded random games."""
    game = GAMES[title]
    total_moves = total_decisions = 0
    log_sizes = 0.0
    kinds: dict[str, list[int]] = {}
    for seed in range(games):
        state = game.new_game(options, seed)
        rng = Rng.from_seed(seed + 1)
        while True:
            moves = game.legal_moves(state)
            if not moves:
                break
            total_moves += len(moves)
            total_decisions += 1
            log_sizes += math.log10(len(moves))
            kind = kinds.setdefault(type(moves[0]).__name__, [0, 0])
            kind[0] += len(moves)
            kind[1] += 1
            i, rng = rng.randrange(len(moves))
            state = game.apply(state, moves[i])
    per_kind = {name: n / d for name, (n, d) in sorted(kinds.items())}
    return total_moves / total_decisions, total_decisions / games, log_sizes / games, per_kind


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("titles", nargs="*", help="titles to measure (default: all)")
    args = parser.parse_args(argv)
    print(
        "| title | game | moves per decision | decisions per game | log10 tree path "
        "| moves per decision, by kind |"
    )
    print("|---|---|---|---|---|---|")
    for title, label, kwargs in CONFIGS:
        if args.titles and title not in args.titles:
            continue
        options = GAMES[title].default_options(kwargs.get("players"))
        mean, length, size, kinds = measure(title, options, args.games)
        by_kind = ", ".join(f"{name} {value:.2f}" for name, value in kinds.items())
        print(f"| {title} | {label} | {mean:.2f} | {length:.1f} | {size:.1f} | {by_kind} |")


if __name__ == "__main__":
    main()
