"""Bronze Starting Pack: Mimic, the copy of Bronze fresco tiles and Bronze Mirrors.

* ``mimic`` (Mimic, DH-9): perform again the action of one of the player's own frescoes
  (not a promo tile), as with the meeple used and without a die change
  (``Choose(spot)``). Counted as ``mimics:bronze``.
* ``bronze-copy`` (DH-8.6): resolve all effects of a Bronze fresco tile on the main board,
  the Emperor's Quest included (``Choose(tile)``).
* Upgrade chain: Bronze Material -> Bronze Vessel (Product) -> Bronze Mirror (derivative,
  end VP in the data).
* End of game (DH-4.5): ``inscription`` VP (data setting) per Bronze fresco tile painted.

Both effects and their choices are the promos' versions (:mod:`silkroad.dunhuang.promos`);
Mimic here also counts for the achievement board.
"""

from __future__ import annotations

from silkroad.dunhuang import engine
from silkroad.dunhuang.data import Effect
from silkroad.dunhuang.packs import EffectHook, Pack, PackChoice
from silkroad.dunhuang.state import Frame, State
from silkroad.dunhuang.table import Table

NAME = "bronze"
MIMICS = "mimics:bronze"
#: End VP per Bronze fresco tile painted, unless the data's ``inscription`` setting differs.
INSCRIPTION = 2


def _promo_hook(kind: str) -> EffectHook:
    from silkroad.dunhuang.promos import HOOKS

    return HOOKS[kind]


def _promo_choice(arg: str) -> PackChoice:
    from silkroad.dunhuang.promos import PROMO_PACK

    return PROMO_PACK.choices[arg]


_MIMIC = _promo_hook("mimic")


def _do_mimic(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-9] Mimic, counted for the Bronze achievement board."""
    s = engine.set_player(s, fr.player, engine.add_counter(s.players[fr.player], MIMICS))
    return _MIMIC.do(t, s, fr, e)


def _inscription(t: Table) -> int:
    return int(t.packs[t.options.packs.index(NAME)].setting("inscription", str(INSCRIPTION)))


def _end_vp(t: Table, s: State, p: int) -> int:
    """[DH-4.5] ``inscription`` VP per Bronze fresco tile the player has painted."""
    return _inscription(t) * s.players[p].counters.get(f"painted:{NAME}", 0)


PACK = Pack(
    NAME,
    effects={
        "mimic": EffectHook(_MIMIC.can, _do_mimic),
        "bronze-copy": _promo_hook("bronze-copy"),
    },
    choices={"mimic": _promo_choice("mimic"), "bronze-copy": _promo_choice("bronze-copy")},
    end_vp=_end_vp,
)
