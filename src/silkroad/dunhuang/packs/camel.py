"""Camel Starting Pack: Caravans.

* ``caravan``: send a Camel (pay one ``camel-material``, or a Laden Camel
  ``camel-product`` when the player has no plain Camel) along the Silk Road: gain one
  Material of each other pack in play, and with a Laden Camel also 1 coin. Counted as
  ``caravans:camel``.
* Zone 4 prints a Camel spot (board.toml): with Camel in play it stays uncovered.
* End of game (DH-4.5): 1 VP for every ``journeys`` Caravans sent (data setting).
"""

from __future__ import annotations

from silkroad.dunhuang import engine
from silkroad.dunhuang.data import Effect
from silkroad.dunhuang.packs import EffectHook, Pack
from silkroad.dunhuang.state import Frame, State
from silkroad.dunhuang.table import Table

NAME = "camel"
CAMEL = "camel-material"
LADEN = "camel-product"
CARAVANS = "caravans:camel"


def _can(t: Table, s: State, fr: Frame, e: Effect) -> bool:
    tokens = s.players[fr.player].tokens
    return tokens.get(CAMEL, 0) > 0 or tokens.get(LADEN, 0) > 0


def _do(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """Pay a Camel (a Laden Camel only without a plain one); bring back the Materials."""
    p = fr.player
    pl = s.players[p]
    laden = pl.tokens.get(CAMEL, 0) == 0
    pl = engine.add_counter(engine.add_tokens(pl, LADEN if laden else CAMEL, -1), CARAVANS)
    if laden:
        pl = engine.replace(pl, coins=pl.coins + 1)
    for key in t.materials:
        if key != CAMEL:
            pl = engine.add_tokens(pl, key, 1)
    return engine.set_player(s, p, pl)


def _end_vp(t: Table, s: State, p: int) -> int:
    """[DH-4.5] 1 VP for every ``journeys`` Caravans sent."""
    size = int(t.packs[t.options.packs.index(NAME)].setting("journeys", "2"))
    return s.players[p].counters.get(CARAVANS, 0) // size


PACK = Pack(NAME, effects={"caravan": EffectHook(_can, _do)}, end_vp=_end_vp)
