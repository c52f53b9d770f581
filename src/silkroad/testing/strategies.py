"""Hypothesis strategies over any registered (or given) game.

``games(game, options)`` draws a state reached by a random playout of random length;
hypothesis chooses the seed and every move, so a failing example shrinks to a short game.
``moves(state)`` draws one legal move of a state that is not over.

Hypothesis is imported when a strategy is built, so ``silkroad.testing`` imports without
it (it comes with the ``test`` extra).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from silkroad.core.game import AnyGame

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn, SearchStrategy

__all__ = ["games", "moves"]


def _game_of_state(state: Any) -> AnyGame:
    from silkroad.core.registry import GAMES

    for game in GAMES.values():
        if isinstance(state, game.state_type):
            return game
    raise LookupError(f"no registered game has states of type {type(state).__name__}")


def games(
    game: AnyGame,
    options: Any = None,
    *,
    max_moves: int | None = None,
    seeds: SearchStrategy[int] | None = None,
) -> SearchStrategy[Any]:
    """States of ``game`` reached by a random playout of 0 to ``max_moves`` decisions.

    ``options`` defaults to the game's default options; ``max_moves`` to its
    ``max_game_length``; ``seeds`` to integers in [0, 2**32).
    """
    from hypothesis import strategies as st

    opts = options if options is not None else game.default_options()
    limit = max_moves if max_moves is not None else game.max_game_length(opts)
    seed_strategy = seeds if seeds is not None else st.integers(0, 2**32 - 1)

    @st.composite
    def playout(draw: DrawFn) -> Any:
        state = game.new_game(opts, draw(seed_strategy))
        length = draw(st.integers(0, limit))
        for _ in range(length):
            legal = game.legal_moves(state)
            if not legal:
                break
            state = game.apply(state, legal[draw(st.integers(0, len(legal) - 1))])
        return state

    strategy: SearchStrategy[Any] = playout()
    return strategy


def moves(state: Any, game: AnyGame | None = None) -> SearchStrategy[Any]:
    """A legal move of ``state`` (the game is found from the state's type if not given).

    For a finished game there is no legal move: the strategy is ``nothing()``.
    """
    from hypothesis import strategies as st

    legal = (game or _game_of_state(state)).legal_moves(state)
    return st.sampled_from(legal) if legal else st.nothing()
