"""Immutable decks of cards: a draw pile, a discard pile and an optional face-up row.

A :class:`Deck` is a value. Every operation returns a new deck (and, for anything that
involves chance, a new :class:`~silkroad.core.rng.Rng`) and leaves the receiver as it
was, so a deck can sit inside a frozen game state and ``apply`` stays a pure function.
Cards can be any value; decks of hashable cards are hashable.

The three piles are pyrsistent vectors with fixed orientations:

* ``draw_pile``: index 0 is the **top**, the next card to be drawn;
* ``discard_pile``: the **last** element is the top, the most recently discarded card;
* ``face_up``: a display row, left to right (for example Dunhuang's character recruiting
  area or Kashgar's four face-up orders); empty for decks that have none.

Cards only move between piles, leave the deck (``draw``, ``take``, ``remove``) or enter
it (``discard``, ``put_on_top``, ``put_on_bottom``); :meth:`Deck.cards` lists everything
still in the deck, which is what conservation checks count.

A deck is used on the hot path of simulations, so methods do the least work that keeps
them correct: each builds at most one new ``Deck`` and validates only what the caller
could get wrong (counts, indexes, missing cards). Misuse raises
:class:`~silkroad.core.errors.StateError`, and a failed call never changes anything.

Reshuffling follows [DH-3.E.7] and [SR-5.4]: when a draw needs a card and the draw pile
is empty, the discard pile is shuffled to form the new draw pile and drawing continues.
The reshuffle happens only when a card is actually needed, never in advance.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, Literal, TypeVar

import attrs
from pyrsistent import pvector
from pyrsistent.typing import PVector

from silkroad.core.errors import StateError
from silkroad.core.rng import Rng

__all__ = ["Deck", "Pile"]

T = TypeVar("T")

#: The name of one of a deck's piles, as accepted by :meth:`Deck.take`.
Pile = Literal["draw", "discard", "face_up"]

_EMPTY: PVector[Any] = pvector()
_PVECTOR_TYPE = type(_EMPTY)
_PILE_NAMES = {"draw": "draw pile", "discard": "discard pile", "face_up": "face-up row"}


def _as_pvector(items: Iterable[T]) -> PVector[T]:
    """Keep a pyrsistent vector as it is; turn any other iterable into one."""
    if type(items) is _PVECTOR_TYPE:
        return items
    return pvector(items)


def _check_count(n: int) -> None:
    if n < 0:
        raise StateError(f"cannot draw or look at a negative number of cards ({n})")


def _index(pile: PVector[T], card: T) -> int:
    """The index of the first occurrence of ``card`` in ``pile``, or -1."""
    try:
        return pile.index(card)
    except ValueError:
        return -1


def _without(pile: PVector[T], card: T, name: str) -> PVector[T]:
    """``pile`` minus the first occurrence of ``card``; StateError if it has none."""
    try:
        index = pile.index(card)
    except ValueError:
        raise StateError(f"{card!r} is not in the {_PILE_NAMES[name]}") from None
    return pile.delete(index)


@attrs.frozen
class Deck(Generic[T]):
    """A deck of cards of type ``T``: draw pile, discard pile and face-up row.

    Build one with :meth:`of` or :meth:`shuffled`. The constructor accepts any iterables
    and stores them as pyrsistent vectors; see the module docstring for the orientation
    of each pile. ``len()`` is deliberately not defined (which pile would it count?):
    use ``len(deck.draw_pile)`` and so on.
    """

    draw_pile: PVector[T] = attrs.field(default=_EMPTY, converter=_as_pvector)
    discard_pile: PVector[T] = attrs.field(default=_EMPTY, converter=_as_pvector)
    face_up: PVector[T] = attrs.field(default=_EMPTY, converter=_as_pvector)

    # -- construction -------------------------------------------------------------------

    @classmethod
    def of(cls, cards: Iterable[T]) -> Deck[T]:
        """A deck whose draw pile is ``cards`` in the given order, the first on top."""
        return cls(pvector(cards), _EMPTY, _EMPTY)

    @classmethod
    def shuffled(cls, cards: Iterable[T], rng: Rng) -> tuple[Deck[T], Rng]:
        """A deck whose draw pile is ``cards`` in an order drawn from ``rng``."""
        order, rng = rng.shuffle(tuple(cards))
        return cls(pvector(order), _EMPTY, _EMPTY), rng

    # -- looking ------------------------------------------------------------------------

    def top(self, n: int = 1) -> tuple[T, ...]:
        """The top ``n`` cards of the draw pile, top first, without drawing them.

        Returns fewer when the draw pile holds fewer.

        :raises StateError: if ``n`` is negative.
        """
        _check_count(n)
        return tuple(self.draw_pile[:n])

    def search(self, predicate: Callable[[T], bool]) -> tuple[T, ...]:
        """The cards of the draw pile for which ``predicate`` holds, top first."""
        return tuple(card for card in self.draw_pile if predicate(card))

    def search_discard(self, predicate: Callable[[T], bool]) -> tuple[T, ...]:
        """The cards of the discard pile for which ``predicate`` holds, bottom first."""
        return tuple(card for card in self.discard_pile if predicate(card))

    def cards(self) -> tuple[T, ...]:
        """Every card in the deck: the draw pile, then the discard pile, then the row."""
        return (*self.draw_pile, *self.discard_pile, *self.face_up)

    # -- drawing ------------------------------------------------------------------------

    def draw(self, n: int = 1) -> tuple[tuple[T, ...], Deck[T]]:
        """Draw exactly ``n`` cards from the top: ``(cards, deck)``, cards top first.

        :raises StateError: if the draw pile holds fewer than ``n`` cards, or ``n`` is
            negative.
        """
        _check_count(n)
        pile = self.draw_pile
        if n > len(pile):
            raise StateError(
                f"cannot draw {n} card{'s' if n != 1 else ''}: the draw pile holds only {len(pile)}"
            )
        return tuple(pile[:n]), Deck(pile[n:], self.discard_pile, self.face_up)

    def draw_up_to(self, n: int) -> tuple[tuple[T, ...], Deck[T]]:
        """Draw ``n`` cards from the top, or all of them if the draw pile holds fewer.

        :raises StateError: if ``n`` is negative.
        """
        _check_count(n)
        pile = self.draw_pile
        return tuple(pile[:n]), Deck(pile[n:], self.discard_pile, self.face_up)

    def draw_reshuffling(self, n: int, rng: Rng) -> tuple[tuple[T, ...], Deck[T], Rng]:
        """[DH-3.E.7] [SR-5.4] Draw ``n`` cards, reshuffling the discards when needed.

        Cards come from the top of the draw pile; if it runs out before ``n`` cards are
        drawn, the discard pile is shuffled with ``rng`` into a new draw pile and
        drawing goes on from it. Fewer than ``n`` cards come back only when both piles
        are used up. ``rng`` is consumed only when a reshuffle happens.

        :raises StateError: if ``n`` is negative.
        """
        _check_count(n)
        pile = self.draw_pile
        if n <= len(pile):
            return tuple(pile[:n]), Deck(pile[n:], self.discard_pile, self.face_up), rng
        drawn = tuple(pile)
        if not self.discard_pile:
            return drawn, Deck(_EMPTY, _EMPTY, self.face_up), rng
        order, rng = rng.shuffle(self.discard_pile)
        need = n - len(drawn)
        return drawn + order[:need], Deck(pvector(order[need:]), _EMPTY, self.face_up), rng

    # -- adding cards -------------------------------------------------------------------

    def discard(self, cards: Iterable[T]) -> Deck[T]:
        """Put ``cards`` on the discard pile one by one: the last given ends on top."""
        return Deck(self.draw_pile, self.discard_pile.extend(cards), self.face_up)

    def put_on_top(self, cards: Iterable[T]) -> Deck[T]:
        """Put ``cards`` on top of the draw pile, the first given becoming the top."""
        return Deck(pvector(cards).extend(self.draw_pile), self.discard_pile, self.face_up)

    def put_on_bottom(self, cards: Iterable[T]) -> Deck[T]:
        """[KG-7] Put ``cards`` under the draw pile, the first given above the later ones.

        This is where Kashgar's unwanted Order and Special cards go.
        """
        return Deck(self.draw_pile.extend(cards), self.discard_pile, self.face_up)

    # -- shuffling ----------------------------------------------------------------------

    def shuffle(self, rng: Rng) -> tuple[Deck[T], Rng]:
        """The deck with its draw pile shuffled; the other piles are untouched."""
        order, rng = rng.shuffle(self.draw_pile)
        return Deck(pvector(order), self.discard_pile, self.face_up), rng

    def recycle_discard(self, rng: Rng) -> tuple[Deck[T], Rng]:
        """Shuffle the discard pile and put it under the draw pile; the discards empty."""
        order, rng = rng.shuffle(self.discard_pile)
        return Deck(self.draw_pile.extend(order), _EMPTY, self.face_up), rng

    # -- taking particular cards --------------------------------------------------------

    def take(self, card: T, pile: Pile = "draw") -> Deck[T]:
        """The deck without the first occurrence of ``card`` in ``pile``.

        "First" is in index order: nearest the top for the draw pile, the oldest copy
        for the discard pile, the leftmost for the face-up row.

        :raises StateError: if the pile does not hold the card, or ``pile`` names no pile.
        """
        if pile == "draw":
            return Deck(_without(self.draw_pile, card, pile), self.discard_pile, self.face_up)
        if pile == "discard":
            return Deck(self.draw_pile, _without(self.discard_pile, card, pile), self.face_up)
        if pile == "face_up":
            return Deck(self.draw_pile, self.discard_pile, _without(self.face_up, card, pile))
        raise StateError(f"no pile named {pile!r}; expected 'draw', 'discard' or 'face_up'")

    def remove(self, card: T) -> Deck[T]:
        """[KG-7] The deck with one copy of ``card`` removed from the game.

        The copy is looked for in the draw pile, then the discard pile, then the
        face-up row, and the first found (in the sense of :meth:`take`) goes.

        :raises StateError: if no pile holds the card.
        """
        draw, discard, row = self.draw_pile, self.discard_pile, self.face_up
        index = _index(draw, card)
        if index >= 0:
            return Deck(draw.delete(index), discard, row)
        index = _index(discard, card)
        if index >= 0:
            return Deck(draw, discard.delete(index), row)
        index = _index(row, card)
        if index >= 0:
            return Deck(draw, discard, row.delete(index))
        raise StateError(f"{card!r} is not in this deck (draw pile, discard pile or face-up row)")

    # -- the face-up row ----------------------------------------------------------------

    def refill(self, n: int) -> Deck[T]:
        """Deal cards from the top of the draw pile to the right end of the face-up row
        until the row holds ``n`` cards or the draw pile is empty."""
        need = n - len(self.face_up)
        pile = self.draw_pile
        if need <= 0 or not pile:
            return self
        return Deck(pile[need:], self.discard_pile, self.face_up.extend(pile[:need]))

    def take_face_up(self, index: int) -> tuple[T, Deck[T]]:
        """Take the card at ``index`` (0 is leftmost) from the face-up row; the cards to
        its right move one place left.

        :raises StateError: if there is no card at ``index`` (negative indexes included).
        """
        row = self.face_up
        if not 0 <= index < len(row):
            raise StateError(
                f"no face-up card at index {index}: the row holds {len(row)} "
                f"card{'s' if len(row) != 1 else ''}"
            )
        return row[index], Deck(self.draw_pile, self.discard_pile, row.delete(index))
