"""[DH-8] [DH-9] The promo characters and promo fresco tiles.

Used when ``Options(promos=True)``. Every promo belongs to a Starting Pack (a tile's
title names it; a character's pack is its data's ``pack``, see the "Promos" rulings of
``docs/dunhuang.md``), and only the promos of the packs in play join the game: their
characters the character deck (DH-8), and in a 4-player game their tiles the fresco
stack, one 4-player-only pack tile leaving for each (DH-8). The effects a promo names
(Brewing, Deposit, Seminar, Mimic...) are its pack's own, so a promo never needs a
stand-in for a pack that is not in play.

A promo tile's action is its upper effects, then its lower effect at most twice
(DH-9.1, DH-9.2). The lower effect is written ``promo-lower <tile>`` in a frame: each one
resolved, its reward included, then lowers the die of that tile by 1, whoever painted it
(DH-9.3 and its printed example; rules 1.7), also during the
extra action of Begin Painting that tile: the tile's own "whenever" is more specific than
the general rule of DH-3.E.11 that the extra action leaves the die unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from silkroad.dunhuang import engine
from silkroad.dunhuang.cards import Effect
from silkroad.dunhuang.packs import (
    LOWER,
    LOWER_TIMES,
    PROMO_DATA,
    EffectHook,
    Pack,
    Promos,
    PromoTileDef,
    check_fit,
    load_promo_file,
    load_promos,
    parse_promo_text,
    promos_of,
)
from silkroad.dunhuang.state import Frame, State

if TYPE_CHECKING:
    from silkroad.dunhuang.table import Table

__all__ = [
    "LOWER",
    "LOWER_TIMES",
    "PROMO_DATA",
    "PROMO_PACK",
    "PromoTileDef",
    "Promos",
    "check_fit",
    "load_promo_file",
    "load_promos",
    "parse_promo_text",
    "promos_of",
    "removable",
]

# -- the lower effect -----------------------------------------------------------------------


def _lower_lack(t: Table, s: State, fr: Frame, e: Effect) -> engine.Lack | None:
    """[DH-9.1] The lower effect can be resolved when the effect it stands for can."""
    found = engine.lack(t, s, fr, t.promo_lower[e.amount])
    if found is None:
        return None
    rule, text = found
    return rule, f"the promo tile's lower effect: {text}"


def _do_lower(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-9.1] [DH-9.3] The lower effect of promo tile ``amount``: the effect it stands
    for is resolved (its payment, then its reward, with any decision the reward asks),
    and finally the die of that tile goes down by 1, whoever painted it, as DH-9.3's
    printed example does it ("finally he/she reduces ..."). A frame with no effect of its
    own (``Frame.lower``) lies under the reward and lowers the die when it ends.
    Whenever it is resolved: in the extra action of Begin Painting that tile too (DH-9.3's
    own rule for its lower effect over DH-3.E.11's general one)."""
    marker = Frame(fr.player, (), manual=False, quest=fr.quest, slot=fr.slot, lower=e.amount)
    return engine.do(t, engine.push_frame(s, marker), fr, t.promo_lower[e.amount])


#: [DH-8] [DH-9] The promo rules, plugged into a table like a pack's: the lower effect.
PROMO_PACK = Pack("promos", effects={LOWER: EffectHook.checked(_lower_lack, _do_lower)})


def removable(t: Table) -> tuple[int, ...]:
    """[DH-8] The 4-player-only tiles of the packs in play (promo tiles excluded)."""
    return tuple(x for x in t.tile_ids if t.tiles[x].four_player_only and x not in t.promo_tiles)
