"""Iron Starting Pack: Forging, and the Iron board's own ranking.

* ``forge``: pay 1 coin, then every Iron Material of the player becomes Iron Tools
  (``iron-product``) at once (needs at least one Iron Material). Each piece forged counts
  in ``forged:iron``.
* [DH-5] The Iron achievement board pays its own place rewards (the data's
  ``ranking = "rewards 15 7"``), read by the end scoring like Silk's tie-break.
* End of game (DH-4.5): 1 VP for every ``toolset`` Iron Tools (data setting).
"""

from __future__ import annotations

from silkroad.dunhuang import engine
from silkroad.dunhuang.data import Effect
from silkroad.dunhuang.packs import EffectHook, Pack
from silkroad.dunhuang.state import Frame, State
from silkroad.dunhuang.table import Table

NAME = "iron"
ORE = "iron-material"
TOOLS = "iron-product"
FORGED = "forged:iron"
#: The coins a Forging costs.
FORGE_COST = 1


def _can(t: Table, s: State, fr: Frame, e: Effect) -> bool:
    pl = s.players[fr.player]
    return pl.coins >= FORGE_COST and pl.tokens.get(ORE, 0) > 0


def _do(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """Pay a coin; all Iron Material becomes Iron Tools."""
    pl = s.players[fr.player]
    n = pl.tokens.get(ORE, 0)
    pl = engine.replace(pl, coins=pl.coins - FORGE_COST)
    pl = engine.add_tokens(engine.add_tokens(pl, ORE, -n), TOOLS, n)
    pl = engine.add_counter(pl, FORGED, n)
    return engine.set_player(s, fr.player, pl)


def _end_vp(t: Table, s: State, p: int) -> int:
    """[DH-4.5] 1 VP for every ``toolset`` Iron Tools."""
    size = int(t.packs[t.options.packs.index(NAME)].setting("toolset", "2"))
    return s.players[p].tokens.get(TOOLS, 0) // size


PACK = Pack(NAME, effects={"forge": EffectHook(_can, _do)}, end_vp=_end_vp)
