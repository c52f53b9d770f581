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
_COPIERS: dict[type, Callable[..., Any]] = {}
_KEEP = object()


def _copier(cls: type) -> Callable[..., Any]:
    """A function ``copy(inst, **changes)`` building an instance of the attrs class
    ``cls`` from an instance and the replaced fields (a keyword parameter per field, so
    an unknown name is a ``TypeError``)."""
    fields = attrs.fields(cast(Any, cls))
    for a in fields:
        if a.validator is not None or a.converter is not None:
            raise TypeError(f"replace() cannot build {cls.__name__}: {a.name} is checked")
    params = ", ".join(f"{a.name}=keep" for a in fields)
    lines = [f"def copy(inst, *, {params}):", "    new = new_(cls)"]
    lines += [
        f"    set_(new, {a.name!r}, inst.{a.name} if {a.name} is keep else {a.name})"
        for a in fields
    ]
    lines += ["    return new"]
    scope: dict[str, Any] = {
        "new_": object.__new__,
        "set_": object.__setattr__,
        "cls": cls,
        "keep": _KEEP,
    }
    exec("\n".join(lines), scope)  # generated from the class's own fields
    copy: Callable[..., Any] = scope["copy"]
    return copy


def replace(inst: _T, **changes: Any) -> _T:
    """``inst`` with the fields named in ``changes`` replaced (``attrs.evolve`` for a
    frozen attrs class without validators or converters).

    :raises TypeError: for a class whose fields are checked on construction, or a name
        that is not one of its fields.
    """
    cls = type(inst)
    copy = _COPIERS.get(cls)
    if copy is None:
        copy = _COPIERS[cls] = _copier(cls)
    return copy(inst, **changes)  # type: ignore[no-any-return]
