"""[KG-4] The moves of Kashgar and their text notation.

A turn starts with one of :class:`CaravanAction`, :class:`PartingAction` or
:class:`Pass` on the front card of a caravan; the choices an action then needs are
separate decisions (:class:`Gain`, :class:`Keep`, :class:`Take`, :class:`Fulfill`,
:class:`Remove`, :class:`Place`). Caravans and actions are numbered from 1 in the
notation and from 0 in the fields; a move that names a card holds its id (its place in
the card table of the options). ``str(move)`` is the move's value alone, the id
included (``keep 57``), as :func:`parse_notation` reads it; the notation of a game
(:func:`silkroad.kashgar.format_move` given a state of the game, as records, positions
and the tools write it) names the card by its name from the options' card table
instead:

===============================  ======================  ==================================
move                             notation in a game      meaning
===============================  ======================  ==================================
``CaravanAction(0, 1)``          ``c1.2``                caravan 1's front card, action 2
``PartingAction(2, 0)``          ``p3.1``                caravan 3's front card, parting 1
``Pass(1)``                      ``pass 2``              caravan 2's front card to the back
``Gain((2, 0, 0, 0, 0, 0, 0))``  ``gain gi+2``           this alternative of a "/" increase
``Keep(57)``                     ``keep planter``        keep this card (drawn or searched)
``Take(57)``                     ``take planter``        take this card from the discard
``Fulfill(130)``                 ``order large_01_...``  fulfill this order
``Fulfill(None)``                ``order none``          fulfill none
``Remove(57)``                   ``remove planter#2``    remove this card of the caravan
``Remove(None)``                 ``remove none``         remove none
``Place(1)``                     ``place 2``             the card to the back of caravan 2
===============================  ======================  ==================================

Both depend on the move's value alone (and the game's options): equal moves print
alike, however they were made (docs/kashgar.md, "Moves and notation").
"""

from __future__ import annotations

import re
import warnings
from typing import TypeVar

import attrs

from silkroad.core.errors import InvalidMoveError, shorten
from silkroad.kashgar.cards import RESOURCES, Amounts

__all__ = [
    "RESOURCE_CODES",
    "CaravanAction",
    "Fulfill",
    "Gain",
    "Keep",
    "Move",
    "PartingAction",
    "Pass",
    "Place",
    "Remove",
    "Take",
    "parse_notation",
]

#: Two-letter codes of the tracks in notation, in track order.
RESOURCE_CODES: tuple[str, ...] = ("gi", "cl", "pe", "an", "ci", "go", "mu")


@attrs.frozen
class CaravanAction:
    """[KG-4.A] Perform caravan action ``action`` of the front card of ``caravan``."""

    caravan: int
    action: int = 0

    def __str__(self) -> str:
        return f"c{self.caravan + 1}.{self.action + 1}"


@attrs.frozen
class PartingAction:
    """[KG-4.B] Perform parting action ``action`` of the front card of ``caravan``."""

    caravan: int
    action: int = 0

    def __str__(self) -> str:
        return f"p{self.caravan + 1}.{self.action + 1}"


@attrs.frozen
class Pass:
    """[KG-4.C] Put the front card of ``caravan`` at the back without an action."""

    caravan: int

    def __str__(self) -> str:
        return f"pass {self.caravan + 1}"


@attrs.frozen
class Gain:
    """[KG-7] The chosen alternative of an Increase with a "/" (track amounts)."""

    amounts: Amounts

    def __str__(self) -> str:
        parts = [f"{code}+{n}" for code, n in zip(RESOURCE_CODES, self.amounts, strict=True) if n]
        return "gain " + (",".join(parts) or "nothing")


def _no_name(move: object) -> None:
    """The former ``name`` attribute of a move naming a card: None, with a warning."""
    warnings.warn(
        f"{type(move).__name__}.name is deprecated: a move is its id alone; "
        "silkroad.kashgar.format_move(move, state) names the card",
        DeprecationWarning,
        stacklevel=2,
    )


@attrs.frozen
class Keep:
    """[KG-7] Keep this card (of those drawn or searched) at the back of the caravan."""

    card: int

    def __str__(self) -> str:
        return f"keep {self.card}"

    @classmethod
    def named(cls, card: int, name: str) -> Keep:
        """Deprecated: the move of ``card`` (a name is no longer part of a move;
        :func:`silkroad.kashgar.format_move` names the card from the game's table)."""
        return _deprecated_named(cls(card), name)

    #: deprecated: always None (a move carries no name; ``format_move`` names it)
    name = property(_no_name)


@attrs.frozen
class Take:
    """[KG-7] Take this card from the open discard pile."""

    card: int

    def __str__(self) -> str:
        return f"take {self.card}"

    @classmethod
    def named(cls, card: int, name: str) -> Take:
        """Deprecated: the move of ``card`` (a name is no longer part of a move;
        :func:`silkroad.kashgar.format_move` names the card from the game's table)."""
        return _deprecated_named(cls(card), name)

    #: deprecated: always None (a move carries no name; ``format_move`` names it)
    name = property(_no_name)


@attrs.frozen
class Fulfill:
    """[KG-5.2] Fulfill this order (None: fulfill none; [KG-5.X] the player may)."""

    order: int | None

    def __str__(self) -> str:
        if self.order is None:
            return "order none"
        return f"order {self.order}"

    @classmethod
    def named(cls, order: int, name: str) -> Fulfill:
        """Deprecated: the move of ``order`` (a name is no longer part of a move;
        :func:`silkroad.kashgar.format_move` names the card from the game's table)."""
        return _deprecated_named(cls(order), name)

    #: deprecated: always None (a move carries no name; ``format_move`` names it)
    name = property(_no_name)


@attrs.frozen
class Remove:
    """[KG-7] Remove this card of the caravan from the game (None: remove nothing)."""

    card: int | None = None

    def __str__(self) -> str:
        if self.card is None:
            return "remove none"
        return f"remove {self.card}"

    @classmethod
    def named(cls, card: int, name: str) -> Remove:
        """Deprecated: the move of ``card`` (a name is no longer part of a move;
        :func:`silkroad.kashgar.format_move` names the card from the game's table)."""
        return _deprecated_named(cls(card), name)

    #: deprecated: always None (a move carries no name; ``format_move`` names it)
    name = property(_no_name)


@attrs.frozen
class Place:
    """Put the card in hand at the back of this caravan (0-based index)."""

    caravan: int

    def __str__(self) -> str:
        return f"place {self.caravan + 1}"


Move = CaravanAction | PartingAction | Pass | Gain | Keep | Take | Fulfill | Remove | Place

_Named = TypeVar("_Named", Keep, Take, Fulfill, Remove)


def _deprecated_named(move: _Named, name: str) -> _Named:
    """``move`` itself, with a warning: the ``name`` is no longer kept."""
    warnings.warn(
        f"{type(move).__name__}.named() is deprecated: a move is its id alone (the name "
        f"{name!r:.40} is not kept); silkroad.kashgar.format_move(move, state) names the card",
        DeprecationWarning,
        stacklevel=3,
    )
    return move


_ACTION = re.compile(r"([cp])([1-9])\.([1-9])")
#: A card or order id: at most 18 digits (larger numbers name no card and are refused
#: before Python's limit on converting long digit strings).
_NUMBER = re.compile(r"0|[1-9][0-9]{0,17}")
_GAIN_PART = re.compile(r"(gi|cl|pe|an|ci|go|mu)\+([1-9][0-9]?)")


def parse_notation(text: str) -> Move:
    """[KG-4] The move named by ``text`` with ids (``keep 57``; ``str(move)`` of a move made
    by hand). Card names (``keep planter``) need the state: :func:`silkroad.kashgar.parse_move`.

    :raises InvalidMoveError: if ``text`` is not notation of any move.
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"move notation must be a string, got {shorten(text)}", text=None)
    m = _ACTION.fullmatch(text)
    if m:
        kind, caravan, action = m.groups()
        cls = CaravanAction if kind == "c" else PartingAction
        return cls(int(caravan) - 1, int(action) - 1)
    word, sep, arg = text.partition(" ")
    if sep and arg:
        if word == "pass" and re.fullmatch(r"[1-9]", arg):
            return Pass(int(arg) - 1)
        if word == "place" and re.fullmatch(r"[1-9]", arg):
            return Place(int(arg) - 1)
        if word == "remove" and arg == "none":
            return Remove(None)
        if word == "order" and arg == "none":
            return Fulfill(None)
        if word in ("keep", "take", "order", "remove") and _NUMBER.fullmatch(arg):
            number = int(arg)
            if word == "keep":
                return Keep(number)
            if word == "take":
                return Take(number)
            if word == "order":
                return Fulfill(number)
            return Remove(number)
        if word == "gain":
            gain = _parse_gain(arg)
            if gain is not None:
                return gain
    raise InvalidMoveError(
        f"not a Kashgar move: {shorten(text)} (expected e.g. 'c1.1', 'p2.1', 'pass 3', "
        "'gain ci+2', 'keep planter', 'take vizier', 'order large_01_large_order', "
        "'order none', 'remove patriarch#3', 'remove none', 'place 2')",
        text=text,
    )


def _parse_gain(arg: str) -> Gain | None:
    if arg == "nothing":
        return Gain((0, 0, 0, 0, 0, 0, 0))
    amounts = [0] * len(RESOURCES)
    last = -1
    for part in arg.split(","):
        g = _GAIN_PART.fullmatch(part)
        if g is None:
            return None
        index = RESOURCE_CODES.index(g.group(1))
        if index <= last:  # canonical form: each track once, in track order
            return None
        last = index
        amounts[index] = int(g.group(2))
    a, b, c, d, e, f, g7 = amounts
    return Gain((a, b, c, d, e, f, g7))
