"""[KG-6] End of the game: 25 VP triggers it, the round is finished, most VP wins,
ties go to the tied player who earned points last."""

from __future__ import annotations

import attrs
import pytest

from silkroad.core.game import Outcome
from silkroad.kashgar import (
    CaravanAction,
    Fulfill,
    Keep,
    Options,
    PartingAction,
    Pass,
    current_player,
    is_over,
    legal_moves,
    outcome,
    scores,
    winners,
)
from silkroad.kashgar.cards import DeckKind, default_card_data
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
        [[[b.card("huckster"), b.card("noble")]], [[b.card("huckster"), b.card("noble")]]],
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
    assert scores(state) == (5, 5)
    assert winners(attrs.evolve(state, over=True)) == (1,)


@pytest.mark.rule("KG-6")
def test_points_earned_in_a_turn_that_costs_more_still_count() -> None:
    """The Vizier (3 VP) leaves to fulfil a 2 VP order: the turn costs its player a
    point, but the order is points earned, and the later earner wins the tie."""
    b = Builder()
    o1, o2 = b.order(name="Ginger Sacks"), b.order(name="Clove Bundle")  # 2 VP each
    state = b.state(
        [[[b.card("huckster"), b.card("noble")]], [[b.card("vizier"), b.card("noble")]]],
        display=[o1, o2],
        fill_display=False,
    )
    state = play(state, PartingAction(0, 0), Fulfill(o1))
    assert scores(state) == (5, 6)
    state = play(state, PartingAction(0, 0), Fulfill(o2))  # the Vizier's free fulfilment
    assert scores(state) == (5, 5)  # player 1 went from 6 to 5 ...
    assert state.history == (0, 1)  # ... and still earned points last
    assert winners(attrs.evolve(state, over=True)) == (1,)


@pytest.mark.rule("KG-6")
def test_a_person_card_worth_points_joining_the_caravans_is_points_earned() -> None:
    b = Builder()
    patriarch = b.card("patriarch")
    noble, planter = b.card("noble"), b.card("planter")  # 3 VP and 0 VP
    state = b.state([[[patriarch]], [[b.card("baker")]]], standard_top=[noble, planter], active=0)
    kept = play(state, CaravanAction(0, 0), Keep(noble))
    assert kept.history == (0,)
    nothing = play(state, CaravanAction(0, 0), Keep(planter))
    assert nothing.history == ()  # a card worth nothing earns nothing


@pytest.mark.rule("KG-6")
def test_points_given_on_another_players_turn_are_not_earned() -> None:
    """[Rulings] A Conjuress placed in a caravan by the player on the right brings its
    2 VP on that player's turn: they count for the score (and the end), not as points
    earned. The same points taken on one's own turn are earned."""
    b = Builder(Options.create(2, expansion="all"))
    conjuress = b.card("conjuress")
    big = [b.order(name=n) for n in ("Royal Spices", "Emperor's Cinnamon", "Great Millet Field")]
    state = b.state(
        [[[conjuress, b.card("noble")]], [[b.card("huckster"), b.card("quack")]]],
        orders_won=[[], big],
        active=0,
    )
    state = attrs.evolve(state, history=(1, 0))  # player 0 earned points last
    assert scores(state) == (5, 17)
    state = play(state, CaravanAction(0, 0))  # one caravan on the left: placed there
    assert conjuress in state.caravans[1][0]
    assert scores(state) == (3, 19)
    assert state.history == (1, 0)  # the 2 VP were given to player 1, not earned
    # So a tie at the end goes to player 0, who earned points last.
    b = Builder(Options.create(2, expansion="all"))
    tie = b.state([[[b.card("noble")]], [[b.card("conjuress"), b.card("baker")]]])
    assert scores(tie) == (3, 3)
    assert winners(attrs.evolve(tie, over=True, history=(1, 0))) == (0,)
    # Taken on one's own turn, the same kind of card is points earned.
    b = Builder(Options.create(2, expansion="all"))
    matriarch, lost = b.card("patriarch"), b.card("conjuress")
    own = b.state([[[b.card("baker")]], [[matriarch]]], discard=[lost], active=1)
    own = attrs.evolve(own, turned=own.turned.add(matriarch))
    own = play(own, CaravanAction(0, 0))  # the Matriarch takes the Conjuress
    assert lost in own.caravans[1][0]
    assert own.history == (1,)


@pytest.mark.rule("KG-6")
def test_reaching_25_on_another_players_turn_triggers_the_end() -> None:
    b = Builder(Options.create(3, expansion="all"))
    conjuress = b.card("conjuress")
    big = [b.order(name=n) for n in ("Royal Spices", "Emperor's Cinnamon", "Great Millet Field")]
    state = b.state(
        [[[conjuress]], [[b.card("noble"), b.card("baker")]], [[b.card("baker")]]],
        orders_won=[[], big, []],
        active=0,
        start_player=0,
    )
    assert scores(state)[1] == 22
    state = play(state, CaravanAction(0, 0))
    assert scores(state)[1] == 24
    assert not state.end_triggered
    b = Builder(Options.create(3, expansion="all"))
    conjuress = b.card("conjuress")
    big = [b.order(name=n) for n in ("Royal Spices", "Emperor's Cinnamon", "Great Millet Field")]
    state = b.state(
        [[[conjuress, b.card("planter")]], [[b.card("noble"), b.card("noble")]], [[]]],
        orders_won=[[], big, []],
        active=0,
        start_player=0,
    )
    state = play(state, CaravanAction(0, 0))
    assert scores(state)[1] == 26
    assert state.end_triggered  # on player 0's turn
    assert current_player(state) == 0  # the Conjuress's extra turn
    state = play(state, Pass(0))
    assert current_player(state) == 1
    state = play(state, Pass(0))  # player 2 has no card: skipped, the round is complete
    assert is_over(state)
    assert outcome(state) is Outcome.FINISHED
    assert winners(state) == (1,)


@pytest.mark.rule("KG-6")
def test_reaching_25_and_dropping_below_in_the_same_turn_still_triggers_the_end() -> None:
    """23 VP with a Messenger (1 VP): the search keeps a 2 VP Special card (25 VP), then
    the Messenger leaves for the left player (24 VP). The end was triggered at 25."""
    b = Builder(Options.create(2, expansion="all"))
    messenger, goldsmith = b.card("messenger"), b.card("goldsmith")  # 1 VP, 2 VP
    big = [b.order(name=n) for n in ("Royal Spices", "Emperor's Cinnamon", "Great Millet Field")]
    state = b.state(
        [[[messenger, b.card("noble"), b.card("baker")]], [[b.card("planter")]]],
        orders_won=[big, []],
        active=0,
        start_player=0,
    )
    assert scores(state)[0] == 23
    state = play(state, CaravanAction(0, 0), Keep(goldsmith))
    assert messenger in state.caravans[1][0]
    assert scores(state)[0] == 24 < VP_GOAL
    assert state.end_triggered
    state = play(state, Pass(0))  # player 1 ends the round
    assert is_over(state)
    assert outcome(state) is Outcome.FINISHED
    assert winners(state) == (0,)


@pytest.mark.rule("KG-6")
def test_a_card_turned_to_a_side_worth_more_is_points_earned() -> None:
    data = default_card_data()
    patriarch = data.patriarch[0]
    assert patriarch.back is not None
    worth = attrs.evolve(patriarch, back=attrs.evolve(patriarch.back, vp=1))
    b = Builder(Options.create(2).with_deck(DeckKind.PATRIARCH, (worth,)))
    card = b.card("patriarch")
    state = b.state([[[card]], [[b.card("baker")]]])
    state = play(state, CaravanAction(0, 1))  # turn it: the Matriarch side is worth 1 VP
    assert scores(state)[0] == 1
    assert state.history == (0,)
