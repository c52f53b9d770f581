"""[KG-2] [KG-5] What each player holds, for balance studies.

A player holds every person card now in one of their caravans (``card:KEY``, the key of
the card's data entry, so two copies of a person are one label) and every order they
fulfilled (``order:KEY``). Joined over the states of a game, that is every card that was
ever in the player's caravans and every order they won: cards only looked at or drawn
and not kept never count.
"""

from __future__ import annotations

from silkroad.kashgar.state import State
from silkroad.kashgar.table import table

__all__ = ["holdings"]


def holdings(state: State) -> tuple[frozenset[str], ...]:
    """[KG-2] Per player: ``card:KEY`` for the persons in their caravans, ``order:KEY``
    for the orders they fulfilled."""
    t = table(state.options)
    defs = t.defs
    return tuple(
        frozenset(
            [f"card:{defs[c].key}" for caravan in caravans for c in caravan]
            + [f"order:{defs[o].key}" for o in won]
        )
        for caravans, won in zip(state.caravans, state.orders_won, strict=True)
    )
