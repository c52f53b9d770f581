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
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from silkroad.core.errors import DataError
from silkroad.dunhuang import engine
from silkroad.dunhuang.cards import (
    CORE_EFFECTS,
    FIELDS,
    MAX_ID,
    PROVENANCE_KEYS,
    CharacterDef,
    Effect,
    FrescoDef,
    _read,
    _Reader,
    parse_effect,
)
from silkroad.dunhuang.packs import EffectHook, Pack, available, effect_problem, get
from silkroad.dunhuang.state import PROMO_DATA, Frame, State

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


def promos_of(options: Any) -> tuple[Promos, str]:
    """[DH-8] [DH-9] The promo data of ``options`` and where it comes from: the
    replacement its ``data`` carries under :data:`PROMO_DATA`, else the built-in file."""
    text = next((t for n, t in options.data if n == PROMO_DATA), None)
    if text is None:
        return load_promos(), "silkroad/dunhuang/data/promos.toml"
    return parse_promo_text(text, f"data of {PROMO_DATA}"), f"data of {PROMO_DATA}"


def load_promo_file(path: str | Path) -> Promos:
    """[DH-8] [DH-9] Read and check a user's promo data file (the format of
    ``data/promos.toml``, for instance with the printed names).

    :raises DataError: naming the file, the entry and the field of a problem.
    """
    source, raw = _read(path, "promos.toml")
    return _promos(source, raw)


@functools.lru_cache(maxsize=8)
def parse_promo_text(text: str, source: str = "<promo data>") -> Promos:
    """[DH-8] [DH-9] Check the text of a promo data file (as carried by ``Options.data``
    under the name ``"promos"``).

    :raises DataError: naming the source, the entry and the field of a problem.
    """
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"not valid TOML: {exc}", source=source) from None
    return _promos(source, raw)


#: The top-level keys of a promo data file.
_TOP = frozenset({"provenance", "note", "characters", "frescoes"})


def _promos(source: str, raw: dict[str, Any]) -> Promos:
    """[DH-8] [DH-9] Check a promo data file: the format of ``data/promos.toml``, every
    field as a Starting Pack file's of its kind (with the ``pack`` of each character), ids
    unique, effects of DH-3.E or of the promo's own pack."""
    if "pack" in raw:
        raise DataError(
            "a Starting Pack file (it has a [pack] table), not promo data",
            source=source,
            field="pack",
        )
    head = _Reader(source, None, raw)
    head.only(_TOP)
    prov, note = head.provenance()
    characters = []
    for c in head.entries(raw, "characters"):
        r = _Reader(source, f"character {c.get('id', '?')}", c)
        r.only(set(FIELDS["character"]) | PROVENANCE_KEYS | {"id"})
        cp, cn, cr = r.sourced("character")
        cid = r.number("id", 0, MAX_ID)
        pack = _pack(r, r.get("pack", str))
        ability = r.effects("ability")
        leaving = r.effects("leaving", None, simple=True)
        _known(r, "ability", ability, pack)
        characters.append(
            CharacterDef(
                cid, r.get("name", str), pack, r.number("cost", 0, 99, None),
                r.number("grain", 1, 9), ability, leaving, cp, cn, cr,
            )
        )  # fmt: skip
    tiles = []
    for f in head.entries(raw, "frescoes"):
        r = _Reader(source, f"fresco {f.get('id', '?')}", f)
        r.only(set(FIELDS["promo tile"]) | PROVENANCE_KEYS | {"id"})
        fp, fn, fr = r.sourced("promo tile")
        tid, name, value = r.number("id", 0, MAX_ID), r.get("name", str), r.get("value", int)
        if not 1 <= value <= 6:
            raise r.fail("value", f"a die value is 1 to 6, got {value}")
        upper = r.effects("upper")
        if any(e.kind == "paint" for e in upper):
            raise r.fail("upper", "a fresco tile cannot Begin Painting")
        try:
            lower = parse_effect(r.get("lower", str))
        except ValueError as exc:
            raise r.fail("lower", str(exc)) from None
        tile_pack = _TILE_PACKS.get(name.split()[0]) if name.strip() else None
        if tile_pack is None:
            known = ", ".join(sorted(_TILE_PACKS))
            raise r.fail("name", f"starts with no pack's title word ({known}): {name!r}")
        _known(r, "upper", upper, tile_pack)
        _known(r, "lower", (lower,), tile_pack)
        marker = parse_effect(f"{LOWER} {tid}")
        fresco = FrescoDef(
            tid, tile_pack, value, (*upper, *(marker,) * LOWER_TIMES), True, False, fp, fn, fr
        )
        tiles.append(PromoTileDef(tid, name, upper, lower, fresco))
    for kind, ids in (("character", [c.id for c in characters]), ("fresco", [x.id for x in tiles])):
        twice = next((i for n, i in enumerate(ids) if i in ids[:n]), None)
        if twice is not None:
            raise DataError(
                f"two promo {kind}s have id {twice}", source=source, entry=f"{kind} {twice}",
                field="id",
            )  # fmt: skip
    return Promos(prov, note, tuple(characters), tuple(tiles))


def _pack(r: _Reader, name: str) -> str:
    """[DH-8] The Starting Pack a promo belongs to: one of the packs."""
    if name not in available():
        raise r.fail("pack", f"names no Starting Pack: {name!r}")
    return name


def _known(r: _Reader, field: str, effects: tuple[Effect, ...], pack: str) -> None:
    """[DH-3.E] A promo's effects are DH-3.E effects or its own pack's (no stand-ins),
    written as a pack file's (numbers where they count, 1 to 99; a Payment pays coins,
    pigment, VP, grain or a token of a pack)."""
    module = get(pack)
    known = {*CORE_EFFECTS, *module.effects}
    for e in effects:
        problem = effect_problem(e, known, module.counted, _all_tokens())
        if problem is not None:
            raise r.fail(field, problem.replace("of a pack in play", f"of the {pack} pack"))


@functools.cache
def _all_tokens() -> frozenset[str]:
    """The token kinds of every built-in Starting Pack."""
    return frozenset(t.key for name in available() for t in get(name).data.tokens)


# -- the lower effect -----------------------------------------------------------------------


def _can_lower(t: Table, s: State, fr: Frame, e: Effect) -> bool:
    return engine.can(t, s, fr, t.promo_lower[e.amount])


def _do_lower(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-9.1] [DH-9.3] The lower effect of promo tile ``amount``: the die of that tile
    goes down by 1 (whoever painted it), then the effect is resolved. [DH-3.E.11] Not
    during the extra action of Begin Painting that tile: its die does not change."""
    if e.amount not in engine.still_tiles(s):
        for owner, pl in enumerate(s.players):
            for slot, spot in enumerate(pl.frescoes):
                if spot.tile == e.amount and spot.die is not None:
                    s = engine.lower_die(t, s, owner, slot)
    return engine.do(t, s, fr, t.promo_lower[e.amount])


#: [DH-8] [DH-9] The promo rules, plugged into a table like a pack's: the lower effect.
PROMO_PACK = Pack("promos", effects={LOWER: EffectHook(_can_lower, _do_lower)})


def check_fit(options: Any) -> None:
    """[DH-8] The promos of the packs in play fit those packs' data (checked when the
    options are made, so that options accepted always set up): no promo has the id of a
    character or tile of a pack in play, and in the 4-player game the packs have one
    4-player-only tile to leave out for each promo tile that joins.

    :raises DataError: naming the promo data (or the packs), the entry and the field.
    """
    promos, source = promos_of(options)
    given = options.replaced_packs()
    packs = [given[n] if n in given else get(n).data for n in options.packs]
    four = options.players == 4
    chars = {c.id: p.name for p in packs for c in p.characters}
    tiles = {f.id: p.name for p in packs for f in p.frescoes if four or not f.four_player_only}
    joined = [x for x in promos.tiles if four and x.fresco.pack in options.packs]
    for kind, have, ids in (
        ("character", chars, [c.id for c in promos.characters if c.pack in options.packs]),
        ("fresco", tiles, [x.id for x in joined]),
    ):
        for i in ids:
            if i in have:
                raise DataError(
                    f"promo {kind} id {i} is also one of the {have[i]} pack",
                    source=source,
                    entry=f"{kind} {i}",
                    field="id",
                )
    spare = sum(f.four_player_only for p in packs for f in p.frescoes)
    if len(joined) > spare:
        raise DataError(
            f"the {len(joined)} promo tiles need as many 4-player-only pack tiles "
            f"to leave out, the packs have {spare}",
            source=", ".join(options.packs),
            field="frescoes",
        )


def removable(t: Table) -> tuple[int, ...]:
    """[DH-8] The 4-player-only tiles of the packs in play (promo tiles excluded)."""
    return tuple(x for x in t.tile_ids if t.tiles[x].four_player_only and x not in t.promo_tiles)
