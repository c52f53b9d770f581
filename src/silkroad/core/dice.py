"""Dice as immutable values, and rolls drawn from an explicit :class:`~silkroad.core.rng.Rng`.

A :class:`Die` is a face value together with the range it may take, ``floor`` to
``sides``. Most dice are rolled and keep ``floor=1``. Some games use a die as a counter
instead: Dunhuang's overseer dice are set by a fresco tile and count down as the fresco
is painted, and a fresco is complete when its die reaches 0 ([DH-3.E.10], [DH-3.D]);
such a die has ``floor=0``.

Every operation returns a new value and, when chance is involved, the advanced
generator; nothing here reads global randomness. A value outside the range raises
:class:`~silkroad.core.errors.StateError`, whether it comes from the constructor, from
:meth:`Die.set` or from stepping past either end.

For rolls that do not need to be kept as dice, :func:`roll_dice` returns plain integers.
"""

from __future__ import annotations

import attrs

from silkroad.core.errors import StateError
from silkroad.core.rng import Rng

__all__ = ["D6", "Die", "roll_dice"]

#: The number of sides of an ordinary die.
D6 = 6


def _check_die(value: object, sides: object, floor: object) -> None:
    """Raise StateError unless ``floor <= value <= sides`` with sensible sides and floor."""
    if type(sides) is not int or sides < 1:
        raise StateError(f"a die needs a whole number of sides >= 1, got {sides!r}")
    if type(floor) is not int or not 0 <= floor <= sides:
        raise StateError(f"a die's floor must be an integer in [0, {sides}], got {floor!r}")
    if type(value) is not int or not floor <= value <= sides:
        raise StateError(f"a die's value must be an integer in [{floor}, {sides}], got {value!r}")


@attrs.frozen
class Die:
    """A die showing ``value``, which stays within ``floor`` to ``sides`` inclusive.

    ``Die(3)`` is a six-sided die showing 3; ``Die(2, floor=0)`` is a counter die that
    may go down to 0.

    :raises StateError: if ``value`` is outside the range, ``sides`` is below 1 or
        ``floor`` is not between 0 and ``sides``.
    """

    value: int
    sides: int = D6
    floor: int = 1

    def __attrs_post_init__(self) -> None:
        _check_die(self.value, self.sides, self.floor)

    @classmethod
    def rolled(cls, rng: Rng, sides: int = D6) -> tuple[Die, Rng]:
        """A freshly rolled die with ``sides`` faces (value 1 to ``sides``)."""
        if type(sides) is not int or sides < 1:
            raise StateError(f"a die needs a whole number of sides >= 1, got {sides!r}")
        face, rng = rng.randrange(sides)
        return cls(face + 1, sides), rng

    def roll(self, rng: Rng) -> tuple[Die, Rng]:
        """The same die rolled again; it keeps its sides and floor.

        A roll shows a face, so the value is between ``max(1, floor)`` and ``sides``
        uniformly: a counter die with floor 0 never rolls a 0.
        """
        low = max(1, self.floor)
        face, rng = rng.randrange(self.sides - low + 1)
        return Die(face + low, self.sides, self.floor), rng

    def set(self, value: int) -> Die:
        """The die turned to show ``value`` (e.g. an overseer die set by its tile).

        :raises StateError: if ``value`` is outside ``floor`` to ``sides``.
        """
        return Die(value, self.sides, self.floor)

    def decrement(self, by: int = 1) -> Die:
        """The die turned down by ``by`` (>= 0).

        :raises StateError: if that would go below the floor, or ``by`` is negative.
        """
        if by < 0:
            raise StateError(f"cannot decrement a die by a negative amount ({by})")
        if self.value - by < self.floor:
            raise StateError(
                f"cannot decrement a die showing {self.value} by {by}: its floor is {self.floor}"
            )
        return Die(self.value - by, self.sides, self.floor)

    def increment(self, by: int = 1) -> Die:
        """The die turned up by ``by`` (>= 0).

        :raises StateError: if that would go above ``sides``, or ``by`` is negative.
        """
        if by < 0:
            raise StateError(f"cannot increment a die by a negative amount ({by})")
        if self.value + by > self.sides:
            raise StateError(
                f"cannot increment a die showing {self.value} by {by}: it has {self.sides} sides"
            )
        return Die(self.value + by, self.sides, self.floor)

    @property
    def is_at_floor(self) -> bool:
        """Whether the die shows its lowest allowed value (for an overseer die: the
        fresco is complete, [DH-3.D])."""
        return self.value == self.floor


def roll_dice(n: int, sides: int, rng: Rng) -> tuple[tuple[int, ...], Rng]:
    """Roll ``n`` dice with ``sides`` faces: their values (1 to ``sides``) in roll order.

    :raises StateError: if ``n`` is negative or ``sides`` is below 1.
    """
    if n < 0:
        raise StateError(f"cannot roll a negative number of dice ({n})")
    if sides < 1:
        raise StateError(f"a die needs a whole number of sides >= 1, got {sides!r}")
    values = []
    for _ in range(n):
        face, rng = rng.randrange(sides)
        values.append(face + 1)
    return tuple(values), rng
