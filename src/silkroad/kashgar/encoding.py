"""A fixed integer action space for learning agents.

Layout (``n`` = number of card ids of the options, persons and orders)::

    [0, 12)        CaravanAction: 3 * caravan + action
    [12, 24)       PartingAction: 12 + 3 * caravan + action
    [24, 28)       Pass: 24 + caravan
    [28, 36)       Gain: 28 + index of the alternative in the pending decision
    [36, 40)       Place: 36 + caravan
    40             Remove(None)
    [41, 41+n)     Keep(card)
    [41+n, 41+2n)  Take(card)
    [41+2n, 41+3n) Fulfill(order)
    [41+3n, 41+4n) Remove(card)
    41+4n          Fulfill(None)
"""

from __future__ import annotations

from silkroad.core.actions import derive_action_parts
from silkroad.kashgar.moves import (
    CaravanAction,
    Fulfill,
    Gain,
    Keep,
    Move,
    PartingAction,
    Pass,
    Place,
    Remove,
    Take,
)
from silkroad.kashgar.rules import MAX_ACTIONS, MAX_CARAVANS, legal_moves
from silkroad.kashgar.state import Decision, Options, State
from silkroad.kashgar.table import table

__all__ = ["action_mask", "action_move", "decode_move", "encode_move", "num_actions"]

MAX_CHOICES = 8
_CARAVAN = 0
_PARTING = _CARAVAN + MAX_CARAVANS * MAX_ACTIONS
_PASS = _PARTING + MAX_CARAVANS * MAX_ACTIONS
_GAIN = _PASS + MAX_CARAVANS
_PLACE = _GAIN + MAX_CHOICES
_REMOVE_NONE = _PLACE + MAX_CARAVANS
_CARDS = _REMOVE_NONE + 1


def num_actions(options: Options) -> int:
    """Size of the action space for these options."""
    return _CARDS + 4 * table(options).n + 1


def _id(state: State, move: Move) -> int:
    """The action id of ``move``, one of the legal moves of ``state`` (the layout above)."""
    n = table(state.options).n
    if isinstance(move, CaravanAction):
        return _CARAVAN + MAX_ACTIONS * move.caravan + move.action
    if isinstance(move, PartingAction):
        return _PARTING + MAX_ACTIONS * move.caravan + move.action
    if isinstance(move, Pass):
        return _PASS + move.caravan
    if isinstance(move, Gain):
        assert state.pending is not None
        return _GAIN + state.pending.choices.index(move.amounts)
    if isinstance(move, Place):
        return _PLACE + move.caravan
    if isinstance(move, Keep):
        return _CARDS + move.card
    if isinstance(move, Take):
        return _CARDS + n + move.card
    if isinstance(move, Fulfill):
        return _CARDS + 4 * n if move.order is None else _CARDS + 2 * n + move.order
    if isinstance(move, Remove):
        return _REMOVE_NONE if move.card is None else _CARDS + 3 * n + move.card
    raise TypeError(f"{move!r} is no Kashgar move")


def _stands_for(state: State, action: int) -> Move | None:
    """The move id ``action`` (an int inside the space) stands for in ``state``, legal
    or not (``explain`` says why an illegal one is refused); None for a Gain id beyond
    the alternatives of a pending Gain decision (with none pending, no Gain id stands
    for a move)."""
    n = table(state.options).n
    if action < _PARTING:
        return CaravanAction(*divmod(action - _CARAVAN, MAX_ACTIONS))
    if action < _PASS:
        return PartingAction(*divmod(action - _PARTING, MAX_ACTIONS))
    if action < _GAIN:
        return Pass(action - _PASS)
    if action < _PLACE:
        pending = state.pending
        index = action - _GAIN
        if pending is None or pending.kind is not Decision.GAIN or index >= len(pending.choices):
            return None
        return Gain(pending.choices[index])
    if action < _REMOVE_NONE:
        return Place(action - _PLACE)
    if action == _REMOVE_NONE:
        return Remove(None)
    block, card = divmod(action - _CARDS, n)
    if block == 0:
        return Keep(card)
    if block == 1:
        return Take(card)
    if block == 2:
        return Fulfill(card)
    if block == 3:
        return Remove(card)
    return Fulfill(None)


#: ``encode_move(state, move)`` (the id of a legal move), ``decode_move(state, action)``
#: (the legal move of an id), ``action_mask(state)`` (whether each id names a legal move
#: now) and ``action_move(state, action)`` (the move of any id), derived by core from
#: the numbering above (:mod:`silkroad.core.actions`).
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
