"""Bronze Starting Pack: Mimic, the copy of Bronze fresco tiles and Bronze Mirrors.

* ``mimic`` (Mimic, DH-9): perform again the action of one of the player's own frescoes
  (not a promo tile), as with the meeple used and without a die change
  (``Choose(spot)``). Counted as ``mimics:bronze``.
* ``bronze-copy`` (DH-8.6): resolve all effects of a Bronze fresco tile on the main board,
  the Emperor's Quest included (``Choose(tile)``).
* Upgrade chain: Bronze Material -> Bronze Vessel (Product) -> Bronze Mirror (derivative,
  end VP in the data).
* End of game (DH-4.5): ``inscription`` VP (data setting) per Bronze fresco tile painted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from silkroad.dunhuang import engine
from silkroad.dunhuang.cards import Effect
from silkroad.dunhuang.packs import EffectHook, Pack, PackChoice, count_setting
from silkroad.dunhuang.state import Choice, ChoiceKind, Frame, State

if TYPE_CHECKING:
    from silkroad.dunhuang.table import Table

NAME = "bronze"
MIMICS = "mimics:bronze"
#: End VP per Bronze fresco tile painted, unless the data's ``inscription`` setting differs.
INSCRIPTION = 2


def _mimic_slots(t: Table, s: State, fr: Frame) -> tuple[int, ...]:
    """The player's own frescoes (promo tiles excepted) whose action could resolve
    something, as choice options (spot numbers from 1)."""
    pl = s.players[fr.player]
    out = []
    for slot, spot in enumerate(pl.frescoes):
        if spot.tile is None or spot.tile in t.promo_tiles:
            continue
        if any(engine.can(t, s, fr, x) for x in t.tiles[spot.tile].effects):
            out.append(slot + 1)
    return tuple(out)


def _mimic_lack(t: Table, s: State, fr: Frame, e: Effect) -> engine.Lack | None:
    """[DH-9] Mimic needs an own fresco (not a promo tile) whose action could resolve
    something."""
    if _mimic_slots(t, s, fr):
        return None
    return "DH-9", (
        f"Mimic: no fresco of P{fr.player} (promo tiles aside) has an effect that can be "
        "resolved now"
    )


def _do_mimic(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-9] Mimic: choose an own fresco (not a promo tile) to perform again; counted for
    the Bronze achievement board."""
    s = engine.set_player(s, fr.player, engine.add_counter(s.players[fr.player], MIMICS))
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
            if tile is None or t.tiles[tile].pack != NAME:
                continue
            if any(engine.can(t, s, quest, x) for x in t.tiles[tile].effects):
                out.append(tile)
    return tuple(sorted(out))


def _copy_lack(t: Table, s: State, fr: Frame, e: Effect) -> engine.Lack | None:
    """[DH-8.6] A Bronze fresco tile on the board whose effects could resolve something."""
    if _bronze_tiles(t, s, fr):
        return None
    return "DH-8.6", "no Bronze fresco tile on the board has an effect that can be resolved now"


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


def _inscription(t: Table) -> int:
    return int(t.packs[t.options.packs.index(NAME)].setting("inscription", str(INSCRIPTION)))


def _end_vp(t: Table, s: State, p: int) -> int:
    """[DH-4.5] ``inscription`` VP per Bronze fresco tile the player has painted."""
    return _inscription(t) * s.players[p].counters.get(f"painted:{NAME}", 0)


def _mimic_label(t: Table, s: State, c: Choice, option: int, words: Callable[[Effect], str]) -> str:
    tile = s.players[c.player].frescoes[option - 1].tile
    effects = ", ".join(words(e) for e in t.tiles[tile].effects) if tile is not None else ""
    return f"perform again your fresco {option} (t{tile}: {effects})"


def _copy_label(t: Table, s: State, c: Choice, tile: int, words: Callable[[Effect], str]) -> str:
    return f"resolve t{tile}: " + ", ".join(words(e) for e in t.tiles[tile].effects)


PACK = Pack(
    NAME,
    effects={
        "mimic": EffectHook.checked(_mimic_lack, _do_mimic),
        "bronze-copy": EffectHook.checked(_copy_lack, _do_copy),
    },
    choices={
        "mimic": PackChoice(
            _mimic_options,
            _mimic_choose,
            label=_mimic_label,
            rule="DH-9",
            what="one of your fresco spots to perform again",
        ),
        "bronze-copy": PackChoice(
            _copy_options,
            _copy_choose,
            label=_copy_label,
            rule="DH-8.6",
            what="a Bronze fresco tile",
        ),
    },
    end_vp=_end_vp,
    settings={"inscription": count_setting(0)},
    words={
        "mimic": "Mimic: perform again the action of one of your frescoes",
        "bronze-copy": "resolve every effect of a Bronze fresco tile on the board",
    },
)
