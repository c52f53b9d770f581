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

import functools
from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar

from silkroad.core.action_parts import ActionParts
from silkroad.core.registry import illegal_move

__all__ = ["ActionParts", "derive_action_parts"]

S = TypeVar("S")
M = TypeVar("M")

_OPTIONS = attrgetter("options")


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
    refuse = functools.partial(illegal_move, name)
    return ActionParts(name, legal_moves, action_id, num_actions, stands_for, options_of, refuse)
