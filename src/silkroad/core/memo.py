"""One pattern for the rules' single-slot caches: :class:`LastValue`.

The hot paths of the titles ask the same question of the same object many times in a
row (the legal moves of a state, then ``apply`` on that state; the unseen cards of an
observation, once per determinization; the table of some options). Each such cache
remembers one ``(key, value)`` pair, the answer for the last key asked::

    _LEGAL = LastValue[State, tuple[Move, ...]]("the legal moves of the last state", ())

    def legal_moves(state):
        key, moves = _LEGAL.pair
        if key is state:
            return moves
        moves = ...  # the answer, from the state alone
        _LEGAL.pair = (state, moves)
        return moves

Why this is safe:

- **Keyed by identity.** The pair holds the key object itself, so the object cannot be
  collected while it is remembered and no other object can take its ``id``; a key that
  ``is`` the remembered one is that very object.
- **Pure answers of immutable keys.** Every value is a function of its key alone (states,
  observations and options are frozen), so an answer computed for a key is right for it
  whenever it is read.
- **Threads.** The pair is one tuple, read and replaced in one step: a reader always sees
  a key with its own value, never a key with another key's value. Two threads may
  compute the same answer twice; neither ever gets a wrong one
  (``tests/core/test_memo.py`` applies moves from many threads to shared states).
- **Tests.** :func:`clear_memos` forgets every pair (a test that swaps a module's data can
  start clean); :func:`memos` lists them with what they remember.

The pattern is written out at each use, not hidden in a decorator, because the call of a
wrapper costs more than the cache saves on the hottest paths.
"""

from __future__ import annotations

from typing import Generic, TypeVar

__all__ = ["LastValue", "clear_memos", "memos"]

K = TypeVar("K")
V = TypeVar("V")


class _Nothing:
    """The key of an empty memo: no object asked is ever it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<nothing>"


NOTHING = _Nothing()
_ALL: list[LastValue[object, object]] = []


class LastValue(Generic[K, V]):
    """The answer for the last key asked: :attr:`pair` is ``(key, value)``, compare the key
    with ``is``. ``name`` says what is remembered (for :func:`memos`); ``empty`` is the
    value of the empty memo, of the value's type."""

    __slots__ = ("empty", "name", "pair")

    def __init__(self, name: str, empty: V) -> None:
        self.name = name
        self.empty = empty
        self.pair: tuple[K | _Nothing, V] = (NOTHING, empty)
        _ALL.append(self)  # type: ignore[arg-type]

    def clear(self) -> None:
        """Forget the pair."""
        self.pair = (NOTHING, self.empty)

    def __repr__(self) -> str:
        return f"LastValue({self.name!r})"


def memos() -> tuple[LastValue[object, object], ...]:
    """Every :class:`LastValue` made so far, in the order the modules made them."""
    return tuple(_ALL)


def clear_memos() -> None:
    """Forget the pair of every :class:`LastValue`."""
    for memo in _ALL:
        memo.clear()
