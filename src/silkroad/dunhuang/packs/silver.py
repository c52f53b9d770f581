"""Silver Starting Pack: Drawing cards, Studios, Seminar and Researching.

* ``draw`` (Drawing cards, DH-3.1.2): gain one Silver Drawing (``silver-material``, the
  Silver Material of DH-3.E.1). Upgrade Resource turns a Drawing into Silverware
  (``silver-product``).
* ``seminar`` (DH-8.5, DH-9): draw one card, then 1 VP per Silver Drawing owned.
* ``research`` (Researching, DH-9): draw two cards.
* Studio Tiles (``silver-studio``): Upgrade Resource (DH-3.E.2) turns Silverware (the
  Silver Product) into a Studio Tile; in every starting phase (DH-3.1.2 names Drawing
  cards of the Silver pack there) each Studio draws a card.
* End of game (DH-4.5): ``showcase`` VP (the data setting) for each Silverware matched
  by a Silver Drawing, beyond the Studios' own end VP (data).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from silkroad.dunhuang import engine
from silkroad.dunhuang.cards import Effect
from silkroad.dunhuang.packs import EffectHook, Pack, count_setting
from silkroad.dunhuang.state import Frame, State

if TYPE_CHECKING:
    from silkroad.dunhuang.table import Table

NAME = "silver"
DRAWING = "silver-material"
WARE = "silver-product"
STUDIO = "silver-studio"
#: VP per Silverware matched by a Drawing, unless the data's ``showcase`` setting differs.
SHOWCASE = 2


def _always(t: Table, s: State, fr: Frame, e: Effect) -> bool:
    return True


def _drawings(s: State, p: int, n: int) -> State:
    return engine.set_player(s, p, engine.add_tokens(s.players[p], DRAWING, n))


def _do_draw(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-3.1.2] Drawing cards: gain one Silver Drawing."""
    return _drawings(s, fr.player, 1)


def _do_seminar(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-8.5] [DH-9] Seminar: one more Silver Drawing, then 1 VP per Drawing owned."""
    s = _drawings(s, fr.player, 1)
    pl = s.players[fr.player]
    return engine.set_player(s, fr.player, engine.replace(pl, vp=pl.vp + pl.tokens[DRAWING]))


def _do_research(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-9] Researching: gain two Silver Drawings."""
    return _drawings(s, fr.player, 2)


def _start(t: Table, s: State, p: int) -> State:
    """[DH-3.1.2] Drawing cards: each Studio draws one Silver Drawing."""
    n = s.players[p].tokens.get(STUDIO, 0)
    if n:
        s = engine.set_player(s, p, engine.add_tokens(s.players[p], DRAWING, n))
    return s


def _showcase(t: Table) -> int:
    return int(t.packs[t.options.packs.index(NAME)].setting("showcase", str(SHOWCASE)))


def _end_vp(t: Table, s: State, p: int) -> int:
    """[DH-4.5] ``showcase`` VP per Silverware matched by a Silver Drawing."""
    tokens = s.players[p].tokens
    return _showcase(t) * min(tokens.get(DRAWING, 0), tokens.get(WARE, 0))


PACK = Pack(
    NAME,
    effects={
        "draw": EffectHook(_always, _do_draw, frameless=True),
        "seminar": EffectHook(_always, _do_seminar, frameless=True),
        "research": EffectHook(_always, _do_research, frameless=True),
    },
    start=_start,
    end_vp=_end_vp,
    settings={"showcase": count_setting(0)},
    tokens=(DRAWING, WARE, STUDIO),
    words={
        "draw": "gain 1 Silver Drawing",
        "seminar": "Seminar: gain 1 Silver Drawing, then 1 VP per Silver Drawing you own",
        "research": "Researching: gain 2 Silver Drawings",
    },
)
