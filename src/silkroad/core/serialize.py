"""States, moves, options and observations to JSON text and back.

The attrs side is handled by cattrs; this module only teaches it the project's
conventions:

* pyrsistent collections: ``PVector[T]`` and ``PSet[T]`` are JSON lists (a set's items in
  a canonical order), ``PMap[str, V]`` is an object and any other ``PMap[K, V]`` a list of
  ``[key, value]`` pairs; an ``immutables.Map`` is written as a ``PMap`` is;
* a union of attrs classes (the moves of a game, typically) is tagged: the object carries
  ``"type": "ClassName"``;
* every document is wrapped in an envelope naming the format, its version, the game and
  the type of what it holds, so a foreign or mismatched document is refused with a clear
  message rather than half-read.

Errors: a document that is not valid JSON, is not a silkroad document, holds another
type, or has a missing or ill-typed field raises :class:`~silkroad.core.errors.DataError`
naming the path of the bad field (``$.players[1].gold``); a document that reads but
describes an impossible state raises :class:`~silkroad.core.errors.StateError` from the
game's own ``validate``. A bare ``KeyError`` or ``TypeError`` never escapes.
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar, Union, get_args, get_origin

import attrs
import cattrs
from cattrs.cols import homogenous_tuple_structure_factory, list_structure_factory
from cattrs.errors import AttributeValidationNote, BaseValidationError, ClassValidationError
from cattrs.gen import make_dict_structure_fn
from cattrs.v import format_exception
from immutables import Map
from pyrsistent import pmap, pset, pvector
from pyrsistent.typing import PMap, PSet, PVector

from silkroad.core.errors import DataError, StateError, shorten
from silkroad.core.protocol import OMITTABLE, AnyGame, is_options_type

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "converter",
    "dumps",
    "from_data",
    "loads",
    "to_data",
]

T = TypeVar("T")

#: The envelope's marker key and value.
FORMAT = "silkroad"
#: Bumped when the document layout changes incompatibly.
FORMAT_VERSION = 1
TAG = "type"


def _is_attrs_union(tp: Any) -> bool:
    if get_origin(tp) not in (Union, types.UnionType):
        return False
    members = [a for a in get_args(tp) if a is not type(None)]
    return len(members) > 1 and all(attrs.has(a) for a in members)


def _union_hooks(
    conv: cattrs.Converter, tp: Any
) -> tuple[Callable[[Any], Any], Callable[[Any, Any], Any]]:
    members = {a.__name__: a for a in get_args(tp) if a is not type(None)}
    optional = type(None) in get_args(tp)

    def unstructure(obj: Any) -> Any:
        if obj is None:
            return None
        data = conv.unstructure(obj, unstructure_as=type(obj))
        data[TAG] = type(obj).__name__
        return data

    def structure(value: Any, _: Any) -> Any:
        if value is None and optional:
            return None
        if not isinstance(value, dict):
            raise TypeError(f"expected an object with a {TAG!r} tag, got {value!r}")
        name = value.get(TAG)
        cls = members.get(name) if isinstance(name, str) else None
        if cls is None:
            raise ValueError(f"{TAG!r} must be one of {sorted(members)}, got {name!r}")
        return conv.structure({k: v for k, v in value.items() if k != TAG}, cls)

    return unstructure, structure


def _is_hetero_tuple(tp: Any) -> bool:
    """``tuple[A, B]`` (not ``tuple[A, ...]``, not a bare ``tuple``)."""
    args = get_args(tp)
    return get_origin(tp) is tuple and bool(args) and args[-1] is not Ellipsis


def _is_list_type(tp: Any) -> bool:
    """``tuple``, ``list`` and their parametrized forms."""
    origin: Any = get_origin(tp)
    return tp is tuple or tp is list or origin is tuple or origin is list


def _canonical(items: Any) -> list[Any]:
    return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))


def _origin_is(kind: Any) -> Callable[[Any], bool]:
    """A predicate on types: ``kind`` itself or ``kind[...]``."""
    return lambda tp: tp is kind or get_origin(tp) is kind


def _each(conv: cattrs.Converter, item: Any, collect: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """An unstructure hook applying ``conv`` to each element, then ``collect``."""
    return lambda values: collect(conv.unstructure(x, item) for x in values)


def _build_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)
    _register_collections(conv)
    # Unions of attrs classes: tagged with the class name.
    conv.register_unstructure_hook_factory(_is_attrs_union, lambda tp: _union_hooks(conv, tp)[0])
    conv.register_structure_hook_factory(_is_attrs_union, lambda tp: _union_hooks(conv, tp)[1])

    _register_strict_scalars(conv)
    _register_lists(conv)
    _register_attrs_classes(conv)
    return conv


def _arg(tp: Any, index: int = 0) -> Any:
    """The ``index``-th type argument of ``tp`` (``Any`` when it has none)."""
    args = get_args(tp)
    return args[index] if len(args) > index else Any


def _register_collections(conv: cattrs.Converter) -> None:
    """The pyrsistent collections (and ``immutables.Map``) as JSON lists and objects."""
    # PVector[T]
    conv.register_unstructure_hook_factory(
        _origin_is(PVector),
        lambda tp: _each(conv, _arg(tp), list),
    )

    def structure_each(build: Callable[[list[Any]], Any]) -> Callable[[Any], Any]:
        """A hook factory reading a JSON list into ``build`` of structured items."""

        def factory(tp: Any) -> Callable[[Any, Any], Any]:
            item = _arg(tp)

            def hook(value: Any, _: Any) -> Any:
                if not isinstance(value, list):
                    raise TypeError(f"expected a list, got {type(value).__name__}")
                return build([conv.structure(x, item) for x in value])

            return hook

        return factory

    conv.register_structure_hook_factory(_origin_is(PVector), structure_each(pvector))

    # PSet[T]
    conv.register_unstructure_hook_factory(
        _origin_is(PSet),
        lambda tp: _each(conv, _arg(tp), _canonical),
    )

    conv.register_structure_hook_factory(_origin_is(PSet), structure_each(pset))

    # PMap[K, V] and immutables.Map[K, V]: the same JSON
    def unstructure_map(tp: Any) -> Callable[[Any], Any]:
        key, val = _arg(tp, 0), _arg(tp, 1)
        if key is str:
            return lambda m: {k: conv.unstructure(v, val) for k, v in sorted(m.items())}
        return lambda m: _canonical(
            [[conv.unstructure(k, key), conv.unstructure(v, val)] for k, v in m.items()]
        )

    def structure_map(build: Callable[[dict[Any, Any]], Any]) -> Callable[[Any], Any]:
        def factory(tp: Any) -> Callable[[Any, Any], Any]:
            key, val = _arg(tp, 0), _arg(tp, 1)

            def hook(value: Any, _: Any) -> Any:
                if key is str:
                    if not isinstance(value, dict):
                        raise TypeError(f"expected an object, got {type(value).__name__}")
                    return build({k: conv.structure(v, val) for k, v in value.items()})
                if not isinstance(value, list) or not all(
                    isinstance(p, list) and len(p) == 2 for p in value
                ):
                    raise TypeError("expected a list of [key, value] pairs")
                return build({conv.structure(k, key): conv.structure(v, val) for k, v in value})

            return hook

        return factory

    for origin, build in ((PMap, pmap), (Map, Map)):
        conv.register_unstructure_hook_factory(_origin_is(origin), unstructure_map)
        conv.register_structure_hook_factory(_origin_is(origin), structure_map(build))


def _register_strict_scalars(conv: cattrs.Converter) -> None:
    """int, str, bool and float read strictly from their own JSON values."""

    # Strict scalars: JSON true is not 1, 1.5 is not an int, 3 is not a str.
    def strict(kind: type) -> Callable[[Any, Any], Any]:
        def hook(value: Any, tp: Any) -> Any:
            if tp is not kind:  # a subclass, such as an IntEnum or a StrEnum
                if isinstance(value, bool) or not isinstance(value, kind):
                    raise TypeError(f"expected {tp.__name__}, got {value!r}")
                return tp(value)
            if type(value) is kind:
                return value
            if kind is float and type(value) is int:
                return float(value)
            raise TypeError(f"expected {kind.__name__}, got {value!r}")

        return hook

    for kind in (int, str, bool, float):
        conv.register_structure_hook(kind, strict(kind))


def _register_lists(conv: cattrs.Converter) -> None:
    """Tuples and lists read from JSON lists only."""

    # Tuples and lists come from JSON lists only (a string is not a list of letters).
    def listed(tp: Any) -> Callable[[Any, Any], Any]:
        if get_origin(tp) is list or tp is list:
            build = list_structure_factory(tp, conv)
        elif _is_hetero_tuple(tp):
            build = conv.gen_structure_hetero_tuple(tp)
        else:
            build = homogenous_tuple_structure_factory(tp, conv)

        def hook(value: Any, _: Any) -> Any:
            if not isinstance(value, list | tuple):
                raise TypeError(f"expected a list, got {type(value).__name__}")
            return build(value, tp)

        return hook

    conv.register_structure_hook_factory(_is_list_type, listed)


def _register_attrs_classes(conv: cattrs.Converter) -> None:
    """attrs classes read with every field present, but in options and OMITTABLE fields."""

    # attrs classes: every field present (a default never fills in a missing field),
    # except in a game's options, whose fields may be left out, and fields marked
    # OMITTABLE.
    # Options hand a field with an attrs converter its JSON value as it is (the converter
    # reads it: Kashgar's expansion "all", say).
    def complete(cl: Any) -> Callable[[Any, Any], Any]:
        options = is_options_type(cl)
        build: Callable[[Any, Any], Any] = (
            make_dict_structure_fn(
                cl,
                conv,
                _cattrs_forbid_extra_keys=True,
                _cattrs_prefer_attrib_converters=True,
            )
            if options
            else conv.gen_structure_attrs_fromdict(cl)
        )
        names = [
            a.name
            for a in attrs.fields(get_origin(cl) or cl)
            if a.init and not a.metadata.get(OMITTABLE)
        ]

        def hook(value: Any, tp: Any) -> Any:
            if isinstance(value, dict) and not options:
                absent = [name for name in names if name not in value]
                if absent:
                    others: list[Exception] = []
                    try:
                        build(value, tp)
                    except ClassValidationError as exc:  # the other fields' problems too
                        others = [
                            e
                            for e in exc.exceptions
                            if not (isinstance(e, KeyError) and e.args and e.args[0] in absent)
                        ]
                    raise ClassValidationError(
                        f"While structuring {_type_name(cl)}",
                        [*(_missing(cl, name) for name in absent), *others],
                        cl,
                    )
            return build(value, tp)

        return hook

    conv.register_structure_hook_factory(attrs.has, complete)


def _missing(cl: Any, name: str) -> KeyError:
    """The error cattrs itself gives for a missing field (``required field missing``)."""
    error = KeyError(name)
    error.__notes__ = [
        AttributeValidationNote(f"Structuring class {_type_name(cl)} @ attribute {name}", name, cl)
    ]
    return error


@cache
def converter() -> cattrs.Converter:
    """The shared cattrs converter configured for silkroad's types."""
    return _build_converter()


def _format(exc: BaseException, tp: Any) -> str:
    """One field's problem: our hooks' own words where they have some, else cattrs'."""
    generic = format_exception(exc, tp)
    own_words = isinstance(exc, TypeError | ValueError) and str(exc)
    if own_words and ("invalid value" in generic or "invalid type" in generic):
        return f"{generic}: {exc}"
    return generic


def _describe(exc: BaseException) -> str:
    """Each problem as ``field $.path: what is wrong`` (cattrs gives ``what @ $.path``)."""
    if not isinstance(exc, BaseValidationError):
        return str(exc)
    parts = []
    for line in cattrs.transform_error(exc, path="$", format_exception=_format):
        message, _, path = line.rpartition(" @ ")
        if not message:
            message, path = path, "$"
        if message.startswith("extra fields found"):
            message = "unknown " + message.removeprefix("extra ").replace(" found", "")
        parts.append(message if path == "$" else f"field {path}: {message}")
    return "; ".join(parts)


def _find_state_error(exc: BaseException) -> StateError | None:
    if isinstance(exc, StateError):
        return exc
    if isinstance(exc, BaseExceptionGroup):
        for inner in exc.exceptions:
            found = _find_state_error(inner)
            if found is not None:
                return found
    return None


def to_data(obj: Any, cls: Any = None) -> Any:
    """``obj`` as plain JSON-able Python data (dicts, lists, strings, numbers).

    ``cls`` is the declared type (e.g. a union of move classes, to get the tag); it
    defaults to the object's own class.
    """
    return converter().unstructure(obj, cls if cls is not None else type(obj))


def from_data(data: Any, cls: type[T] | Any, *, source: str | None = None) -> T:
    """Rebuild a value of type ``cls`` from :func:`to_data` output.

    :raises DataError: naming the path of each missing or ill-typed field.
    :raises StateError: when a value breaks an invariant checked by its class.
    """
    try:
        result: T = converter().structure(data, cls)
    except (BaseValidationError, KeyError, TypeError, ValueError, AttributeError) as exc:
        state_error = _find_state_error(exc)
        if state_error is not None:
            raise StateError(f"corrupt value: {state_error}") from exc
        name = getattr(cls, "__name__", str(cls))
        raise DataError(f"cannot read {name}: {_describe(exc)}", source=source) from exc
    except RecursionError as exc:
        name = getattr(cls, "__name__", str(cls))
        raise DataError(
            f"cannot read {name}: the data is nested too deeply", source=source
        ) from exc
    return result


def _type_name(cls: Any) -> str:
    return getattr(cls, "__name__", None) or str(cls)


def dumps(
    obj: Any, game: AnyGame | None = None, *, cls: Any = None, indent: int | None = None
) -> str:
    """``obj`` as a JSON document in the silkroad envelope.

    ``game`` names the title in the envelope (recommended for states and moves); ``cls`` is
    the declared type when it is not ``type(obj)`` (a union, say).
    """
    envelope = {
        FORMAT: FORMAT_VERSION,
        "game": game.spec.name if game is not None else None,
        "type": _type_name(type(obj)),
        "data": to_data(obj, cls),
    }
    return json.dumps(envelope, indent=indent, sort_keys=False)


def read_envelope(
    text: str | bytes, *, source: str | None = None, game: AnyGame | None = None
) -> dict[str, Any]:
    """Parse the envelope of a silkroad document and check its format and game."""
    try:
        document = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise DataError(f"not valid JSON ({exc})", source=source) from exc
    except RecursionError as exc:
        raise DataError("not a silkroad document: JSON nested too deeply", source=source) from exc
    if not isinstance(document, dict) or FORMAT not in document:
        raise DataError(
            f"not a silkroad document (expected a JSON object with a {FORMAT!r} key)",
            source=source,
        )
    version = document[FORMAT]
    if type(version) is not int or version != FORMAT_VERSION:
        raise DataError(
            f"unsupported document version {shorten(version)} (this library reads "
            f"{FORMAT_VERSION})",
            source=source,
        )
    if "data" not in document:
        raise DataError("the document has no 'data'", source=source, field="data")
    named = document.get("game")
    if game is not None and named is not None and named != game.spec.name:
        raise DataError(
            f"the document is for game {shorten(named)}, not {game.spec.name!r}",
            source=source,
            field="game",
        )
    return document


def loads(
    text: str | bytes,
    cls: type[T] | Any,
    game: AnyGame | None = None,
    *,
    source: str | None = None,
) -> T:
    """Read a document written by :func:`dumps` as a value of type ``cls``.

    With ``game`` given and ``cls`` its state type, the state is also checked with the
    game's ``validate``, so a corrupt save is refused with a ``StateError``.

    :raises DataError: for invalid JSON, a foreign document, another game or type, or a
        missing or ill-typed field (the message gives its path).
    :raises StateError: for a state that breaks an invariant of its game.
    """
    document = read_envelope(text, source=source, game=game)
    expected = {_type_name(m) for m in get_args(cls)} or {_type_name(cls)}
    kind = document.get("type")
    if not isinstance(kind, str) or kind not in expected:
        raise DataError(
            f"the document holds a {shorten(kind)}, expected {' or '.join(sorted(expected))}",
            source=source,
            field="type",
        )
    value: T = from_data(document["data"], cls, source=source)
    if game is not None and cls is game.state_type:
        try:
            game.validate(value)
        except StateError as exc:
            raise StateError(f"{source or 'document'}: corrupt state: {exc}") from exc
    return value


def move_union(game: AnyGame) -> Any:
    """The union type of a game's move classes (a single class if it has one kind)."""
    kinds = tuple(game.move_types)
    if len(kinds) == 1:
        return kinds[0]
    return typing.Union[kinds]  # noqa: UP007
