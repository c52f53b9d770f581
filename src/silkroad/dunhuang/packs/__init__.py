"""The Starting Pack interface and the registry of packs.

A pack is one module in this package plus one data file in ``data/``: the module
defines ``PACK = Pack(name, ...)`` with the pack's own effects, recruitment modes and
choices; the data file holds its components. Packs are found by listing this package,
so adding one changes nothing outside its two files.

Pack hooks receive the table, the state and the frame or choice being resolved, and use
the helpers of :mod:`silkroad.dunhuang.engine`.

The promo data (DH-8, DH-9) is read and checked here too, beside the pack data checks,
so that the options can check a replacement promo file; the promo rules are in
:mod:`silkroad.dunhuang.promos`.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import tomllib
from collections.abc import Callable, Collection, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from silkroad.core.data import loads_toml
from silkroad.core.errors import DataError, RulesError
from silkroad.dunhuang.cards import (
    CORE_EFFECTS,
    COST_ITEMS,
    FIELDS,
    MAX_ID,
    NOTATION_EFFECTS,
    PROVENANCE_KEYS,
    CharacterDef,
    Effect,
    FrescoDef,
    PackDef,
    TableReader,
    load_pack_file,
    parse_effect,
    ranking_rule,
    read_data_file,
)

if TYPE_CHECKING:
    from silkroad.dunhuang.state import Choice, Frame, State
    from silkroad.dunhuang.table import Table

__all__ = [
    "LOWER",
    "LOWER_TIMES",
    "PROMO_DATA",
    "EffectHook",
    "LackTest",
    "Pack",
    "PackChoice",
    "PromoTileDef",
    "Promos",
    "available",
    "check_fit",
    "check_pack",
    "count_setting",
    "effect_problem",
    "get",
    "load_promo_file",
    "load_promos",
    "parse_promo_text",
    "promos_of",
    "token_setting",
]


#: [DH-3.2] Why an effect cannot be resolved now: (section id, what is missing), or None
#: when it can (``engine.Lack``).
LackTest = Callable[["Table", "State", "Frame", Effect], "tuple[str, str] | None"]


@attrs.frozen
class EffectHook:
    """A pack-declared effect: whether it can be resolved now, and resolving it.

    A hook made by :meth:`checked` writes its condition once, as ``lack`` (what is
    missing, with the section of the rule, or None): ``can`` is ``lack`` finding
    nothing, and ``engine.lack`` gives the reason when it finds something. A hook that
    can always be resolved needs no ``lack``.
    """

    can: Callable[[Table, State, Frame, Effect], bool]
    do: Callable[[Table, State, Frame, Effect], State]
    #: ``can`` reads neither the frame's character spot nor its Emperor's Quest flag
    #: (the legal placements then test it once for all the player's meeples).
    frameless: bool = False
    #: Why the effect cannot be resolved now (None: it can), see :meth:`checked`.
    lack: LackTest | None = None

    @classmethod
    def checked(cls, lack: LackTest, do: Callable[[Table, State, Frame, Effect], State],
                *, frameless: bool = False) -> EffectHook:  # fmt: skip
        """The hook whose condition is ``lack``: it can be resolved when nothing lacks."""

        def can(t: Table, s: State, fr: Frame, e: Effect) -> bool:
            return lack(t, s, fr, e) is None

        return cls(can, do, frameless, lack)


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
    #: The rulebook section of the decision (cited when a move is refused), and what is
    #: chosen, in words (``a trade route``).
    rule: str = "DH-3.E"
    what: str = "an option"


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
    :ivar recruit_rules: for each recruitment kind, its section and what it takes.
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
    #: For each recruitment mode, the section of its rule and what it takes in words
    #: (``("DH-3.B", "a Gold character")``), cited when it refuses a card.
    recruit_rules: Mapping[str, tuple[str, str]] = attrs.field(factory=dict)
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
    known = {*NOTATION_EFFECTS, *pack.effects}
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


# -- the promo data ---------------------------------------------------------------------------

#: [DH-8] [DH-9] The name under which ``Options.data`` carries replacement promo data.
PROMO_DATA = "promos"
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
    source, raw = read_data_file(None, "promos.toml")
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
    source, raw = read_data_file(path, "promos.toml")
    return _promos(source, raw)


@functools.lru_cache(maxsize=8)
def parse_promo_text(text: str, source: str = "<promo data>") -> Promos:
    """[DH-8] [DH-9] Check the text of a promo data file (as carried by ``Options.data``
    under the name ``"promos"``).

    :raises DataError: naming the source, the entry and the field of a problem.
    """
    try:
        raw = loads_toml(text)
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
    head = TableReader(source, None, raw)
    other = next((k for k in raw if k not in _TOP), None)
    if other is not None:
        raise head.fail(
            other,
            "is not a field of promo data (provenance, note, characters, frescoes); a "
            "Starting Pack file needs a [pack] table",
        )
    prov, note = head.provenance()
    characters = []
    for c in head.entries(raw, "characters"):
        r = TableReader(source, f"character {c.get('id', '?')}", c)
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
        r = TableReader(source, f"fresco {f.get('id', '?')}", f)
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


def _pack(r: TableReader, name: str) -> str:
    """[DH-8] The Starting Pack a promo belongs to: one of the packs."""
    if name not in available():
        raise r.fail("pack", f"names no Starting Pack: {name!r}")
    return name


def _known(r: TableReader, field: str, effects: tuple[Effect, ...], pack: str) -> None:
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
