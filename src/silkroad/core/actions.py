"""The parts of the integer action space every title would otherwise write alike.

A title's action space is its own: how many ids its options have (``num_actions``),
its numbering of moves (``action_id(state, move)``, asked only of moves ``legal_moves``
lists) and, for an id inside the space, the move it stands for, legal or not
(``stands_for(state, action)``). The rest of the contract's action parts follows from
those and the legal moves, and is derived here once for every title::

    _DERIVED = derive_action_parts(
        "kashgar",
        legal_moves=legal_moves,
        action_id=_id,
        num_actions=num_actions,
        stands_for=_stands_for,
    )
    encode_move = _DERIVED.encode_move
    decode_move = _DERIVED.decode_move
    action_mask = _DERIVED.action_mask
    action_move = _DERIVED.action_move

* ``encode_move(state, move)``: the id of a legal move; an
  :class:`~silkroad.core.errors.IllegalMoveError` for any other, leading with the rule
  that refuses it (:func:`silkroad.core.registry.illegal_move`).
* ``decode_move(state, action)``: the legal move whose id is ``action``; an
  :class:`~silkroad.core.errors.InvalidMoveError` for anything else, saying whether the id
  is outside the action space, stands for a move that is not legal now, or names none.
* ``action_mask(state)``: for each id of the space, whether it names a legal move now.
* ``action_move(state, action)``: the move an id stands for, legal or not; None for
  anything that is not an int inside the space, and where the title maps the id to none.

Each reads the legal moves once per call (the titles remember the legal moves of the
last state they listed, :mod:`silkroad.core.memo`).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, Generic, TypeVar

from silkroad.core.errors import InvalidMoveError, shorten
from silkroad.core.registry import illegal_move

__all__ = ["ActionParts", "derive_action_parts"]

S = TypeVar("S")
M = TypeVar("M")

_OPTIONS = attrgetter("options")


class ActionParts(Generic[S, M]):
    """``encode_move``, ``decode_move``, ``action_mask`` and ``action_move`` of one title,
    derived from its own parts (:func:`derive_action_parts`), as its methods."""

    __slots__ = ("_id", "_legal", "_name", "_options_of", "_size", "_stands_for")

    def __init__(
        self,
        name: str,
        legal_moves: Callable[[S], tuple[M, ...]],
        action_id: Callable[[S, M], int],
        num_actions: Callable[[Any], int],
        stands_for: Callable[[S, int], M | None] | None,
        options_of: Callable[[S], Any],
    ) -> None:
        self._name = name
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
            raise illegal_move(self._name, state, move)
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


def derive_action_parts(
    name: str,
    *,
    legal_moves: Callable[[S], tuple[M, ...]],
    action_id: Callable[[S, M], int],
    num_actions: Callable[[Any], int],
    stands_for: Callable[[S, int], M | None] | None = None,
    options_of: Callable[[S], Any] = _OPTIONS,
) -> ActionParts[S, M]:
    """``encode_move``, ``decode_move``, ``action_mask`` and ``action_move`` of the title
    ``name`` (its registry name, for the reason an illegal move is refused) from its own
    parts: its legal moves, its numbering of a legal move (``action_id``), the size of
    the space for some options and, when it gives one, ``stands_for(state, action)``:
    the move an id stands for, legal or not, or None (asked only of ints inside the
    space; ``action_move`` answers None for anything else, and None throughout without
    it; the refusal of an id that is not legal now names that move).
    ``options_of(state)`` gives a state's options (``state.options`` by default). The
    title's encoding module names the methods of the result as the contract names them.
    """
    return ActionParts(name, legal_moves, action_id, num_actions, stands_for, options_of)
