"""The errors every part of silkroad raises.

All of them derive from :class:`RulesError`, itself a :class:`ValueError`, so code that
already guards against bad values keeps working. Each says *what kind* of wrong:

* :class:`IllegalMoveError`: a well-formed move that is not legal in this state.
* :class:`InvalidMoveError`: text or an action id that names no move at all.
* :class:`DataError`: a bad card file, replay file or JSON document (names file, entry, field).
* :class:`StateError`: a state that breaks an invariant of its game (e.g. a corrupt save).
* :class:`ReplayError`: a record whose moves or result do not replay (names the move number).
* :class:`UnknownGameError`, :class:`UnknownCardError`: a name that names no game, no card.

Messages are written for a person who has to fix the input: they say what was
expected and what was found.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "DataError",
    "IllegalMoveError",
    "InvalidMoveError",
    "ReplayError",
    "RulesError",
    "StateError",
    "UnknownCardError",
    "UnknownGameError",
]


class RulesError(ValueError):
    """Base class of every error silkroad raises on bad input."""


class IllegalMoveError(RulesError):
    """A well-formed move that is not among the legal moves of this state.

    The state is never changed by the failed call; ``state`` and ``move`` are kept on the
    exception for the caller to inspect, and ``reason`` (a
    :class:`silkroad.core.explain.Reason`, or None) says which rule refuses the move: the
    message leads with it.
    """

    def __init__(
        self, message: str, *, state: Any = None, move: Any = None, reason: Any = None
    ) -> None:
        super().__init__(message)
        self.state = state
        self.move = move
        self.reason = reason


class InvalidMoveError(RulesError):
    """Move notation or an integer action id that does not name any move.

    ``reason`` (a :class:`silkroad.core.explain.Reason`, or None) is set where a tool
    explains the refusal: an adapter's action id that stands for a move that is not legal
    now carries that move's reason.
    """

    def __init__(self, message: str, *, text: str | int | None = None, reason: Any = None) -> None:
        super().__init__(message)
        self.text = text
        self.reason = reason


class DataError(RulesError):
    """A card file, replay file or JSON document that cannot be used.

    ``source`` is the file (or ``"<string>"``), ``entry`` the card or record entry, and
    ``field`` the offending field, each when known; they are also part of the message.
    """

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        entry: str | None = None,
        field: str | None = None,
    ) -> None:
        where = ", ".join(
            f"{label} {value}"
            for label, value in (("file", source), ("entry", entry), ("field", field))
            if value is not None
        )
        super().__init__(f"{where}: {message}" if where else message)
        self.source = source
        self.entry = entry
        self.field = field
        #: the message without the file, entry and field
        self.detail = message


class StateError(RulesError):
    """A state that breaks an invariant of its game, such as a corrupt saved game."""


class ReplayError(DataError):
    """A record that does not replay: an illegal move, or a result that does not match.

    ``move_number`` is the 1-based number of the offending move, or ``None`` when the
    moves replay but the recorded result differs from the replayed one; ``reason`` (a
    :class:`silkroad.core.explain.Reason`, or None) says why that move is refused.
    """

    def __init__(
        self,
        message: str,
        *,
        move_number: int | None = None,
        source: str | None = None,
        reason: Any = None,
    ) -> None:
        prefix = f"move {move_number}: " if move_number is not None else ""
        super().__init__(prefix + message, source=source)
        self.move_number = move_number
        self.reason = reason
        #: the message without the file and move number
        self.detail = message


def shorten(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, for quoting user input in messages
    (an int too long to print in full is described by its size)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"<an integer of {value.bit_length()} bits>"
    try:
        text = (
            repr(value)
            if not isinstance(value, str) or len(value) <= 4 * limit
            else repr(value[: 4 * limit])
        )
    except Exception:  # a value that cannot print itself (e.g. a move holding a huge int)
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class UnknownGameError(RulesError, LookupError):
    """A game name that is not registered."""


class UnknownCardError(RulesError, LookupError):
    """A card name (a data key, a printed name, ``key#n``) or id that names no card of the
    game (a title's ``lookup``)."""
