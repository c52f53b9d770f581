"""[KG-8] Actions waiting behind "take another turn": the order they go on in, and what
the tensor shows of them."""

from __future__ import annotations

import pytest

from silkroad.kashgar import (
    CaravanAction,
    Options,
    Pass,
    current_player,
    observation_layout,
    observation_tensor,
    observe,
    validate,
)
from silkroad.kashgar.cards import Action, Effect, Op
from silkroad.kashgar.check import stack_bound
from silkroad.kashgar.table import table
from silkroad.kashgar.tensor import WAITING

from .helpers import Builder, play, track, with_actions

#: A Planter of a user's card data whose caravan action gives another turn, then sets
#: the mules to 1: a second card that gives another turn, unlike the Conjuress (another
#: turn, then Mules +3), so the order in which the two go on shows in the mules.
_SET_ONE = Effect(Op.SET, choices=((-1,) * 6 + (1,),))
_PLANTER = Action(effects=(Effect(Op.EXTRA_TURN), _SET_ONE))
OPTIONS = with_actions(Options.create(3, expansion="all"), "planter", caravan=(_PLANTER,))


@pytest.mark.rule("KG-8")
def test_two_different_cards_that_give_another_turn_go_on_last_held_first() -> None:
    """The Conjuress (another turn, then Mules +3), and in the turn it gives the user's
    Planter (another turn, then Mules set to 1): after the second other turn the
    Planter's action, held back last, goes on first (mules 1), then the Conjuress's
    (mules 4). The other order would leave 1 mule."""
    b = Builder(OPTIONS)
    conjuress, planter = b.card("conjuress"), b.card("planter")
    state = b.state(
        [[[conjuress], [planter], [b.card("baker")]], [[b.card("baker")]], [[b.card("baker")]]],
        tracks=[track(mules=0), track(), track()],
    )
    state = play(state, CaravanAction(0, 0))
    state = play(state, CaravanAction(1, 0))
    assert (current_player(state), len(state.suspended)) == (0, 2)
    assert state.tracks[0][6] == 0
    state = play(state, Pass(2))
    assert not state.suspended
    assert state.tracks[0][6] == 4
    assert current_player(state) == 1


@pytest.mark.rule("KG-8", "KG-4")
def test_the_tensor_shows_the_next_waiting_actions_and_counts_the_rest() -> None:
    """Three actions wait (two Conjuresses, then the Planter): the tensor shows the two
    that go on next one by one and counts the third (the first Conjuress) in
    ``waiting_rest``; a chain of extra turns has no bound but the game's length."""
    b = Builder(OPTIONS)
    first, second, planter = b.card("conjuress"), b.card("conjuress"), b.card("planter")
    state = b.state(
        [[[first], [second], [planter]], [[b.card("baker")]], [[b.card("baker")]]],
        tracks=[track(mules=0), track(), track()],
    )
    state = play(state, CaravanAction(0, 0), CaravanAction(1, 0), CaravanAction(2, 0))
    assert len(state.suspended) == WAITING + 1
    validate(state)
    layout = observation_layout(state.options)
    for viewer in range(3):
        tensor = observation_tensor(observe(state, viewer))
        assert layout.view(tensor, "waiting_card")[0][planter] == 1.0
        assert layout.view(tensor, "waiting_card")[1][second] == 1.0
        rest = layout.view(tensor, "waiting_rest")
        assert rest[first] == 0.5
        assert sum(rest) == 0.5


@pytest.mark.rule("KG-4", "KG-5.1")
def test_the_stack_bound_follows_the_orders_payouts() -> None:
    t = table(Options.create(3))
    assert stack_bound(t) == 2  # a card action, and the payout of an order it fulfils
    layout = observation_layout(Options.create(3))
    assert layout.segment("frame_head").shape[0] == stack_bound(t)
