"""Identical components are offered once (docs/kashgar.md, "Identical components"): a
choice between two copies of one card that leaves the same game is one move."""

from __future__ import annotations

import random

import attrs
import pytest
from pyrsistent import pset

from silkroad.kashgar import (
    CaravanAction,
    Fulfill,
    Keep,
    Options,
    PartingAction,
    Remove,
    Take,
    legal_moves,
)
from silkroad.kashgar.cards import DeckKind, default_card_data
from silkroad.kashgar.rules import distinct, twin_key
from silkroad.kashgar.table import table

from .helpers import Builder, play, track


@pytest.mark.rule("KG-7")
def test_copies_on_the_discard_pile_are_one_take() -> None:
    b = Builder()
    eminence = b.card("grey_eminence")
    bakers = [b.card("baker"), b.card("baker")]
    planter = b.card("planter")
    state = b.state([[[eminence]], [[b.card("servant")]]], discard=[bakers[0], planter, bakers[1]])
    state = play(state, CaravanAction(0, 0))
    assert set(legal_moves(state)) == {Take(bakers[0]), Take(planter)}
    after = play(state, Take(bakers[0]))
    assert list(after.discard) == [planter, bakers[1]]


@pytest.mark.rule("KG-7")
def test_only_copies_on_the_discard_pile_leave_no_choice() -> None:
    b = Builder()
    eminence = b.card("grey_eminence")
    bakers = [b.card("baker"), b.card("baker")]
    state = b.state([[[eminence]], [[b.card("servant")]]], discard=bakers)
    state = play(state, CaravanAction(0, 0))
    assert state.active == 1  # the take needed no decision
    assert sorted(state.caravans[0][0]) == sorted([eminence, bakers[0]])
    assert list(state.discard) == [bakers[1]]


@pytest.mark.rule("KG-7")
def test_drawn_standard_copies_are_one_keep_and_two_copies_alone_are_kept_at_once() -> None:
    b = Builder()
    guide, patriarch = b.card("guide"), b.card("patriarch")
    quacks = [b.card("quack"), b.card("quack")]
    planter = b.card("planter")
    state = b.state(
        [[[guide], [patriarch]], [[b.card("servant")]]],
        standard_top=[quacks[0], planter, quacks[1]],
        tracks=[track(mules=3), track()],
    )
    drawn = play(state, CaravanAction(0, 0))
    assert legal_moves(drawn) == (Keep(quacks[0]), Keep(planter))
    # two copies and nothing else: the Patriarch keeps one with no decision to make
    b = Builder()
    patriarch = b.card("patriarch")
    quacks = [b.card("quack"), b.card("quack")]
    state = b.state([[[patriarch]], [[b.card("servant")]]], standard_top=quacks)
    state = play(state, CaravanAction(0, 0))
    assert state.pending is None
    assert state.active == 1
    assert list(state.caravans[0][0]) == [patriarch, quacks[0]]
    assert list(state.discard) == [quacks[1]]


@pytest.mark.rule("KG-7")
def test_special_cards_going_under_the_deck_in_order_are_twins_only_side_by_side() -> None:
    # [KG-7] unwanted Special cards go under the deck in the order drawn (ruling 9), so
    # which copy is kept matters unless the copies lie next to each other.
    options = Options.create(2)
    data = default_card_data()
    draw3 = attrs.evolve(
        data.starting[[c.key for c in data.starting].index("prophet")],
    )
    action = draw3.front.caravan[0]
    effect = attrs.evolve(action.effects[0], count=3)
    prophet = attrs.evolve(
        draw3,
        front=attrs.evolve(draw3.front, caravan=(attrs.evolve(action, effects=(effect,)),)),
    )
    starting = tuple(prophet if c.key == "prophet" else c for c in data.starting)
    options = options.with_deck(DeckKind.STARTING, starting)
    for top, offered in (((0, 1, 2), (0, 2)), ((0, 2, 1), (0, 2, 1))):
        b = Builder(options)
        card = b.card("prophet")
        viziers = [b.card("vizier"), b.card("vizier")]
        astrologer = b.card("astrologer")
        pile = [*viziers, astrologer]  # indices 0, 1: the viziers; 2: the astrologer
        state = b.state(
            [[[card]], [[b.card("servant")]]],
            special_top=[pile[i] for i in top],
            tracks=[track(gold=5), track()],
        )
        state = play(state, CaravanAction(0, 0))
        assert legal_moves(state) == tuple(Keep(pile[i]) for i in offered)


@pytest.mark.rule("KG-7")
def test_a_copy_in_the_caravan_is_one_remove_only_next_to_its_twin() -> None:
    b = Builder()
    monk = b.card("monk")
    bakers = [b.card("baker") for _ in range(3)]
    planter = b.card("planter")
    # the caravan after the Monk acts: baker, baker, planter, baker, monk
    state = b.state([[[monk, bakers[0], bakers[1], planter, bakers[2]]], [[b.card("servant")]]])
    state = play(state, CaravanAction(0, 0))
    assert legal_moves(state) == (
        Remove(bakers[0]),
        Remove(planter),
        Remove(bakers[2]),
        Remove(None),
    )


@pytest.mark.rule("KG-5.2")
def test_copies_of_an_order_on_display_are_one_fulfil() -> None:
    data = default_card_data()
    twin = attrs.evolve(data.orders[0], copies=2)
    options = Options.create(2).with_deck(DeckKind.ORDERS, (twin, *data.orders[1:]))
    b = Builder(options)
    grocer = b.card("grocer")
    first, second = b.card(twin.key), b.card(twin.key)
    other = b.order(kind="small")
    state = b.state(
        [[[grocer]], [[b.card("servant")]]],
        display=[first, other, second],
        tracks=[track(ginger=5, cloves=5, pepper=5, anise=5, mules=3), track()],
    )
    state = play(state, PartingAction(0, 0))
    moves = legal_moves(state)
    assert Fulfill(first) in moves
    assert Fulfill(second) not in moves
    assert Fulfill(other) in moves


@pytest.mark.rule("KG-8")
def test_a_messenger_is_offered_the_same_copies_whatever_the_hidden_deck_order() -> None:
    """The Special deck is shuffled after a search, so any copy taken from it is as good
    as another; the one offered does not depend on the deck's hidden order (a state dealt
    by ``determinize`` offers the same moves)."""
    options = Options.create(2, expansion="all")
    offered = []
    for reverse in (False, True):
        b = Builder(options)
        state = b.state([[[b.card("messenger")]], [[b.card("baker")], [b.card("servant")]]])
        if reverse:
            state = attrs.evolve(state, special=state.special[::-1])
        offered.append(legal_moves(play(state, CaravanAction(0, 0))))
    assert offered[0] == offered[1]
    assert len(offered[0]) == len(default_card_data().special)  # one per kind


@pytest.mark.rule("KG-7")
def test_a_patriarch_and_a_matriarch_are_not_copies() -> None:
    """Two Patriarch cards, one turned to its Matriarch side: the Monk may remove either,
    two different moves (the same card kind, different sides)."""
    b = Builder()
    monk, patriarch, matriarch = b.card("monk"), b.card("patriarch"), b.card("patriarch")
    state = b.state([[[monk, patriarch, matriarch]], [[b.card("servant")]]])
    state = attrs.evolve(state, turned=state.turned.add(matriarch))
    state = play(state, CaravanAction(0, 0))
    assert set(legal_moves(state)) == {Remove(patriarch), Remove(matriarch), Remove(None)}
    # two untouched Patriarchs side by side are one choice (or removing nothing)
    b = Builder()
    monk, first, second = b.card("monk"), b.card("patriarch"), b.card("patriarch")
    state = play(b.state([[[monk, first, second]], [[b.card("servant")]]]), CaravanAction(0, 0))
    assert set(legal_moves(state)) == {Remove(first), Remove(None)}


@pytest.mark.rule("KG-7")
def test_distinct_keeps_the_first_card_of_each_twin_key() -> None:
    # without a row, a card is dropped exactly when an earlier one has its twin key
    # (same definition, same side showing), turned cards and cards without a back included
    t = table(Options.create(3, expansion="all"))
    rng = random.Random(5)
    for _ in range(50):
        options = rng.sample(range(t.n), 30)
        turned = pset(rng.sample(range(t.n), 20))
        kept: list[int] = []
        keys: set[int] = set()
        for card in options:
            key = twin_key(t, turned, card)
            if key not in keys:
                keys.add(key)
                kept.append(card)
        assert distinct(t, turned, options) == tuple(kept)
        assert len(kept) < len(options)
