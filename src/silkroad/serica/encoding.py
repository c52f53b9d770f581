"""[SR-5] The fixed integer action space.

Every move the options can ever allow gets an id, in a fixed order built from the card
data: produce, hire, import, use, buy, pay, build, defend, begin, load, advance, done,
choose, pick, give, place, caravan, supply, add/swap, take, top, rearrange, save
(last, so that the ids of version 1.0 keep their meaning).
"""

from __future__ import annotations

import functools

from silkroad.core.errors import InvalidMoveError, shorten
from silkroad.core.registry import illegal_move
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


def all_moves(options: Options) -> tuple[Move, ...]:
    """Every move of the action space, in action-id order."""
    return _space(options.card_defs)[0]


def num_actions(options: Options) -> int:
    """Size of the fixed action space for these options."""
    return len(_space(options.card_defs)[0])


def encode_move(state: State, move: Move) -> int:
    """The action id of a legal move.

    :raises IllegalMoveError: if ``move`` is not legal in ``state`` (as every title).
    """
    try:
        legal = move in legal_moves(state)
    except TypeError:  # an unhashable object is no move
        legal = False
    if not legal:  # the message leads with the rule that refuses it
        raise illegal_move("serica", state, move)
    return _space(state.options.card_defs)[1][move]


def decode_move(state: State, action: int) -> Move:
    """The legal move with id ``action``.

    :raises InvalidMoveError: if ``action`` names no legal move now.
    """
    moves = _space(state.options.card_defs)[0]
    if isinstance(action, bool) or not isinstance(action, int):
        raise InvalidMoveError(
            f"an action id is an int, got {type(action).__name__} {shorten(action)}", text=None
        )
    if not 0 <= action < len(moves):
        raise InvalidMoveError(
            f"action {shorten(action)} is outside 0..{len(moves) - 1}", text=action
        )
    move = moves[action]
    if move not in legal_moves(state):
        raise InvalidMoveError(f"action {action} ({move}) is not legal now", text=action)
    return move


def action_mask(state: State) -> tuple[bool, ...]:
    """For each action id, whether it names a legal move now."""
    space, index = _space(state.options.card_defs)
    mask = [False] * len(space)
    for move in legal_moves(state):
        mask[index[move]] = True
    return tuple(mask)


def action_move(state: State, action: int) -> Move | None:
    """The move action id ``action`` stands for, legal or not (``explain`` says why an
    illegal one is refused); None for an id outside the action space or not an int.
    The action space is fixed by the options, so every id in it names one move."""
    if isinstance(action, bool) or not isinstance(action, int):
        return None
    moves = _space(state.options.card_defs)[0]
    if not 0 <= action < len(moves):
        return None
    return moves[action]
