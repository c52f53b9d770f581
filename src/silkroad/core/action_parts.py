"""The class of a game's derived action parts (:class:`ActionParts`), below the registry
and the game definition: :mod:`silkroad.core.actions` derives a title's from its
registered name, :func:`silkroad.core.game.define_game` a game's that does not write
``decode_move`` and ``action_mask`` (see :mod:`silkroad.core.actions` for what each part
does)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from silkroad.core.errors import InvalidMoveError, shorten

__all__ = ["ActionParts"]

S = TypeVar("S")
M = TypeVar("M")


class ActionParts(Generic[S, M]):
    """``encode_move``, ``decode_move``, ``action_mask`` and ``action_move`` of one game,
    derived from its own parts (:func:`silkroad.core.actions.derive_action_parts` for a
    title, :func:`silkroad.core.game.define_game` for a game that does not write
    ``decode_move`` and ``action_mask``), as its methods. ``refuse(state, move)`` is the
    error ``encode_move`` raises for a move that is not legal."""

    __slots__ = ("_id", "_legal", "_name", "_options_of", "_refuse", "_size", "_stands_for")

    def __init__(
        self,
        name: str,
        legal_moves: Callable[[S], tuple[M, ...]],
        action_id: Callable[[S, M], int],
        num_actions: Callable[[Any], int],
        stands_for: Callable[[S, int], M | None] | None,
        options_of: Callable[[S], Any],
        refuse: Callable[[S, M], Exception],
    ) -> None:
        self._name = name
        self._refuse = refuse
        self._legal = legal_moves
        self._id = action_id
        self._size = num_actions
        self._stands_for = stands_for
        self._options_of = options_of

    def __repr__(self) -> str:
        return f"<the action parts of {self._name!r}>"

    def encode_move(self, state: S, move: M) -> int:
        """The action id of a legal move.

        :raises IllegalMoveError: if ``move`` is not legal in ``state`` (only a legal move
            has an action id), its message leading with the rule that refuses it.
        """
        legal = self._legal(state)
        try:
            ok = move in legal
        except TypeError:  # an object that cannot even be compared is no move
            ok = False
        if not ok:
            raise self._refuse(state, move)
        return self._id(state, legal[legal.index(move)])  # an equal value acts as it

    def decode_move(self, state: S, action: int) -> M:
        """The legal move with action id ``action``.

        :raises InvalidMoveError: if ``action`` is not an int (a bool, a float or a list
            names no action), lies outside the action space, or names no legal move now.
        """
        if isinstance(action, bool) or not isinstance(action, int):
            raise InvalidMoveError(
                f"an action id is an int, got {type(action).__name__} {shorten(action)}",
                text=None,
            )
        number = self._id
        for move in self._legal(state):  # the ids of legal moves are distinct
            if number(state, move) == action:
                return move
        raise InvalidMoveError(self._refusal(state, action), text=action)

    def _refusal(self, state: S, action: int) -> str:
        size = self._size(self._options_of(state))
        if not 0 <= action < size:
            return (
                f"action {shorten(action)} is outside the action space "
                f"(ids 0 to {size - 1} with these options)"
            )
        stands = self.action_move(state, action)
        if stands is not None:
            return f"action {action} ({stands}) is not legal now"
        return f"action {action} names no legal move now"

    def action_move(self, state: S, action: int) -> M | None:
        """The move action id ``action`` stands for in ``state``, legal or not (``explain``
        says why one is refused), or None when it stands for none: not an int (a bool, a
        float or a list names no action), outside the action space, or an id the title
        maps to no move there (such as a choice beyond those pending)."""
        if self._stands_for is None or isinstance(action, bool) or not isinstance(action, int):
            return None
        if not 0 <= action < self._size(self._options_of(state)):
            return None
        return self._stands_for(state, action)

    def action_mask(self, state: S) -> tuple[bool, ...]:
        """For each action id, whether it names a legal move now."""
        mask = [False] * self._size(self._options_of(state))
        number = self._id
        for move in self._legal(state):
            mask[number(state, move)] = True
        return tuple(mask)
