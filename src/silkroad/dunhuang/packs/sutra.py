"""Sutra Starting Pack: Deposit and Copied Sutras.

* ``deposit`` (Deposit, DH-8.3): pay 1 coin into the player's deposit (counted as
  ``deposit:sutra``).
* Upgrade chain: Sutra Scroll (Material) -> Copied Sutra (Product, end VP in the data).
* End of game (DH-4.5): ``deposit_vp`` VP (data setting) per deposited coin.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from silkroad.dunhuang import engine
from silkroad.dunhuang.cards import Effect
from silkroad.dunhuang.packs import EffectHook, Pack, count_setting
from silkroad.dunhuang.state import Frame, State

if TYPE_CHECKING:
    from silkroad.dunhuang.table import Table

NAME = "sutra"
#: The statistic counting a player's deposited coins.
DEPOSIT = "deposit:sutra"
#: End VP per deposited coin, unless the data's ``deposit_vp`` setting says otherwise.
DEPOSIT_VP = 2


def _deposit_lack(t: Table, s: State, fr: Frame, e: Effect) -> engine.Lack | None:
    """[DH-8.3] A Deposit pays one coin."""
    if s.players[fr.player].coins >= 1:
        return None
    return "DH-8.3", f"a Deposit pays 1 coin; P{fr.player} has 0"


def _do_deposit(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-8.3] Deposit: pay 1 coin into the player's deposit."""
    pl = s.players[fr.player]
    pl = engine.add_counter(engine.replace(pl, coins=pl.coins - 1), DEPOSIT)
    return engine.set_player(s, fr.player, pl)


def _end_vp(t: Table, s: State, p: int) -> int:
    """[DH-4.5] ``deposit_vp`` VP per deposited coin."""
    vp = int(t.packs[t.options.packs.index(NAME)].setting("deposit_vp", str(DEPOSIT_VP)))
    return vp * s.players[p].counters.get(DEPOSIT, 0)


PACK = Pack(
    NAME,
    effects={"deposit": EffectHook.checked(_deposit_lack, _do_deposit, frameless=True)},
    end_vp=_end_vp,
    settings={"deposit_vp": count_setting(0)},
    words={"deposit": "Deposit: pay 1 coin into your deposit (VP at the end)"},
)
