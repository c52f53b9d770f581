"""Wine Starting Pack: Brewing, the Winery Board and Vat Tiles.

* ``brew`` (Brewing, DH-3.1.2, DH-9): put one Wine cube on the player's Winery Board.
  The Wine cubes on a player's Winery Board are that player's Wine Material cubes
  (``wine-material``): Gain Material (DH-3.E.1) and Brewing both add one, and paying a
  Wine Material cube (DH-9 Exotic Beauty tile) takes one off. Counted as ``brewed:wine``.
* ``winery N`` (DH-8.1): N VP for each Wine cube on the player's Winery Board.
* Vat Tiles (``wine-vat``): Upgrade Resource (DH-3.E.2) turns a Wine Jar (the Wine
  Product) into a Vat Tile; in every starting phase (DH-3.1.2 names Brewing of the Wine
  pack there) each Vat brews once.
* End of game (DH-4.5): 1 VP for every ``VINTAGE`` Brewings resolved in the game
  (the ``vintage`` setting), beyond the Vats' own end VP (data).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from silkroad.dunhuang import engine
from silkroad.dunhuang.cards import Effect
from silkroad.dunhuang.packs import EffectHook, Pack, count_setting
from silkroad.dunhuang.state import Frame, State

if TYPE_CHECKING:
    from silkroad.dunhuang.table import Table

NAME = "wine"
#: The Wine cubes on the Winery Board (the Wine Material token).
CUBE = "wine-material"
VAT = "wine-vat"
BREWED = "brewed:wine"
#: Brewings per end-game VP, unless the data file's ``vintage`` setting says otherwise.
VINTAGE = 3


def brew(s: State, p: int, times: int = 1) -> State:
    """[DH-3.1.2] [DH-9] Brewing: one Wine cube onto player ``p``'s Winery Board (``times``
    Brewings at once: as many cubes)."""
    pl = engine.add_counter(engine.add_tokens(s.players[p], CUBE, times), BREWED, times)
    return engine.set_player(s, p, pl)


def _always(t: Table, s: State, fr: Frame, e: Effect) -> bool:
    return True


def _do_brew(t: Table, s: State, fr: Frame, e: Effect) -> State:
    return brew(s, fr.player)


def _winery_lack(t: Table, s: State, fr: Frame, e: Effect) -> engine.Lack | None:
    """[DH-8.1] VP for the Wine cubes on the Winery Board: there is one at least."""
    if s.players[fr.player].tokens.get(CUBE, 0) > 0:
        return None
    return "DH-8.1", f"no Wine cube is on P{fr.player}'s Winery Board"


def _do_winery(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-8.1] ``amount`` VP for each Wine cube on the Winery Board."""
    pl = s.players[fr.player]
    return engine.set_player(
        s, fr.player, engine.replace(pl, vp=pl.vp + e.amount * pl.tokens.get(CUBE, 0))
    )


def _start(t: Table, s: State, p: int) -> State:
    """[DH-3.1.2] Each Vat brews once in the starting phase (all at once, however many)."""
    vats = s.players[p].tokens.get(VAT, 0)
    return brew(s, p, vats) if vats else s


def _vintage(t: Table) -> int:
    return int(t.packs[t.options.packs.index(NAME)].setting("vintage", str(VINTAGE)))


def _end_vp(t: Table, s: State, p: int) -> int:
    """[DH-4.5] 1 VP for every ``vintage`` Brewings resolved in the game."""
    return s.players[p].counters.get(BREWED, 0) // _vintage(t)


PACK = Pack(
    NAME,
    effects={
        "brew": EffectHook(_always, _do_brew, frameless=True),
        "winery": EffectHook.checked(_winery_lack, _do_winery, frameless=True),
    },
    start=_start,
    end_vp=_end_vp,
    settings={"vintage": count_setting(1)},
    counted=frozenset({"winery"}),
    tokens=(CUBE, VAT),
    words={
        "brew": "Brewing: put 1 Wine cube on your Winery Board",
        "winery": "gain {n} VP per Wine cube on your Winery Board",
    },
)
