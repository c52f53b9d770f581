"""Values of states in [0, 1] per player, shared by the search agents.

A finished game is worth its result: a winner gets ``1 / len(winners)`` (a shared win is
split), everyone else 0. An unfinished state is worth the logistic of the title's own
evaluation, ``1 / (1 + exp(-evaluate(state, p) / scale))``: 0.5 for an even position,
towards 1 the further ahead ``p`` is. ``scale`` is in the evaluation's units (victory
points for the built-in titles).
"""

from __future__ import annotations

import math
from typing import Any

from silkroad.core.game import AnyGame, evaluate_every_player

__all__ = ["check_positive", "outcome_values", "state_values", "win_value"]

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
    if game.is_over(state):
        return outcome_values(game, state, players)
    out = []
    for value in evaluate_every_player(game, state)[:players]:
        x = value / scale
        x = -_CLAMP if x < -_CLAMP else _CLAMP if x > _CLAMP else x
        out.append(1.0 / (1.0 + math.exp(-x)))
    return out


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
