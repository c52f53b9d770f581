"""Sutra Starting Pack: Deposit and Copied Sutras.

* ``deposit`` (Deposit, DH-8.3): pay 1 coin into the player's deposit (counted as
  ``deposit:sutra``), the promos' version of the effect.
* Upgrade chain: Sutra Scroll (Material) -> Copied Sutra (Product, end VP in the data).
* End of game (DH-4.5): ``deposit_vp`` VP (data setting) per deposited coin. With Sutra in
  play the promos leave the deposit's scoring to the pack.
"""

from __future__ import annotations

from silkroad.dunhuang.packs import EffectHook, Pack
from silkroad.dunhuang.state import State
from silkroad.dunhuang.table import Table

NAME = "sutra"


def _promo_hook(kind: str) -> EffectHook:
    from silkroad.dunhuang.promos import HOOKS

    return HOOKS[kind]


def _end_vp(t: Table, s: State, p: int) -> int:
    """[DH-4.5] ``deposit_vp`` VP per deposited coin."""
    from silkroad.dunhuang.promos import DEPOSIT, DEPOSIT_VP

    vp = int(t.packs[t.options.packs.index(NAME)].setting("deposit_vp", str(DEPOSIT_VP)))
    return vp * s.players[p].counters.get(DEPOSIT, 0)


PACK = Pack(NAME, effects={"deposit": _promo_hook("deposit")}, end_vp=_end_vp)
