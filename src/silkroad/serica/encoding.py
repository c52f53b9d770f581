"""[SR-5] The fixed integer action space.

Every move the options can ever allow gets an id, in a fixed order built from the card
data: produce, hire, import, use, buy, pay, build, defend, begin, load, advance, done,
choose, pick, give, place, caravan, supply, add/swap, take, top, rearrange, save
(last, so that the ids of version 1.0 keep their meaning).
"""

from __future__ import annotations

import functools

from silkroad.core.actions import derive_action_parts
from silkroad.core.memo import LastValue
from silkroad.serica.cards import GOODS, CardDef
from silkroad.serica.moves import (
    Advance,
    Begin,
    Build,
    Buy,
    Choice,
    Choose,
    Defend,
    Done,
    Give,
    Hire,
    Import,
    Load,
    Move,
    Pay,
    Pick,
    Place,
    Produce,
    Rearrange,
    Save,
    Send,
    Supply,
    Swap,
    Take,
    Top,
    Use,
)
from silkroad.serica.rules import legal_moves
from silkroad.serica.state import FIELD_DEPTH, FIELDS, MAX_CARAVANS, Options, State

__all__ = [
    "action_mask",
    "action_move",
    "all_moves",
    "decode_move",
    "encode_move",
    "num_actions",
]


@functools.cache
def _space(cards: tuple[CardDef, ...]) -> tuple[tuple[Move, ...], dict[Move, int]]:
    keys = [c.key for c in cards]
    max_n = max(c.cost_n for c in cards)
    moves: list[Move] = []
    moves.extend(Produce(g) for g in GOODS)
    moves.append(Hire())
    moves.extend(Import(g) for g in GOODS)
    moves.extend(Use(k) for k in keys)
    moves.extend(Buy(k) for k in keys)
    moves.extend(Pay(g, a) for g in GOODS for a in range(max_n + 1))
    moves.extend(Build(k, f) for k in keys for f in range(1, FIELDS + 1))
    moves.extend(Defend(k) for k in keys)
    moves.append(Begin())
    moves.extend(Load(g) for g in GOODS)
    moves.append(Advance())
    moves.append(Done())
    moves.extend(Choose(c) for c in Choice)
    moves.extend(Pick(k) for k in keys)
    moves.extend(Give(k) for k in keys)
    moves.extend(Place(f) for f in range(1, FIELDS + 1))
    routes = range(1, MAX_CARAVANS + 1)
    moves.extend(Send(r) for r in routes)
    moves.extend(Supply(g) for g in GOODS)
    moves.extend(Swap(r, g) for r in routes for g in GOODS)
    moves.extend(Swap(r, g, o) for r in routes for o in GOODS for g in GOODS if g != o)
    moves.extend(Take(i) for i in range(1, 4))
    moves.extend(Top(i) for i in range(1, 3))
    spots = [(f, i) for f in range(1, FIELDS + 1) for i in range(1, FIELD_DEPTH + 1)]
    moves.extend(
        Rearrange(*spots[a], *spots[b]) for a in range(len(spots)) for b in range(a + 1, len(spots))
    )
    moves.extend(Save(g) for g in GOODS)
    return tuple(moves), {m: i for i, m in enumerate(moves)}


#: The options whose action space was last looked up, and that space (an identity memo:
#: the space is cached by the options' cards, whose hash is costly to take each time).
_LAST = LastValue[Options, tuple[tuple[Move, ...], dict[Move, int]]](
    "Serica: the action space of the last options", ((), {})
)


def _space_of(options: Options) -> tuple[tuple[Move, ...], dict[Move, int]]:
    key, space = _LAST.pair
    if key is options:
        return space
    space = _space(options.card_defs)
    _LAST.pair = (options, space)
    return space


def all_moves(options: Options) -> tuple[Move, ...]:
    """Every move of the action space, in action-id order."""
    return _space_of(options)[0]


def num_actions(options: Options) -> int:
    """Size of the fixed action space for these options."""
    return len(_space_of(options)[0])


def _id(state: State, move: Move) -> int:
    """The action id of ``move``, one of the legal moves of ``state``."""
    return _space_of(state.options)[1][move]


def _stands_for(state: State, action: int) -> Move | None:
    """The move id ``action`` (an int inside the space) stands for, legal or not
    (``explain`` says why an illegal one is refused). The action space is fixed by the
    options, so every id in it names one move."""
    return _space_of(state.options)[0][action]


#: ``encode_move(state, move)`` (the id of a legal move), ``decode_move(state, action)``
#: (the legal move of an id), ``action_mask(state)`` (whether each id names a legal move
#: now) and ``action_move(state, action)`` (the move of any id), derived by core from
#: the space above (:mod:`silkroad.core.actions`).
_DERIVED = derive_action_parts(
    "serica",
    legal_moves=legal_moves,
    action_id=_id,
    num_actions=num_actions,
    stands_for=_stands_for,
)
encode_move = _DERIVED.encode_move
decode_move = _DERIVED.decode_move
action_mask = _DERIVED.action_mask
action_move = _DERIVED.action_move
