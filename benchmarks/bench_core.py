"""Speed of the shared core's hot operations and of every title's random playouts.

Run: ``python benchmarks/bench_core.py`` (numbers only; nothing here is asserted).
"""

from __future__ import annotations

import timeit

from silkroad.arena.bench import bench_chess, bench_game
from silkroad.core.deck import Deck
from silkroad.core.registry import GAMES
from silkroad.core.rng import Rng


def per_call(statement: str, setup_globals: dict[str, object], number: int = 20000) -> float:
    seconds = timeit.timeit(statement, globals=setup_globals, number=number)
    return seconds / number * 1e6


def main() -> None:
    rng = Rng.from_seed(1)
    deck, _ = Deck.shuffled(range(76), rng)
    scope: dict[str, object] = {"rng": rng, "deck": deck, "cards": list(range(76))}
    print(f"Rng.randrange(6)      {per_call('rng.randrange(6)', scope):8.2f} us")
    print(f"Rng.shuffle(76 cards) {per_call('rng.shuffle(cards)', scope, 2000):8.2f} us")
    print(f"Deck.draw(2)          {per_call('deck.draw(2)', scope):8.2f} us")
    print(f"Deck.discard([1])     {per_call('deck.discard([1])', scope):8.2f} us")
    chess = bench_chess(seconds=2.0)
    for name in GAMES:
        game = GAMES[name]
        for players in sorted({game.spec.min_players, game.spec.max_players}):
            rate = bench_game(game, game.default_options(players), seconds=2.0)
            ratio = (
                f" ({rate.decisions_per_second / chess.decisions_per_second:.2f}x chess)"
                if chess
                else ""
            )
            print(
                f"{name} {players}p: {rate.decisions_per_second:,.0f} decisions/s, "
                f"{rate.games_per_second:,.1f} games/s{ratio}"
            )
    if chess:
        print(f"python-chess: {chess.decisions_per_second:,.0f} random-playout plies/s")


if __name__ == "__main__":
    main()
