"""[SR-5.1] Phase 1: production points, own goods, artisans, shipped goods."""

from __future__ import annotations

import pytest

from silkroad.core.errors import IllegalMoveError
from silkroad.serica import Done, Hire, Import, Produce, apply
from silkroad.serica.cards import Good
from silkroad.serica.state import Step

from .helpers import Builder, goods, play, texts


@pytest.mark.rule("SR-5.1")
def test_each_empire_produces_only_its_own_goods_at_1_2_3_points() -> None:
    b = Builder()
    state = b.state()
    assert [m for m in texts(state) if m.startswith("produce")] == [
        "produce spices",
        "produce porcelain",
        "produce silk",
    ]
    with pytest.raises(IllegalMoveError):
        apply(state, Produce(Good.GOLD))
    state = play(state, Produce(Good.SILK), Produce(Good.PORCELAIN), Produce(Good.SPICES))
    assert state.turn.pp == 8 - 3 - 2 - 1
    assert state.players[0].supply == goods({"silk": 1, "porcelain": 1, "spices": 1})
    rome = Builder().state(active=1)
    assert [m for m in texts(rome) if m.startswith("produce")] == [
        "produce glassware",
        "produce wine",
        "produce gold",
    ]


@pytest.mark.rule("SR-5.1")
def test_points_limit_what_can_be_produced() -> None:
    state = Builder().state()
    state = play(state, *[Produce(Good.SILK)] * 2)
    assert state.turn.pp == 2
    assert "produce silk" not in texts(state)
    state = play(state, Produce(Good.PORCELAIN))
    assert state.turn.pp == 0
    assert texts(state) == ["done"]


@pytest.mark.rule("SR-5.1")
def test_unspent_points_are_lost() -> None:
    state = play(Builder().state(), Hire(), Done())
    assert state.step is Step.BUY
    assert state.turn.pp == 0
    assert not any(m.startswith(("produce", "hire")) for m in texts(state))


@pytest.mark.rule("SR-5.1")
def test_goods_shipped_by_the_other_player_cost_one_point_each() -> None:
    b = Builder()
    state = b.state(rome=b.player(shipment={"silk": 2}), active=1)
    assert "import silk" in texts(state)
    state = play(state, Import(Good.SILK), Import(Good.SILK))
    assert state.players[1].supply == goods({"silk": 2})
    assert state.players[1].shipment == goods()
    assert state.turn.pp == 6
    assert "import silk" not in texts(state)
