"""[DH-3.2] The moves of Dunhuang and their text notation.

One class per kind of decision; an action is a sequence of them (place a meeple, pick
the effects in order, answer each effect's own choice, then the character ability).

============================  ========================  ====================================
move                          notation                  meaning
============================  ========================  ====================================
``Keep(401)``                 ``keep t401``             draft: keep fresco tile 401
``Paint(401)``                ``paint t401``            place / begin painting tile 401
``Place(0, 2)``               ``m1 b3``                 meeple 1 to spot b3 (``u2``, ``f3.1``)
``Pass()``                    ``pass``                  no meeple can be placed
``Resolve(1)``                ``e2``                    resolve the 2nd remaining effect
``Done()``                    ``done``                  skip the remaining effects
``Ability(True)``             ``ability`` / ``no ability``  use the character's ability or not
``Upgrade("silk-material")``  ``upgrade silk-material``   upgrade one token
``Take("coin")``              ``take coin``             take this reward or token
``Recruit(401, 0)``           ``recruit c401 s1``       this character to character spot 1
``UseDie("left")``            ``die left``              use a die of the reward area
``Continue(2)``               ``continue 3``            advance own fresco spot 3
``Choose(2)``                 ``choose 2``              a pack's choice (e.g. trade route 2)
``Bottom(401)``               ``bottom t401``           solitaire: tile 401 to the stack bottom
============================  ========================  ====================================

Spots: ``b1``-``b12`` basic (zones of three), ``u1``-``u3`` ultimate, ``fP.S`` the fresco
spot S (1 leftmost) of player P, ``p1``-``p14`` the public fresco line of solitaire.
Players, meeples and spots count from 1 in the notation
and from 0 in the fields.
"""

from __future__ import annotations

import re

import attrs

from silkroad.core.errors import InvalidMoveError, shorten
from silkroad.dunhuang.state import PUBLICS

__all__ = [
    "Ability",
    "Bottom",
    "Choose",
    "Continue",
    "Done",
    "Keep",
    "Move",
    "Paint",
    "Pass",
    "Place",
    "Recruit",
    "Resolve",
    "Take",
    "Upgrade",
    "UseDie",
    "parse_notation",
    "spot_label",
    "spot_of_label",
]


def spot_label(spot: int) -> str:
    """[DH-2.0] The notation of an action spot id."""
    if 0 <= spot < 12:
        return f"b{spot + 1}"
    if 12 <= spot < 15:
        return f"u{spot - 11}"
    if spot >= 27:
        return f"p{spot - 26}"  # the public fresco line of solitaire
    player, slot = divmod(spot - 15, 3)
    return f"f{player + 1}.{slot + 1}"


_SPOT = re.compile(r"(?:b(\d{1,3})|u(\d{1,3})|f(\d{1,3})\.(\d{1,3})|p(\d{1,3}))")
_SPOTS = f"b1-b12, u1-u3, f1.1-f4.3, p1-p{PUBLICS}"


def spot_of_label(text: str) -> int:
    """[DH-2.0] The spot id of a label such as ``b3``, ``u1`` or ``f2.3``."""
    m = _SPOT.fullmatch(text)
    if m is None:
        raise InvalidMoveError(f"{shorten(text)} is not a spot ({_SPOTS})", text=text)
    b, u, fp, fs, pub = m.groups()
    if b is not None and 1 <= int(b) <= 12:
        return int(b) - 1
    if u is not None and 1 <= int(u) <= 3:
        return 11 + int(u)
    if fp is not None and 1 <= int(fp) <= 4 and 1 <= int(fs) <= 3:
        return 15 + 3 * (int(fp) - 1) + int(fs) - 1
    if pub is not None and 1 <= int(pub) <= PUBLICS:
        return 26 + int(pub)
    raise InvalidMoveError(f"{shorten(text)} is not a spot ({_SPOTS})", text=text)


@attrs.frozen(cache_hash=True)
class Keep:
    """[DH-2.3.5] Keep this fresco tile of the pack being drafted."""

    tile: int

    def __str__(self) -> str:
        return f"keep t{self.tile}"


@attrs.frozen(cache_hash=True)
class Paint:
    """[DH-2.3.6] [DH-3.E.11] Place this fresco tile (first placement or Begin Painting)."""

    tile: int

    def __str__(self) -> str:
        return f"paint t{self.tile}"


@attrs.frozen(cache_hash=True)
class Place:
    """[DH-3.2] Put meeple ``meeple`` on action spot ``spot`` and perform its action."""

    meeple: int
    spot: int

    def __str__(self) -> str:
        return f"m{self.meeple + 1} {spot_label(self.spot)}"


@attrs.frozen(cache_hash=True)
class Pass:
    """[Rulings] No meeple of the player can be placed: the turn passes."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen(cache_hash=True)
class Resolve:
    """[DH-3.2] Resolve this effect (index among the remaining ones) next."""

    index: int

    def __str__(self) -> str:
        return f"e{self.index + 1}"


@attrs.frozen(cache_hash=True)
class Done:
    """[DH-3.2] Skip the remaining effects of this action."""

    def __str__(self) -> str:
        return "done"


@attrs.frozen(cache_hash=True)
class Ability:
    """[DH-3.2] Activate the ability of the meeple's character (or not)."""

    use: bool

    def __str__(self) -> str:
        return "ability" if self.use else "no ability"


@attrs.frozen(cache_hash=True)
class Upgrade:
    """[DH-3.E.2] Upgrade one token of this kind."""

    token: str

    def __str__(self) -> str:
        return f"upgrade {self.token}"


@attrs.frozen(cache_hash=True)
class Take:
    """[DH-3.1.1] [DH-3.3.4] [DH-3.E.14] Take this reward (effect notation) or token kind."""

    item: str

    def __str__(self) -> str:
        return f"take {self.item}"


@attrs.frozen(cache_hash=True)
class Recruit:
    """[DH-3.E.7] [DH-3.E.8] Recruit this character to character spot ``slot``."""

    card: int
    slot: int

    def __str__(self) -> str:
        return f"recruit c{self.card} s{self.slot + 1}"


@attrs.frozen(cache_hash=True)
class UseDie:
    """[DH-3.E.11 note 3] Use a die from this spot of the reward area (left or right)."""

    side: str

    def __str__(self) -> str:
        return f"die {self.side}"


@attrs.frozen(cache_hash=True)
class Continue:
    """[DH-3.E.10] Advance the fresco on this own spot (0 leftmost)."""

    slot: int

    def __str__(self) -> str:
        return f"continue {self.slot + 1}"


@attrs.frozen(cache_hash=True)
class Choose:
    """A pack's own choice (e.g. the trade route of a Tea Trade)."""

    option: int

    def __str__(self) -> str:
        return f"choose {self.option}"


@attrs.frozen(cache_hash=True)
class Bottom:
    """[DH-6.2.3] [DH-6.3.3] Solitaire: put this drawn tile at the bottom of the stack next."""

    tile: int

    def __str__(self) -> str:
        return f"bottom t{self.tile}"


Move = (
    Keep
    | Paint
    | Place
    | Pass
    | Resolve
    | Done
    | Ability
    | Upgrade
    | Take
    | Recruit
    | UseDie
    | Continue
    | Choose
    | Bottom
)

#: An id in notation: at most 18 digits (a longer number names nothing, and is refused
#: before Python's limit on converting long digit strings).
_INT = r"(-?\d{1,18})"
_ITEM = r"([a-z0-9:+ -]+)"
_PATTERNS: tuple[tuple[re.Pattern[str], object], ...] = (
    (re.compile(rf"^keep t{_INT}$"), lambda m: Keep(int(m[1]))),
    (re.compile(rf"^paint t{_INT}$"), lambda m: Paint(int(m[1]))),
    (re.compile(r"^m([1-3]) (\S+)$"), lambda m: Place(int(m[1]) - 1, spot_of_label(m[2]))),
    (re.compile(r"^pass$"), lambda m: Pass()),
    (re.compile(r"^e([1-9])$"), lambda m: Resolve(int(m[1]) - 1)),
    (re.compile(r"^done$"), lambda m: Done()),
    (re.compile(r"^ability$"), lambda m: Ability(True)),
    (re.compile(r"^no ability$"), lambda m: Ability(False)),
    (re.compile(rf"^upgrade {_ITEM}$"), lambda m: Upgrade(m[1])),
    (re.compile(rf"^take {_ITEM}$"), lambda m: Take(m[1])),
    (re.compile(rf"^recruit c{_INT} s([1-3])$"), lambda m: Recruit(int(m[1]), int(m[2]) - 1)),
    (re.compile(r"^die (left|right)$"), lambda m: UseDie(m[1])),
    (re.compile(r"^continue ([1-3])$"), lambda m: Continue(int(m[1]) - 1)),
    (re.compile(rf"^choose {_INT}$"), lambda m: Choose(int(m[1]))),
    (re.compile(rf"^bottom t{_INT}$"), lambda m: Bottom(int(m[1]))),
)


def parse_notation(text: str) -> Move:
    """[DH-3.2] The move written as ``text`` (see the table above).

    :raises InvalidMoveError: if ``text`` is not the notation of any move.
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move is written as text, got {shorten(text)}", text=None)
    for pattern, build in _PATTERNS:
        m = pattern.fullmatch(text)
        if m is not None:
            move: Move = build(m)  # type: ignore[operator]
            return move
    raise InvalidMoveError(
        f"{shorten(text)} is not a Dunhuang move (see docs/dunhuang.md)", text=text
    )
