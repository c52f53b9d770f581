"""Moves of Kashgar in words, for game logs (``silkroad play`` prints them)."""

from __future__ import annotations

from silkroad.kashgar.cards import RESOURCES
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
from silkroad.kashgar.rules import current_player
from silkroad.kashgar.state import State
from silkroad.kashgar.table import table

__all__ = ["describe_move"]


def describe_move(state: State, move: Move) -> str:
    """What ``move`` does in ``state``: the card names behind the ids of the notation."""
    t = table(state.options)

    def name(card: int) -> str:
        return t.face(card, card in state.turned).name

    def front(caravan: int) -> str:
        player = current_player(state)
        if player is None:
            return "?"
        cards = state.caravans[player][caravan] if caravan < len(state.caravans[player]) else ()
        return name(cards[0]) if cards else "?"

    match move:
        case CaravanAction(caravan, action):
            return f"{front(caravan)}: caravan action {action + 1} (to the back of caravan)"
        case PartingAction(caravan, action):
            return f"{front(caravan)}: parting action {action + 1} (leaves the game)"
        case Pass(caravan):
            return f"{front(caravan)} passes to the back of its caravan"
        case Gain(amounts):
            gains = [f"+{n} {r.value}" for r, n in zip(RESOURCES, amounts, strict=True) if n]
            return "gains " + (", ".join(gains) or "nothing")
        case Keep(card):
            return f"keeps {name(card)}"
        case Take(card):
            return f"takes {name(card)} from the discard pile"
        case Fulfill(order):
            od = t.order[order]
            return f"fulfils {od.name} ({od.vp} VP)" if od is not None else f"fulfils {order}"
        case Remove(card):
            return "removes nothing" if card is None else f"removes {name(card)} from the game"
        case Place(caravan):
            return f"places the card at the back of caravan {caravan + 1}"
