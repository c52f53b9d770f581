"""Values of states in [0, 1] per player, shared by the search agents.

A finished game is worth its result: a winner gets ``1 / len(winners)`` (a shared win is
split), everyone else 0. An unfinished state is worth the logistic of the title's own
evaluation, ``1 / (1 + exp(-evaluate(state, p) / scale))``: 0.5 for an even position,
towards 1 the further ahead ``p`` is. ``scale`` is in the evaluation's units (victory
points for the built-in titles).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from silkroad.core.game import AnyGame, every_player_evaluator

__all__ = ["check_positive", "outcome_values", "state_evaluator", "state_values", "win_value"]

#: Beyond this many scales the logistic is 0 or 1 to double precision.
_CLAMP = 40.0


def win_value(game: AnyGame, state: Any, player: int) -> float:
    """``player``'s share of the result of a finished game: 1/len(winners) or 0."""
    winners = game.winners(state)
    return 1.0 / len(winners) if player in winners else 0.0


def outcome_values(game: AnyGame, state: Any, players: int) -> list[float]:
    """Every player's share of the result of a finished game."""
    winners = game.winners(state)
    share = 1.0 / len(winners) if winners else 0.0
    return [share if p in winners else 0.0 for p in range(players)]


def state_values(game: AnyGame, state: Any, players: int, scale: float) -> list[float]:
    """Each player's value of ``state`` in [0, 1]: the result once over, else the
    logistic of ``game.evaluate`` divided by ``scale`` (every player's evaluation in
    one call where the title offers it)."""
    return state_evaluator(game, scale)(state, players)


def state_evaluator(game: AnyGame, scale: float) -> Callable[[Any, int], list[float]]:
    """:func:`state_values` for ``game`` and ``scale`` as a function of
    ``(state, players)``, with the title's evaluation looked up once (a search values
    thousands of states)."""
    is_over = game.is_over
    every = every_player_evaluator(game)
    exp = math.exp
    low, high = -_CLAMP, _CLAMP

    def values(state: Any, players: int) -> list[float]:
        if is_over(state):
            return outcome_values(game, state, players)
        out = []
        for value in every(state)[:players]:
            x = value / scale
            x = low if x < low else high if x > high else x
            out.append(1.0 / (1.0 + exp(-x)))
        return out

    return values


def check_positive(name: str, value: object, *, integer: bool, allow_zero: bool = False) -> None:
    """Reject a parameter that is not a (positive) number of the right kind.

    :raises ValueError: naming the parameter and the value.
    """
    kinds: tuple[type, ...] = (int,) if integer else (int, float)
    ok = isinstance(value, kinds) and not isinstance(value, bool)
    if ok:
        number = float(value)  # type: ignore[arg-type]
        ok = math.isfinite(number) and (number >= 0 if allow_zero else number > 0)
    if not ok:
        what = "an integer" if integer else "a number"
        sign = ">= 0" if allow_zero else "> 0"
        raise ValueError(f"{name} must be {what} {sign}, got {value!r}")
