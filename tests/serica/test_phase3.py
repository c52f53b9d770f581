"""[SR-5.3] Phase 3: Enemy attacks, then begin one caravan or move them all."""

from __future__ import annotations

import pytest

from silkroad.core.errors import IllegalMoveError
from silkroad.serica import Advance, Begin, Done, Load, Send, apply
from silkroad.serica.cards import Good
from silkroad.serica.state import PendingKind, Step

from .helpers import Builder, goods, play, texts


@pytest.mark.rule("SR-5.3")
def test_a_caravan_carries_up_to_four_goods_of_your_own() -> None:
    b = Builder()
    han = b.player(supply={"silk": 6, "spices": 1, "gold": 3})
    state = b.state(han, step=Step.TRADE)
    assert "begin" in texts(state)
    state = play(state, Begin())
    assert state.pending is not None
    assert state.pending.kind is PendingKind.LOAD
    assert texts(state) == ["load spices", "load silk"]  # no gold: it is Roman
    state = play(state, *[Load(Good.SILK)] * 4)
    assert state.pending is None  # full after four
    caravan = state.players[0].caravans[0]
    assert (caravan.route, caravan.position, caravan.goods) == (1, 0, goods({"silk": 4}))
    assert state.players[0].supply == goods({"silk": 2, "spices": 1, "gold": 3})
    # one trade action per turn
    assert texts(state) == ["done"]


@pytest.mark.rule("SR-5.3")
def test_fewer_goods_may_be_shipped_but_not_none() -> None:
    b = Builder()
    state = b.state(b.player(supply={"silk": 2}), step=Step.TRADE)
    state = play(state, Begin())
    assert "done" not in texts(state)
    state = play(state, Load(Good.SILK), Done())
    assert state.players[0].caravans[0].goods == goods({"silk": 1})
    no_goods = Builder().state(step=Step.TRADE)
    assert "begin" not in texts(no_goods)


@pytest.mark.rule("SR-5.3")
def test_at_most_three_caravans_and_new_ones_take_the_lowest_free_route() -> None:
    b = Builder()
    han = b.player(supply={"silk": 3}, caravans=[(1, 2, {"silk": 1}), (3, 0, {"spices": 1})])
    state = b.state(han, step=Step.TRADE)
    state = play(state, Begin(), Load(Good.SILK), Done())
    assert [c.route for c in state.players[0].caravans] == [1, 2, 3]
    b = Builder()
    full = b.player(supply={"silk": 3}, caravans=[(r, 0, {"silk": 1}) for r in (1, 2, 3)])
    state = b.state(full, step=Step.TRADE)
    assert "begin" not in texts(state)


@pytest.mark.rule("SR-5.3")
def test_moving_advances_every_caravan_one_space_instead_of_beginning() -> None:
    b = Builder()
    han = b.player(supply={"silk": 3}, caravans=[(1, 0, {"silk": 1}), (2, 2, {"spices": 2})])
    state = b.state(han, step=Step.TRADE)
    state = play(state, Advance())
    assert [c.position for c in state.players[0].caravans] == [1, 3]
    assert "begin" not in texts(state)
    assert "advance" not in texts(state)
    with pytest.raises(IllegalMoveError):
        apply(state, Begin())


@pytest.mark.rule("SR-5.3", "SR-8.5")
def test_enemies_attack_before_the_trade_action_even_when_nothing_is_done() -> None:
    b = Builder()
    han = b.player(caravans=[(1, 1, {"silk": 2, "spices": 3})])
    state = b.state(han, crossroads=["bandit", "pirate"], step=Step.DEFEND)
    state = play(state, Done())
    assert state.step is Step.TRADE
    # Bandit: one Silk (most valuable); Pirate: two Spices (least valuable)
    assert state.players[0].caravans[0].goods == goods({"silk": 1, "spices": 1})


@pytest.mark.rule("SR-5.3", "SR-8.5")
def test_the_player_chooses_which_caravan_loses_when_several_could() -> None:
    b = Builder()
    han = b.player(caravans=[(1, 1, {"silk": 1}), (2, 0, {"silk": 2, "spices": 1})])
    state = b.state(han, crossroads=["bandit"], step=Step.DEFEND)
    state = play(state, Done())
    assert state.pending is not None
    assert state.pending.kind is PendingKind.LOSE
    assert texts(state) == ["caravan 1", "caravan 2"]
    after = play(state, Send(1))
    # the caravan left empty is gone
    assert [(c.route, c.goods) for c in after.players[0].caravans] == [
        (2, goods({"silk": 2, "spices": 1}))
    ]
    assert after.pending is None
    assert after.step is Step.TRADE


@pytest.mark.rule("SR-5.3")
def test_loss_order_follows_good_values() -> None:
    b = Builder()
    rome = b.player(caravans=[(1, 1, {"glassware": 2, "wine": 2, "gold": 1})])
    state = b.state(
        rome=rome, active=1, crossroads=["bandit", "bandit", "pirate"], step=Step.DEFEND
    )
    state = play(state, Done())
    # two Bandits take the Gold then a Wine; the Pirate takes two Glassware
    assert state.players[1].caravans[0].goods == goods({"wine": 1})


@pytest.mark.rule("SR-5.3")
def test_only_the_active_players_caravans_are_attacked() -> None:
    b = Builder()
    han = b.player(caravans=[(1, 1, {"silk": 2})])
    rome = b.player(caravans=[(1, 1, {"gold": 2})])
    state = b.state(han, rome, crossroads=["bandit"], step=Step.DEFEND)
    state = play(state, Done())
    assert state.players[0].caravans[0].goods == goods({"silk": 1})
    assert state.players[1].caravans[0].goods == goods({"gold": 2})


@pytest.mark.rule("SR-5.3")
def test_a_new_caravan_arrives_after_four_moves() -> None:
    b = Builder()
    han = b.player(caravans=[(1, 0, {"silk": 1})])
    state = b.state(han, step=Step.TRADE)
    for position in (1, 2, 3):
        state = play(state, Advance())
        assert state.players[0].caravans[0].position == position
        state = play(state, Done(), Done(), Done(), Done())  # end of turn; Rome passes
        state = play(state, Done(), Done())  # Han back to phase 3
    state = play(state, Advance())
    assert state.players[0].caravans == ()
    assert state.players[0].vp == 2 + 3
