"""Positions: a state of any game as a TOML text a person can read, write and edit.

A title's own format (``<title>/position.py``) names cards by their data key, tracks and
goods by name and players by seat, and may leave parts out (filled from a seeded setup,
see ``docs/scenarios.md``). This module holds what those formats share, and the generic
format a game without its own gets from :class:`~silkroad.core.game.GameDefinition`:

* :func:`dump` writes a document with tomlkit (comments first, short tables inline);
  :func:`parse` reads one with :mod:`tomllib` and checks which game it is for;
* :class:`Fields` reads a table field by field; every error is a
  :class:`~silkroad.core.errors.StateError` that starts with the field's path
  (``player.1.tracks.ginger: 12 is above 9``), and a key nobody read is refused, so a
  typo is never ignored;
* :func:`rng_data` / :func:`read_rng`: the generator as two hexadecimal strings (TOML
  integers stop at 2**63);
* :func:`options_data` / :func:`read_options`: only the options that differ from the
  defaults;
* :func:`generic_to_position` / :func:`generic_from_position`: the state's JSON data
  (:mod:`silkroad.core.serialize`) as TOML, for games without a format of their own.

Why TOML: the component data files are TOML already, it is read by the standard library,
it has comments, and its tables and inline arrays keep one zone of a table to one line.
"""

from __future__ import annotations

import re
import tomllib
import types
import typing
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from typing import Any, Union, get_args, get_origin

import attrs

from silkroad.core.data import loads_toml
from silkroad.core.errors import DataError, StateError, UnknownCardError, shorten
from silkroad.core.protocol import AnyGame
from silkroad.core.rng import MASK64, Rng
from silkroad.core.serialize import from_data, to_data

__all__ = [
    "FORMAT_VERSION",
    "REQUIRED",
    "SETUPS",
    "CardInfo",
    "CardNames",
    "CardResolver",
    "Fields",
    "Filled",
    "Moved",
    "check_derived",
    "check_range",
    "dump",
    "failing_at",
    "fill_position",
    "fill_zones",
    "generic_from_position",
    "generic_to_position",
    "options_data",
    "parse",
    "read_options",
    "read_rng",
    "read_seed",
    "read_start",
    "rng_data",
]

#: Bumped when a position layout changes incompatibly.
FORMAT_VERSION = 1
#: The default of a field that must be given.
REQUIRED: Any = ...

_SCALARS = (str, int, float, bool)


def _inline(value: Any) -> bool:
    """Whether a table is written inline: at most eight scalars."""
    return (
        isinstance(value, Mapping)
        and len(value) <= 8
        and all(isinstance(v, _SCALARS) for v in value.values())
    )


def _table_array(value: Any) -> bool:
    """Whether a list is written as an array of tables (``[[stack]]``): tables of more
    than three keys."""
    return (
        isinstance(value, list | tuple)
        and bool(value)
        and all(isinstance(v, Mapping) for v in value)
        and any(len(v) > 3 or not _inline(v) for v in value)
    )


def _tomlkit_value(value: Any, *, table: bool = False) -> Any:
    import tomlkit

    if isinstance(value, Mapping):
        if _inline(value) and not table:
            inline = tomlkit.inline_table()
            inline.update({str(k): _tomlkit_value(v) for k, v in value.items()})
            return inline
        out = tomlkit.table()
        for k, v in value.items():
            out.add(str(k), _tomlkit_value(v))
        return out
    if isinstance(value, list | tuple):
        if _table_array(value):
            aot = tomlkit.aot()
            for v in value:
                aot.append(_tomlkit_value(v, table=True))
            return aot
        array = tomlkit.array()
        array.extend(_tomlkit_value(v) for v in value)
        return array
    return value


def dump(document: Mapping[str, Any], comments: Iterable[str] = ()) -> str:
    """``document`` as TOML text, after ``comments`` (one ``#`` line each).

    Values are strings, integers, booleans, lists and tables (no ``None``: leave the key
    out). A table of scalars is written inline (``{ ginger = 3, cloves = 1 }``).
    """
    import tomlkit

    doc = tomlkit.document()
    for line in comments:
        doc.add(tomlkit.comment(line))
    # Scalars first: TOML puts every key after a table header into that table.
    ordered = sorted(
        document.items(), key=lambda kv: isinstance(kv[1], Mapping) and not _inline(kv[1])
    )
    for key, value in ordered:
        doc.add(str(key), _tomlkit_value(value))
    return tomlkit.dumps(doc)


def parse(text: str, game: str, *, source: str | None = None) -> dict[str, Any]:
    """The TOML document of a position of the game named ``game``.

    :raises DataError: for text that is not TOML, or a position of another game.
    """
    if not isinstance(text, str):
        raise DataError(f"a position is TOML text, got {type(text).__name__}", source=source)
    try:
        document = loads_toml(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"not valid TOML: {exc}", source=source or "position") from None
    name = document.get("game", game)
    if name != game:
        raise DataError(
            f"the position is of {shorten(name)}, not {game!r}",
            source=source or "position",
            field="game",
        )
    version = document.get("format", FORMAT_VERSION)
    if version != FORMAT_VERSION:
        raise DataError(
            f"position format {shorten(version)} is not {FORMAT_VERSION}, the one this "
            "library reads",
            source=source or "position",
            field="format",
        )
    return document


class Fields:
    """A table of a position, read field by field.

    Every accessor checks the value and raises :class:`StateError` naming the field's
    path; :meth:`finish` refuses keys that were never read.
    """

    def __init__(self, data: Any, path: str = "") -> None:
        if not isinstance(data, Mapping):
            raise StateError(f"{path or 'position'}: must be a table, got {shorten(data)}")
        self.data: Mapping[str, Any] = data
        self.path = path
        self.used: set[str] = set()

    def name(self, key: str | int) -> str:
        """The path of ``key`` in this table."""
        return f"{self.path}.{key}" if self.path else str(key)

    def fail(self, key: str | int, message: str) -> StateError:
        """A :class:`StateError` about ``key`` (to raise)."""
        return StateError(f"{self.name(key)}: {message}")

    def failing(self, key: str | int) -> Callable[[str], StateError]:
        """A function turning a message into :meth:`fail` of ``key``."""
        return lambda message: self.fail(key, message)

    def __contains__(self, key: str) -> bool:
        return key in self.data

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = REQUIRED) -> Any:
        """The value of ``key``, which must be a ``kind`` (a bool is not an int)."""
        self.used.add(key)
        if key not in self.data:
            if default is REQUIRED:
                raise self.fail(key, "missing")
            return default
        value = self.data[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
            names = " or ".join(_kind_name(k) for k in kinds)
            raise self.fail(key, f"must be {names}, got {shorten(value)}")
        return value

    def integer(
        self,
        key: str,
        default: Any = REQUIRED,
        *,
        low: int | None = 0,
        high: int | None = None,
        rule: str = "",
    ) -> int:
        """An integer in ``low..high`` (``None``: unbounded); ``rule`` names the rule."""
        value: int = self.get(key, int, default)
        if key in self.data:
            check_range(value, low, high, lambda m: self.fail(key, m), rule)
        return value

    def flag(self, key: str, default: Any = REQUIRED) -> bool:
        value: bool = self.get(key, bool, default)
        return value

    def text(self, key: str, default: Any = REQUIRED, choices: Sequence[str] | None = None) -> str:
        """A string, one of ``choices`` when given."""
        value: str = self.get(key, str, default)
        if choices is not None and key in self.data and value not in choices:
            raise self.fail(key, f"{value!r} is not one of {', '.join(map(repr, choices))}")
        return value

    def array(self, key: str, default: Any = REQUIRED) -> list[Any]:
        value: list[Any] = self.get(key, list, default)
        return value

    def table(self, key: str, default: Any = REQUIRED) -> Fields:
        """The sub-table ``key`` (an empty one when missing and ``default`` is ``{}``)."""
        value = self.get(key, dict, default)
        return Fields(value, self.name(key))

    def finish(self) -> None:
        """Refuse every key of this table that no accessor read."""
        unknown = [k for k in self.data if k not in self.used]
        if unknown:
            raise self.fail(unknown[0], "unknown field (a typo, or not part of this position)")


def failing_at(path: str) -> Callable[[str], StateError]:
    """A function turning a message into a :class:`StateError` about ``path``."""
    return lambda message: StateError(f"{path}: {message}")


def check_range(
    value: int, low: int | None, high: int | None, fail: Callable[[str], Exception], rule: str = ""
) -> None:
    """Raise ``fail(message)`` when ``value`` is outside ``low..high``."""
    why = f" ({rule})" if rule else ""
    if low is not None and value < low:
        raise fail(f"{value} is below {low}{why}")
    if high is not None and value > high:
        raise fail(f"{value} is above {high}{why}")


def _kind_name(kind: type) -> str:
    return {
        str: "a string",
        int: "an integer",
        bool: "true or false",
        list: "an array",
        dict: "a table",
    }.get(kind, kind.__name__)


# --------------------------------------------------------------------------- rng, seed, options


def rng_data(rng: Rng) -> dict[str, str]:
    """The generator as ``{seed = "0x…", gamma = "0x…"}`` (hexadecimal: TOML integers are
    signed 64-bit)."""
    return {"seed": f"{rng.seed:#018x}", "gamma": f"{rng.gamma:#018x}"}


def _u64(fields: Fields, key: str) -> int:
    value = fields.get(key, (str, int))
    if isinstance(value, int):
        number = value
    else:
        try:
            number = int(value, 0)
        except ValueError:
            raise fields.fail(key, f"{value!r} is not an integer (write 0x… for hex)") from None
    check_range(number, 0, MASK64, lambda m: fields.fail(key, m), "a 64-bit unsigned integer")
    return number


def read_rng(fields: Fields, key: str = "rng") -> Rng:
    """The generator of table ``key``: ``{seed = "0x…", gamma = "0x…"}``."""
    table = fields.table(key)
    seed = _u64(table, "seed")
    gamma = _u64(table, "gamma") if "gamma" in table else Rng.from_seed(0).gamma
    if gamma % 2 == 0:
        raise table.fail("gamma", "must be odd (SplitMix64 increments by an odd number)")
    table.finish()
    return Rng(seed, gamma)


def read_seed(fields: Fields, key: str = "seed") -> int:
    """The setup seed of a position (default 0); an integer or a ``0x…`` string."""
    return _u64(fields, key) if key in fields else 0


def options_data(options: Any, defaults: Callable[[int | None], Any]) -> dict[str, Any]:
    """The options that differ from the title's defaults for their player count
    (``defaults(players)``), as data."""

    kind = type(options)
    data = to_data(options, kind)
    if not isinstance(data, dict):
        return {"value": data}
    players = getattr(options, "players", None)
    try:
        base = to_data(defaults(players), kind)
    except Exception:  # a title whose defaults cannot take the count: write every field
        base = {}
    out = {k: v for k, v in data.items() if v is not None and base.get(k, object()) != v}
    if players is not None:
        out["players"] = players
    cleaned: dict[str, Any] = _drop_none(out)
    return cleaned


def read_options(
    document: Fields, kind: type, defaults: Callable[[int | None], Any], given: Any = None
) -> Any:
    """The options (of class ``kind``) of a position: ``given`` when not None (the
    position's own ``[options]``, if any, must agree), else the position's, filled from
    the title's defaults for its player count (``defaults(players)``)."""

    if "options" not in document:
        document.used.add("options")
        return given if given is not None else defaults(None)
    table = document.table("options")
    data = dict(table.data)
    table.used.update(data)
    players = data.get("players")
    try:
        base = defaults(players if isinstance(players, int) else None)
        # options_data leaves None out: put it back where the type admits it (a title's
        # replacement component data has optional fields)
        merged = _fill_missing({**to_data(base, kind), **_restore(data)}, kind)
        options: Any = from_data(merged, kind, source="position")
    except (DataError, StateError, ValueError) as exc:
        raise StateError(f"options: {exc}") from None
    if given is not None and given != options:
        raise StateError(
            f"options: the position is for {options!r}, but the options given are {given!r}"
        )
    return options


# --------------------------------------------------------------------------- generic format

#: How ``None`` is written inside an array (TOML has no null): an empty table.
_NONE: dict[str, Any] = {}


#: An integer beyond TOML's (signed 64-bit) is written as ``{ u64 = "0x…" }``.
_BIG = "u64"
_TOML_MAX = (1 << 63) - 1


def _drop_none(value: Any) -> Any:
    """Data with ``None`` left out of tables and written as ``{}`` in arrays, and integers
    beyond TOML's range as ``{ u64 = "0x…" }``."""
    if isinstance(value, dict):
        return {k: _drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_NONE if v is None else _drop_none(v) for v in value]
    if isinstance(value, int) and not isinstance(value, bool) and value > _TOML_MAX:
        return {_BIG: f"{value:#x}"}
    return value


def _restore(value: Any) -> Any:
    """The inverse of :func:`_drop_none` for arrays (``{}`` -> ``None``) and big
    integers."""
    if isinstance(value, dict):
        if set(value) == {_BIG} and isinstance(value[_BIG], str):
            try:
                return int(value[_BIG], 16)
            except ValueError:
                return value
        return {k: _restore(v) for k, v in value.items()}
    if isinstance(value, list):
        return [None if v == _NONE else _restore(v) for v in value]
    return value


def _fill_missing(data: Any, tp: Any) -> Any:
    """``data`` of type ``tp`` with every absent field whose type admits ``None`` (and has
    no default, or ``None``) set to ``None``, recursively: the JSON data of attrs
    classes names every field, and :func:`_drop_none` left those out."""
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        members = [a for a in get_args(tp) if a is not type(None)]
        if data is None:
            return None
        if len(members) == 1:
            return _fill_missing(data, members[0])
        if isinstance(data, dict) and isinstance(data.get("type"), str):
            for member in members:
                if getattr(member, "__name__", None) == data["type"]:
                    tagged = _fill_missing({k: v for k, v in data.items() if k != "type"}, member)
                    return {**tagged, "type": data["type"]}
        return data
    if attrs.has(tp) and isinstance(data, dict):
        hints = typing.get_type_hints(tp)
        out = dict(data)
        for field in attrs.fields(tp):
            kind = hints.get(field.name, Any)
            if field.name in out:
                out[field.name] = _fill_missing(out[field.name], kind)
            elif field.default in (attrs.NOTHING, None) and type(None) in get_args(kind):
                out[field.name] = None
        return out
    if isinstance(data, list):
        args = get_args(tp)
        if origin is tuple and args and args[-1] is not Ellipsis and len(args) == len(data):
            return [_fill_missing(v, a) for v, a in zip(data, args, strict=True)]
        item = args[0] if args else Any
        if origin is dict or (args and len(args) == 2 and args[1] is not Ellipsis):
            return data
        return [_fill_missing(v, item) for v in data]
    return data


def generic_to_position(game: AnyGame, state: Any) -> str:
    """The generic position of a game without a format of its own: the state's JSON data
    (``silkroad.core.serialize``) as TOML, ``None`` left out (``{}`` inside an array),
    an integer beyond TOML's 64-bit range as ``{ u64 = "0x…" }``."""

    data = to_data(state, game.state_type)
    document = {
        "game": game.spec.name,
        "format": FORMAT_VERSION,
        "rules_version": game.spec.rules_version,
        "state": _drop_none(data),
    }
    player = game.current_player(state)
    who = "the game is over" if player is None else f"player {player} to act"
    return dump(document, [f"{game.spec.title}: {who}"])


def generic_from_position(game: AnyGame, text: str, options: Any = None) -> Any:
    """The state of a position written by :func:`generic_to_position` (complete only:
    the generic format has no filling rule), checked by the game's ``validate``.

    :raises DataError: for text that is not TOML or is of another game.
    :raises StateError: for a missing or ill-typed field, or a state that breaks an
        invariant.
    """

    document = Fields(parse(text, game.spec.name))
    for key in ("game", "format", "rules_version"):
        document.get(key, (str, int), None)
    table = document.table("state")
    document.finish()
    data = _fill_missing(_restore(dict(table.data)), game.state_type)
    try:
        state: Any = from_data(data, game.state_type, source="position")
    except DataError as exc:
        raise StateError(f"state: {exc}") from None
    if options is not None and getattr(state, "options", options) != options:
        raise StateError("options: the position's options differ from the options given")
    game.validate(state)
    return state


# --------------------------------------------------------------------------- card names

_COPY = re.compile(r"([a-z0-9_-]+)#([1-9][0-9]*)")


class CardNames:
    """The names of the physical cards of a card table: its data ``key``, or
    ``key#copy`` for a kind with several copies (numbered in table order), and back.

    Built from ``keys`` and ``printed``, the data key and the printed name of each card id.

    :ivar name: the name of each card id as positions write it (``"grocer"``,
        ``"patriarch#3"``).
    :ivar ids: the ids of each data key's copies, in table order.
    :ivar printed: a printed name in lower case -> its data key, for the names only one
        kind has (such a name is accepted wherever a key is).
    :ivar printed_name: the printed name of each card id.

    :meth:`find` goes from any of these (or an id) to the key and copy; a title's
    ``lookup`` (``silkroad.kashgar.position.lookup``) builds on it.
    """

    def __init__(self, keys: Sequence[str], printed: Sequence[str]) -> None:
        self.ids: dict[str, list[int]] = {}
        for i, key in enumerate(keys):
            self.ids.setdefault(key, []).append(i)
        self.name: list[str] = []
        for i, key in enumerate(keys):
            copies = self.ids[key]
            self.name.append(key if len(copies) == 1 else f"{key}#{copies.index(i) + 1}")
        by_name: dict[str, set[str]] = {}
        for key, name in zip(keys, printed, strict=True):
            by_name.setdefault(name.lower(), set()).add(key)
        self.printed = {n: next(iter(ks)) for n, ks in by_name.items() if len(ks) == 1}
        #: the printed name of each card id
        self.printed_name: tuple[str, ...] = tuple(printed)

    def order(self, name: str) -> int:
        """Sort key: a card's id."""
        return self.name.index(name)

    def find(self, query: str | int) -> tuple[str, int | None]:
        """The data key ``query`` names, and the id of the copy when it names one: a data
        key, a printed name (any case, when only one kind has it), a numbered copy
        ``key#n``, or a card id.

        :raises UnknownCardError: for anything else, saying what a card is named by.
        """
        if isinstance(query, int) and not isinstance(query, bool):
            if 0 <= query < len(self.name):
                return self.name[query].split("#", 1)[0], query
            raise UnknownCardError(f"no card has id {query} (ids 0 to {len(self.name) - 1})")
        if isinstance(query, str):
            m = _COPY.fullmatch(query)
            if m and m.group(1) in self.ids:
                copies = self.ids[m.group(1)]
                if int(m.group(2)) <= len(copies):
                    return m.group(1), copies[int(m.group(2)) - 1]
                raise UnknownCardError(
                    f"{m.group(1)!r} has {len(copies)} copies in this game, not {m.group(2)}"
                )
            if query in self.ids:
                return query, None
            key = self.printed.get(" ".join(query.split()).lower())
            if key is not None:
                return key, None
        raise UnknownCardError(
            f"{shorten(query)} is not a card of this game (a data key, a printed name, "
            "key#n or an id)"
        )


@attrs.frozen
class CardInfo:
    """One card as positions, the notation and the engine name it: what a title's
    ``lookup`` returns (``silkroad.kashgar.position.lookup``).

    :ivar key: the data key (positions and the notation name the card by it).
    :ivar name: the printed name.
    :ivar deck: where the card belongs (its deck or kind, in the title's words).
    :ivar copies: how positions and records name each copy (``("planter#1", ...)``, or
        ``("grocer",)`` for a card with one copy).
    :ivar ids: the engine's id of each copy, in the same order (the ids states and moves
        hold).
    :ivar text: the card's text as the engine reads it (costs, actions, points).
    :ivar id: the copy the query named (by ``key#n`` or by id), None for a key or a
        printed name.
    """

    key: str
    name: str
    deck: str
    copies: tuple[str, ...]
    ids: tuple[int, ...]
    text: str
    id: int | None = None

    def __str__(self) -> str:
        copies = ", ".join(f"{c} = {i}" for c, i in zip(self.copies, self.ids, strict=True))
        chosen = "" if self.id is None else f" (the copy with id {self.id})"
        return (
            f"{self.name} ({self.key}, {self.deck}){chosen}\n  copies and ids: {copies}\n"
            f"  {self.text}"
        )


class CardResolver:
    """Card names to ids while one position is read.

    A numbered copy (``patriarch#3``) is that copy, wherever the setup put it. A bare key
    (or printed name) is a copy the position neither names with a number nor has placed
    already:

    * without ``setup``: the lowest such copy, wherever it is;
    * with ``setup`` (the zones of the table the position is filled from, each with its
      cards): *supply first*. The lowest such copy in a ``supply`` zone (a draw pile, the
      box), else the lowest in a zone the position replaces (``replaced``: the zones it
      gives, looked at when a card is placed, so a reader may pass the collection it
      fills), never one in a zone the position leaves as set up (another player's
      caravan or hand, a display): with no free copy the position is refused with a
      :class:`StateError` naming where the copies are.
    """

    def __init__(
        self,
        names: CardNames,
        text: str,
        *,
        setup: Mapping[str, Sequence[Any]] | None = None,
        supply: Iterable[str] = (),
        replaced: Container[str] = (),
    ) -> None:
        self.n = names
        self.explicit = {m.group(0) for m in _COPY.finditer(text)}
        self.used: set[int] = set()
        #: where each card placed so far is (the path given to :meth:`card`)
        self.at: dict[int, str] = {}
        self.zone: dict[int, str] | None = (
            None
            if setup is None
            else {c: zone for zone, cards in setup.items() for c in cards if c is not None}
        )
        self.supply = frozenset(supply)
        self.replaced = replaced

    def key_of(self, text: str) -> str | None:
        if text in self.n.ids:
            return text
        return self.n.printed.get(text.lower())

    def card(self, value: Any, fail: Callable[[str], Exception], at: str | None = None) -> int:
        """The id of a card placed by this name (each physical card once); ``at`` is the
        path it is placed at (for the message about a card left with no free copy)."""
        if not isinstance(value, str):
            raise fail(f"a card is named by a string, got {value!r}")
        m = _COPY.fullmatch(value)
        if m:
            key, copy = m.group(1), int(m.group(2))
            copies = self.n.ids.get(key)
            if copies is None:
                raise fail(f"{key!r} is not a card of this game")
            if copy > len(copies):
                raise fail(f"{key!r} has {len(copies)} copies in this game, not {copy}")
            return self._take(copies[copy - 1], at)
        key = self.key_of(value)
        if key is None:
            raise fail(f"{value!r} is not a card of this game (a data key or a printed name)")
        copies = self.n.ids[key]
        free = [i for i in copies if i not in self.used and self.n.name[i] not in self.explicit]
        zone = self.zone
        if zone is None:
            if free:
                return self._take(free[0], at)
        else:
            for tier in (self.supply, self.replaced):
                for i in free:
                    where = zone.get(i)
                    if where is None or where in tier:
                        return self._take(i, at)
        if len(copies) == 1 and copies[0] in self.used:  # the caller reports where it is
            return copies[0]
        if zone is None:
            raise fail(f"every copy of {key!r} is placed already")
        places = "; ".join(self._where(i) for i in copies)
        supply = ", ".join(sorted(self.supply)) or "none"
        raise fail(
            f"no free copy of {key!r}: {places} (a bare key takes a copy from the supply "
            f"({supply}) or from a zone the position gives; give the zone that holds one "
            'too, name the copy as key#n, or start from setup = "bare")'
        )

    def _take(self, card: int, at: str | None) -> int:
        self.used.add(card)
        if at is not None:
            self.at.setdefault(card, at)
        return card

    def _where(self, card: int) -> str:
        name = self.n.name[card]
        if card in self.at:
            return f"{name} is at {self.at[card]}"
        if card in self.used or name in self.explicit:
            return f"{name} is named elsewhere in the position"
        assert self.zone is not None
        return f"{name} is at {self.zone.get(card, 'no place')}"

    def ref(self, value: Any, fail: Callable[[str], Exception], among: Sequence[int]) -> int:
        """The id of a card that must be among ``among`` (a reference, not a placement)."""
        if isinstance(value, str) and _COPY.fullmatch(value):
            card = self._numbered(value, fail)
        else:
            key = self.key_of(value) if isinstance(value, str) else None
            if key is None:
                raise fail(f"{value!r} is not a card of this game")
            found = [i for i in self.n.ids[key] if i in among]
            if not found:
                raise fail(f"no {key!r} is there")
            card = found[0]
        if card not in among:
            raise fail(f"{self.n.name[card]} is not there")
        return card

    def _numbered(self, value: str, fail: Callable[[str], Exception]) -> int:
        m = _COPY.fullmatch(value)
        assert m is not None
        key, copy = m.group(1), int(m.group(2))
        copies = self.n.ids.get(key)
        if copies is None:
            raise fail(f"{key!r} is not a card of this game")
        if copy > len(copies):
            raise fail(f"{key!r} has {len(copies)} copies in this game, not {copy}")
        return copies[copy - 1]


# --------------------------------------------------------------------------- the filling rule

#: The tables a position may be filled from (``setup = "..."``): the seeded setup of its
#: options (the default), or a bare table: nothing dealt to the players, no public
#: display, every component in its supply pile (each title says what that is).
SETUPS = ("seeded", "bare")


def read_start(
    document: Fields,
    options: Any,
    new_game: Callable[[Any, int], Any],
    bare: Callable[[Any, int], Any] | None = None,
) -> Any:
    """[the filling rule] The table a position is filled from: the seeded setup of
    ``options`` (``seed``, default 0), or with ``setup = "bare"`` the title's ``bare``
    table of that seed (its draw piles shuffled by it).

    :raises StateError: for a bare setup of a title without one, or another word.
    """
    seed = read_seed(document)
    kind = document.text("setup", SETUPS[0], choices=SETUPS)
    if kind == SETUPS[0]:
        return new_game(options, seed)
    if bare is None:
        raise document.fail(
            "setup",
            "bare setup is not available for this title yet (leave setup out: the seeded "
            "setup of the options)",
        )
    return bare(options, seed)


def check_derived(fields: Fields, key: str, derived: int, why: str) -> int:
    """A value derived from others (the start player, the points): ``derived`` when the
    position leaves ``key`` out; a value given must be the derived one, else the
    position is refused with both numbers and ``why`` (the rule that derives it)."""
    if key not in fields:
        fields.used.add(key)
        return derived
    given = fields.integer(key, low=None)
    if given != derived:
        raise fields.fail(key, f"{given} given, but {derived} derived ({why})")
    return given


@attrs.frozen
class Moved:
    """One card the filling rule moved, from the table the position is filled from to the
    state (:func:`fill_position`): zones are named as the position names them.

    :ivar card: the card's name (``patriarch#8``).
    :ivar source: the zone the setup had it in.
    :ivar target: the zone it is in now.
    :ivar how: ``"taken"``, the position names it at ``target`` and took it out of
        ``source``, a zone the position does not give (a draw pile, the box, or any zone
        a numbered copy is taken from); ``"home"``, it was in a zone the position
        replaced and is not named: it went to the bottom of its own pile ``target``;
        ``"spare"``, the same, but the position gives its own pile too, so it went to
        ``target`` (Kashgar: out of the game).
    """

    card: str
    source: str
    target: str
    how: str

    def __str__(self) -> str:
        if self.how == "taken":
            return f"{self.card}: taken from {self.source} to {self.target}"
        if self.how == "home":
            return (
                f"{self.card}: left without a place in {self.source}, to the bottom of "
                f"{self.target}"
            )
        return (
            f"{self.card}: left without a place in {self.source}, its own pile given, "
            f"to {self.target}"
        )


@attrs.frozen
class Filled:
    """A position read by :func:`fill_position`: the state, and what the filling rule
    moved to make it (None: the title's reader does not say)."""

    state: Any
    moved: tuple[Moved, ...] | None = None


def fill_position(game: AnyGame, text: str, options: Any = None) -> Filled:
    """[the filling rule] The state of a position, with what the filling rule moved to
    make it: the title's ``fill_position`` (an optional part of a game definition, in
    its ``position`` module), else the game's ``from_position`` with ``moved`` None.

    :raises DataError: for text that is not TOML, or a position of another game.
    :raises StateError: for a position that cannot be a state of the game.
    """
    reader = getattr(getattr(game, "optional", None), "fill_position", None)
    if reader is not None:
        filled: Filled = reader(text, options)
        return filled
    return Filled(game.from_position(text, options), None)


def fill_zones(
    setup: Mapping[str, Sequence[Any]],
    given: Mapping[str, Sequence[Any]],
    home: Callable[[Any], str],
    *,
    spare: str | Callable[[Any], str | None] | None = None,
    label: Callable[[Any], str] = str,
    fixed: Iterable[str] = (),
    tops: Iterable[str] = (),
    report: list[Moved] | None = None,
) -> dict[str, list[Any]]:
    """[the filling rule] Where every component is, from a seeded setup and the zones a
    position gives.

    ``setup`` maps each zone to its components after the seeded setup, ``given`` the
    zones the position names (each component at most once, checked by the caller). A
    zone the position gives holds exactly what it says, except a zone of ``tops`` (a
    pile given as ``{ top = [...] }``): its given cards, then the rest of its setup
    content. Every other zone keeps its setup content less the components the position
    puts elsewhere. A component left with no place (it was in a zone the position
    replaced, and the position does not name it) goes to the bottom of
    ``home(component)``, its own draw pile, unless the position gives that pile too (not
    as a top), in which case it goes to ``spare`` (out of the game; a function of the
    component when only some kinds may leave the game); with no spare such a component
    is an error (``StateError`` naming it by ``label``). A ``fixed`` zone is a row of
    positions (``None``: empty): a component taken out of it leaves its position empty.

    With ``report`` (a list), what the rule moved is appended to it as :class:`Moved`
    records, in setup order: the cards named and taken out of a zone the position does
    not give (or gives as a top), and the cards left with no place.
    """
    named = {c for cards in given.values() for c in cards if c is not None}
    rows = set(fixed)
    topped = set(tops)
    out: dict[str, list[Any]] = {}
    for zone, cards in setup.items():
        if zone in given:
            out[zone] = list(given[zone])
            if zone in topped:
                out[zone] += [c for c in cards if c is not None and c not in named]
        elif zone in rows:
            out[zone] = [None if c in named else c for c in cards]
        else:
            out[zone] = [c for c in cards if c not in named]
    for zone, cards in given.items():
        out.setdefault(zone, list(cards))
    placed = {c for cards in out.values() for c in cards}
    named_at = {c: zone for zone, cards in given.items() for c in cards if c is not None}
    for source, cards in setup.items():
        for c in cards:
            if c is None:
                continue
            if c in placed:
                target = named_at.get(c)
                if (
                    report is not None
                    and target is not None
                    and target != source
                    and (source not in given or source in topped)
                ):
                    report.append(Moved(label(c), source, target, "taken"))
                continue
            zone = home(c)
            how = "home"
            if (zone in given and zone not in topped) or zone not in out:
                extra = spare(c) if callable(spare) else spare
                if (
                    extra is None
                    or extra not in out
                    or (extra in given and extra != zone and extra not in topped)
                ):
                    raise StateError(
                        f"{zone}: {label(c)} has no place (the position gives its pile without it)"
                    )
                zone, how = extra, "spare"
            out[zone].append(c)
            placed.add(c)
            if report is not None:
                report.append(Moved(label(c), source, zone, how))
    return out
