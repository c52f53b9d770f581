"""[KG-6] End of the game: 25 VP triggers it, the round is finished, most VP wins,
ties go to the tied player who earned points last."""

from __future__ import annotations

import attrs
import pytest

from silkroad.core.game import Outcome
from silkroad.core.rng import Rng
from silkroad.kashgar import (
    CaravanAction,
    Fulfill,
    Keep,
    Options,
    PartingAction,
    Pass,
    Remove,
    State,
    apply,
    current_player,
    is_over,
    legal_moves,
    new_game,
    outcome,
    scores,
    winners,
)
from silkroad.kashgar.cards import Action, DeckKind, Effect, Op, default_card_data
from silkroad.kashgar.moves import Move
from silkroad.kashgar.rules import VP_GOAL

from .helpers import Builder, orders_worth, play, track


@pytest.mark.rule("KG-6")
def test_end_triggered_mid_round_finishes_the_round() -> None:
    b = Builder(Options.create(3))
    # 24 VP before the turn: a player at 25 would have triggered the end already
    big = [b.order(name=n) for n in ("Royal Spices", "Emperor's Cinnamon", "Anise Caravan")]
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
    assert scores(state)[1] == 17 + 1 + 6 < VP_GOAL
    state = play(state, PartingAction(0, 0), Fulfill(target))
    assert scores(state)[1] == 17 + 6 + 3 >= VP_GOAL
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
    state = play(state, PartingAction(0, 0), Fulfill(target))
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


# --------------------------------------------------------------------------- 24 / 25
#
# Every way a player's points can rise, each tried twice: rising to exactly 24 VP (the
# game goes on) and to exactly 25 VP (the end is triggered). A scenario gives the state
# (``won``: the orders of the player whose points rise, filling up the points), the
# moves, that player, and how far the points fall again in the same turn.

Scenario = tuple[State, tuple[Move, ...], int, int]


def _display_order(b: Builder, won: list[int]) -> Scenario:
    """An order from the display (the Huckster's parting action pays it)."""
    target = b.order(name="Pepper Sacks")  # 3 VP
    state = b.state(
        [[[b.card("huckster")]], [[b.card("baker")]]],
        orders_won=[won, []],
        display=[target],
        fill_display=False,
    )
    return state, (PartingAction(0, 0), Fulfill(target)), 0, 0


def _deck_order(b: Builder, won: list[int]) -> Scenario:
    """An order from the top of the order deck (the Farrier looks at two)."""
    target, other = b.order(name="Pepper Sacks"), b.order(name="Ginger Sacks")
    state = b.state(
        [[[b.card("farrier")]], [[b.card("baker")]]],
        orders_won=[won, []],
        orders_top=[target, other],
    )
    return state, (CaravanAction(0, 0), Fulfill(target)), 0, 0


def _grain_order_and_farmer(b: Builder, won: list[int]) -> Scenario:
    """A grain-field order (3 VP) and the Farmer's point for it (1 VP)."""
    target, other = b.order(name="Wheat Field"), b.order(name="Pepper Sacks")
    state = b.state(
        [[[b.card("farmer")]], [[b.card("baker")]]],
        orders_won=[won, []],
        orders_top=[target, other],
    )
    return state, (CaravanAction(0, 0), Fulfill(target)), 0, 0


def _card_kept_from_a_draw(b: Builder, won: list[int]) -> Scenario:
    """A person card kept from the Standard deck (the Patriarch draws two)."""
    noble, planter = b.card("noble"), b.card("planter")
    state = b.state(
        [[[b.card("patriarch")]], [[b.card("baker")]]],
        orders_won=[won, []],
        standard_top=[noble, planter],
    )
    return state, (CaravanAction(0, 0), Keep(noble)), 0, 0


def _special_card_drawn(b: Builder, won: list[int]) -> Scenario:
    """A Special card drawn (the Prophet, 1 VP, leaves for the Vizier, 3 VP)."""
    vizier = b.card("vizier")
    state = b.state(
        [[[b.card("prophet")]], [[b.card("baker")]]],
        orders_won=[won, []],
        special_top=[vizier],
    )
    return state, (PartingAction(0, 0),), 0, 0


def _card_taken_from_the_discard(b: Builder, won: list[int]) -> Scenario:
    """A card taken from the discard pile (the Grey Eminence takes a Noble)."""
    state = b.state(
        [[[b.card("grey_eminence")]], [[b.card("baker")]]],
        orders_won=[won, []],
        discard=[b.card("noble")],
    )
    return state, (CaravanAction(0, 0),), 0, 0


def _two_cards_kept(b: Builder, won: list[int]) -> Scenario:
    """Two cards kept from one draw (the Guide, 1 VP, leaves for a Noble and a Baker)."""
    noble, baker = b.card("noble"), b.card("baker")
    state = b.state(
        [[[b.card("guide")]], [[b.card("planter")]]],
        orders_won=[won, []],
        standard_top=[noble, baker],
    )
    return state, (PartingAction(0, 0),), 0, 0


def _special_card_searched(b: Builder, won: list[int]) -> Scenario:
    """A Special card searched by the Messenger (2 VP), who then leaves for the left
    player (1 VP less): the end is triggered at the peak."""
    goldsmith = b.card("goldsmith")
    state = b.state(
        [[[b.card("messenger")]], [[b.card("planter")]]],
        orders_won=[won, []],
    )
    return state, (CaravanAction(0, 0), Keep(goldsmith)), 0, 1


def _conjuress_given(b: Builder, won: list[int]) -> Scenario:
    """A Conjuress (2 VP) placed in this player's caravan on the right player's turn."""
    state = b.state(
        [[[b.card("conjuress"), b.card("planter")]], [[b.card("planter")]]],
        orders_won=[[], won],
    )
    return state, (CaravanAction(0, 0),), 1, 0


def _messenger_given(b: Builder, won: list[int]) -> Scenario:
    """A Messenger (1 VP) placed in this player's caravan on the right player's turn."""
    goldsmith = b.card("goldsmith")
    state = b.state(
        [[[b.card("messenger"), b.card("planter")]], [[b.card("planter")]]],
        orders_won=[[], won],
    )
    return state, (CaravanAction(0, 0), Keep(goldsmith)), 1, 0


def _card_turned(b: Builder, won: list[int]) -> Scenario:
    """A card turned to a side worth more (a Matriarch side worth 1 VP)."""
    state = b.state([[[b.card("patriarch")]], [[b.card("baker")]]], orders_won=[won, []])
    return state, (CaravanAction(0, 1),), 0, 0


def _card_worth_less_than_nothing_leaving(b: Builder, won: list[int]) -> Scenario:
    """A card worth -1 VP leaving the caravans (the Quack's parting action)."""
    state = b.state([[[b.card("quack")]], [[b.card("baker")]]], orders_won=[won, []])
    return state, (PartingAction(0, 0),), 0, 0


def _card_worth_less_than_nothing_removed(b: Builder, won: list[int]) -> Scenario:
    """A card worth -1 VP removed from the game (the Monk removes a Quack)."""
    quack = b.card("quack")
    state = b.state([[[b.card("monk"), quack]], [[b.card("baker")]]], orders_won=[won, []])
    return state, (CaravanAction(0, 0), Remove(quack)), 0, 0


def _turned_options() -> Options:
    patriarch = default_card_data().patriarch[0]
    assert patriarch.back is not None
    worth = attrs.evolve(patriarch, back=attrs.evolve(patriarch.back, vp=1))
    return Options.create(2).with_deck(DeckKind.PATRIARCH, (worth,))


_WAYS = {
    "display order": (_display_order, Options.create(2), 3),
    "deck order": (_deck_order, Options.create(2), 3),
    "grain order and Farmer": (_grain_order_and_farmer, Options.create(2), 4),
    "card kept from a draw": (_card_kept_from_a_draw, Options.create(2), 3),
    "special card drawn": (_special_card_drawn, Options.create(2), 2),
    "card from the discard": (_card_taken_from_the_discard, Options.create(2), 3),
    "two cards kept": (_two_cards_kept, Options.create(2), 3),
    "special card searched": (_special_card_searched, Options.create(2, expansion="all"), 2),
    "conjuress given": (_conjuress_given, Options.create(2, expansion="all"), 2),
    "messenger given": (_messenger_given, Options.create(2, expansion="all"), 1),
    "card turned": (_card_turned, _turned_options(), 1),
    "card worth -1 leaving": (_card_worth_less_than_nothing_leaving, Options.create(2), 1),
    "card worth -1 removed": (_card_worth_less_than_nothing_removed, Options.create(2), 1),
}


@pytest.mark.rule("KG-6")
@pytest.mark.parametrize("way", list(_WAYS))
@pytest.mark.parametrize(("reached", "ends"), [(24, False), (25, True)])
def test_exactly_25_vp_triggers_the_end_and_24_does_not(way: str, reached: int, ends: bool) -> None:
    scenario, options, rise = _WAYS[way]
    empty, _, p, _ = scenario(Builder(options), [])
    b = Builder(options)
    state, moves, p, fall = scenario(b, orders_worth(b, reached - rise - scores(empty)[p]))
    assert scores(state)[p] == reached - rise
    assert not state.end_triggered
    after = play(state, *moves)
    assert scores(after)[p] == reached - fall
    assert after.end_triggered is ends
    assert not is_over(after)  # the round is played to its end


@pytest.mark.rule("KG-6")
def test_a_grain_order_worth_nothing_but_a_card_per_grain_field_is_points_earned() -> None:
    """A grain-field order worth 0 VP (a card file may have one) with a card that counts
    per grain-field order on its side showing (here a Matriarch worth 1 per order): the
    fulfilment brings 1 VP, points earned for the tie-break."""
    data = default_card_data()
    patriarch = data.patriarch[0]
    assert patriarch.back is not None
    per_grain = attrs.evolve(patriarch, back=attrs.evolve(patriarch.back, vp_per_grain=1))
    orders = tuple(attrs.evolve(o, vp=0) if o.name == "Barley Field" else o for o in data.orders)
    options = (
        Options.create(2)
        .with_deck(DeckKind.PATRIARCH, (per_grain,))
        .with_deck(DeckKind.ORDERS, orders)
    )
    b = Builder(options)
    matriarch, barley = b.card("patriarch"), b.order(name="Barley Field")
    state = b.state(
        [[[b.card("huckster"), matriarch]], [[b.card("baker")]]],
        tracks=[track(mules=2), track()],
        display=[barley],
        fill_display=False,
    )
    state = attrs.evolve(state, turned=state.turned.add(matriarch))
    assert scores(state)[0] == 0
    state = play(state, PartingAction(0, 0), Fulfill(barley))
    assert list(state.orders_won[0]) == [barley]
    assert scores(state)[0] == 1
    assert state.history == (0,)


def _counted_from_the_cards(state: State) -> State:
    """The same state as a new object: ``apply`` counts its points from the cards
    instead of going on from the points it counted for the state it made."""
    return attrs.evolve(state)


@pytest.mark.rule("KG-6")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_points_counted_on_from_move_to_move_are_the_points_of_the_cards(players: int) -> None:
    for seed in range(6):
        options = Options.create(players, expansion="all" if seed % 2 else "none")
        state = new_game(options, seed)
        rng = Rng.from_seed(seed)
        while moves := legal_moves(state):
            i, rng = rng.randrange(len(moves))
            after = apply(state, moves[i])
            assert apply(_counted_from_the_cards(state), moves[i]) == after
            if after.pending is None and not after.stack:
                assert after.points == scores(after)
            state = after


@pytest.mark.rule("KG-6")
def test_a_card_turned_in_another_players_caravan_changes_their_points() -> None:
    patriarch = default_card_data().patriarch[0]
    assert patriarch.back is not None
    leaves_and_turns = Action(effects=(Effect(Op.MOVE_TO_LEFT), Effect(Op.TURN)))
    card_def = attrs.evolve(
        patriarch,
        front=attrs.evolve(patriarch.front, caravan=(leaves_and_turns,)),
        back=attrs.evolve(patriarch.back, vp=1),
    )
    b = Builder(Options.create(2).with_deck(DeckKind.PATRIARCH, (card_def,)))
    card = b.card("patriarch")
    state = b.state([[[card], [b.card("baker")]], [[b.card("baker")]]])
    before = scores(state)
    for start in (state, _counted_from_the_cards(state)):
        after = apply(start, CaravanAction(0, 0))
        assert card in after.caravans[1][0]
        assert card in after.turned
        assert after.points == scores(after) == (before[0], before[1] + 1)
        assert after.history == ()  # points given on another player's turn are not earned


def _moving_left(**front: int) -> tuple[Builder, int]:
    """A Builder whose Patriarch shows a side worth ``front`` (its other side worth
    nothing) and whose caravan action moves it to a caravan of the player on the left."""
    patriarch = default_card_data().patriarch[0]
    moves_left = Action(effects=(Effect(Op.MOVE_TO_LEFT),))
    card_def = attrs.evolve(
        patriarch, front=attrs.evolve(patriarch.front, caravan=(moves_left,), **front)
    )
    b = Builder(Options.create(2).with_deck(DeckKind.PATRIARCH, (card_def,)))
    return b, b.card("patriarch")


@pytest.mark.rule("KG-6")
def test_a_card_counting_per_grain_field_moved_to_the_left_takes_those_points_along() -> None:
    """A card whose two sides differ, showing 1 VP plus 1 per grain-field order: its owner
    holds one such order and loses 2 VP when it goes; the player on the left, without
    one, gains 1."""
    b, card = _moving_left(vp=1, vp_per_grain=1)
    barley = b.order(name="Barley Field")
    state = b.state([[[card], [b.card("baker")]], [[b.card("baker")]]], orders_won=[[barley], []])
    before = scores(state)
    for start in (state, _counted_from_the_cards(state)):
        after = apply(start, CaravanAction(0, 0))
        assert card in after.caravans[1][0]
        assert after.points == scores(after) == (before[0] - 2, before[1] + 1)


@pytest.mark.rule("KG-6")
def test_a_card_worth_less_than_nothing_moved_to_the_left_is_not_points_earned() -> None:
    """[Rulings] 11: a card worth -1 VP leaving for the player on the left raises its
    owner's points on their own turn, but nothing was gained: no points earned."""
    b, card = _moving_left(vp=-1)
    state = b.state([[[card], [b.card("baker")]], [[b.card("baker")]]])
    before = scores(state)
    after = apply(state, CaravanAction(0, 0))
    assert card in after.caravans[1][0]
    assert after.points == scores(after) == (before[0] + 1, before[1] - 1)
    assert after.history == ()
