"""Readable accounts of moves, for logs."""

from __future__ import annotations

from silkroad.dunhuang.cards import parse_effect
from silkroad.dunhuang.moves import Move, Place, Recruit, Resolve
from silkroad.dunhuang.rules import spot_effects
from silkroad.dunhuang.state import State
from silkroad.dunhuang.table import table

__all__ = ["describe_move"]


def describe_move(state: State, move: Move) -> str:
    """What ``move`` does in ``state``, in words: the effects of the spot a meeple goes
    to, the effect being resolved, the character recruited; otherwise the notation."""
    t = table(state.options)
    if isinstance(move, Place):
        return ", ".join(spot_effects(t, state, move.spot)) or str(move)
    if isinstance(move, Resolve) and state.frames:
        return str(parse_effect(state.frames[-1].effects[move.index]).text)
    if isinstance(move, Recruit) and move.card in t.characters:
        return f"recruits {t.characters[move.card].name}"
    return str(move)
