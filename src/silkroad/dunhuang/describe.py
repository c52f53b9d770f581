"""Readable accounts of moves, for logs."""

from __future__ import annotations

from silkroad.dunhuang.data import parse_effect
from silkroad.dunhuang.moves import Move, Place, Recruit, Resolve
from silkroad.dunhuang.rules import current_player, spot_effects
from silkroad.dunhuang.state import State
from silkroad.dunhuang.table import table

__all__ = ["describe_move"]


def describe_move(state: State, move: Move) -> str:
    """What ``move`` does in ``state``, in words."""
    t = table(state.options)
    who = current_player(state)
    name = "-" if who is None else f"P{who + 1}"
    if isinstance(move, Place):
        effects = ", ".join(spot_effects(t, state, move.spot))
        return f"{name}: {move} ({effects})"
    if isinstance(move, Resolve) and state.frames:
        return f"{name}: {move} ({parse_effect(state.frames[-1].effects[move.index]).text})"
    if isinstance(move, Recruit) and move.card in t.characters:
        return f"{name}: {move} ({t.characters[move.card].name})"
    return f"{name}: {move}"
