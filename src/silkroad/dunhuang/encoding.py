"""A fixed integer action space for learning agents.

Layout (``T`` fresco tiles, ``C`` characters, ``K`` token kinds, ``I`` take items of
the options; in solitaire those of all four solitaire packs, so the space does not
depend on the packs drawn; see ``table.space``)::

    [0, 123)       Place: 41 * meeple + spot
    123            Pass
    [124, 132)     Resolve: 124 + index
    132            Done
    133, 134       Ability(True), Ability(False)
    135, 136       UseDie left, right
    [137, 140)     Continue: 137 + spot
    [140, 152)     Choose: 140 + position of the option among the pack choice's options
    then T Keep, T Paint, T Bottom, 3C Recruit, K Upgrade, I Take
"""

from __future__ import annotations

from silkroad.core.errors import IllegalMoveError, InvalidMoveError, shorten
from silkroad.dunhuang.moves import (
    Ability,
    Bottom,
    Choose,
    Continue,
    Done,
    Keep,
    Move,
    Paint,
    Pass,
    Place,
    Recruit,
    Resolve,
    Take,
    Upgrade,
    UseDie,
)
from silkroad.dunhuang.rules import legal_moves
from silkroad.dunhuang.state import SPOT_COUNT, Options, State
from silkroad.dunhuang.table import MAX_CHOOSE, MAX_EFFECTS, space

__all__ = ["MAX_CHOOSE", "MAX_EFFECTS", "action_mask", "decode_move", "encode_move", "num_actions"]

_PLACE = 0
_PASS = _PLACE + 3 * SPOT_COUNT
_RESOLVE = _PASS + 1
_DONE = _RESOLVE + MAX_EFFECTS
_ABILITY = _DONE + 1
_DIE = _ABILITY + 2
_CONTINUE = _DIE + 2
_CHOOSE = _CONTINUE + 3
_KEEP = _CHOOSE + MAX_CHOOSE


def num_actions(options: Options) -> int:
    """[DH-3.2] Size of the action space for these options."""
    t = space(options)
    return _KEEP + 3 * len(t.tile_ids) + 3 * len(t.char_ids) + len(t.token_keys) + len(t.take_items)


def _id(state: State, move: Move, legal: tuple[Move, ...]) -> int | None:
    t = space(state.options)
    tiles, chars = len(t.tile_ids), len(t.char_ids)
    if isinstance(move, Place):
        return _PLACE + SPOT_COUNT * move.meeple + move.spot
    if isinstance(move, Pass):
        return _PASS
    if isinstance(move, Resolve):
        return _RESOLVE + move.index
    if isinstance(move, Done):
        return _DONE
    if isinstance(move, Ability):
        return _ABILITY + (0 if move.use else 1)
    if isinstance(move, UseDie):
        return _DIE + (0 if move.side == "left" else 1)
    if isinstance(move, Continue):
        return _CONTINUE + move.slot
    if isinstance(move, Choose):
        options = [m for m in legal if isinstance(m, Choose)]
        return _CHOOSE + options.index(move)
    if isinstance(move, Keep):
        return _KEEP + t.tile_ids.index(move.tile)
    if isinstance(move, Paint):
        return _KEEP + tiles + t.tile_ids.index(move.tile)
    if isinstance(move, Bottom):
        return _KEEP + 2 * tiles + t.tile_ids.index(move.tile)
    base = _KEEP + 3 * tiles
    if isinstance(move, Recruit):
        return base + 3 * t.char_ids.index(move.card) + move.slot
    base += 3 * chars
    if isinstance(move, Upgrade):
        return base + t.token_keys.index(move.token)
    base += len(t.token_keys)
    assert isinstance(move, Take)
    return base + t.take_items.index(move.item)


def encode_move(state: State, move: Move) -> int:
    """The action id of a legal move.

    :raises IllegalMoveError: if ``move`` is not legal in ``state``.
    """
    legal = legal_moves(state)
    try:
        ok = move in legal
    except TypeError:  # an unhashable or strange object
        ok = False
    if not ok:
        raise IllegalMoveError(
            f"{shorten(move, 60)} is not a legal move here, so it has no action id",
            state=state,
            move=move,
        )
    action = _id(state, move, legal)
    assert action is not None
    return action


def _by_id(state: State) -> dict[int, Move]:
    legal = legal_moves(state)
    out = {}
    for m in legal:
        i = _id(state, m, legal)
        assert i is not None
        out[i] = m
    return out


def decode_move(state: State, action: int) -> Move:
    """The legal move with this action id.

    :raises InvalidMoveError: if no legal move has this id (or ``action`` is not an int:
        a bool, a float or a list names no action).
    """
    if isinstance(action, bool) or not isinstance(action, int):
        raise InvalidMoveError(
            f"an action id is an int, got {type(action).__name__} {shorten(action)}", text=None
        )
    move = _by_id(state).get(action)
    if move is None:
        raise InvalidMoveError(f"action {shorten(action)} names no legal move now", text=action)
    return move


def action_mask(state: State) -> tuple[bool, ...]:
    """For each action id, whether it names a legal move now."""
    ids = _by_id(state)
    return tuple(i in ids for i in range(num_actions(state.options)))
