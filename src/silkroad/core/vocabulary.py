"""One record of words per kind: a title's effects and decisions, each named in one place.

A title's texts (the move list, the card texts of ``describe``, the rules page of
``docgen``, ``explain``, the prompt, the pictures, the position files) all speak of the
same kinds: the effects a card can have, the decisions a player can be asked. A title
keeps, for each member of the enum that lists a kind, one record of everything those
texts say of it, and each text reads the record instead of keeping its own table.

:class:`Vocabulary` holds the records of one enum and refuses to exist without a record
for every member: a member added to the enum and not to the vocabulary stops the title
at import, naming the member, instead of printing nothing or counting it as 0 somewhere
far away. A title declares its vocabularies in :attr:`silkroad.core.GameSpec.vocabularies`,
and a test checks every registered title's.

The record's class is the title's own (each title's texts need different words); only
the container, its completeness and its lookup are shared.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from typing import Generic, TypeVar

import attrs

__all__ = ["Vocabulary"]

K = TypeVar("K", bound=enum.Enum)
R = TypeVar("R")


@attrs.frozen(eq=False)
class Vocabulary(Generic[K, R]):
    """The records of every member of ``kinds``, one each.

    :ivar kinds: the enum whose members the records describe (an effect's op, a kind of
        pending decision, ...).
    :ivar records: one record per member, in any order.
    :ivar what: what a member is, for messages (``"effect"``, ``"decision"``).
    :raises TypeError: when a member has no record, or a record names no member of
        ``kinds``: the vocabulary is part of the title's code, and a gap is a bug in it.
    """

    kinds: type[K]
    records: Mapping[K, R]
    what: str = "kind"

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "records", dict(self.records))  # a copy nobody changes
        missing = [m.name for m in self.kinds if m not in self.records]
        stray = [repr(k) for k in self.records if not isinstance(k, self.kinds)]
        if missing or stray:
            parts = []
            if missing:
                parts.append(f"no words for {', '.join(missing)}")
            if stray:
                parts.append(f"words for {', '.join(stray)}, not a member")
            raise TypeError(
                f"{self.kinds.__module__}.{self.kinds.__qualname__} ({self.what}): "
                + "; ".join(parts)
            )

    def __getitem__(self, kind: K) -> R:
        """The record of ``kind`` (every member has one)."""
        return self.records[kind]

    def __iter__(self) -> Iterator[K]:
        """The members, in the enum's order."""
        return iter(self.kinds)

    def __len__(self) -> int:
        return len(self.records)

    def items(self) -> Iterator[tuple[K, R]]:
        """``(member, record)`` in the enum's order."""
        return ((m, self.records[m]) for m in self.kinds)
