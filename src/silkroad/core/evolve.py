"""``attrs.evolve`` for the hot paths of the rules: a copy with some fields replaced.

``attrs.evolve`` looks the class's fields up and calls ``__init__`` again on every call,
which costs more than the rest of many moves. :func:`replace` copies the fields directly
(with code generated once per class from the class's own field list, or, for a class
without slots, one copy of the instance dict), so it is only for frozen attrs classes
whose ``__init__`` has no validators or converters to run: the value built is exactly
what ``attrs.evolve`` would build for them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import attrs

__all__ = ["replace"]

_T = TypeVar("_T")
_COPIERS: dict[type, Callable[..., Any]] = {}


def _copier(cls: type) -> Callable[..., Any]:
    """A function ``copy(inst, changes)`` building an instance of the attrs class ``cls``
    with every field of ``inst`` except those in the dict ``changes`` (taken as a dict,
    not as keywords: :func:`replace` passes on the dict its own keywords made instead of
    a second one). Each field is written through its slot's own descriptor (cheaper than
    ``object.__setattr__``'s lookup by name)."""
    fields = attrs.fields(cast(Any, cls))
    for a in fields:
        if a.validator is not None or a.converter is not None:
            raise TypeError(f"replace() cannot build {cls.__name__}: {a.name} is checked")
    if "__slots__" not in cls.__dict__:
        code = getattr(cls.__hash__, "__code__", None)
        cached = code is not None and _HASH in code.co_names  # attrs' cache_hash=True
        return _dict_copier(cls, frozenset(a.name for a in fields), cached)
    names = frozenset(a.name for a in fields)
    scope: dict[str, Any] = {"new_": object.__new__, "cls": cls, "names": names}
    lines = [
        "def copy(inst, changes):",
        "    if not names.issuperset(changes):",
        "        raise TypeError('unknown field')",  # named by replace()
        "    new = new_(cls)",
    ]
    for i, a in enumerate(fields):
        slot = next(k.__dict__[a.name] for k in cls.__mro__ if a.name in k.__dict__)
        scope[f"set{i}"] = slot.__set__
        got = f"changes[{a.name!r}] if {a.name!r} in changes else inst.{a.name}"
        lines.append(f"    set{i}(new, {got})")
    cache = next((k.__dict__[_HASH] for k in cls.__mro__ if _HASH in k.__dict__), None)
    if cache is not None:  # a class with cache_hash: the copy's hash is computed afresh
        scope["set_hash"] = cache.__set__
        lines.append("    set_hash(new, None)")
    lines += ["    return new"]
    exec("\n".join(lines), scope)  # generated from the class's own fields
    copy: Callable[..., Any] = scope["copy"]
    return copy


def _dict_copier(cls: type, names: frozenset[str], cached: bool) -> Callable[..., Any]:
    """A copier for a class whose instances keep their fields in a dict: one dict copy
    (with the cached hash cleared, for a class that caches it)."""
    new_, set_ = object.__new__, object.__setattr__

    def copy(inst: Any, changes: dict[str, Any]) -> Any:
        if not names.issuperset(changes):
            raise TypeError("unknown field")  # named by replace()
        new: Any = new_(cls)
        values = inst.__dict__.copy()
        values.update(changes)
        set_(new, "__dict__", values)
        return new

    def copy_cached(inst: Any, changes: dict[str, Any]) -> Any:
        new = copy(inst, changes)
        new.__dict__[_HASH] = None  # computed afresh for the copy's fields
        return new

    return copy_cached if cached else copy


#: Where an attrs class made with ``cache_hash=True`` keeps an instance's hash (a slot,
#: or a key of the instance dict), None until it is first computed.
_HASH = "_attrs_cached_hash"


def replace(inst: _T, **changes: Any) -> _T:
    """``inst`` with the fields named in ``changes`` replaced (``attrs.evolve`` for a
    frozen attrs class without validators or converters). The copier takes the dict of
    keywords as it is, not unpacked into a second call's keywords (Serica's random
    playouts: 108.1k -> 101.8k instructions per decision, benchmarks/instructions.py).

    :raises TypeError: for a class whose fields are checked on construction.
    :raises AttributeError: for a name that is not one of its fields.
    """
    cls = type(inst)
    copy = _COPIERS.get(cls)
    if copy is None:
        copy = _COPIERS[cls] = _copier(cls)
    try:
        return copy(inst, changes)  # type: ignore[no-any-return]
    except TypeError:
        names = {a.name for a in attrs.fields(cast(Any, cls))}
        unknown = ", ".join(sorted(set(changes) - names))
        if not unknown:
            raise
        raise AttributeError(f"{cls.__name__} has no field {unknown}") from None
