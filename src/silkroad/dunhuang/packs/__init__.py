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
from collections.abc import Callable, Collection, Iterator, Mapping
from typing import TYPE_CHECKING

import attrs

from silkroad.core.errors import DataError, RulesError
from silkroad.dunhuang.cards import (
    CORE_EFFECTS,
    COST_ITEMS,
    CharacterDef,
    Effect,
    PackDef,
    load_pack_file,
    ranking_rule,
)

if TYPE_CHECKING:
    from silkroad.dunhuang.state import Choice, Frame, State
    from silkroad.dunhuang.table import Table

__all__ = [
    "EffectHook",
    "Pack",
    "PackChoice",
    "available",
    "check_pack",
    "count_setting",
    "effect_problem",
    "get",
    "token_setting",
]


@attrs.frozen
class EffectHook:
    """A pack-declared effect: whether it can be resolved now, and resolving it."""

    can: Callable[[Table, State, Frame, Effect], bool]
    do: Callable[[Table, State, Frame, Effect], State]
    #: ``can`` reads neither the frame's character spot nor its Emperor's Quest flag
    #: (the legal placements then test it once for all the player's meeples).
    frameless: bool = False


def _always(t: Table, s: State, c: Choice) -> str | None:
    return None


@attrs.frozen
class PackChoice:
    """A pack's own decision (move ``Choose(n)``): its options and their outcome.

    ``problem`` says what is wrong with a pending choice of this kind in a state (None:
    nothing), for ``validate``: a choice the pack's own effect could not have left.
    """

    options: Callable[[Table, State, Choice], tuple[int, ...]]
    choose: Callable[[Table, State, Choice, int], State]
    problem: Callable[[Table, State, Choice], str | None] = _always
    #: What choosing an option does, in words (for the table and the logs), given the
    #: words of an effect; None: the option's number.
    label: Callable[[Table, State, Choice, int, Callable[[Effect], str]], str] | None = None


def count_setting(low: int, high: int = 99) -> Callable[[str], int]:
    """A reader of a setting that is a whole number from ``low`` to ``high``."""

    def read(text: str) -> int:
        if not (text.isascii() and text.isdigit()) or len(text) > 4 or not low <= int(text) <= high:
            raise ValueError(f"a whole number from {low} to {high}, got {text!r}")
        return int(text)

    return read


def token_setting(text: str) -> str:
    """A setting that names a token kind (checked against the pack's tokens)."""
    return text


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
    :ivar settings: the pack settings its data file may give (``ranking`` is open to
        every pack), each with the function that reads it (raising ``ValueError``): a
        data file is refused at load for an unknown setting or a bad value.
    :ivar counted: the effect kinds of ``effects`` written with a number (``winery 2``);
        the others take none.
    :ivar tokens: the token kinds the pack's rules name, which its data file must define.
    :ivar check: further needs of the pack's data (``(field, problem)`` pairs), such as
        the trade routes of Tea.
    :ivar words: what each of the pack's effects does, in words (``winery N`` reads
        its amount as ``{n}``), for the table and the logs; a function of the table
        where the words depend on the pack's settings.
    """

    name: str
    effects: Mapping[str, EffectHook] = attrs.field(factory=dict)
    recruit_modes: Mapping[str, Callable[[CharacterDef], bool]] = attrs.field(factory=dict)
    choices: Mapping[str, PackChoice] = attrs.field(factory=dict)
    start: Callable[[Table, State, int], State] | None = None
    end_vp: Callable[[Table, State, int], int] | None = None
    settings: Mapping[str, Callable[[str], object]] = attrs.field(factory=dict)
    counted: frozenset[str] = frozenset()
    tokens: tuple[str, ...] = ()
    check: Callable[[PackDef], Iterator[tuple[str, str]]] | None = None
    words: Mapping[str, str | Callable[[Table], str]] = attrs.field(factory=dict)

    @property
    def data(self) -> PackDef:
        """The pack's components (its built-in data file)."""
        return _data(self.name)


@functools.cache
def _data(name: str) -> PackDef:
    data = load_pack_file(name=name)
    if data.name != name:
        raise RulesError(f"data file {name}.toml names the pack {data.name!r}")
    check_pack(data, f"silkroad/dunhuang/data/{name}.toml")
    return data


#: The largest number an effect, a cost or a requirement may name (coins, VP, grain...).
MAX_AMOUNT = 99
#: Effects written with a number, and those that may leave out a number of 1.
_COUNTED = frozenset({"vp", "quest", "paint-for"})
_OPTIONAL = frozenset({"coin", "pigment"})
_NAMED = frozenset({"material", "product"})


def effect_problem(
    e: Effect, known: Collection[str], counted: Collection[str], tokens: Collection[str]
) -> str | None:
    """[DH-3.E] What is wrong with effect ``e`` in a game whose packs know the effect kinds
    ``known`` (those in ``counted`` written with a number) and the token kinds ``tokens``;
    None when nothing is.

    ``vp``, ``quest`` and ``paint-for`` give their number; ``coin`` and ``pigment`` may
    leave out a number of 1; ``material`` and ``product`` name a pack (``product any``);
    every other effect takes no number. Numbers are 1 to :data:`MAX_AMOUNT`.
    """
    kind = e.kind
    if kind not in known:
        return f"effect {kind!r} is neither a DH-3.E effect nor one of a pack in play"
    if kind in ("pay", "if"):
        for item, n in e.cost:
            if not 1 <= n <= MAX_AMOUNT:
                return f"{e.text!r}: {item} {n} is not 1 to {MAX_AMOUNT}"
            if kind == "pay" and item not in COST_ITEMS and item not in tokens:
                return f"{e.text!r}: pays {item!r}, neither coin, pigment, vp, grain nor a token"
        for then in e.then:
            problem = effect_problem(then, known, counted, tokens)
            if problem is not None:
                return problem
        return None
    if kind == "promo-lower":
        return None  # names a promo tile (the promo data, checked by its loader)
    written = len(e.text.split()) > 1
    if kind in _NAMED:
        if e.arg not in available() and not (kind == "product" and e.arg == "any"):
            return f"{e.text!r}: {e.arg!r} is not a Starting Pack"
        return None
    if kind in _COUNTED or kind in counted:
        if not written:
            return f"{e.text!r}: the effect gives its number ('{kind} 2')"
    elif kind not in _OPTIONAL and written:
        return f"{e.text!r}: the effect takes no number"
    if not 1 <= e.amount <= MAX_AMOUNT:
        return f"{e.text!r}: the number is 1 to {MAX_AMOUNT}"
    return None


def _effects_of(data: PackDef) -> list[tuple[str, str, tuple[Effect, ...]]]:
    """Every list of effects in a pack's data: (entry, field, effects)."""
    out: list[tuple[str, str, tuple[Effect, ...]]] = [
        ("ultimate", "effects", data.ultimate.effects),
        ("pack", "printed_spot", data.printed_spot),
    ]
    for c in data.characters:
        out += [
            (f"character {c.id}", "ability", c.ability),
            (f"character {c.id}", "leaving", c.leaving),
        ]
    out += [(f"fresco {f.id}", "effects", f.effects) for f in data.frescoes]
    out += [
        (f"resource tile {i + 1}", "effects", r.effects) for i, r in enumerate(data.resource_tiles)
    ]
    out += [(tk.key, "start", tk.start) for tk in data.tokens]
    out += [(f"route {r.id}", "effects", r.effects) for r in data.routes]
    out += [(q.key, "reward", q.reward) for q in data.quests]
    return out


def check_pack(data: PackDef, source: str) -> None:
    """[DH-2.1.2] What a Starting Pack's rules need of its data: only the settings the
    pack reads, each readable; the token kinds its rules name; the pack's own needs.

    :raises DataError: naming ``source``, the entry and the field.
    """
    pack = get(data.name)
    keys = {t.key for t in data.tokens}
    for key, value in data.extra:
        if key == "ranking":
            continue  # read by cards.ranking_rule at load
        read = pack.settings.get(key)
        if read is None:
            names = ", ".join(sorted({*pack.settings, "ranking"}))
            raise DataError(
                f"the {data.name} pack has no setting {key!r} (settings: {names})",
                source=source,
                entry="pack",
                field=key,
            )
        try:
            read(value)
        except ValueError as exc:
            raise DataError(str(exc), source=source, entry="pack", field=key) from None
        if read is token_setting and value not in keys:
            raise DataError(
                f"names no token of the pack: {value!r}", source=source, entry="pack", field=key
            )
    if "ranking" in dict(data.extra):
        ranking_rule(data.setting("ranking"))  # checked by the loader; a value it read
    for token in pack.tokens:
        if token not in keys:
            raise DataError(
                f"the {data.name} pack's rules use the token {token!r}; the file has none",
                source=source,
                entry="pack",
                field="tokens",
            )
    if pack.check is not None:
        for field, message in pack.check(data):
            raise DataError(message, source=source, entry="pack", field=field)
    known = {*CORE_EFFECTS, "paint-for", *pack.effects}
    for entry, field, effects in _effects_of(data):
        for e in effects:
            problem = effect_problem(e, known, pack.counted, keys)
            if problem is not None:
                raise DataError(
                    problem.replace("of a pack in play", f"of the {data.name} pack"),
                    source=source,
                    entry=entry,
                    field=field,
                )


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
