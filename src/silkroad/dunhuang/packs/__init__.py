"""The Starting Pack interface and the registry of packs.

A pack is one module in this package plus one data file in ``data/``: the module
defines ``PACK = Pack(name, ...)`` with the pack's own effects, recruitment modes and
choices; the data file holds its components. Packs are found by listing this package,
so adding one changes nothing outside its two files.

Pack hooks receive the table, the state and the frame or choice being resolved, and use
the helpers of :mod:`silkroad.dunhuang.engine`.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import attrs

from silkroad.core.errors import RulesError
from silkroad.dunhuang.cards import CharacterDef, Effect, PackDef, load_pack_file

if TYPE_CHECKING:
    from silkroad.dunhuang.state import Choice, Frame, State
    from silkroad.dunhuang.table import Table

__all__ = ["EffectHook", "Pack", "PackChoice", "available", "get"]


@attrs.frozen
class EffectHook:
    """A pack-declared effect: whether it can be resolved now, and resolving it."""

    can: Callable[[Table, State, Frame, Effect], bool]
    do: Callable[[Table, State, Frame, Effect], State]


@attrs.frozen
class PackChoice:
    """A pack's own decision (move ``Choose(n)``): its options and their outcome."""

    options: Callable[[Table, State, Choice], tuple[int, ...]]
    choose: Callable[[Table, State, Choice, int], State]


@attrs.frozen
class Pack:
    """[DH-2.1.2] A Starting Pack: its data file and the rules only it has.

    :ivar effects: effect kinds the pack adds to the DH-3.E vocabulary.
    :ivar recruit_modes: recruitment kinds: which row cards each may take.
    :ivar choices: the pack's own decisions, by the ``arg`` of the choice.
    :ivar start: [DH-3.1.2] the pack's starting-phase rule for one player, beyond the
        starting-phase effects of its tokens (which are data).
    :ivar end_vp: [DH-4.5] the pack's end-game VP for one player, beyond the end VP of
        its tokens (which are data).
    """

    name: str
    effects: Mapping[str, EffectHook] = attrs.field(factory=dict)
    recruit_modes: Mapping[str, Callable[[CharacterDef], bool]] = attrs.field(factory=dict)
    choices: Mapping[str, PackChoice] = attrs.field(factory=dict)
    start: Callable[[Table, State, int], State] | None = None
    end_vp: Callable[[Table, State, int], int] | None = None

    @property
    def data(self) -> PackDef:
        """The pack's components (its built-in data file)."""
        return _data(self.name)


@functools.cache
def _data(name: str) -> PackDef:
    data = load_pack_file(name=name)
    if data.name != name:
        raise RulesError(f"data file {name}.toml names the pack {data.name!r}")
    return data


@functools.cache
def available() -> frozenset[str]:
    """The names of the packs this package provides (module ``exotic_beauty`` is the pack
    ``exotic-beauty``)."""
    return frozenset(
        m.name.replace("_", "-")
        for m in pkgutil.iter_modules(__path__)
        if not m.name.startswith("_")
    )


@functools.cache
def get(name: str) -> Pack:
    """The pack called ``name``."""
    if name not in available():
        raise RulesError(f"unknown Starting Pack {name!r}")
    module = importlib.import_module(f"{__name__}.{name.replace('-', '_')}")
    pack = module.PACK
    if not isinstance(pack, Pack) or pack.name != name:
        raise RulesError(f"module {module.__name__} must define PACK = Pack({name!r}, ...)")
    return pack
