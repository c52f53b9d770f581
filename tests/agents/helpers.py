"""Mid-game positions of the titles, reached by seeded random play."""

from __future__ import annotations

from typing import Any

from silkroad.core.game import AnyGame
from silkroad.core.rng import Rng


def random_position(game: AnyGame, options: Any, seed: int, decisions: int) -> Any:
    """The state after up to ``decisions`` seeded random moves (never a finished game)."""
    state = game.new_game(options, seed)
    rng = Rng.from_seed(seed + 17)
    for _ in range(decisions):
        legal = game.legal_moves(state)
        move, rng = rng.choice(legal)
        after = game.apply(state, move)
        if game.is_over(after):
            break
        state = after
    return state


def positions(game: AnyGame, options: Any, count: int, *, seed: int = 0) -> list[Any]:
    """``count`` varied positions (different seeds and depths), each with a choice to make."""
    out: list[Any] = []
    k = 0
    while len(out) < count:
        state = random_position(game, options, seed + k, 7 * k + 3)
        k += 1
        if len(game.legal_moves(state)) > 1:
            out.append(state)
    return out


def to_act(game: AnyGame, state: Any) -> int:
    """The player to act in an unfinished game."""
    player = game.current_player(state)
    assert player is not None
    return player
