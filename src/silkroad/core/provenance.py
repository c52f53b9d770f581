"""How many of a game's components are as printed and how many are reconstructed.

Every card, tile and board entry of a title's data carries a ``provenance``: the
rulebooks print it (``"rulebook"``, perhaps with some fields assumed) or it is
reconstructed where the rulebooks print nothing. A title counts the components in play
for some options with its ``component_provenance(options)``; the command prints the count
where a study would otherwise pass for a study of the published game, and the README's
status table is made from the same counts.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

__all__ = ["Provenance", "count_provenance"]


@attrs.frozen
class Provenance:
    """The components in play, by where their values come from.

    :ivar unit: what is counted (``"cards"``, ``"entries"``), for messages.
    :ivar printed: components every field of which is printed.
    :ivar assumed: printed components with some fields assumed (the rest printed).
    :ivar reconstructed: components reconstructed as a whole (perhaps with a printed field).
    """

    unit: str
    printed: int
    assumed: int
    reconstructed: int

    @property
    def total(self) -> int:
        """Every component counted."""
        return self.printed + self.assumed + self.reconstructed

    def summary(self) -> str:
        """One phrase: ``"12 of 165 cards as printed, 153 reconstructed"``."""
        text = f"{self.printed} of {self.total} {self.unit} as printed"
        if self.assumed:
            text += f", {self.assumed} printed with assumed fields"
        return f"{text}, {self.reconstructed} reconstructed"

    def __add__(self, other: Provenance) -> Provenance:
        if not isinstance(other, Provenance):
            return NotImplemented
        if other.unit != self.unit:
            raise ValueError(f"cannot add counts of {self.unit} and of {other.unit}")
        return Provenance(
            self.unit,
            self.printed + other.printed,
            self.assumed + other.assumed,
            self.reconstructed + other.reconstructed,
        )


def count_provenance(unit: str, entries: Iterable[tuple[str, bool, int]]) -> Provenance:
    """Count ``(provenance, some field assumed, copies)`` triples: a ``"rulebook"`` entry
    is printed (or printed with assumed fields), any other is reconstructed."""
    printed = assumed = reconstructed = 0
    for provenance, partly, copies in entries:
        if provenance != "rulebook":
            reconstructed += copies
        elif partly:
            assumed += copies
        else:
            printed += copies
    return Provenance(unit, printed, assumed, reconstructed)
