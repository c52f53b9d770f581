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
resolved lowers the die of that tile by 1, whoever painted it (DH-9.3), except during
the extra action of Begin Painting that tile, which leaves its die unchanged (DH-3.E.11).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import attrs

from silkroad.core.errors import DataError
from silkroad.dunhuang import engine
from silkroad.dunhuang.cards import (
    CORE_EFFECTS,
    CharacterDef,
    Effect,
    FrescoDef,
    _read,
    _Reader,
    parse_effect,
)
from silkroad.dunhuang.packs import EffectHook, Pack, available, get
from silkroad.dunhuang.state import Frame, State

if TYPE_CHECKING:
    from silkroad.dunhuang.table import Table

__all__ = [
    "LOWER",
    "LOWER_TIMES",
    "PROMO_PACK",
    "PromoTileDef",
    "Promos",
    "check_stack",
    "load_promos",
    "removable",
]

#: [DH-9.2] Most times the lower effect of a promo tile is resolved in one action.
LOWER_TIMES = 2
#: [DH-9.1] The frame effect standing for a promo tile's lower effect.
LOWER = "promo-lower"
#: Pack names the printed promo tile titles give (DH-9), by tile title word.
_TILE_PACKS = {
    "Sutra": "sutra",
    "Silver": "silver",
    "Wine": "wine",
    "Exotic": "exotic-beauty",
    "Bronze": "bronze",
}


@attrs.frozen
class PromoTileDef:
    """[DH-9] A promo fresco tile: its upper effects and its lower effect."""

    id: int
    name: str
    upper: tuple[Effect, ...]
    lower: Effect
    fresco: FrescoDef


@attrs.frozen
class Promos:
    """[DH-8] [DH-9] The promo components."""

    provenance: str
    note: str
    characters: tuple[CharacterDef, ...]
    tiles: tuple[PromoTileDef, ...]


@functools.cache
def load_promos() -> Promos:
    """[DH-8] [DH-9] The built-in promo data (``data/promos.toml``).

    :raises DataError: naming the file, the entry and the field of a problem.
    """
    source, raw = _read(None, "promos.toml")
    return _promos(source, raw)


def _promos(source: str, raw: dict[str, Any]) -> Promos:
    head = _Reader(source, None, raw)
    prov, note = head.provenance()
    characters = []
    for c in raw.get("characters", []):
        r = _Reader(source, f"character {c.get('id', '?')}", c)
        cp, cn, cr = r.sourced("character")
        pack = _pack(r, r.get("pack", str))
        ability = r.effects("ability")
        _known(r, "ability", ability, pack)
        characters.append(
            CharacterDef(
                r.get("id", int), r.get("name", str), pack, r.get("cost", int),
                r.get("grain", int), ability, (), cp, cn, cr,
            )
        )  # fmt: skip
    tiles = []
    for f in raw.get("frescoes", []):
        r = _Reader(source, f"fresco {f.get('id', '?')}", f)
        fp, fn, fr = r.sourced("promo tile")
        tid, name, value = r.get("id", int), r.get("name", str), r.get("value", int)
        if not 1 <= value <= 6:
            raise r.fail("value", f"a die value is 1 to 6, got {value}")
        upper = r.effects("upper")
        try:
            lower = parse_effect(r.get("lower", str))
        except ValueError as exc:
            raise r.fail("lower", str(exc)) from None
        tile_pack = _TILE_PACKS.get(name.split()[0])
        if tile_pack is None:
            raise r.fail("name", f"names no known pack: {name!r}")
        _known(r, "upper", upper, tile_pack)
        _known(r, "lower", (lower,), tile_pack)
        marker = parse_effect(f"{LOWER} {tid}")
        fresco = FrescoDef(
            tid, tile_pack, value, (*upper, *(marker,) * LOWER_TIMES), True, False, fp, fn, fr
        )
        tiles.append(PromoTileDef(tid, name, upper, lower, fresco))
    return Promos(prov, note, tuple(characters), tuple(tiles))


def _pack(r: _Reader, name: str) -> str:
    """[DH-8] The Starting Pack a promo belongs to: one of the packs."""
    if name not in available():
        raise r.fail("pack", f"names no Starting Pack: {name!r}")
    return name


def _known(r: _Reader, field: str, effects: tuple[Effect, ...], pack: str) -> None:
    """A promo's effects are DH-3.E effects or its own pack's (no stand-ins)."""
    known = set(CORE_EFFECTS) | set(get(pack).effects)
    for e in effects:
        for kind in (e.kind, *(x.kind for x in e.then)):
            if kind not in known:
                raise r.fail(field, f"effect {kind!r} is neither a DH-3.E effect nor one of {pack}")


# -- the lower effect -----------------------------------------------------------------------


def _promo_lower(tile: int) -> Effect:
    return next(x.lower for x in load_promos().tiles if x.id == tile)


def _can_lower(t: Table, s: State, fr: Frame, e: Effect) -> bool:
    return engine.can(t, s, fr, _promo_lower(e.amount))


def _do_lower(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-9.1] [DH-9.3] The lower effect of promo tile ``amount``: the die of that tile
    goes down by 1 (whoever painted it), then the effect is resolved. [DH-3.E.11] Not
    during the extra action of Begin Painting that tile: its die does not change."""
    if e.amount not in engine.still_tiles(s):
        for owner, pl in enumerate(s.players):
            for slot, spot in enumerate(pl.frescoes):
                if spot.tile == e.amount and spot.die is not None:
                    s = engine.lower_die(t, s, owner, slot)
    return engine.do(t, s, fr, _promo_lower(e.amount))


#: [DH-8] [DH-9] The promo rules, plugged into a table like a pack's: the lower effect.
PROMO_PACK = Pack("promos", effects={LOWER: EffectHook(_can_lower, _do_lower)})


def check_stack(t: Table) -> None:
    """[DH-8] One 4-player-only pack tile to leave out for each promo tile in play."""
    if len(t.promo_tiles) > len(removable(t)):
        raise DataError(
            f"the {len(t.promo_tiles)} promo tiles need as many 4-player-only pack tiles "
            f"to leave out, the packs have {len(removable(t))}",
            source=", ".join(t.options.packs),
            field="frescoes",
        )


def removable(t: Table) -> tuple[int, ...]:
    """[DH-8] The 4-player-only tiles of the packs in play (promo tiles excluded)."""
    return tuple(x for x in t.tile_ids if t.tiles[x].four_player_only and x not in t.promo_tiles)
