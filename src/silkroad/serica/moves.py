"""[SR-5] The moves of Serica and their text notation.

One small frozen class per kind of decision. Cards are named by their data ``key``
(``use scholar``, ``buy trading-post``), goods by their name, fields 1..4, positions in
a field 1..3 (from the map outward), caravans by their route 1..3. ``str(move)`` is the
notation and :func:`parse_notation` reads it back.
"""

from __future__ import annotations

import enum
from collections.abc import Callable

import attrs

from silkroad.core.errors import InvalidMoveError, shorten
from silkroad.serica.cards import Good

__all__ = [
    "Advance",
    "Begin",
    "Build",
    "Buy",
    "Choice",
    "Choose",
    "Defend",
    "Done",
    "Give",
    "Hire",
    "Import",
    "Load",
    "Move",
    "Pay",
    "Pick",
    "Place",
    "Produce",
    "Rearrange",
    "Save",
    "Send",
    "Supply",
    "Swap",
    "Take",
    "Top",
    "Use",
    "parse_notation",
]


def _good(text: str, whole: str) -> Good:
    member = Good.__members__.get(text.upper()) if text.isalpha() and text.islower() else None
    if member is None:
        names = ", ".join(g.label for g in Good)
        raise InvalidMoveError(
            f"unknown good {shorten(text)} in {shorten(whole)} (goods: {names})", text=whole
        )
    return member


def _number(text: str, whole: str, low: int, high: int) -> int:
    if (
        not (text.isascii() and text.isdigit())
        or len(text) > 3
        or not low <= int(text) <= high
        or text != str(int(text))
    ):
        raise InvalidMoveError(
            f"expected a number from {low} to {high}, got {shorten(text)} in {shorten(whole)}",
            text=whole,
        )
    return int(text)


def _key(text: str, whole: str) -> str:
    if not text or not all(c.isalnum() or c == "-" for c in text) or text != text.lower():
        raise InvalidMoveError(
            f"expected a card key, got {shorten(text)} in {shorten(whole)}", text=whole
        )
    return text


class Choice(enum.Enum):
    """The named options of a Guard, a Settler or an Ambassador."""

    #: [SR-8.2] Guard: add 1 VP.
    VP = "vp"
    #: [SR-8.2] Guard: begin an additional caravan.
    CARAVAN = "caravan"
    #: [SR-8.1] Settler: draw 2 cards.
    DRAW = "draw"
    #: [SR-8.1] Settler: build a Crossroads card.
    BUILD = "build"
    #: [SR-8.4] Ambassador: the top card of your own discard pile.
    OWN = "own"
    #: [SR-8.4] Ambassador: the top card of the other player's discard pile.
    OTHER = "other"


@attrs.frozen
class Produce:
    """[SR-5.1] Produce one trade good of your own empire."""

    good: Good

    def __str__(self) -> str:
        return f"produce {self.good.label}"


@attrs.frozen
class Hire:
    """[SR-5.1] Hire one artisan for 1 production point."""

    def __str__(self) -> str:
        return "hire"


@attrs.frozen
class Import:
    """[SR-5.1] Buy one good the other player shipped to you, for 1 production point."""

    good: Good

    def __str__(self) -> str:
        return f"import {self.good.label}"


@attrs.frozen
class Use:
    """[SR-8] Use the ability of an unused Empire card of this kind."""

    card: str

    def __str__(self) -> str:
        return f"use {self.card}"


@attrs.frozen
class Buy:
    """[SR-5.2] A. Buy a Crossroads card of this kind (payment follows)."""

    card: str

    def __str__(self) -> str:
        return f"buy {self.card}"


@attrs.frozen
class Pay:
    """[SR-5.2] [SR-8.1] Pay one goods type of a buy; ``artisans`` of them stand in for
    goods (Smith)."""

    good: Good
    artisans: int = 0

    def __str__(self) -> str:
        if self.artisans:
            word = "artisan" if self.artisans == 1 else "artisans"
            return f"pay {self.good.label} with {self.artisans} {word}"
        return f"pay {self.good.label}"


@attrs.frozen
class Build:
    """[SR-5.2] B. Build an Empire card of this kind into a field (1..4)."""

    card: str
    field: int

    def __str__(self) -> str:
        return f"build {self.card} in {self.field}"


@attrs.frozen
class Defend:
    """[SR-5.2] C. Defeat a Crossroads Enemy of this kind."""

    card: str

    def __str__(self) -> str:
        return f"defend {self.card}"


@attrs.frozen
class Begin:
    """[SR-5.3] A. Begin a new caravan (goods are loaded next)."""

    def __str__(self) -> str:
        return "begin"


@attrs.frozen
class Load:
    """[SR-5.3] Load one good of your own into the caravan being begun."""

    good: Good

    def __str__(self) -> str:
        return f"load {self.good.label}"


@attrs.frozen
class Advance:
    """[SR-5.3] B. Move all your caravans."""

    def __str__(self) -> str:
        return "advance"


@attrs.frozen
class Done:
    """End the current step, phase, loading or optional bonus."""

    def __str__(self) -> str:
        return "done"


@attrs.frozen
class Choose:
    """[SR-8] Pick a named option of a Guard, Settler or Ambassador."""

    choice: Choice

    def __str__(self) -> str:
        return f"choose {self.choice.value}"


@attrs.frozen
class Pick:
    """[SR-8] Pick a Crossroads card of this kind (to build, discard, take or copy)."""

    card: str

    def __str__(self) -> str:
        return f"pick {self.card}"


@attrs.frozen
class Give:
    """[SR-8.4] City: the Empire card of this kind goes to the Crossroads."""

    card: str

    def __str__(self) -> str:
        return f"give {self.card}"


@attrs.frozen
class Place:
    """[SR-5.2] The field (1..4) receiving a card built from the Crossroads."""

    field: int

    def __str__(self) -> str:
        return f"place {self.field}"


@attrs.frozen
class Send:
    """[SR-5.3] [SR-8.5] The caravan (route 1..3) that an attack hits or a bonus joins."""

    route: int

    def __str__(self) -> str:
        return f"caravan {self.route}"


@attrs.frozen
class Save:
    """[SR-8.3] Fort: a readied Fort saves one good of this type from the attack that
    is striking (``done`` lets the attack take it and keeps the Fort for later)."""

    good: Good

    def __str__(self) -> str:
        return f"save {self.good.label}"


@attrs.frozen
class Supply:
    """[SR-8.5] Take a bonus good of this type into your supply."""

    good: Good

    def __str__(self) -> str:
        return f"supply {self.good.label}"


@attrs.frozen
class Swap:
    """[SR-8.2] Trading Post: add a good to a caravan (``out`` None) or exchange one of
    its goods (``out``) with one from your supply (``good``)."""

    route: int
    good: Good
    out: Good | None = None

    def __str__(self) -> str:
        if self.out is None:
            return f"add {self.good.label} to {self.route}"
        return f"swap {self.out.label} for {self.good.label} in {self.route}"


@attrs.frozen
class Take:
    """[SR-8.3] General: take the viewed card at this position (1 = top)."""

    index: int

    def __str__(self) -> str:
        return f"take {self.index}"


@attrs.frozen
class Top:
    """[SR-8.3] General: the remaining card at this position goes back on top."""

    index: int

    def __str__(self) -> str:
        return f"top {self.index}"


@attrs.frozen
class Rearrange:
    """[SR-8.3] Governor: the contents of two spots (field, position) change places:
    two built cards swap, or a card moves to the free spot of another field."""

    field_a: int
    position_a: int
    field_b: int
    position_b: int

    def __str__(self) -> str:
        return f"rearrange {self.field_a}.{self.position_a} {self.field_b}.{self.position_b}"


Move = (
    Produce
    | Hire
    | Import
    | Use
    | Buy
    | Pay
    | Build
    | Defend
    | Begin
    | Load
    | Advance
    | Done
    | Choose
    | Pick
    | Give
    | Place
    | Send
    | Supply
    | Swap
    | Take
    | Top
    | Rearrange
    | Save
)

MOVE_TYPES: tuple[type, ...] = (
    Produce,
    Hire,
    Import,
    Use,
    Buy,
    Pay,
    Build,
    Defend,
    Begin,
    Load,
    Advance,
    Done,
    Choose,
    Pick,
    Give,
    Place,
    Send,
    Supply,
    Swap,
    Take,
    Top,
    Rearrange,
    Save,
)

#: The last word of a payment with artisans: "1 artisan" as written, "1 artisans" as
#: records before it wrote it.
_ARTISANS = ("artisan", "artisans")
_BARE: dict[str, Move] = {
    "hire": Hire(),
    "begin": Begin(),
    "advance": Advance(),
    "done": Done(),
}
_GOOD_MOVES: dict[str, Callable[[Good], Move]] = {
    "produce": Produce,
    "import": Import,
    "load": Load,
    "supply": Supply,
    "save": Save,
}
_KEY_MOVES: dict[str, Callable[[str], Move]] = {
    "use": Use,
    "buy": Buy,
    "defend": Defend,
    "pick": Pick,
    "give": Give,
}


def _position(text: str, whole: str) -> tuple[int, int]:
    field, dot, position = text.partition(".")
    if not dot:
        raise InvalidMoveError(
            f"expected FIELD.POSITION, got {shorten(text)} in {shorten(whole)}", text=whole
        )
    return _number(field, whole, 1, 4), _number(position, whole, 1, 3)


def parse_notation(text: str) -> Move:
    """[SR-5] The move named by ``text`` (context-free; legality is checked by ``apply``).

    :raises InvalidMoveError: if ``text`` is not the notation of any move.
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"move notation must be a string, got {shorten(text)}", text=None)
    words = text.split(" ")
    if any(not w for w in words) or text != text.strip():
        raise InvalidMoveError(
            f"expected words separated by single spaces, got {shorten(text)}", text=text
        )
    head, rest = words[0], words[1:]
    if head in _BARE and not rest:
        return _BARE[head]
    if head in _GOOD_MOVES and len(rest) == 1:
        return _GOOD_MOVES[head](_good(rest[0], text))
    if head in _KEY_MOVES and len(rest) == 1:
        return _KEY_MOVES[head](_key(rest[0], text))
    if head == "pay" and len(rest) == 1:
        return Pay(_good(rest[0], text))
    if head == "pay" and len(rest) == 4 and rest[1] == "with" and rest[3] in _ARTISANS:
        return Pay(_good(rest[0], text), _number(rest[2], text, 1, 9))
    if head == "build" and len(rest) == 3 and rest[1] == "in":
        return Build(_key(rest[0], text), _number(rest[2], text, 1, 4))
    if head == "choose" and len(rest) == 1:
        try:
            return Choose(Choice(rest[0]))
        except ValueError:
            names = ", ".join(c.value for c in Choice)
            raise InvalidMoveError(
                f"unknown choice {shorten(rest[0])} in {shorten(text)} (choices: {names})",
                text=text,
            ) from None
    if head == "place" and len(rest) == 1:
        return Place(_number(rest[0], text, 1, 4))
    if head == "caravan" and len(rest) == 1:
        return Send(_number(rest[0], text, 1, 3))
    if head == "add" and len(rest) == 3 and rest[1] == "to":
        return Swap(_number(rest[2], text, 1, 3), _good(rest[0], text))
    if head == "swap" and len(rest) == 5 and rest[1] == "for" and rest[3] == "in":
        return Swap(_number(rest[4], text, 1, 3), _good(rest[2], text), _good(rest[0], text))
    if head == "take" and len(rest) == 1:
        return Take(_number(rest[0], text, 1, 3))
    if head == "top" and len(rest) == 1:
        return Top(_number(rest[0], text, 1, 2))
    if head == "rearrange" and len(rest) == 2:
        a, b = _position(rest[0], text), _position(rest[1], text)
        return Rearrange(a[0], a[1], b[0], b[1])
    raise InvalidMoveError(
        f"{shorten(text)} is not a Serica move (see docs/serica.md, 'Moves and notation')",
        text=text,
    )
