"""Gold Starting Pack: Gold characters and their recruitment.

* Gold characters show no coin cost, so Recruitment (DH-3.E.7 note 2) never takes them.
* ``gold-recruit`` (the Gold ultimate action, DH-3.B): pay one Gold Product, then take a
  Gold character from the recruiting row to any character spot.
* ``gold-free-recruit`` (Gold characters' abilities, the DH-3.E.8 special rule as
  reconstructed): a Free Recruitment of a non-Gold character that must go to the spot of
  the Gold character using it, which leaves play (the DH-3.2 Zhao example).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from silkroad.dunhuang import engine
from silkroad.dunhuang.cards import CharacterDef, Effect
from silkroad.dunhuang.packs import EffectHook, Pack
from silkroad.dunhuang.state import Frame, State

if TYPE_CHECKING:
    from silkroad.dunhuang.table import Table

NAME = "gold"


def _is_gold(c: CharacterDef) -> bool:
    return c.pack == NAME


def _not_gold(c: CharacterDef) -> bool:
    return c.pack != NAME


def _any(t: Table, s: State, test: object) -> bool:
    return any(c is not None and test(t.characters[c]) for c in s.row)  # type: ignore[operator]


def _recruit_lack(t: Table, s: State, fr: Frame, e: Effect) -> engine.Lack | None:
    """[DH-3.B] One Gold Product to pay, and a Gold character in the row."""
    if s.players[fr.player].tokens.get("gold-product", 0) <= 0:
        return "DH-3.B", f"the Gold ultimate action pays 1 Gold Product; P{fr.player} has 0"
    if not _any(t, s, _is_gold):
        return "DH-3.B", "no Gold character is in the recruiting row"
    return None


def _do_recruit(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-3.B] Pay one Gold Product, then choose a Gold character and a spot."""
    s = engine.set_player(s, fr.player, engine.add_tokens(s.players[fr.player], "gold-product", -1))
    return engine.choose_recruit(t, s, fr.player, "gold")


def _free_lack(t: Table, s: State, fr: Frame, e: Effect) -> engine.Lack | None:
    """[DH-3.E.8] The Gold character's own spot (the meeple's), and a character that is
    not Gold in the row."""
    if fr.slot is None:
        return "DH-3.E.8", "no meeple is used: there is no Gold character's spot to recruit to"
    if not _any(t, s, _not_gold):
        return "DH-3.E.8", "every character of the recruiting row is a Gold one"
    return None


def _do_free(t: Table, s: State, fr: Frame, e: Effect) -> State:
    """[DH-3.E.8] Free Recruitment into this Gold character's own spot."""
    return engine.choose_recruit(t, s, fr.player, "gold-free", fr.slot)


PACK = Pack(
    NAME,
    effects={
        "gold-recruit": EffectHook.checked(_recruit_lack, _do_recruit, frameless=True),
        "gold-free-recruit": EffectHook.checked(_free_lack, _do_free),
    },
    recruit_modes={"gold": _is_gold, "gold-free": _not_gold},
    recruit_rules={
        "gold": ("DH-3.B", "a Gold character"),
        "gold-free": ("DH-3.E.8", "a character that is not Gold"),
    },
    tokens=("gold-product",),
    words={
        "gold-recruit": "pay 1 Gold Product, recruit a Gold character",
        "gold-free-recruit": "recruit a character that is not Gold for free, in this "
        "character's place (this character leaves)",
    },
)
