"""[SR-5.4] Phase 4: discard the Empire, draw four, Crossroads discards go back."""

from __future__ import annotations

import pytest

from silkroad.serica import Done, Hire, Pick, Use
from silkroad.serica.state import Step

from .helpers import Builder, goods, play


@pytest.mark.rule("SR-5.4", "SR-5")
def test_the_empire_is_discarded_four_cards_drawn_then_the_other_player_plays() -> None:
    b = Builder()
    han = b.player(
        empire=["guard", "oasis"],
        draw=["city", "fort", "smith", "trader", "envoy"],
        supply={"silk": 2},
        artisans=3,
    )
    state = b.state(han, step=Step.TRADE)
    state = play(state, Done())
    han = state.players[0]
    assert [b.t.card[c].key for c in han.empire] == ["city", "fort", "smith", "trader"]
    assert [b.t.card[c].key for c in han.discard] == ["guard", "oasis"]
    assert han.supply == goods({"silk": 2})
    assert han.artisans == 3
    assert state.active == 1
    assert state.step is Step.PRODUCE
    assert state.turn.pp == 8
    assert state.round == 1
    state = play(state, Done(), Done(), Done())
    assert state.active == 0
    assert state.round == 2


@pytest.mark.rule("SR-5.4")
def test_the_discard_pile_is_reshuffled_when_the_draw_pile_runs_out() -> None:
    b = Builder()
    han = b.player(empire=["guard"], draw=["city"], discard=["fort", "smith", "trader"])
    state = b.state(han, step=Step.TRADE)
    state = play(state, Done())
    han = state.players[0]
    keys = [b.t.card[c].key for c in han.empire]
    assert keys[0] == "city"
    assert len(keys) == 4
    assert sorted(keys + [b.t.card[c].key for c in han.draw]) == sorted(
        ["city", "fort", "smith", "trader", "guard"]
    )
    assert not han.discard


@pytest.mark.rule("SR-5.4")
def test_with_too_few_cards_the_empire_holds_fewer_than_four() -> None:
    b = Builder()
    han = b.player(empire=["guard"], draw=["city"])
    state = play(b.state(han, step=Step.TRADE), Done())
    assert len(state.players[0].empire) == 2
    assert not state.players[0].draw


@pytest.mark.rule("SR-5.4")
def test_discarded_crossroads_cards_are_shuffled_back_into_the_draw_pile() -> None:
    b = Builder()
    han = b.player(empire=["diplomat"])
    state = b.state(han, crossroads=["bandit", "guard"], step=Step.PRODUCE)
    state = play(state, Use("diplomat"), Pick("bandit"))
    bandit = b.ids("bandit")[0]
    assert list(state.cross_discard) == [bandit]
    size = len(state.cross_pile)
    state = play(state, Done(), Done(), Done())
    assert not state.cross_discard
    assert bandit in state.cross_pile
    assert len(state.cross_pile) == size + 1


@pytest.mark.rule("SR-5.4")
def test_nothing_need_be_done_in_phases_1_to_3() -> None:
    state = Builder().state()
    state = play(state, Done(), Done(), Done())
    assert state.active == 1
    state = play(state, Hire(), Done(), Done(), Done())
    assert state.players[1].artisans == 1
