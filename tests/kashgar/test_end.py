"""[KG-6] End of the game: 25 VP triggers it, the round is finished, most VP wins,
ties go to the tied player who earned points last."""

from __future__ import annotations

import attrs
import pytest

from silkroad.kashgar import (
    Fulfill,
    Options,
    PartingAction,
    Pass,
    current_player,
    is_over,
    legal_moves,
    scores,
    winners,
)
from silkroad.kashgar.rules import VP_GOAL

from .helpers import Builder, play, track


@pytest.mark.rule("KG-6")
def test_end_triggered_mid_round_finishes_the_round() -> None:
    b = Builder(Options.create(3))
    big = [b.order(name=n) for n in ("Royal Spices", "Emperor's Cinnamon", "Great Millet Field")]
    target = b.order(name="Pepper Sacks")
    grocer = b.card("grocer")
    caravans = [
        [[b.card("baker")]],
        [[grocer, b.card("noble"), b.card("noble")]],
        [[b.card("baker")]],
    ]
    state = b.state(
        caravans,
        tracks=[track(), track(pepper=3, cloves=2, mules=2), track()],
        orders_won=[[], big, []],
        display=[target],
        active=1,
        start_player=0,
        fill_display=False,
    )
    assert scores(state)[1] == 18 + 1 + 6
    state = play(state, PartingAction(0, 0))
    assert scores(state)[1] == 18 + 6 + 3 >= VP_GOAL
    assert state.end_triggered
    assert not is_over(state)
    assert current_player(state) == 2  # the round goes on
    state = play(state, Pass(0))
    assert is_over(state)  # back to the start player: the round is complete
    assert legal_moves(state) == ()
    assert current_player(state) is None
    assert winners(state) == (1,)


@pytest.mark.rule("KG-6")
def test_end_triggered_by_the_last_player_of_the_round_ends_at_once() -> None:
    b = Builder(Options.create(2))
    big = [b.order(name=n) for n in ("Royal Spices", "Emperor's Cinnamon", "Great Millet Field")]
    target = b.order(name="Pepper Sacks")
    caravans = [[[b.card("baker")]], [[b.card("grocer"), b.card("noble"), b.card("noble")]]]
    state = b.state(
        caravans,
        tracks=[track(), track(pepper=3, cloves=2, mules=2)],
        orders_won=[[], big],
        display=[target],
        active=1,
        start_player=0,
        fill_display=False,
    )
    state = play(state, PartingAction(0, 0))
    assert is_over(state)


@pytest.mark.rule("KG-6")
def test_most_points_wins() -> None:
    b = Builder()
    state = b.state([[[b.card("noble")]], [[b.card("baker")]]])
    assert winners(state) == ()  # not over yet
    over = attrs.evolve(state, over=True)
    assert scores(over) == (3, 1)
    assert winners(over) == (0,)


@pytest.mark.rule("KG-6")
def test_tie_goes_to_the_player_who_earned_points_last() -> None:
    b = Builder()
    state = b.state([[[b.card("noble")]], [[b.card("noble")]]])
    assert scores(state) == (3, 3)
    assert winners(attrs.evolve(state, over=True, history=(0, 1))) == (1,)
    assert winners(attrs.evolve(state, over=True, history=(1, 0, 1, 0))) == (0,)
    assert winners(attrs.evolve(state, over=True, history=())) == (0, 1)


@pytest.mark.rule("KG-6")
def test_points_earned_are_recorded_in_order_for_the_tie_break() -> None:
    b = Builder()
    o1, o2 = b.order(name="Ginger Sacks"), b.order(name="Clove Bundle")  # 2 VP each
    state = b.state(
        [[[b.card("grocer"), b.card("noble")]], [[b.card("grocer"), b.card("noble")]]],
        tracks=[track(mules=1), track(mules=1)],
        display=[o1, o2],
        fill_display=False,
        orders_top=[],
    )
    state = play(state, PartingAction(0, 0), Fulfill(o1))
    state = play(state, PartingAction(0, 0))
    assert Fulfill(o2) in legal_moves(state)  # the refilled display offers a second order
    state = play(state, Fulfill(o2))
    assert state.history == (0, 1)
    assert scores(state) == (3 - 0 + 2, 5)
    assert winners(attrs.evolve(state, over=True)) == (1,)
