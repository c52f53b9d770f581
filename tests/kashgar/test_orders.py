"""[KG-5] Fulfilling orders."""

from __future__ import annotations

from typing import Any

import pytest

from silkroad.kashgar import (
    CaravanAction,
    Fulfill,
    Gain,
    Options,
    PartingAction,
    State,
    legal_moves,
    observe,
)
from silkroad.kashgar.cards import OrderKind
from silkroad.kashgar.rules import DISPLAY_SIZE, points
from silkroad.kashgar.table import table

from .helpers import Builder, Track, play, track


def _grocer_state(b: Builder, tr: Track, display: list[int], **kw: Any) -> tuple[State, int]:
    grocer = b.card("grocer")
    kw.setdefault("fill_display", False)
    state = b.state(
        [[[grocer, b.card("planter")]], [[b.card("baker")]]],
        tracks=[tr, track()],
        display=display,
        **kw,
    )
    return state, grocer


@pytest.mark.rule("KG-5")
def test_orders_are_only_fulfilled_by_an_action() -> None:
    b = Builder()
    planter = b.card("planter")
    order = b.order(name="Ginger Sacks")
    state = b.state(
        [[[planter]], [[b.card("baker")]]], display=[order], tracks=[track(ginger=9), track()]
    )
    # No move fulfils an order directly; the Planter's caravan action does not either.
    assert not any(isinstance(m, Fulfill) for m in legal_moves(state))
    after = play(state, CaravanAction(0, 0), Gain((3, 0, 0, 0, 0, 0, 0)))
    assert not after.orders_won[0]


@pytest.mark.rule("KG-5.1")
def test_order_cards_show_name_vp_mules_cost_and_payout() -> None:
    t = table(Options.create(2))
    orders = [o for o in t.order if o is not None]
    assert len(orders) == 40
    with_payout = {o.name for o in orders if o.payout}
    assert with_payout
    assert all(o.kind is OrderKind.SPECIAL for o in orders if o.payout)
    assert len(with_payout) == 2  # two types of special order pay out immediately
    assert all(o.name and o.mules >= 0 and any(o.cost) for o in orders)


@pytest.mark.rule("KG-5.1")
def test_special_order_immediate_payout() -> None:
    b = Builder()
    order = b.order(name="Letter of Credit")  # cost cinnamon 3, payout gold +3
    od = table(b.options).order[order]
    assert od is not None
    assert od.payout
    state, _ = _grocer_state(
        b, track(cinnamon=3, gold=4, ginger=0, cloves=0, pepper=0, anise=0), [order]
    )
    state = play(state, PartingAction(0, 0))
    # [KG-5.X] the only eligible order: the player may fulfil it, or none
    assert legal_moves(state) == (Fulfill(order), Fulfill(None))
    state = play(state, Fulfill(order))
    assert list(state.orders_won[0]) == [order]
    assert state.tracks[0] == track(cinnamon=0, gold=7, ginger=0, cloves=0, pepper=0, anise=0)


@pytest.mark.rule("KG-5.1")
@pytest.mark.rule("KG-4.A")
def test_an_action_goes_on_after_the_payout_of_the_order_it_fulfils() -> None:
    """A card of one's own whose caravan action fulfils an order, then raises gold: the
    order's payout comes at once, then the rest of the action."""
    import attrs

    from silkroad.kashgar.cards import Action, DeckKind, Effect, Op, default_card_data

    then_gold = tuple(
        attrs.evolve(
            c,
            front=attrs.evolve(
                c.front,
                caravan=(
                    Action(
                        effects=(
                            Effect(Op.FULFILL, kinds=(OrderKind.SPECIAL,)),
                            Effect(Op.INCREASE, choices=((0, 0, 0, 0, 0, 1, 0),)),
                        )
                    ),
                ),
            ),
        )
        if c.key == "huckster"
        else c
        for c in default_card_data().standard
    )
    b = Builder(Options.create(2).with_deck(DeckKind.STANDARD, then_gold))
    order = b.order(name="Letter of Credit")  # cost cinnamon 3, payout gold +3
    state = b.state(
        [[[b.card("huckster"), b.card("planter")]], [[b.card("baker")]]],
        tracks=[track(cinnamon=3, gold=4), track()],
        display=[order],
        fill_display=False,
    )
    state = play(state, CaravanAction(0, 0), Fulfill(order))
    assert list(state.orders_won[0]) == [order]
    assert state.tracks[0] == track(cinnamon=0, gold=4 + 3 + 1)


@pytest.mark.rule("KG-5.1")
def test_a_payout_that_asks_a_choice_waits_for_it_in_a_valid_state() -> None:
    """A user's order whose payout is a choice ("gold or pepper"): the turn waits for the
    choice inside the payout, in a state ``validate`` accepts (its payout frame is the
    order's own, action 0), then the chosen good is paid."""
    import attrs

    from silkroad.kashgar.cards import DeckKind, Effect, Op, default_card_data

    gold, pepper = (0, 0, 0, 0, 0, 1, 0), (0, 0, 1, 0, 0, 0, 0)
    orders = tuple(
        attrs.evolve(o, payout=(Effect(Op.INCREASE, choices=(gold, pepper)),))
        if o.name == "Letter of Credit"
        else o
        for o in default_card_data().orders
    )
    b = Builder(Options.create(2).with_deck(DeckKind.ORDERS, orders))
    order = b.order(name="Letter of Credit")
    state, _ = _grocer_state(b, track(cinnamon=3, gold=4, pepper=1), [order])
    # [KG-5.X] the player may fulfil: they choose the order, and its payout waits
    state = play(state, PartingAction(0, 0), Fulfill(order))  # validated: the order's frame
    assert state.pending is not None
    assert state.stack[-1].card == order
    assert state.stack[-1].action == 0
    assert legal_moves(state) == (Gain(gold), Gain(pepper))
    state = play(state, Gain(pepper))
    assert state.tracks[0] == track(cinnamon=0, gold=4, pepper=2)


@pytest.mark.rule("KG-5.2")
def test_cost_must_be_payable() -> None:
    b = Builder()
    order = b.order(name="Ginger Sacks")  # ginger 2, cloves 1
    state, _ = _grocer_state(b, track(ginger=1, cloves=9), [order])
    after = play(state, PartingAction(0, 0))
    assert not after.orders_won[0]
    assert after.tracks[0] == track(ginger=1, cloves=9)


@pytest.mark.rule("KG-5.2")
def test_display_is_refilled_to_four_from_the_deck() -> None:
    b = Builder()
    order = b.order(name="Ginger Sacks")
    others = [b.order(kind="large") for _ in range(3)]
    nxt = b.order(kind="special")
    state, _ = _grocer_state(
        b, track(ginger=9, cloves=9, mules=1, cinnamon=0), [order, *others], orders_top=[nxt]
    )
    state = play(state, PartingAction(0, 0), Fulfill(order))
    assert list(state.orders_won[0]) == [order]
    assert len(state.display) == DISPLAY_SIZE
    assert list(state.display) == [nxt, *others]  # the new order takes the free place
    # Fulfilled orders are public.
    assert list(observe(state, 1).orders_won[0]) == [order]


@pytest.mark.rule("KG-5")
def test_free_fulfilment_skips_the_cost_but_not_the_mules() -> None:
    b = Builder()
    scribe = b.card("scribe")  # parting: fulfil 1 order for free
    large = b.order(name="Royal Spices")  # 6 VP, 5 mules
    small = b.order(name="Ginger Sacks")  # 1 mule
    state = b.state(
        [[[scribe]], [[b.card("baker")]]],
        display=[large, small],
        fill_display=False,
        tracks=[track(ginger=0, cloves=0, pepper=0, anise=0, mules=4), track()],
    )
    after = play(state, PartingAction(0, 0))
    assert legal_moves(after) == (Fulfill(small), Fulfill(None))  # the large one needs 5 mules
    after = play(after, Fulfill(small))
    assert list(after.orders_won[0]) == [small]
    assert after.tracks[0] == state.tracks[0]  # nothing paid


@pytest.mark.rule("KG-5")
def test_farmer_fulfils_grain_field_orders_from_the_deck_for_free_and_scores_them() -> None:
    b = Builder()
    farmer = b.card("farmer")
    grain = b.order(name="Barley Field")  # small grain-field order, 2 mules
    plain = b.order(name="Pepper Jars")
    t = table(b.options)
    grain_def, plain_def = t.order[grain], t.order[plain]
    assert grain_def is not None
    assert grain_def.grain
    assert plain_def is not None
    assert not plain_def.grain
    state = b.state(
        [[[farmer]], [[b.card("baker")]]],
        orders_top=[plain, grain],
        tracks=[track(ginger=0, gold=0), track()],
    )
    before = points(state, 0)
    # The component notes: the Farmer fulfils grain-field orders for free, so his action
    # costs nothing either (no gold needed).
    assert CaravanAction(0, 0) in legal_moves(state)
    after = play(state, CaravanAction(0, 0))  # looks at the top 2 orders
    assert legal_moves(after) == (Fulfill(grain), Fulfill(None))  # only a grain field
    after = play(after, Fulfill(grain))
    assert list(after.orders_won[0]) == [grain]
    assert after.tracks[0] == track(ginger=0, gold=0)  # nothing paid
    assert after.order_deck[-1] == plain  # the other order goes under the deck
    od = t.order[grain]
    assert od is not None
    # order VP, plus 1 VP for the Farmer per grain-field order
    assert points(after, 0) == before + od.vp + 1


@pytest.mark.rule("KG-5")
def test_a_restricted_fulfilment_offers_only_its_kinds() -> None:
    b = Builder()
    huckster = b.card("huckster")  # caravan action: a small or special order
    small, large = b.order(name="Ginger Sacks"), b.order(name="Ginger Caravan")
    special = b.order(name="Bazaar Licence")
    state = b.state(
        [[[huckster]], [[b.card("baker")]]],
        display=[small, large, special],
        fill_display=False,
        tracks=[track(ginger=9, gold=9, mules=6), track()],
    )
    state = play(state, CaravanAction(0, 0))
    assert legal_moves(state) == (Fulfill(small), Fulfill(special), Fulfill(None))


@pytest.mark.rule("KG-5")
def test_orders_looked_at_from_the_deck_are_remembered_by_that_player_only() -> None:
    b = Builder()
    farrier = b.card("farrier")  # look at the top 2 orders, fulfil 1 (paying)
    first, second = b.order(name="Royal Spices"), b.order(name="Jade Gift")
    state = b.state([[[farrier]], [[b.card("baker")]]], orders_top=[first, second])
    state = play(state, CaravanAction(0, 0))  # neither is affordable: both go under
    assert list(state.order_deck[-2:]) == [first, second]
    size = len(state.order_deck)
    assert {(k.card, k.index) for k in observe(state, 0).known} == {
        (first, size - 2),
        (second, size - 1),
    }
    assert observe(state, 1).known == ()
