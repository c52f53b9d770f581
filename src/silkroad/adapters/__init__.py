"""Adapters that make every silkroad title a game of other frameworks.

* :mod:`silkroad.adapters.openspiel` (extra ``openspiel``): pyspiel Python games.
* :mod:`silkroad.adapters.pettingzoo` (extra ``pettingzoo``): AEC environments.
* :mod:`silkroad.adapters.gymnasium` (extra ``gymnasium``): single-agent environments.

They read a title only through the ``Game`` protocol, so a title registered later (or a
third party's) is adapted without changes here. They share the title's
``observation_tensor`` (the feature hash of :mod:`silkroad.core.features` for a title
that defines none), the reward mapping below, and :func:`decode_action`: an action id
that names no legal move is refused with the reason the acting seat may know.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from silkroad.core.errors import InvalidMoveError
from silkroad.core.explain import Reason, Verdict, explain_for_seat, generic_reason

__all__ = ["UTILITIES", "action_reason", "decode_action", "returns_from_scores"]

#: How final scores become rewards: ``"vp"`` gives each player their final victory
#: points (general-sum); ``"win"`` gives 1 to each winner (ties share the win: every
#: tied winner gets 1) and 0 to the others, which suits search algorithms that expect
#: returns in [0, 1].
UTILITIES = ("vp", "win")


def returns_from_scores(
    scores: Sequence[int], winners: Sequence[int], utility: str = "vp"
) -> list[float]:
    """The reward of each player at the end of a game, for ``utility`` in UTILITIES."""
    if utility == "vp":
        return [float(s) for s in scores]
    if utility == "win":
        return [1.0 if p in winners else 0.0 for p in range(len(scores))]
    raise ValueError(f"utility must be one of {UTILITIES}, got {utility!r}")


def action_reason(game: Any, state: Any, action: int) -> Reason:
    """Why action id ``action`` is refused in ``state``, as the seat to act may know it
    (:func:`silkroad.core.explain.explain_for_seat` of the move the id stands for: the
    rule that refuses it, or the generic reason of a game without ``explain``)."""
    seat = None if game.is_over(state) else game.current_player(state)
    if seat is None:
        return generic_reason(game, state, action)
    return explain_for_seat(game, state, action, seat)


def decode_action(game: Any, state: Any, action: Any) -> Any:
    """The legal move action id ``action`` names in ``state`` (``game.decode_move``).

    :raises InvalidMoveError: for an id that names no legal move: its message leads
        with the reason (:func:`action_reason`), which it carries as ``.reason``.
    """
    try:
        return game.decode_move(state, action)
    except InvalidMoveError as exc:
        if isinstance(action, bool) or not isinstance(action, int):
            raise  # not an action id at all: the title's message says so
        reason = action_reason(game, state, action)
        if reason.legal:  # a game whose decode_move refuses a legal move's id
            raise
        message = str(exc) if reason.verdict is Verdict.UNKNOWN else f"{reason} (action {action})"
        raise InvalidMoveError(message, text=action, reason=reason) from None
