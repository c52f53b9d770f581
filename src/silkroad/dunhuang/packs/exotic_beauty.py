"""Exotic Beauty Starting Pack: wine standing in for grain (Encore).

The pack adds Wine cubes (``wine-material``, the Wine pack's Material; with Wine in play
the Wine pack's entry is used). Exotic Beauty characters end their ability with
``encore``: the player may pay one Wine cube instead of a grain token to use the same
character's ability once more (``Choose(1)``; ``Choose(0)`` declines). The ability used
again ends with Encore too, so every Wine cube buys one more use. Counted as
``encores:exotic-beauty``. The ability used again takes the place of the frame whose
Encore bought it when that frame holds nothing more, so a chain of Encores does not nest
frames (an effect the ability skipped keeps its frame below the new one).

End of game (DH-4.5): 1 VP for every ``applause`` Encores (data setting).

The module is ``exotic_beauty``; the pack (and its data file) is ``exotic-beauty``.
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

NAME = "exotic-beauty"
WINE = "wine-material"
ENCORES = "encores:exotic-beauty"
ENCORE = "encore"


def _card(s: State, p: int, slot: int | None) -> int | None:
    if slot is None:
        return None
    return s.players[p].characters[slot]


def _lack(t: Table, s: State, fr: Frame, e: Effect) -> engine.Lack | None:
    """[DH-3.2] An Encore needs the meeple's character, a Wine cube to pay, and something
    of the ability that could be resolved again once it is paid."""
    p, slot = fr.player, fr.slot
    card = _card(s, p, slot)
    if card is None:
        return "DH-3.2", "Encore: no character is on the meeple's spot"
    if s.players[p].tokens.get(WINE, 0) <= 0:
        return "DH-3.2", f"an Encore pays 1 Wine cube; P{p} has 0"
    after = engine.set_player(s, p, engine.add_tokens(s.players[p], WINE, -1))
    again = Frame(p, (), manual=False, quest=True, slot=slot)
    if any(engine.can(t, after, again, x) for x in t.characters[card].ability if x.kind != ENCORE):
        return None
    return "DH-3.2", "Encore: nothing of the ability could be resolved again"


def _do(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """Offer to pay a Wine cube for one more use of the ability."""
    return engine.set_choice(s, ChoiceKind.PACK, fr.player, ENCORE, 0, fr.slot)


def _options(t: Table, s: State, c: Choice) -> tuple[int, ...]:
    return (0, 1)


def _choose(t: Table, s: State, c: Choice, option: int) -> State:
    """1: pay a Wine cube, the ability again (with the meeple's character); 0: stop."""
    s = engine.replace(s, choice=None)
    if option == 0:
        return s
    p = c.player
    card = _card(s, p, c.slot)
    assert card is not None
    pl = engine.add_counter(engine.add_tokens(s.players[p], WINE, -1), ENCORES)
    s = engine.set_player(s, p, pl)
    effects = tuple(x.text for x in t.characters[card].ability)
    top = s.frames[-1] if s.frames else None
    if top is not None and not top.effects and not top.bonus:
        # the Encore was the last of its frame: the frame ends (as settling would end it
        # once the new one is done), so a chain of Encores does not nest frames
        s = engine.pop_frame(t, s)
    return engine.push_frame(s, Frame(p, effects, manual=False, quest=True, slot=c.slot))


def _problem(t: Table, s: State, c: Choice) -> str | None:
    """An Encore is offered for the character of the meeple's spot, with a Wine cube to pay."""
    if _card(s, c.player, c.slot) is None or s.players[c.player].tokens.get(WINE, 0) <= 0:
        return "an Encore needs the meeple's character and a Wine cube"
    if c.n != 0:
        return "an Encore choice has no number"
    return None


def _end_vp(t: Table, s: State, p: int) -> int:
    """[DH-4.5] 1 VP for every ``applause`` Encores."""
    size = int(t.packs[t.options.packs.index(NAME)].setting("applause", "2"))
    return s.players[p].counters.get(ENCORES, 0) // size


def _label(t: Table, s: State, c: Choice, option: int, words: Callable[[Effect], str]) -> str:
    del words
    return "pay 1 Wine cube: the ability once more" if option else "no Encore"


PACK = Pack(
    NAME,
    effects={ENCORE: EffectHook.checked(_lack, _do)},
    choices={
        ENCORE: PackChoice(
            _options,
            _choose,
            _problem,
            label=_label,
            rule="DH-3.2",
            what="whether to pay a Wine cube for an Encore (1) or not (0)",
        )
    },
    end_vp=_end_vp,
    settings={"applause": count_setting(1)},
    tokens=(WINE,),
    words={ENCORE: "Encore: you may pay 1 Wine cube to use this ability once more"},
)
