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

from silkroad.core.actions import derive_action_parts
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
from silkroad.dunhuang.state import SPOT_COUNT, ChoiceKind, Options, State
from silkroad.dunhuang.table import MAX_CHOOSE, MAX_EFFECTS, space, table

__all__ = [
    "MAX_CHOOSE",
    "MAX_EFFECTS",
    "action_mask",
    "action_move",
    "decode_move",
    "encode_move",
    "num_actions",
]

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


def _id(state: State, move: Move) -> int:
    """The action id of ``move``, one of the legal moves of ``state`` (the layout above)."""
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
        options = [m for m in legal_moves(state) if isinstance(m, Choose)]
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


def _stands_for(state: State, action: int) -> Move | None:
    """The move id ``action`` (an int inside the space) stands for in ``state``, legal
    or not (``explain`` says why one is refused), or None when it stands for none here:
    a ``Choose`` id (a position among the options of a pack's choice) with no such
    choice pending or beyond its options.
    """
    if action < _PASS:
        return Place(*divmod(action - _PLACE, SPOT_COUNT))
    if action == _PASS:
        return Pass()
    if action < _DONE:
        return Resolve(action - _RESOLVE)
    if action == _DONE:
        return Done()
    if action < _DIE:
        return Ability(action == _ABILITY)
    if action < _CONTINUE:
        return UseDie("left" if action == _DIE else "right")
    if action < _CHOOSE:
        return Continue(action - _CONTINUE)
    if action < _KEEP:
        c = state.choice
        if c is None or c.kind is not ChoiceKind.PACK:
            return None
        t = table(state.options)
        pack = t.pack_choices.get(c.arg)
        options = () if pack is None else pack.options(t, state, c)
        position = action - _CHOOSE
        return Choose(options[position]) if position < len(options) else None
    t_ = space(state.options)
    i = action - _KEEP
    tiles, chars = len(t_.tile_ids), len(t_.char_ids)
    if i < 3 * tiles:
        kind, k = divmod(i, tiles)
        return (Keep, Paint, Bottom)[kind](t_.tile_ids[k])
    i -= 3 * tiles
    if i < 3 * chars:
        card, slot = divmod(i, 3)
        return Recruit(t_.char_ids[card], slot)
    i -= 3 * chars
    if i < len(t_.token_keys):
        return Upgrade(t_.token_keys[i])
    return Take(t_.take_items[i - len(t_.token_keys)])


#: ``encode_move(state, move)`` (the id of a legal move), ``decode_move(state, action)``
#: (the legal move of an id), ``action_mask(state)`` (whether each id names a legal move
#: now) and ``action_move(state, action)`` (the move of any id), derived by core from
#: the numbering above (:mod:`silkroad.core.actions`).
_DERIVED = derive_action_parts(
    "dunhuang",
    legal_moves=legal_moves,
    action_id=_id,
    num_actions=num_actions,
    stands_for=_stands_for,
)
encode_move = _DERIVED.encode_move
decode_move = _DERIVED.decode_move
action_mask = _DERIVED.action_mask
action_move = _DERIVED.action_move
