"""[DH-2.3] [DH-3.E.7] [DH-3.C] What each player holds, for balance studies.

A player holds the characters on their character spots (``character:NAME``), the fresco
tiles they kept in the draft or are painting (``tile:PACK/ID``: in hand or on a fresco
action spot, the public fresco once they paint it included), and ``pack:NAME`` for every
Starting Pack of which they have a character or a tile being painted. Joined over the
states of a game: every character recruited, every tile drafted or painted, every pack
whose characters or frescoes the player took up. The packs in play are the same for
every player, so merely being in the game is not a holding; a tile only kept in the
draft does not make its pack held either (every player drafts from every pack).
"""

from __future__ import annotations

from silkroad.dunhuang.state import State
from silkroad.dunhuang.table import table

__all__ = ["holdings"]


def holdings(state: State) -> tuple[frozenset[str], ...]:
    """[DH-3.E.7] Per player: ``character:NAME``, ``tile:PACK/ID`` and ``pack:NAME``."""
    t = table(state.options)
    out = []
    for pl in state.players:
        labels: set[str] = set()
        for c in pl.characters:
            if c is not None:
                character = t.characters[c]
                labels.add(f"character:{character.name}")
                labels.add(f"pack:{character.pack}")
        for tile in pl.hand:
            labels.add(f"tile:{t.tiles[tile].pack}/{tile}")
        for spot in pl.frescoes:
            if spot.tile is not None:
                fresco = t.tiles[spot.tile]
                labels.add(f"tile:{fresco.pack}/{spot.tile}")
                labels.add(f"pack:{fresco.pack}")
        out.append(frozenset(labels))
    return tuple(out)
