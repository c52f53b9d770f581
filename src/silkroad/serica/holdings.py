"""[SR-3] [SR-5] What each player holds, for balance studies.

A player holds every card in their own deck, whichever part of it the card is in: the
draw pile, the discard pile, the Empire and the built fields (``card:KEY``, the key of
the card's data entry, so two copies are one label). Joined over the states of a game,
that is every card the player started with, bought, took or built. Enemy cards a player
defeated leave the game and are not held.
"""

from __future__ import annotations

from silkroad.serica.state import State
from silkroad.serica.table import table

__all__ = ["holdings"]


def holdings(state: State) -> tuple[frozenset[str], ...]:
    """[SR-3] Per player: ``card:KEY`` for every card in their draw pile, discard pile,
    Empire or fields."""
    card = table(state.options).card
    return tuple(
        frozenset(
            f"card:{card[c].key}" for pile in (p.draw, p.discard, p.empire, *p.fields) for c in pile
        )
        for p in state.players
    )
