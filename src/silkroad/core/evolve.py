"""``attrs.evolve`` for the hot paths of the rules: a copy with some fields replaced.

``attrs.evolve`` looks the class's fields up and calls ``__init__`` again on every call,
which costs more than the rest of many moves. :func:`replace` copies the fields directly
(with code generated once per class from the class's own field list), so it is only
for frozen attrs classes whose ``__init__`` has no validators or converters to run: the
value built is exactly what ``attrs.evolve`` would build for them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import attrs

__all__ = ["replace"]

_T = TypeVar("_T")
_COPIERS: dict[type, Callable[[Any], Any]] = {}


def _copier(cls: type) -> Callable[[Any], Any]:
    """A function copying every field of an instance of the attrs class ``cls``."""
    fields = attrs.fields(cast(Any, cls))
    if "__slots__" not in cls.__dict__:
        raise TypeError(f"replace() builds slotted attrs classes, not {cls.__name__}")
    for a in fields:
        if a.validator is not None or a.converter is not None:
            raise TypeError(f"replace() cannot build {cls.__name__}: {a.name} is checked")
    lines = ["def copy(inst):", "    new = new_(cls)"]
    lines += [f"    set_(new, {a.name!r}, inst.{a.name})" for a in fields]
    lines += ["    return new"]
    scope: dict[str, Any] = {"new_": object.__new__, "set_": object.__setattr__, "cls": cls}
    exec("\n".join(lines), scope)  # generated from the class's own fields
    copy: Callable[[Any], Any] = scope["copy"]
    return copy


def replace(inst: _T, **changes: Any) -> _T:
    """``inst`` with the fields named in ``changes`` replaced (``attrs.evolve`` for a
    slotted frozen attrs class without validators or converters).

    :raises TypeError: for a class whose fields are checked on construction.
    :raises AttributeError: for a name that is not one of its fields.
    """
    cls = type(inst)
    copy = _COPIERS.get(cls)
    if copy is None:
        copy = _COPIERS[cls] = _copier(cls)
    new = copy(inst)
    setter = _set
    for name, value in changes.items():
        setter(new, name, value)
    return new  # type: ignore[no-any-return]


_set = object.__setattr__
