"""Tests of silkroad.core.deck: pinned outcomes, misuse, and a model-based state machine."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)
from pyrsistent import pvector

from silkroad.core.deck import Deck
from silkroad.core.errors import StateError
from silkroad.core.rng import Rng


def piles(deck: Deck[Any]) -> tuple[list[Any], list[Any], list[Any]]:
    return list(deck.draw_pile), list(deck.discard_pile), list(deck.face_up)


# -- construction and looking ---------------------------------------------------------------


def test_of_keeps_the_given_order_top_first() -> None:
    deck = Deck.of("abc")
    assert piles(deck) == (["a", "b", "c"], [], [])
    assert deck.top() == ("a",)
    assert deck.top(2) == ("a", "b")
    assert deck.top(5) == ("a", "b", "c")
    assert deck.top(0) == ()


def test_constructor_converts_iterables_to_pvectors() -> None:
    deck = Deck([1, 2], (3,), iter([4]))
    assert deck.draw_pile == pvector([1, 2])
    assert deck.discard_pile == pvector([3])
    assert deck.face_up == pvector([4])
    assert deck == Deck(pvector([1, 2]), pvector([3]), pvector([4]))
    assert Deck.of([]) == Deck()


def test_shuffled_is_a_seeded_permutation() -> None:
    cards = list(range(20))
    first, rng1 = Deck.shuffled(cards, Rng.from_seed(7))
    second, rng2 = Deck.shuffled(cards, Rng.from_seed(7))
    assert first == second
    assert rng1 == rng2
    assert rng1 != Rng.from_seed(7)
    assert sorted(first.draw_pile) == cards
    assert list(first.draw_pile) != cards
    other, _ = Deck.shuffled(cards, Rng.from_seed(8))
    assert other != first


def test_decks_are_hashable_values() -> None:
    assert Deck.of([1, 2]) == Deck.of((1, 2))
    assert hash(Deck.of([1, 2])) == hash(Deck.of((1, 2)))
    assert len({Deck.of([1, 2]), Deck.of([1, 2]), Deck.of([2, 1])}) == 2
    empty: Deck[int] = Deck.of([])
    assert Deck.of([1]) != empty.discard([1])


def test_len_is_not_defined() -> None:
    with pytest.raises(TypeError):
        len(Deck.of([1]))  # type: ignore[arg-type]


def test_cards_lists_every_pile() -> None:
    deck = Deck.of(range(6)).refill(2).discard([10, 11])
    assert deck.cards() == (2, 3, 4, 5, 10, 11, 0, 1)


def test_search_keeps_pile_order() -> None:
    deck = Deck.of([5, 2, 8, 4, 7]).discard([6, 1, 10])
    assert deck.search(lambda c: c % 2 == 0) == (2, 8, 4)
    assert deck.search_discard(lambda c: c % 2 == 0) == (6, 10)
    assert deck.search(lambda c: c > 100) == ()


# -- drawing ----------------------------------------------------------------------------------


def test_draw_takes_from_the_top_in_order() -> None:
    deck = Deck.of([1, 2, 3, 4])
    drawn, after = deck.draw(3)
    assert drawn == (1, 2, 3)
    assert piles(after) == ([4], [], [])
    one, _ = deck.draw()
    assert one == (1,)
    nothing, same = deck.draw(0)
    assert nothing == ()
    assert same == deck
    assert piles(deck) == ([1, 2, 3, 4], [], [])


def test_draw_up_to_takes_what_is_there() -> None:
    drawn, after = Deck.of([1, 2]).discard([9]).draw_up_to(5)
    assert drawn == (1, 2)
    assert piles(after) == ([], [9], [])


# the mechanism behind [DH-3.E.7]; the rule itself is tested with its game
def test_draw_reshuffling_without_need_leaves_the_rng_alone() -> None:
    rng = Rng.from_seed(3)
    deck = Deck.of([1, 2, 3]).discard([7, 8])
    drawn, after, rng_after = deck.draw_reshuffling(3, rng)
    assert drawn == (1, 2, 3)
    assert piles(after) == ([], [7, 8], [])
    assert rng_after == rng


# the mechanism behind [DH-3.E.7]; the rule itself is tested with its game
def test_draw_reshuffling_shuffles_the_discards_when_the_pile_runs_out() -> None:
    rng = Rng.from_seed(11)
    deck = Deck.of([1, 2]).discard([10, 11, 12, 13, 14]).refill(1)
    drawn, after, rng_after = deck.draw_reshuffling(4, rng)
    assert drawn[:1] == (2,)
    assert set(drawn[1:]) <= {10, 11, 12, 13, 14}
    assert len(drawn) == 4
    assert after.discard_pile == pvector()
    assert list(after.face_up) == [1]
    assert Counter(drawn[1:]) + Counter(after.draw_pile) == Counter([10, 11, 12, 13, 14])
    # The order is the one rng.shuffle gives to the discard pile.
    order, expected_rng = rng.shuffle([10, 11, 12, 13, 14])
    assert drawn[1:] == order[:3]
    assert tuple(after.draw_pile) == order[3:]
    assert rng_after == expected_rng
    # The same seed gives the same draw.
    assert deck.draw_reshuffling(4, rng) == (drawn, after, rng_after)


# the mechanism behind [DH-3.E.7]; the rule itself is tested with its game
def test_draw_reshuffling_returns_fewer_only_when_both_piles_are_exhausted() -> None:
    rng = Rng.from_seed(5)
    drawn, after, _ = Deck.of([1]).discard([2, 3]).draw_reshuffling(10, rng)
    assert sorted(drawn[1:]) == [2, 3]
    assert drawn[0] == 1
    assert after == Deck.of([])
    drawn, after, rng_after = Deck.of([1]).draw_reshuffling(2, rng)
    assert drawn == (1,)
    assert after == Deck.of([])
    assert rng_after == rng


# -- adding cards -----------------------------------------------------------------------------


def test_discard_puts_the_last_given_card_on_top() -> None:
    deck = Deck.of(["z"]).discard(["a"]).discard(["b", "c"])
    assert list(deck.discard_pile) == ["a", "b", "c"]
    assert deck.discard_pile[-1] == "c"


def test_put_on_top_makes_the_first_given_card_the_top() -> None:
    deck = Deck.of(["x", "y"]).put_on_top(["a", "b"])
    assert list(deck.draw_pile) == ["a", "b", "x", "y"]
    drawn, _ = deck.draw(1)
    assert drawn == ("a",)


# the mechanism behind [KG-7]; the rule itself is tested with its game
def test_put_on_bottom_keeps_the_first_given_card_above_the_later_ones() -> None:
    deck = Deck.of(["x", "y"]).put_on_bottom(["a", "b"])
    assert list(deck.draw_pile) == ["x", "y", "a", "b"]
    drawn, _ = deck.draw(4)
    assert drawn == ("x", "y", "a", "b")


# -- shuffling --------------------------------------------------------------------------------


def test_shuffle_permutes_only_the_draw_pile() -> None:
    rng = Rng.from_seed(99)
    deck = Deck.of(range(10)).discard([99]).refill(0)
    shuffled, rng_after = deck.shuffle(rng)
    order, expected_rng = rng.shuffle(range(10))
    assert tuple(shuffled.draw_pile) == order
    assert rng_after == expected_rng
    assert list(shuffled.discard_pile) == [99]


def test_recycle_discard_goes_under_the_draw_pile() -> None:
    rng = Rng.from_seed(4)
    deck = Deck.of([1, 2]).discard([3, 4, 5])
    recycled, rng_after = deck.recycle_discard(rng)
    order, expected_rng = rng.shuffle([3, 4, 5])
    assert tuple(recycled.draw_pile) == (1, 2, *order)
    assert recycled.discard_pile == pvector()
    assert rng_after == expected_rng


# -- taking particular cards ------------------------------------------------------------------


def test_take_removes_the_first_occurrence_from_the_named_pile() -> None:
    deck = Deck([1, 2, 1], [3, 1, 3], [4, 3])
    assert piles(deck.take(1)) == ([2, 1], [3, 1, 3], [4, 3])
    assert piles(deck.take(3, "discard")) == ([1, 2, 1], [1, 3], [4, 3])
    assert piles(deck.take(3, "face_up")) == ([1, 2, 1], [3, 1, 3], [4])


# the mechanism behind [KG-7]; the rule itself is tested with its game
def test_remove_looks_in_draw_then_discard_then_face_up() -> None:
    deck = Deck([1, 2], [2, 3], [3, 4])
    assert piles(deck.remove(2)) == ([1], [2, 3], [3, 4])
    assert piles(deck.remove(3)) == ([1, 2], [2], [3, 4])
    assert piles(deck.remove(4)) == ([1, 2], [2, 3], [3])


# -- the face-up row --------------------------------------------------------------------------


# the mechanism behind [KG-5.2]; the rule itself is tested with its game
def test_refill_deals_from_the_top_to_the_right_end() -> None:
    deck = Deck.of("abcdef").refill(4)
    assert piles(deck) == (["e", "f"], [], ["a", "b", "c", "d"])
    card, deck = deck.take_face_up(1)
    assert card == "b"
    assert list(deck.face_up) == ["a", "c", "d"]
    deck = deck.refill(4)
    assert piles(deck) == (["f"], [], ["a", "c", "d", "e"])
    assert deck.refill(2) == deck
    assert piles(deck.refill(9)) == ([], [], ["a", "c", "d", "e", "f"])


# -- misuse -----------------------------------------------------------------------------------


MISUSES = [
    pytest.param(lambda d: d.draw(4), "cannot draw 4 cards: the draw pile holds only 3", id="draw"),
    pytest.param(lambda d: d.draw(-1), "negative", id="draw-negative"),
    pytest.param(lambda d: d.draw_up_to(-2), "negative", id="draw-up-to-negative"),
    pytest.param(lambda d: d.top(-1), "negative", id="top-negative"),
    pytest.param(
        lambda d: d.draw_reshuffling(-1, Rng.from_seed(1)), "negative", id="reshuffling-negative"
    ),
    pytest.param(lambda d: d.take("zz"), "'zz' is not in the draw pile", id="take-draw"),
    pytest.param(lambda d: d.take("a", "discard"), "'a' is not in the discard pile", id="take-dis"),
    pytest.param(lambda d: d.take("a", "face_up"), "'a' is not in the face-up row", id="take-row"),
    pytest.param(lambda d: d.take("a", "hand"), "no pile named 'hand'", id="take-bad-pile"),
    pytest.param(lambda d: d.remove("zz"), "'zz' is not in this deck", id="remove"),
    pytest.param(lambda d: d.take_face_up(2), "no face-up card at index 2", id="face-up-index"),
    pytest.param(lambda d: d.take_face_up(-1), "no face-up card at index -1", id="face-up-neg"),
]


@pytest.mark.parametrize(("misuse", "message"), MISUSES)
def test_misuse_raises_state_error_and_changes_nothing(misuse: Any, message: str) -> None:
    deck = Deck(["a", "b", "c"], ["d"], ["e", "f"])
    before = piles(deck)
    with pytest.raises(StateError, match=message):
        misuse(deck)
    assert piles(deck) == before
    assert deck == Deck(["a", "b", "c"], ["d"], ["e", "f"])


def test_state_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="draw pile holds only 0"):
        Deck.of([]).draw()


# -- the model-based state machine ------------------------------------------------------------

CARDS = st.integers(min_value=0, max_value=12)
CARD_LISTS = st.lists(CARDS, max_size=6)
COUNTS = st.integers(min_value=0, max_value=12)
SEEDS = st.integers(min_value=0, max_value=2**64 - 1)


def multiset_minus(big: Counter[int], small: Counter[int]) -> Counter[int]:
    assert not small - big, f"{small} is not part of {big}"
    return big - small


class DeckMachine(RuleBasedStateMachine):
    """Checks every Deck operation against three plain lists.

    ``entered`` counts every card ever put into the deck and ``left`` every card that
    went out (drawn, taken, removed); the deck must always hold exactly the difference.
    """

    def __init__(self) -> None:
        super().__init__()
        self.deck: Deck[int] = Deck.of([])
        self.draw: list[int] = []
        self.discard: list[int] = []
        self.row: list[int] = []
        self.entered: Counter[int] = Counter()
        self.left: Counter[int] = Counter()

    def snapshot(self) -> tuple[list[int], list[int], list[int]]:
        return list(self.draw), list(self.discard), list(self.row)

    def unchanged_after_error(self, call: Any) -> None:
        before = self.deck
        with pytest.raises(StateError):
            call()
        assert self.deck is before
        assert piles(self.deck) == self.snapshot()

    @initialize(cards=CARD_LISTS, discards=CARD_LISTS, seed=st.none() | SEEDS)
    def start(self, cards: list[int], discards: list[int], seed: int | None) -> None:
        if seed is None:
            deck = Deck.of(cards)
            self.draw = list(cards)
        else:
            deck, _ = Deck.shuffled(cards, Rng.from_seed(seed))
            assert Counter(deck.draw_pile) == Counter(cards)
            self.draw = list(deck.draw_pile)
        self.deck = deck.discard(discards)
        self.discard = list(discards)
        self.entered = Counter(cards) + Counter(discards)

    @rule(n=COUNTS)
    def draw_cards(self, n: int) -> None:
        if n > len(self.draw):
            self.unchanged_after_error(lambda: self.deck.draw(n))
            return
        drawn, self.deck = self.deck.draw(n)
        assert list(drawn) == self.draw[:n]
        self.left += Counter(drawn)
        del self.draw[:n]

    @rule(n=COUNTS)
    def draw_up_to(self, n: int) -> None:
        drawn, self.deck = self.deck.draw_up_to(n)
        assert list(drawn) == self.draw[:n]
        self.left += Counter(drawn)
        del self.draw[:n]

    @rule(n=COUNTS, seed=SEEDS)
    def draw_reshuffling(self, n: int, seed: int) -> None:
        rng = Rng.from_seed(seed)
        drawn, self.deck, rng_after = self.deck.draw_reshuffling(n, rng)
        self.left += Counter(drawn)
        if n <= len(self.draw):
            assert list(drawn) == self.draw[:n]
            assert rng_after == rng
            del self.draw[:n]
            return
        # The whole draw pile comes first, then cards of the shuffled discard pile.
        head, tail = list(drawn[: len(self.draw)]), drawn[len(self.draw) :]
        assert head == self.draw
        assert len(drawn) == min(n, len(self.draw) + len(self.discard))
        rest = multiset_minus(Counter(self.discard), Counter(tail))
        assert Counter(self.deck.draw_pile) == rest
        assert self.deck.discard_pile == pvector()
        self.draw = list(self.deck.draw_pile)
        self.discard = []

    @rule(cards=CARD_LISTS)
    def discard_cards(self, cards: list[int]) -> None:
        self.deck = self.deck.discard(cards)
        self.discard += cards
        self.entered += Counter(cards)

    @rule(cards=CARD_LISTS)
    def put_on_bottom(self, cards: list[int]) -> None:
        self.deck = self.deck.put_on_bottom(cards)
        self.draw += cards
        self.entered += Counter(cards)

    @rule(cards=CARD_LISTS)
    def put_on_top(self, cards: list[int]) -> None:
        self.deck = self.deck.put_on_top(cards)
        self.draw[:0] = cards
        self.entered += Counter(cards)

    @rule(seed=SEEDS)
    def shuffle(self, seed: int) -> None:
        self.deck, _ = self.deck.shuffle(Rng.from_seed(seed))
        assert Counter(self.deck.draw_pile) == Counter(self.draw)
        self.draw = list(self.deck.draw_pile)

    @rule(seed=SEEDS)
    def recycle_discard(self, seed: int) -> None:
        self.deck, _ = self.deck.recycle_discard(Rng.from_seed(seed))
        new_draw = list(self.deck.draw_pile)
        assert new_draw[: len(self.draw)] == self.draw
        assert Counter(new_draw[len(self.draw) :]) == Counter(self.discard)
        self.draw = new_draw
        self.discard = []

    @rule(card=CARDS, pile=st.sampled_from(["draw", "discard", "face_up"]))
    def take(self, card: int, pile: Any) -> None:
        model = {"draw": self.draw, "discard": self.discard, "face_up": self.row}[pile]
        if card not in model:
            self.unchanged_after_error(lambda: self.deck.take(card, pile))
            return
        self.deck = self.deck.take(card, pile)
        model.remove(card)
        self.left[card] += 1

    @rule(card=CARDS)
    def remove(self, card: int) -> None:
        for model in (self.draw, self.discard, self.row):
            if card in model:
                self.deck = self.deck.remove(card)
                model.remove(card)
                self.left[card] += 1
                return
        self.unchanged_after_error(lambda: self.deck.remove(card))

    @rule(n=st.integers(min_value=0, max_value=6))
    def refill(self, n: int) -> None:
        self.deck = self.deck.refill(n)
        while len(self.row) < n and self.draw:
            self.row.append(self.draw.pop(0))

    @rule(index=st.integers(min_value=-2, max_value=6))
    def take_face_up(self, index: int) -> None:
        if not 0 <= index < len(self.row):
            self.unchanged_after_error(lambda: self.deck.take_face_up(index))
            return
        card, self.deck = self.deck.take_face_up(index)
        assert card == self.row.pop(index)
        self.left[card] += 1

    @rule(n=COUNTS)
    def top(self, n: int) -> None:
        assert list(self.deck.top(n)) == self.draw[:n]

    @rule(modulus=st.integers(min_value=1, max_value=4))
    def search(self, modulus: int) -> None:
        def matches(card: int) -> bool:
            return card % modulus == 0

        assert list(self.deck.search(matches)) == [c for c in self.draw if matches(c)]
        assert list(self.deck.search_discard(matches)) == [c for c in self.discard if matches(c)]

    @precondition(lambda self: bool(self.draw))
    @rule()
    def peek_top(self) -> None:
        assert self.deck.top() == (self.draw[0],)

    @invariant()
    def piles_match_the_model(self) -> None:
        assert piles(self.deck) == self.snapshot()

    @invariant()
    def cards_are_conserved(self) -> None:
        assert Counter(self.deck.cards()) == multiset_minus(self.entered, self.left)

    @invariant()
    def piles_are_pvectors(self) -> None:
        for pile in (self.deck.draw_pile, self.deck.discard_pile, self.deck.face_up):
            assert type(pile) is type(pvector())


DeckMachine.TestCase.settings = settings(max_examples=200, stateful_step_count=40, deadline=None)
TestDeckMachine = DeckMachine.TestCase


@given(cards=CARD_LISTS, n=COUNTS, seed=SEEDS)
def test_draw_reshuffling_never_loses_or_invents_cards(cards: list[int], n: int, seed: int) -> None:
    deck = Deck.of(cards[: len(cards) // 2]).discard(cards[len(cards) // 2 :])
    drawn, after, _ = deck.draw_reshuffling(n, Rng.from_seed(seed))
    assert len(drawn) == min(n, len(cards))
    assert Counter(drawn) + Counter(after.cards()) == Counter(cards)
