"""[DH-8] [DH-9] The promo characters and promo fresco tiles, and the effects they name.

Used when ``Options(promos=True)``: the six promo characters join the character deck
(DH-8), and in a 4-player game the six promo fresco tiles join the fresco stack, which
keeps 21 tiles by leaving out as many 4-player-only tiles of the packs (DH-8, DH-9).

A promo tile's action is its upper effects, then its lower effect at most twice
(DH-9.1, DH-9.2). The lower effect is written ``promo-lower <tile>`` in a frame: each one
resolved lowers the die of that tile by 1, whoever resolves it (DH-9.3).

The effects the promos name for other packs, in general versions (see the
"Promos" rulings of ``docs/dunhuang.md``):

* ``brew`` (Brewing, Wine): put one Wine cube (a ``wine-material``) on your Winery Board.
* ``winery N`` (DH-8.1): gain N VP for each Wine cube on your Winery Board.
* ``deposit`` (Deposit, Sutra): pay 1 coin into your deposit; 2 VP each at the end.
* ``draw`` (Drawing cards, Silver): gain one Silver Drawing (``silver-material``).
* ``seminar`` (Seminar, Silver): gain one Silver Drawing, then 1 VP per Silver Drawing.
* ``research`` (Researching, Silver): gain two Silver Drawings.
* ``mimic`` (Mimic, Bronze): perform again the action of one of your own frescoes
  (not a promo tile), without a meeple's die change (``Choose(spot)``).
* ``bronze-copy`` (DH-8.6): resolve all effects of a Bronze fresco tile on the main board,
  the Emperor's Quest included (``Choose(tile)``).
"""

from __future__ import annotations

import functools
from typing import Any

import attrs

from silkroad.core.errors import DataError
from silkroad.dunhuang import engine
from silkroad.dunhuang.data import (
    CORE_EFFECTS,
    CharacterDef,
    Effect,
    FrescoDef,
    TokenDef,
    _read,
    _Reader,
    parse_effect,
)
from silkroad.dunhuang.packs import EffectHook, Pack, PackChoice
from silkroad.dunhuang.state import Choice, ChoiceKind, Frame, State
from silkroad.dunhuang.table import Table

__all__ = [
    "DEPOSIT",
    "DEPOSIT_VP",
    "LOWER",
    "LOWER_TIMES",
    "PROMO_PACK",
    "STACK",
    "PromoTileDef",
    "Promos",
    "load_promos",
]

#: [DH-8] Tiles in the 4-player fresco stack when the promo tiles are used.
STACK = 21
#: [DH-9.2] Most times the lower effect of a promo tile is resolved in one action.
LOWER_TIMES = 2
#: [DH-9.1] The frame effect standing for a promo tile's lower effect.
LOWER = "promo-lower"
#: The statistic counting a player's deposited coins (Deposit), and their end VP.
DEPOSIT = "deposit:sutra"
DEPOSIT_VP = 2
#: Pack names the printed promo tile titles give (DH-9), by tile title word.
_TILE_PACKS = {
    "Sutra": "sutra",
    "Silver": "silver",
    "Wine": "wine",
    "Exotic": "exotic-beauty",
    "Bronze": "bronze",
}
#: The pack name of the promo characters (DH-8 does not name their packs).
CHARACTER_PACK = "promo"


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
    tokens: tuple[TokenDef, ...]
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
    known = set(CORE_EFFECTS) | set(HOOKS)
    tokens = []
    for t in raw.get("tokens", []):
        r = _Reader(source, str(t.get("key", "?")), t)
        tp, tn = r.provenance()
        tokens.append(
            TokenDef(
                r.get("key", str), r.get("name", str), "promo", r.get("category", str), None, (),
                0, tp, tn,
            )
        )  # fmt: skip
    characters = []
    for c in raw.get("characters", []):
        r = _Reader(source, f"character {c.get('id', '?')}", c)
        cp, cn = r.provenance()
        ability = r.effects("ability")
        _known(r, "ability", ability, known)
        characters.append(
            CharacterDef(
                r.get("id", int), r.get("name", str), CHARACTER_PACK, r.get("cost", int),
                r.get("grain", int), ability, (), cp, cn,
            )
        )  # fmt: skip
    tiles = []
    for f in raw.get("frescoes", []):
        r = _Reader(source, f"fresco {f.get('id', '?')}", f)
        fp, fn = r.provenance()
        tid, name, value = r.get("id", int), r.get("name", str), r.get("value", int)
        if not 1 <= value <= 6:
            raise r.fail("value", f"a die value is 1 to 6, got {value}")
        upper = r.effects("upper")
        try:
            lower = parse_effect(r.get("lower", str))
        except ValueError as exc:
            raise r.fail("lower", str(exc)) from None
        _known(r, "upper", upper, known)
        _known(r, "lower", (lower,), known)
        pack = _TILE_PACKS.get(name.split()[0])
        if pack is None:
            raise r.fail("name", f"names no known pack: {name!r}")
        marker = parse_effect(f"{LOWER} {tid}")
        fresco = FrescoDef(
            tid, pack, value, (*upper, *(marker,) * LOWER_TIMES), True, False, fp, fn
        )
        tiles.append(PromoTileDef(tid, name, upper, lower, fresco))
    return Promos(prov, note, tuple(tokens), tuple(characters), tuple(tiles))


def _known(r: _Reader, field: str, effects: tuple[Effect, ...], known: set[str]) -> None:
    for e in effects:
        for kind in (e.kind, *(x.kind for x in e.then)):
            if kind not in known:
                raise r.fail(field, f"effect {kind!r} is not known")


# -- the effects -------------------------------------------------------------------------


def _always(t: Table, s: State, fr: Frame, e: Effect) -> bool:
    return True


def _gain_token(s: State, p: int, key: str, n: int) -> State:
    return engine.set_player(s, p, engine.add_tokens(s.players[p], key, n))


def _add_vp(s: State, p: int, n: int) -> State:
    pl = s.players[p]
    return engine.set_player(s, p, engine.replace(pl, vp=pl.vp + n))


def _do_brew(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-3.1.2] [DH-9] Brewing (Wine): a Wine cube onto the player's Winery Board."""
    return _gain_token(s, fr.player, "wine-material", 1)


def _can_winery(t: Table, s: State, fr: Frame, e: Effect) -> bool:
    return s.players[fr.player].tokens.get("wine-material", 0) > 0


def _do_winery(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-8.1] ``amount`` VP for each Wine cube on the player's Winery Board."""
    wine = s.players[fr.player].tokens.get("wine-material", 0)
    return _add_vp(s, fr.player, e.amount * wine)


def _can_deposit(t: Table, s: State, fr: Frame, e: Effect) -> bool:
    return s.players[fr.player].coins >= 1


def _do_deposit(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-8.3] Deposit (Sutra): pay 1 coin into the deposit (``DEPOSIT_VP`` VP each at the end)."""
    pl = s.players[fr.player]
    pl = engine.add_counter(engine.replace(pl, coins=pl.coins - 1), DEPOSIT)
    return engine.set_player(s, fr.player, pl)


def _do_draw(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-3.1.2] Drawing cards (Silver): gain one Silver Drawing."""
    return _gain_token(s, fr.player, "silver-material", 1)


def _do_seminar(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-8.5] [DH-9] Seminar (Silver): one more Silver Drawing, then 1 VP per Drawing."""
    s = _gain_token(s, fr.player, "silver-material", 1)
    return _add_vp(s, fr.player, s.players[fr.player].tokens.get("silver-material", 0))


def _do_research(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-9] Researching (Silver): gain two Silver Drawings."""
    return _gain_token(s, fr.player, "silver-material", 2)


def _promo_lower(t: Table, tile: int) -> Effect:
    promos = load_promos()
    return next(x.lower for x in promos.tiles if x.id == tile)


def _can_lower(t: Table, s: State, fr: Frame, e: Effect) -> bool:
    return engine.can(t, s, fr, _promo_lower(t, e.amount))


def _do_lower(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-9.1] [DH-9.3] The lower effect of promo tile ``amount``: the die of that tile
    goes down by 1 (whoever painted it), then the effect is resolved."""
    for owner, pl in enumerate(s.players):
        for slot, spot in enumerate(pl.frescoes):
            if spot.tile == e.amount and spot.die is not None:
                s = engine.lower_die(t, s, owner, slot)
    return engine.do(t, s, fr, _promo_lower(t, e.amount))


def _is_promo(tile: int) -> bool:
    return any(x.id == tile for x in load_promos().tiles)


def _mimic_slots(t: Table, s: State, fr: Frame) -> tuple[int, ...]:
    pl = s.players[fr.player]
    out = []
    for slot, spot in enumerate(pl.frescoes):
        if spot.tile is None or _is_promo(spot.tile):
            continue
        if any(engine.can(t, s, fr, x) for x in t.tiles[spot.tile].effects):
            out.append(slot + 1)
    return tuple(out)


def _can_mimic(t: Table, s: State, fr: Frame, e: Effect) -> bool:
    return bool(_mimic_slots(t, s, fr))


def _do_mimic(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-9] Mimic (Bronze): choose an own fresco (not a promo tile) to perform again."""
    return engine.set_choice(s, ChoiceKind.PACK, fr.player, "mimic", int(fr.quest), fr.slot)


def _mimic_options(t: Table, s: State, c: Choice) -> tuple[int, ...]:
    return _mimic_slots(t, s, Frame(c.player, (), quest=bool(c.n), slot=c.slot))


def _mimic_choose(t: Table, s: State, c: Choice, option: int) -> State:
    """[DH-9] Mimic: the chosen fresco's action, as with the meeple used, no die change."""
    tile = s.players[c.player].frescoes[option - 1].tile
    assert tile is not None
    effects = tuple(x.text for x in t.tiles[tile].effects)
    s = engine.replace(s, choice=None)
    return engine.push_frame(s, Frame(c.player, effects, quest=bool(c.n), slot=c.slot))


def _bronze_tiles(t: Table, s: State, fr: Frame) -> tuple[int, ...]:
    quest = Frame(fr.player, (), quest=True, slot=fr.slot)
    out = []
    for pl in s.players:
        for spot in pl.frescoes:
            tile = spot.tile
            if tile is None or t.tiles[tile].pack != "bronze":
                continue
            if any(engine.can(t, s, quest, x) for x in t.tiles[tile].effects):
                out.append(tile)
    return tuple(sorted(out))


def _can_copy(t: Table, s: State, fr: Frame, e: Effect) -> bool:
    return bool(_bronze_tiles(t, s, fr))


def _do_copy(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-8.6] Choose a Bronze fresco tile on the main board to resolve."""
    return engine.set_choice(s, ChoiceKind.PACK, fr.player, "bronze-copy", 1, fr.slot)


def _copy_options(t: Table, s: State, c: Choice) -> tuple[int, ...]:
    return _bronze_tiles(t, s, Frame(c.player, (), slot=c.slot))


def _copy_choose(t: Table, s: State, c: Choice, tile: int) -> State:
    """[DH-8.6] All effects of the tile, the Emperor's Quest not ignored."""
    effects = tuple(x.text for x in t.tiles[tile].effects)
    s = engine.replace(s, choice=None)
    return engine.push_frame(s, Frame(c.player, effects, quest=True, slot=c.slot))


def _end_vp(t: Table, s: State, p: int) -> int:
    """[DH-4.5] Deposited coins score at the end (by the Sutra pack when it is in play)."""
    if "sutra" in t.options.packs:
        return 0
    return DEPOSIT_VP * s.players[p].counters.get(DEPOSIT, 0)


HOOKS: dict[str, EffectHook] = {
    "brew": EffectHook(_always, _do_brew),
    "winery": EffectHook(_can_winery, _do_winery),
    "deposit": EffectHook(_can_deposit, _do_deposit),
    "draw": EffectHook(_always, _do_draw),
    "seminar": EffectHook(_always, _do_seminar),
    "research": EffectHook(_always, _do_research),
    "mimic": EffectHook(_can_mimic, _do_mimic),
    "bronze-copy": EffectHook(_can_copy, _do_copy),
    LOWER: EffectHook(_can_lower, _do_lower),
}

#: [DH-8] [DH-9] The promo rules, plugged into a table like a pack's.
PROMO_PACK = Pack(
    "promos",
    effects=HOOKS,
    choices={
        "mimic": PackChoice(_mimic_options, _mimic_choose),
        "bronze-copy": PackChoice(_copy_options, _copy_choose),
    },
    end_vp=_end_vp,
)


def check_stack(t: Table) -> None:
    """[DH-8] Enough 4-player-only pack tiles to leave out for a 21-tile stack."""
    excess = len(t.tile_ids) - STACK
    if excess > len(removable(t)):
        raise DataError(
            f"the promo tiles need {excess} 4-player-only pack tiles to leave out, "
            f"the packs have {len(removable(t))}",
            source=", ".join(t.options.packs),
            field="frescoes",
        )


def removable(t: Table) -> tuple[int, ...]:
    """[DH-8] The 4-player-only tiles of the packs (promo tiles excluded)."""
    return tuple(x for x in t.tile_ids if t.tiles[x].four_player_only and not _is_promo(x))
